/**
 * One world's health after each step: the divergence check, which stops the run (diagnostics/divergence.ts),
 * the accuracy checks, which warn (diagnostics/accuracy.ts: energy created, restitution off from εn), and
 * the last good state a parameter change goes back to.
 */
import type { LiveParams } from '../config/param-table';
import { ACCURACY_OK, ENERGY_EXCESS, energyWarning, EXACT_CHECK_EVERY, RESTITUTION_TOLERANCE, restitutionWarning, type Accuracy, type StepContext } from '../diagnostics/accuracy';
import { LASTING_CONTACTS, type CollisionMonitor } from '../diagnostics/collision-monitor';
import { explainDivergence, type DivergenceKind } from '../diagnostics/divergence';
import type { Integrator } from '../integrators/integrator';
import type { MaterialCoefficients } from '../laws/material';
import type { BodyState } from '../state/body-state';
import type { EnergyLedger } from './energy-ledger';
import type { ForcePipeline } from './force-pipeline';
import { Snapshot, type Snapshotted } from './snapshot';
import type { Health, TimeScales } from './world-types';

/** Overlap beyond this fraction of a radius counts as divergence (issue 2). */
export const MAX_OVERLAP = 0.5;
/** Kinetic + elastic energy beyond this multiple of the available energy counts as divergence. */
const ENERGY_FACTOR = 2;
/** A body moving more than this many radii in one step can skip a contact entirely. */
const MAX_STEP_TRAVEL = 0.5;
/** Steps between last-good snapshots. */
const SNAPSHOT_EVERY = 256;

/** What the checks read of the run they watch (the World), for their verdicts' numbers */
export interface WatchedRun {
  readonly t: number;
  readonly dt: number;
  readonly stepCount: number;
  readonly params: LiveParams;
  /** The time scales, with the dashpot-rate estimate (step-setting.ts): for the verdicts' limits */
  timeScales(): TimeScales;
  /** The contact coefficients now: their reference t_c, which is all the checks' own bookkeeping needs */
  material(): MaterialCoefficients;
}

export class HealthWatch {
  health: Health = { status: 'ok', message: '', step: 0, t: 0 };
  /** Stable but measurably wrong: an amber warning with its numbers (diagnostics/accuracy.ts) */
  accuracy: Accuracy = ACCURACY_OK;
  /** The largest overlap ratio δ / min(a_i, a_j) of the last step, and of any step since the start */
  overlapRatio = 0;
  peakOverlapRatio = 0;
  /** the step of the last exact confirmation of the energy account (EXACT_CHECK_EVERY); later ones wait */
  private lastExactCheck = -Infinity;
  /** steps from that confirmation to the next: 1, 2, 4 … while the excess grows, else EXACT_CHECK_EVERY */
  private exactWait = EXACT_CHECK_EVERY;
  /** whether the last confirmation found the excess worse than the warning shown */
  private excessGrowing = false;
  /** the step since which some binary collision has been open, or −1 */
  private openSince = -1;
  /** The last healthy state, saved every SNAPSHOT_EVERY steps */
  readonly lastGood = new Snapshot();
  private lastGoodStep = -1;

  constructor(
    private readonly bodies: BodyState, private readonly pipeline: ForcePipeline, private readonly ledger: EnergyLedger,
    private readonly collisions: CollisionMonitor,
  ) {}

  /**
   * After a step, with the bodies' energies measured (ledger.energies): false, the health set to 'diverged' with
   * its message, when the state breaks a bound; else the accuracy checks run where `observes` (soft DEM, linear law).
   */
  check(run: WatchedRun, integrator: Integrator, observes: boolean): boolean {
    const e = this.ledger.energies, dt = run.dt;
    this.overlapRatio = this.pipeline.scatterStats.maxOverlapRatio;
    if (!e.finite) return this.diverge(run, integrator, 'non-finite', NaN);
    if (this.overlapRatio > this.peakOverlapRatio) this.peakOverlapRatio = this.overlapRatio;
    if (this.overlapRatio > MAX_OVERLAP) return this.diverge(run, integrator, 'overlap', this.overlapRatio);
    const travel = e.maxSpeedOverRadius * dt;
    if (travel > MAX_STEP_TRAVEL) return this.diverge(run, integrator, 'tunnelling', travel);
    const eMech = this.ledger.mechanical(integrator, run.t);
    const available = this.ledger.available();
    if (eMech > ENERGY_FACTOR * available + this.ledger.epsilon) {
      return this.diverge(run, integrator, 'energy', eMech / Math.max(available, 1e-300));
    }
    if (observes) this.checkAccuracy(run, integrator, eMech, available);
    return true;
  }

