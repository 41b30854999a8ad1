/**
 * A scene and its edits, as the page's build mode and `sim run` drive them: the world now, the edits applied (each
 * with the time it was applied at), those scheduled for later, exact undo and redo, and the scenario file that
 * reproduces the run (the scene as loaded and its edits at their times).
 *
 * Undo is exact because an edit never changes a world: it builds a new one (apply-edit.ts), and undo puts the world
 * from before the edit back — the same object, every column and contact history as it was, and the run goes on
 * from there as it would have. The cost is that world kept per level; the levels are bounded (at most `undoLevels`,
 * and at most `undoBodies` bodies in all), the oldest dropped first.
 */
import type { KernelPool } from '../columns/kernel-pool';
import { orificeAt, type Orifice } from '../diagnostics/discharge';
import { MAX_PARTICLES, ScenarioError, type ScenarioSpec } from '../scenarios/schema';
import { wallGates } from '../scenarios/wall-schema';
import { withParams } from '../scenarios/live-params';
import { describeIssue, protoKeys } from '../scenarios/schema-issues';
import { World } from '../sim/world';
import { applyEdit } from './apply-edit';
import { EditError, num } from './edit-error';
import { sceneEditSchema, type SceneEdit } from '../scenarios/edit-schema';

export interface EditorOptions {
  /** The worker pool the worlds step on */
  pool?: KernelPool;
  /** Most bodies the scene may hold (default MAX_PARTICLES) */
  maxBodies?: number;
  /** Undo levels kept (default 64; 0: no undo, as `sim run` needs none) */
  undoLevels?: number;
  /** Bodies the kept levels' worlds may hold in all (default 500,000: about 0.5 GB at most, a level holding about 1 kB per body) */
  undoBodies?: number;
  /**
   * Live parameters to load the scene with (the page's URL overrides), each checked as World.setParams checks it: a
   * refused one is listed in `rejected` and the scenario's value kept. They become the scene's (the saved file's).
   */
  overrides?: Record<string, unknown>;
}

/** One edit as undo and redo keep it: the world on the other side of it, and the gates open there */
interface Level {
  world: World;
  edit: SceneEdit;
  opened: Map<string, number>;
  /** The orifice the last gate opened there left */
  orifice: Orifice | null;
  /** The edit was scheduled (its time still to come), not applied */
  scheduled: boolean;
  /** Redo: the step the world was at when the edit was undone (a run since then loses the redo) */
  step: number;
  /** What the edit scheduled in turn: the rest of a pour at a rate */
  spawned?: { edit: SceneEdit; index: number };
}

/** An edit checked against its schema; refused with one line per problem, each naming the field */
export function parseEdit(input: unknown): SceneEdit {
  const proto = protoKeys(input);
  if (proto.length) throw new EditError(proto);
  const r = sceneEditSchema.safeParse(input);
  if (!r.success) throw new EditError(r.error.issues.map((i) => describeIssue(i).replace(/^\(scenario\)/, '(edit)')));
  return r.data;
}

export class SceneEditor {
  world: World;
  private readonly base: ScenarioSpec;
  private readonly options: Required<Omit<EditorOptions, 'pool' | 'overrides'>> & Pick<EditorOptions, 'pool'>;
  /** The overrides refused, one line each */
  readonly rejected: string[] = [];
  private readonly log: SceneEdit[] = [];
  /** Edits still to come, in time order, with their index in the scenario's list (or −1) */
  private pending: { edit: SceneEdit; index: number }[] = [];
  private opened = new Map<string, number>();
  /** The orifice the last gate opened left (its discharge: diagnostics/discharge.ts), or null */
  orifice: Orifice | null = null;
  private levels: Level[] = [];
  private redos: Level[] = [];
  /** Edits applied that can no longer be undone (their levels were dropped) */
  private dropped = 0;

  /** The scene of `spec`, its edits due at the start applied (a refused one is a ScenarioError naming it: `edits.3: …`) */
  constructor(spec: ScenarioSpec, options: EditorOptions = {}) {
    const { overrides, ...rest } = options;
    this.options = { maxBodies: MAX_PARTICLES, undoLevels: 64, undoBodies: 500_000, ...rest };
    this.base = { ...spec, edits: [] };
    if (overrides && Object.keys(overrides).length) this.base = this.withOverrides(overrides);
    this.world = new World(this.base, options.pool);
    this.pending = spec.edits.map((edit, index) => ({ edit, index })).sort((a, b) => (a.edit.at ?? 0) - (b.edit.at ?? 0) || a.index - b.index);
    this.applyDue();
  }

