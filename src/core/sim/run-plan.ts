/**
 * How long a scenario runs and how often it records a row: shared by the headless runner and the
 * app's worker, so the app's chart and export rows fall on the same simulated times as the CLI's CSV.
 */
import type { ScenarioSpec } from '../scenarios/schema';

interface Timed {
  dt: number;
  timeScales(): { tc: number };
}

/** Steps of run.duration (or run.durationOverTc × tc, default 1000 tc). */
export function plannedSteps(spec: ScenarioSpec, w: Timed): number {
  const tc = w.timeScales().tc;
  const duration = spec.run.duration ?? (spec.run.durationOverTc ?? 1000) * tc;
  return Math.max(1, Math.ceil(duration / w.dt - 1e-9));
}

/** Steps between recorded rows: run.outputEvery, else about 2000 rows over the planned run. */
export function outputEvery(spec: ScenarioSpec, w: Timed): number {
  return spec.run.outputEvery ?? Math.max(1, Math.round(plannedSteps(spec, w) / 2000));
}
