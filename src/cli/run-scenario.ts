/**
 * Runs a scenario to its end (duration, relaxation or divergence), handing each output row to an
 * optional sink. Shared by `sim run`, `sim sweep` and the tests, so all of them run the same loop.
 */
import { fitDampedSine, type DampedSineFit } from '../core/diagnostics/damped-sine-fit';
import { densityWaveSpeed } from '../core/diagnostics/density-waves';
import { fitRelaxation, type RelaxationFit } from '../core/diagnostics/ek-peaks';
import { ScenarioError, type ScenarioSpec } from '../core/scenarios/schema';
import { outputEvery, plannedSteps } from '../core/sim/run-plan';
import { ParameterSchedule } from '../core/sim/schedule';
import { World } from '../core/sim/world';
import type { Diagnostics } from '../core/sim/world-types';

export interface RunSink {
  row(d: Diagnostics, w: World): void;
  /** A space–time row (pipe scenes): time and grain counts per bin along the pipe; the array is reused */
  spaceTimeRow?(t: number, counts: Float64Array): void;
}

export interface RunSummary {
  scenario: string;
  status: 'ok' | 'diverged';
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
  /** Largest stable Δt/tc of the integrator for this contact damping (design/integrators.md §1.7) */
  stableDtOverTc: number;
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
  try {
    const f = fitDampedSine(t, x);
    return { ...f, omegaDt: f.omega * dt, tauOverDt: f.tau / dt };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

export function runScenario(spec: ScenarioSpec, sink?: RunSink, now: () => number = () => performance.now()): { world: World; summary: RunSummary; fit?: RelaxationFit } {
  const w = new World(spec);
  checkRunSettings(spec, w.n, !Number.isNaN(w.pistonPosition()));
  const steps = plannedSteps(spec, w);
  const every = outputEvery(spec, w);
  const relax = spec.run.relaxation;
  const osc = spec.run.oscillation;
  const oscT: number[] = [], oscX: number[] = [];
  const record = (): void => {
    if (osc && w.t >= osc.from - 1e-12 && (osc.to === undefined || w.t <= osc.to + 1e-12)) {
      oscT.push(w.t);
      oscX.push(oscillationValue(w, osc.of, osc.coordinate));
    }
  };
  let spaceTimeRows = 0;
  const keptRows: Float64Array[] = [];
  const drainSpaceTime = (): void => w.spaceTime?.drain((t, counts) => {
    spaceTimeRows++;
    keptRows.push(counts.slice());
    sink?.spaceTimeRow?.(t, counts);
  });
  const t0 = now();
  sink?.row(w.diagnostics(), w);
  drainSpaceTime();
  record();
  let done = 0, sweepSum = 0;
  const schedule = new ParameterSchedule(spec.run.schedule);
  while (done < steps) {
    for (const patch of schedule.due(w.t, w.dt)) w.setParams(patch);
    const k = schedule.stepsAllowed(w.t, w.dt, Math.min(every, steps - done));
    done += w.step(k);
    const d = w.diagnostics();
    sweepSum += d.sweeps * k;
    sink?.row(d, w);
    drainSpaceTime();
    record();
    if (w.health.status !== 'ok') break;
    if (relax?.stopWhenRelaxed && w.peaks.relaxedBelow(relax.to)) break;
  }
  const wall = (now() - t0) / 1000;
  const ts = w.timeScales();
  const fit = relax ? fitRelaxation(w.peaks, relax.from, relax.to) : undefined;
  const summary: RunSummary = {
    scenario: spec.name,
    status: w.health.status,
    ...(w.health.status !== 'ok' ? { message: w.health.message } : {}),
    particles: w.n, steps: w.stepCount, t: w.t, dt: w.dt, tc: ts.tc, ...(ts.hertzSpeed !== undefined ? { hertzSpeed: ts.hertzSpeed } : {}), ts: ts.ts, dtOverTc: w.dt / ts.tc,
    stableDtOverTc: ts.stableDtOverTc,
    integrator: w.params.integrator, tangential: w.params.tangential, rotation: w.params.rotation,
    ...(w.params.integrator === 'contact-dynamics'
      ? { contactDynamics: { iterations: w.params.iterations, sweep: w.params.sweep, tolerance: w.params.tolerance, meanSweeps: done > 0 ? sweepSum / done : 0 } }
      : {}),
    search: w.searchReport().method,
    conflictRebuilds: w.searchReport().conflictRebuilds,
    peakOverlapRatio: w.diagnostics().peakOverlapRatio,
    ...(w.spaceTime ? { spaceTime: spaceTimeSummary(w, spaceTimeRows, keptRows.slice(keptRows.length >> 1)) } : {}),
    ...(fit ? { relaxation: { tR: fit.tR, tROverTc: fit.tR / ts.tc, peaks: fit.peaks, r2: fit.r2, decaying: fit.decaying } } : {}),
    ...(osc ? { oscillation: oscillationSummary(oscT, oscX, w.dt) } : {}),
    wallSeconds: wall,
    particleStepsPerSecond: wall > 0 ? (w.n * w.stepCount) / wall : 0,
  };
  return { world: w, summary, fit };
}
