/**
 * The loaded scene as the worker runs it: the world (a comparison's variant 1 while one runs), the scenario
 * it was built from (its start state), the scenario's parameter schedule (run.schedule, the core's
 * ParameterSchedule as in the CLI), the comparison, the user's selection, and what the status reports of it.
 * Its operations act on every variant of a comparison: an advance (variants 2… then meet variant 1), live
 * parameters, the selected contact and the hand.
 */
import type { Checked, Selection, SpaceTimeInfo } from '../protocol/api';
import { BODY_FIXED, BODY_PRESCRIBED } from '../protocol/frame';
import type { LiveParams } from '../core/config/param-table';
import type { ScenarioSpec } from '../core/scenarios/schema';
import type { BlowUpWatch } from './blow-up-watch';
import { describeError, ParameterSchedule, type SceneEditor, type WorldLike } from './core-adapter';
import type { ComparisonRun } from './comparison-run';
import { trackedParticle } from './tracked-particle';

export class Scene {
  selection: Selection;
  readonly schedule: ParameterSchedule;
  readonly hasPiston: boolean;
  /** a pipe scene's space–time bins, or null */
  readonly spaceTime: SpaceTimeInfo | null;
  /** the "let it blow up" switch's watch (blow-up-watch.ts), or null while the switch is off */
  blowUp: BlowUpWatch | null = null;
  /** the scene's edits (core/scene/scene-editor.ts), whose world `world` is; null for a comparison's scene */
  editor: SceneEditor | null = null;
  /** an edit replaced the world (scene-edits.ts; a scheduled one as the run reaches its time); `wentBack`: to an earlier time (an undo) */
  worldChanged: (wentBack: boolean) => void = () => {};
  /** scheduled edits refused when their time came */
  readonly editProblems: string[] = [];

  /**
   * `name`: the built-in's name or the file's; `threads`: those the world steps on; `comparison`: the
   * lockstep comparison whose variant 1 `world` is, or null.
   */
  constructor(
    public world: WorldLike, readonly spec: ScenarioSpec, readonly name: string, readonly threads: number,
    public comparison: ComparisonRun | null,
  ) {
    const sel = spec.run?.selectContact;
    this.selection = { particle: -1, contact: sel ? [sel[0], sel[1]] : null };
    if (sel) world.selectContact(sel[0], sel[1]);
    this.schedule = new ParameterSchedule(spec.run?.schedule ?? []);
    this.hasPiston = Number.isFinite(world.diagnostics().pistonPosition);
    this.spaceTime = spaceTimeInfo(world, spec.run?.spaceTime?.every ?? NaN);
  }

  get diverged(): boolean {
    return this.world.health.status === 'diverged';
  }

  /** The blow-up the switch let past the detector has ended: the run stops (its status says why). */
  get blownUp(): boolean {
    return this.blowUp !== null && this.blowUp.stopped !== null;
  }

  tracked(): { tracked: number; trackedBy: 'selection' | 'scenario' | 'none' } {
    return trackedParticle(this.selection.particle, this.spec.run?.track, this.world.n);
  }

  /** Up to k steps: the scenario's scheduled changes first (stepping stops at each one's time). */
  advance(k: number): number {
    this.applyDueEdits();
    const w = this.world;
    for (const patch of this.schedule.due(w.t, w.dt)) {
      try {
        w.setParams(patch);
      } catch {
        // validated with the scenario (schema.ts); a refused combination leaves the world as it was
      }
    }
    const allowed = this.schedule.stepsAllowed(w.t, w.dt, this.editor ? this.editor.stepsAllowed(k) : k);
    const did = this.blowUp ? this.blowUp.advance(w, allowed) : w.step(allowed);
    // a comparison's other variants meet variant 1 at its new time
    if (did > 0 && this.comparison) this.comparison.follow();
    return did;
  }

  /** The scheduled edits whose time has come (a gate opening): the world they make; one refused is noted and dropped */
  private applyDueEdits(): void {
    const e = this.editor;
    if (!e) return;
    let changed: boolean;
    try {
      changed = e.applyDue() > 0;
    } catch (err) {
      this.editProblems.push(...describeError(err));
      changed = true; // the edits before it were applied
    }
    if (changed && e.world !== this.world) {
      this.world = e.world;
      this.worldChanged(false);
    }
  }

  setParams(patch: Record<string, unknown>): Checked<LiveParams> {
    try {
      this.world.setParams(patch);
    } catch (e) {
      return { ok: false, problems: describeError(e) };
    }
    this.comparison?.setParams(patch);
    return { ok: true, value: { ...this.world.params } };
  }

  selectContact(i: number, j: number): void {
    const a = Math.floor(i), b = Math.floor(j);
    this.world.selectContact(a, b);
    this.comparison?.selectContact(a, b);
    this.selection = { particle: -1, contact: [a, b] };
  }

  selectParticle(i: number): void {
    this.selection = { particle: Math.floor(i), contact: this.selection.contact };
  }

  moveBody(i: number, x: number, y: number, vx: number, vy: number): void {
    const w = this.world;
    if (!(i >= 0 && i < w.n)) return;
    if (![x, y, vx, vy].every(Number.isFinite)) return;
    w.moveBody(i, x, y, vx, vy);
    this.comparison?.moveBody(i, x, y, vx, vy);
  }

  releaseBody(i: number): void {
    const w = this.world;
    if (!(i >= 0 && i < w.n)) return;
    w.releaseBody(i);
    this.comparison?.releaseBody(i);
  }
}

/** A pipe scene's bins and the mean radius of the grains it counts (bodies neither fixed nor prescribed); null elsewhere. */
function spaceTimeInfo(w: WorldLike, every: number): SpaceTimeInfo | null {
  const st = w.spaceTime;
  if (!st) return null;
  let sum = 0, count = 0;
  for (let i = 0; i < w.n; i++) {
    if (w.bodies.flags[i] & (BODY_FIXED | BODY_PRESCRIBED)) continue;
    sum += w.bodies.radius[i];
    count++;
  }
  return { bins: st.bins, binWidth: st.binWidth, every, grainRadius: count > 0 ? sum / count : NaN };
}