  /** The scene's scenario with the overrides written in (Δt as the world keeps it: dt or dtOverTc), from a world that tries them */
  private withOverrides(overrides: Record<string, unknown>): ScenarioSpec {
    const probe = new World(this.base);
    for (const [name, value] of Object.entries(overrides)) {
      try {
        probe.setParams({ [name]: value });
      } catch (e) {
        const problems = (e as { problems?: unknown[] }).problems;
        this.rejected.push(...(Array.isArray(problems) ? problems.map(String) : [(e as Error).message]));
      }
    }
    return { ...withParams(this.base, probe.params), solver: probe.toSpec().solver };
  }

  /** The edits applied, in order, each with the time it was applied at */
  get edits(): readonly SceneEdit[] {
    return this.log;
  }

  /** The edits scheduled for later, in time order */
  get scheduled(): readonly SceneEdit[] {
    return this.pending.map((p) => p.edit);
  }

  get canUndo(): boolean {
    return this.levels.length > 0;
  }

  get canRedo(): boolean {
    return this.redos.length > 0;
  }

  /**
   * Checks and applies an edit (plain data: the schema's form), or schedules it when its `at` is still to come.
   * Returns it as recorded (with its time). Throws EditError, naming the field, and changes nothing.
   */
  apply(input: unknown): SceneEdit {
    const edit = parseEdit(input), w = this.world;
    if (edit.at !== undefined && edit.at > w.t + 1e-9 * w.dt) {
      this.schedule({ edit, index: -1 });
      this.push({ world: w, edit, opened: this.opened, orifice: this.orifice, scheduled: true, step: 0 });
      return edit;
    }
    return this.commit({ ...edit, at: w.t });
  }

  /** Applies the edit (a pour at a rate: its first batch, the rest scheduled a batch interval later, with the next seed) */
  private commit(input: SceneEdit): SceneEdit {
    const before = this.world;
    let edit = input, spawned: Level['spawned'];
    if (input.op === 'pour' && input.rate !== undefined) {
      const n = Math.min(input.count, Math.max(1, Math.round(input.rate * input.every)));
      const { rate: _rate, ...batch } = input;
      edit = { ...batch, count: n };
      if (n < input.count) spawned = { edit: { ...input, count: input.count - n, seed: (input.seed + 1) % 2 ** 32, at: (input.at ?? before.t) + input.every }, index: -1 };
    }
    const next = applyEdit(before, edit, { maxBodies: this.options.maxBodies, opened: this.opened, pool: this.options.pool });
    this.push({ world: before, edit, opened: this.opened, orifice: this.orifice, scheduled: false, step: 0, spawned });
    if (spawned) this.schedule(spawned);
    if (edit.op === 'open-gate') {
      this.opened = new Map(this.opened).set(edit.gate, edit.at ?? before.t);
      this.orifice = gateOrifice(before, edit.gate);
    }
    this.world = next;
    this.log.push(edit);
    return edit;
  }

  /** Into the pending edits, after those due at the same time or earlier */
  private schedule(p: { edit: SceneEdit; index: number }): void {
    const k = this.pending.findIndex((q) => (q.edit.at ?? 0) > (p.edit.at ?? 0));
    this.pending.splice(k < 0 ? this.pending.length : k, 0, p);
  }

  /** Takes a scheduled edit out of the pending ones (gone already when its time came) */
  private unschedule(edit: SceneEdit): void {
    const k = this.pending.findIndex((p) => p.edit === edit);
    if (k >= 0) this.pending.splice(k, 1);
  }

  /** A new level: redo is lost; the oldest levels go beyond the bounds */
  private push(level: Level): void {
    this.redos = [];
    this.levels.push(level);
    let bodies = this.levels.reduce((n, l) => n + l.world.n, 0);
    while (this.levels.length > this.options.undoLevels || (this.levels.length > 0 && bodies > this.options.undoBodies)) {
      bodies -= this.levels[0].world.n;
      if (!this.levels.shift()!.scheduled) this.dropped++;
    }
  }

