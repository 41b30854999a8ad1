/**
 * Runs a scenario to its end (duration, relaxation or divergence), handing each output row to an
 * optional sink. Shared by `sim run`, `sim sweep` and the tests, so all of them run the same loop.
 * The loop (ScenarioRun) can be advanced a few steps at a time — `sim run` does so between turns of the
 * event loop, to print progress and to stop cleanly on Ctrl-C — with the same rows and numbers as in one go.
 */
import { fitDampedSine, type DampedSineFit } from '../core/diagnostics/damped-sine-fit';
import { densityWaveSpeed } from '../core/diagnostics/density-waves';
import { fitRelaxation, type RelaxationFit } from '../core/diagnostics/ek-peaks';
import { ScenarioError, type ScenarioSpec } from '../core/scenarios/schema';
import { outputEvery, plannedSteps } from '../core/sim/run-plan';
import { ParameterSchedule } from '../core/sim/schedule';
import type { World } from '../core/sim/world';
import { SceneEditor } from '../core/scene/scene-editor';
import { MAX_FIT_ROWS } from './limits';
import type { Diagnostics } from '../core/sim/world-types';

export interface RunSink {
  /** Writes a row; a sink that refuses it (a non-finite number: finite-row.ts) returns why, and the run stops there */
  row(d: Diagnostics, w: World): string | null | void;
  /** A space–time row (pipe scenes): time and grain counts per bin along the pipe; the array is reused */
  spaceTimeRow?(t: number, counts: Float64Array): void;
}

export interface RunSummary {
  scenario: string;
  /** 'interrupted': stopped by Ctrl-C (SIGINT) or SIGTERM; the rows so far are complete */
  status: 'ok' | 'diverged' | 'interrupted';
  message?: string;
  particles: number;
  steps: number;
  t: number;
  dt: number;
  tc: number;
  /** Hertz law: the impact speed tc is quoted at [m/s] (tc ∝ v^(−1/5)) */
  hertzSpeed?: number;
  /** 2π√(m_min/kn), paper 000 Eq. 9 [s] */
  ts: number;
  dtOverTc: number;
  /**
   * Largest stable Δt/tc of the integrator at the end: the spring limit for this contact damping
   * (docs/model.md#stability-of-gear-on-a-damped-contact) or, lower, the dashpot-rate limit of the contacts then
   * (docs/model.md#gears-dashpot-rate-limit); `stableLimit` says which
   */
  stableDtOverTc: number;
  stableLimit: 'spring' | 'dashpot-rate';
  integrator: string;
  tangential: string;
  rotation: boolean;
  /** Contact dynamics only: sweeps per step (cap), order, tolerance, mean sweeps done per step */
  contactDynamics?: { iterations: number; sweep: string; tolerance: number; meanSweeps: number };
  search: string;
  /** Rebuilds in which the cell mask's one-per-cell condition failed (each fell back to linked cells) */
  conflictRebuilds: number;
  /** Largest overlap ratio δ / min(a_i, a_j) at any step */
  peakOverlapRatio: number;
  /**
   * Pipe scenes: space–time rows recorded, bins per row, the counts' standard deviation first and last, and
   * the density waves' speed over the second half of the run (diagnostics/density-waves.ts)
   */
  spaceTime?: { rows: number; bins: number; binWidth: number; sdInitial: number; sdFinal: number; waveSpeed: number; waveCorrelation: number; standingCorrelation: number };
  relaxation?: { tR: number; tROverTc: number; peaks: number; r2: number; decaying: boolean };
  /** Damped-sine fit of run.oscillation (paper 004 Eq. 21); ω in rad/s and per step, τ in s and steps */
  oscillation?: OscillationSummary | { error: string };
  wallSeconds: number;
  particleStepsPerSecond: number;
}

export interface OscillationSummary extends DampedSineFit {
  omegaDt: number;
  tauOverDt: number;
}

