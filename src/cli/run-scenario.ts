/**
 * Runs a scenario to its end (duration, relaxation or divergence), handing each output row to an
 * optional sink. Shared by `sim run`, `sim sweep` and the tests, so all of them run the same loop.
 */
import { fitRelaxation, type RelaxationFit } from '../core/diagnostics/ek-peaks';
import { ScenarioError, type ScenarioSpec } from '../core/scenarios/schema';
import { World } from '../core/sim/world';
import type { Diagnostics } from '../core/sim/world-types';

export interface RunSink {
  row(d: Diagnostics, w: World): void;
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
  /** 2π√(m_min/kn), paper 000 Eq. 9 [s] */
  ts: number;
  dtOverTc: number;
  /** Largest stable Δt/tc of the integrator for this contact damping (design/integrators.md §1.7) */
  stableDtOverTc: number;
  integrator: string;
  tangential: string;
  rotation: boolean;
  search: string;
  relaxation?: { tR: number; tROverTc: number; peaks: number; r2: number; decaying: boolean };
  wallSeconds: number;
  particleStepsPerSecond: number;
}

/** Checks run settings that depend on the built world (tracked particle indices). */
export function checkRunSettings(spec: ScenarioSpec, n: number): void {
  const bad = spec.run.track.filter((k) => k >= n);
  if (bad.length) throw new ScenarioError([`run.track: particle(s) ${bad.join(', ')} do not exist (allowed 0 to ${n - 1})`]);
}

export function plannedSteps(spec: ScenarioSpec, w: World): number {
  const tc = w.timeScales().tc;
  const duration = spec.run.duration ?? (spec.run.durationOverTc ?? 1000) * tc;
  return Math.max(1, Math.ceil(duration / w.dt - 1e-9));
}

export function runScenario(spec: ScenarioSpec, sink?: RunSink, now: () => number = () => performance.now()): { world: World; summary: RunSummary; fit?: RelaxationFit } {
  const w = new World(spec);
  checkRunSettings(spec, w.n);
  const steps = plannedSteps(spec, w);
  const every = spec.run.outputEvery ?? Math.max(1, Math.round(steps / 2000));
  const relax = spec.run.relaxation;
  const t0 = now();
  sink?.row(w.diagnostics(), w);
  let done = 0;
  while (done < steps) {
    const k = Math.min(every, steps - done);
    done += w.step(k);
    sink?.row(w.diagnostics(), w);
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
    particles: w.n, steps: w.stepCount, t: w.t, dt: w.dt, tc: ts.tc, ts: ts.ts, dtOverTc: w.dt / ts.tc,
    stableDtOverTc: ts.stableDtOverTc,
    integrator: w.params.integrator, tangential: w.params.tangential, rotation: w.params.rotation,
    search: w.searchReport().method,
    ...(fit ? { relaxation: { tR: fit.tR, tROverTc: fit.tR / ts.tc, peaks: fit.peaks, r2: fit.r2, decaying: fit.decaying } } : {}),
    wallSeconds: wall,
    particleStepsPerSecond: wall > 0 ? (w.n * w.stepCount) / wall : 0,
  };
  return { world: w, summary, fit };
}