  /** Takes the last edit back: the world before it, exactly. Returns the edit undone; throws EditError when there is none. */
  undo(): SceneEdit {
    const level = this.levels.pop();
    if (!level) {
      throw new EditError([this.dropped > 0
        ? `undo: the ${this.dropped} oldest edit${this.dropped === 1 ? ' is' : 's are'} no longer kept (at most ${this.options.undoLevels} levels and ${this.options.undoBodies.toLocaleString('en-US')} bodies in all are); nothing older to undo`
        : 'undo: nothing to undo; the scene is as it was loaded']);
    }
    if (level.scheduled) {
      this.unschedule(level.edit); // (when its time came already, undoing the edit it became took it back)
      this.redos.push({ ...level, step: this.world.stepCount });
      return level.edit;
    }
    if (level.spawned) this.unschedule(level.spawned.edit);
    this.redos.push({ world: this.world, edit: this.log.pop()!, opened: this.opened, orifice: this.orifice, scheduled: false, step: level.world.stepCount, spawned: level.spawned });
    this.opened = level.opened;
    this.orifice = level.orifice;
    this.use(level.world);
    return level.edit;
  }

  /** Applies the last edit undone again (its world, exactly), unless the run went on since the undo. */
  redo(): SceneEdit {
    const level = this.redos.at(-1);
    if (!level) throw new EditError(['redo: nothing to redo']);
    if (this.world.stepCount !== level.step) {
      this.redos = [];
      throw new EditError([`redo: the run went on after the undo (to t = ${num(this.world.t)} s); the edit undone can no longer come back — apply it again`]);
    }
    this.redos.pop();
    const redos = this.redos;
    if (level.scheduled) {
      this.schedule({ edit: level.edit, index: -1 });
      this.push({ ...level, world: this.world });
    } else {
      if (level.spawned) this.schedule(level.spawned);
      this.push({ world: this.world, edit: level.edit, opened: this.opened, orifice: this.orifice, scheduled: false, step: 0, spawned: level.spawned });
      this.opened = level.opened;
      this.orifice = level.orifice;
      this.log.push(level.edit);
      this.use(level.world);
    }
    this.redos = redos;
    return level.edit;
  }

  /** The world steps on its pool's threads again (a pool's kernels read the world's own memory) */
  private use(w: World): void {
    this.world = w;
    w.pool?.pool.useWasm(w.wasm);
  }

  /**
   * Applies the scheduled edits whose time has come (call between steps); how many. One refused is a ScenarioError
   * naming it (`edits.3` for a file's), the edits before it applied.
   */
  applyDue(): number {
    let done = 0;
    while (this.pending.length && (this.pending[0].edit.at ?? 0) <= this.world.t + 1e-9 * this.world.dt) {
      const { edit, index } = this.pending.shift()!;
      try {
        this.commit({ ...edit, at: edit.at ?? this.world.t });
      } catch (e) {
        const where = index >= 0 ? `edits.${index}` : `the ${edit.op} edit scheduled at t = ${num(edit.at ?? 0)} s`;
        throw new ScenarioError((e instanceof EditError ? e.problems : [(e as Error).message]).map((p) => `${where}.${p}`));
      }
      done++;
    }
    return done;
  }

  /** At most this many steps may be taken before the next scheduled edit is due (at least 1) */
  stepsAllowed(want: number): number {
    const next = this.pending[0]?.edit.at, w = this.world;
    if (next === undefined) return want;
    return Math.max(1, Math.min(want, Math.ceil((next - w.t) / w.dt - 1e-9)));
  }

  /**
   * The scenario file of this scene: as it was loaded, with its edits at the times they were applied and those still
   * scheduled. Loaded again (here, in the page or by `sim run`) it gives the same worlds, bit for bit, at those times.
   */
  save(): ScenarioSpec {
    return { ...this.base, edits: [...this.log, ...this.scheduled] };
  }
}

/** The orifice gate `gate` of world `w` leaves as it opens now: its wall where it is, the movable grains there */
function gateOrifice(w: World, gate: string): Orifice | null {
  const k = wallGates(w.spec.walls).indexOf(gate), W = w.walls, p = w.params;
  return k < 0 ? null : orificeAt(W.ax[k], W.ay[k], W.bx[k], W.by[k], w.t, p.gravityX, p.gravityY, w.bodies);
}