/** Checks run settings that depend on the built world (tracked particle indices, a piston to fit). */
export function checkRunSettings(spec: ScenarioSpec, n: number, hasPiston = true): void {
  const bad = spec.run.track.filter((k) => k >= n);
  if (bad.length) throw new ScenarioError([`run.track: particle(s) ${bad.join(', ')} do not exist (allowed 0 to ${n - 1})`]);
  const of = spec.run.oscillation?.of;
  if (typeof of === 'number' && of >= n) throw new ScenarioError([`run.oscillation.of: particle ${of} does not exist (allowed 0 to ${n - 1})`]);
  if (of === 'piston' && !hasPiston) throw new ScenarioError(['run.oscillation.of: the scenario has no piston (a line wall with a mass)']);
}

function spaceTimeSummary(w: World, rows: number, secondHalf: Float64Array[]): NonNullable<RunSummary['spaceTime']> {
  const st = w.spaceTime!;
  const waves = densityWaveSpeed(secondHalf, w.spec.run.spaceTime!.every, st.binWidth);
  return { rows, bins: st.bins, binWidth: st.binWidth, sdInitial: st.sdInitial, sdFinal: st.sd, waveSpeed: waves.speed, waveCorrelation: waves.correlation, standingCorrelation: waves.correlationStanding };
}

/** The value run.oscillation follows: a particle coordinate or the first piston's position. */
function oscillationValue(w: World, of: number | 'piston', coordinate: 'x' | 'y'): number {
  if (of === 'piston') return w.pistonPosition();
  return coordinate === 'x' ? w.bodies.x[of] : w.bodies.y[of];
}