  /**
   * Stable but measurably wrong (diagnostics/accuracy.ts): energy created by the integration, or a
   * binary collision whose restitution is off from εn. Soft DEM with the linear law only (clamping
   * the normal force changes both the energy account and the restitution formula). The warning stays
   * until a parameter changes or the run restarts; a worse one replaces it.
   */
  private checkAccuracy(run: WatchedRun, integrator: Integrator, eMech: number, available: number): void {
    const p = this.pipeline, ledger = this.ledger;
    const collision = this.collisions.observe(this.bodies, p.record, p.partnersFound, p.pool, p.wasm);
    const a = this.accuracy;
    const bound = ENERGY_EXCESS * available + ledger.epsilon;
    const since = run.stepCount - this.lastExactCheck; // < 0 after going back in time (rewind)
    // judged between collisions (inside a coarse-step collision the energy first overshoots, then ends up lost), or
    // once collisions have stayed open longer than a binary one lasts (a pile always has some)
    if (this.collisions.open === 0) this.openSince = -1; else if (this.openSince < 0) this.openSince = run.stepCount;
    const between = this.openSince < 0 || run.stepCount - this.openSince > this.collisions.maxContactSteps;
    if (a.kind !== 'restitution' && between && eMech + ledger.dissipatedNormal - available > bound && (since >= this.exactWait || since < 0)) {
      // confirm with the elastic energy of the committed state (the quick check uses the overlaps
      // of the evaluation state, which for Gear at a coarse Δt overshoot during a contact)
      const excess = ledger.exactMechanical() + ledger.dissipatedNormal - available;
      const worse = excess > bound && (a.kind !== 'energy' || excess / available > a.value);
      if (worse) this.accuracy = energyWarning(excess, available, ledger.dissipatedNormal, stepContext(run, integrator));
      // while the excess grows, look again after 1, 2, 4 … steps (at most EXACT_CHECK_EVERY), so the warning follows it cheaply
      this.exactWait = !worse ? EXACT_CHECK_EVERY : this.excessGrowing ? Math.min(EXACT_CHECK_EVERY, 2 * this.exactWait) : 1;
      this.excessGrowing = worse;
      this.lastExactCheck = run.stepCount;
    }
    // only a law whose collisions restitute εn at every speed has one to compare with (Hertz's depends on the speed)
    if (Number.isFinite(collision) && p.material.fixedRestitution) {
      const en = run.params.en, typical = this.collisions.typicalDeviation(en);
      if (typical > RESTITUTION_TOLERANCE && (this.accuracy.kind !== 'restitution' || typical > this.accuracy.value)) {
        this.accuracy = restitutionWarning(collision, typical, this.collisions.window, en, run.material().reference.tc / run.dt, stepContext(run, integrator));
      }
    }
  }

  private diverge(run: WatchedRun, integrator: Integrator, kind: DivergenceKind, value: number): false {
    const ts = run.timeScales(), p = run.params;
    const message = explainDivergence({
      kind, t: run.t, value, dtOverTc: run.dt / ts.tc, stableDtOverTc: ts.stableDtOverTc,
      integrator: integrator.description.split(' (')[0], tangential: p.tangential,
      ...(ts.hertzSpeed !== undefined ? { hertzSpeed: ts.hertzSpeed } : {}),
      ...(ts.dashpotRate ? { dashpotRate: { dtOverTc: ts.dashpotRate.dtOverTc, bound: ts.dashpotRate.bound, springDtOverTc: ts.springDtOverTc } } : {}),
      ...(integrator.kind === 'impulse'
        ? { contactDynamics: { dt: run.dt, iterations: p.iterations, sweep: p.sweep, restitution: p.cdRestitution } }
        : {}),
    });
    this.health = { status: 'diverged', message, step: run.stepCount, t: run.t };
    return false;
  }

  /**
   * The accuracy checks start again (with the energy baseline), for the run's current t_c and Δt: a contact longer
   * than LASTING_CONTACTS t_c is a lasting one, not a binary collision (diagnostics/collision-monitor.ts)
   */
  resetAccuracy(run: WatchedRun): void {
    this.collisions.maxContactSteps = (LASTING_CONTACTS * run.material().reference.tc) / run.dt;
    this.accuracy = ACCURACY_OK;
    this.lastExactCheck = -Infinity;
    this.exactWait = EXACT_CHECK_EVERY;
    this.excessGrowing = false;
    this.openSince = -1;
    this.collisions.reset(this.bodies.n);
  }

  /** A state put back: healthy at its step and time */
  healthy(step: number, t: number): void {
    this.health = { status: 'ok', message: '', step, t };
  }

  /** The last good state is saved after the step that brings the count to `stepCount` (every SNAPSHOT_EVERY steps). */
  savesLastGoodAt(stepCount: number): boolean {
    return stepCount - this.lastGoodStep >= SNAPSHOT_EVERY;
  }

  saveLastGood(w: Snapshotted & { readonly stepCount: number }): void {
    this.lastGood.capture(w);
    this.lastGoodStep = w.stepCount;
  }

  /** The last healthy state (taken at most SNAPSHOT_EVERY steps before a divergence), or null before the first */
  get lastGoodState(): Snapshot | null {
    return this.lastGoodStep < 0 ? null : this.lastGood;
  }
}

function stepContext(run: WatchedRun, integrator: Integrator): StepContext {
  const ts = run.timeScales();
  return { dtOverTc: run.dt / ts.tc, stableDtOverTc: ts.stableDtOverTc, integrator: integrator.description.split(' (')[0] };
}