/** Fits paper 004 Eq. 21 to the recorded samples; an error message instead of throwing. */
export function oscillationSummary(t: number[], x: number[], dt: number): OscillationSummary | { error: string } {
  if (t.length > MAX_FIT_ROWS) {
    return { error: `${t.length} samples in the window; the fit takes at most ${MAX_FIT_ROWS.toLocaleString('en-US')} (raise run.outputEvery or narrow from/to)` };
  }
  try {
    const f = fitDampedSine(t, x);
    return { ...f, omegaDt: f.omega * dt, tauOverDt: f.tau / dt };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

export interface RunResult {
  world: World;
  summary: RunSummary;
  fit?: RelaxationFit;
}

/** Where a run stands, for progress lines. */
export interface RunProgress {
  t: number;
  step: number;
  steps: number;
  /** Planned simulated time [s] */
  duration: number;
}

/**
 * One run, advanced in pieces: rows fall every `outputEvery` steps (cut at scheduled changes) however the
 * steps are split between calls to advance(), so the rows and the numbers are those of a run in one go.
 */
export class ScenarioRun {
  /** The scene and its edits: the world now, and the edits still to come at their times */
  readonly scene: SceneEditor;
  /** Steps of the run: run.duration's; counted again after an edit that changed Δt, to the same end */
  steps: number;
  private readonly tEnd: number;
  private readonly every: number;
  private readonly schedule: ParameterSchedule;
  private readonly oscT: number[] = [];
  private readonly oscX: number[] = [];
  private readonly keptRows: Float64Array[] = [];
  private spaceTimeRows = 0;
  private readonly t0: number;
  private done = 0;
  private sweepSum = 0;
  /** Steps of the row being made (0: none begun), planned, taken and counted */
  private rowK = 0;
  private rowDone = 0;
  private rowStepped = 0;
  private finished = false;
  private interruptedBy: string | null = null;
  /** Why the sink refused a row, and when: the run stopped there */
  private refused: { why: string; t: number } | null = null;

  /** `scene`: the scene built already (with a worker pool); by default the spec's, its edits applied at their times */
  constructor(private readonly spec: ScenarioSpec, private readonly sink?: RunSink, private readonly now: () => number = () => performance.now(), scene?: SceneEditor) {
    this.scene = scene ?? new SceneEditor(spec, { undoLevels: 0 });
    const w = this.world;
    checkRunSettings(spec, w.n, !Number.isNaN(w.pistonPosition()));
    this.steps = plannedSteps(spec, w);
    this.tEnd = w.t + this.steps * w.dt;
    this.every = outputEvery(spec, w);
    this.schedule = new ParameterSchedule(spec.run.schedule);
    this.t0 = now();
    this.write(w.diagnostics());
    this.drainSpaceTime();
    this.record();
  }

  /** The world now (an edit at its time replaces it: scene/scene-editor.ts) */
  get world(): World {
    return this.scene.world;
  }

  /** Hands the current row to the sink; a refused row ends the run (finish() says why). */
  private write(d: Diagnostics): void {
    const w = this.world, why = this.sink?.row(d, w);
    if (why) {
      this.refused = { why, t: w.t };
      this.finished = true;
    }
  }

  private record(): void {
    const osc = this.spec.run.oscillation, w = this.world;
    if (osc && w.t >= osc.from - 1e-12 && (osc.to === undefined || w.t <= osc.to + 1e-12)) {
      this.oscT.push(w.t);
      this.oscX.push(oscillationValue(w, osc.of, osc.coordinate));
    }
  }

  private drainSpaceTime(): void {
    this.world.spaceTime?.drain((t, counts) => {
      this.spaceTimeRows++;
      this.keptRows.push(counts.slice());
      this.sink?.spaceTimeRow?.(t, counts);
    });
  }

  get isFinished(): boolean {
    return this.finished;
  }

  progress(): RunProgress {
    const w = this.world;
    return { t: w.t, step: w.stepCount, steps: this.steps, duration: this.steps * w.dt };
  }

  /** Takes up to `budget` steps; true once the run is over (its end, relaxed, diverged or interrupted). */
  advance(budget: number): boolean {
    while (!this.finished && budget > 0) {
      if (this.rowK === 0) {
        if (this.done >= this.steps) {
          this.finished = true;
          break;
        }
        const dt = this.world.dt;
        // an edit whose grains have another t_c changes Δt when the run keeps Δt/t_c: the run still ends at its time
        if (this.scene.applyDue() > 0 && this.world.dt !== dt) this.steps = this.done + Math.max(1, Math.ceil((this.tEnd - this.world.t) / this.world.dt - 1e-9));
        const w = this.world;
        for (const patch of this.schedule.due(w.t, w.dt)) w.setParams(patch);
        this.rowK = this.scene.stepsAllowed(this.schedule.stepsAllowed(w.t, w.dt, Math.min(this.every, this.steps - this.done)));
        this.rowDone = 0;
        this.rowStepped = 0;
      }
      const w = this.world, n = Math.min(this.rowK - this.rowDone, budget);
      this.rowStepped += w.step(n);
      this.rowDone += n;
      budget -= n;
      if (w.health.status !== 'ok' || this.rowDone >= this.rowK) this.endRow(this.rowK);
    }
    return this.finished;
  }

  private endRow(k: number): void {
    const w = this.world;
    this.done += this.rowStepped;
    const d = w.diagnostics();
    this.sweepSum += d.sweeps * k;
    this.write(d);
    this.drainSpaceTime();
    this.record();
    this.rowK = 0;
    const relax = this.spec.run.relaxation;
    if (w.health.status !== 'ok' || this.refused) this.finished = true;
    else if (relax?.stopWhenRelaxed && w.peaks.relaxedBelow(relax.to)) this.finished = true;
  }

  /** Stops the run: a row begun is written at the current state, so the files end on a complete row. */
  interrupt(signal: string): void {
    if (this.finished || (this.rowK === 0 && this.done >= this.steps)) {
      this.finished = true;
      return;
    }
    if (this.rowK !== 0 && this.rowStepped > 0) this.endRow(this.rowStepped);
    this.rowK = 0;
    this.finished = true;
    this.interruptedBy = signal;
  }

  /** The summary (and the relaxation fit) of the run so far. */
  finish(): RunResult {
    const { spec, world: w } = this;
    const wall = (this.now() - this.t0) / 1000;
    const ts = w.timeScales();
    const relax = spec.run.relaxation, osc = spec.run.oscillation;
    const fit = relax ? fitRelaxation(w.peaks, relax.from, relax.to) : undefined;
    const refused = this.refused, healthy = w.health.status === 'ok';
    const interrupted = this.interruptedBy !== null && healthy && !refused;
    const unwritten = refused && `the row at t = ${refused.t} s was not written (${refused.why}): the files end at the last row whose every number is finite`;
    const summary: RunSummary = {
      scenario: spec.name,
      status: interrupted ? 'interrupted' : refused ? 'diverged' : w.health.status,
      ...(!healthy ? { message: unwritten ? `${w.health.message} ${unwritten}` : w.health.message } : {}),
      ...(healthy && unwritten ? { message: `Stopped at t = ${refused.t} s: ${unwritten}` } : {}),
      ...(interrupted ? { message: `interrupted (${this.interruptedBy}) at t = ${w.t} s, step ${w.stepCount} of ${this.steps}; the files hold the rows up to there` } : {}),
      particles: w.n, steps: w.stepCount, t: w.t, dt: w.dt, tc: ts.tc, ...(ts.hertzSpeed !== undefined ? { hertzSpeed: ts.hertzSpeed } : {}), ts: ts.ts, dtOverTc: w.dt / ts.tc,
      stableDtOverTc: ts.stableDtOverTc, stableLimit: ts.stableLimit,
      integrator: w.params.integrator, tangential: w.params.tangential, rotation: w.params.rotation,
      ...(w.params.integrator === 'contact-dynamics'
        ? { contactDynamics: { iterations: w.params.iterations, sweep: w.params.sweep, tolerance: w.params.tolerance, meanSweeps: this.done > 0 ? this.sweepSum / this.done : 0 } }
        : {}),
      search: w.searchReport().method,
      conflictRebuilds: w.searchReport().conflictRebuilds,
      peakOverlapRatio: w.diagnostics().peakOverlapRatio,
      ...(w.spaceTime ? { spaceTime: spaceTimeSummary(w, this.spaceTimeRows, this.keptRows.slice(this.keptRows.length >> 1)) } : {}),
      ...(fit ? { relaxation: { tR: fit.tR, tROverTc: fit.tR / ts.tc, peaks: fit.peaks, r2: fit.r2, decaying: fit.decaying } } : {}),
      ...(osc ? { oscillation: oscillationSummary(this.oscT, this.oscX, w.dt) } : {}),
      wallSeconds: wall,
      particleStepsPerSecond: wall > 0 ? (w.n * w.stepCount) / wall : 0,
    };
    return { world: w, summary, fit };
  }
}

export function runScenario(spec: ScenarioSpec, sink?: RunSink, now: () => number = () => performance.now()): RunResult {
  const run = new ScenarioRun(spec, sink, now);
  run.advance(Infinity);
  return run.finish();
}

/**
 * Drives a run between turns of the event loop (so signal handlers run): pieces of about 50 ms, a
 * progress line now and then, and a stop when `stopRequested()` names a signal.
 */
export async function runInPieces(run: ScenarioRun, opts: { stopRequested: () => string | null; progress?: (p: RunProgress, elapsed: number) => void; progressEvery?: number; now?: () => number }): Promise<void> {
  const now = opts.now ?? (() => performance.now());
  const start = now();
  let piece = 1, nextProgress = start + (opts.progressEvery ?? Infinity) * 1000;
  for (;;) {
    const signal = opts.stopRequested();
    if (signal) {
      run.interrupt(signal);
      return;
    }
    const t0 = now();
    if (run.advance(piece)) return;
    const t1 = now();
    if (t1 - t0 < 25) piece = Math.min(piece * 2, 1 << 30);
    else if (t1 - t0 > 100) piece = Math.max(1, Math.floor(piece / 2));
    if (opts.progress && t1 >= nextProgress) {
      opts.progress(run.progress(), (t1 - start) / 1000);
      nextProgress = t1 + (opts.progressEvery ?? Infinity) * 1000;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
