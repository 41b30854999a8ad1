/**
 * One point of the E1 sweep (docs/validation.md#e1-two-disc-relaxation, paper 000 Eq. 12): runs a relaxation scenario to its
 * end, to relaxed (run.relaxation.stopWhenRelaxed) or to divergence, in rows of outputEvery steps cut at
 * scheduled changes exactly as `sim run` does (cli/run-scenario.ts ScenarioRun), and fits
 * Ek(t) = E₀ exp(−t/t_R) through the Ek peaks (fitRelaxation). `sim sweep` and the app's t_R(Δt) panel both
 * call it, so they print the same numbers to the bit.
 */
import type { ScenarioSpec } from '../scenarios/schema';
import { outputEvery, plannedSteps } from './run-plan';
import { ParameterSchedule } from './schedule';
import { World } from './world';
import { fitRelaxation } from '../diagnostics/ek-peaks';
import type { RelaxationRow } from '../diagnostics/relaxation-row';

export type { RelaxationRow };

/** Runs `spec` (which has run.relaxation) and returns its sweep row. */
export function runRelaxation(spec: ScenarioSpec): RelaxationRow {
  const relax = spec.run.relaxation;
  if (!relax) throw new Error(`scenario '${spec.name}': run.relaxation is missing; a relaxation fit needs its window`);
  const w = new World(spec);
  const steps = plannedSteps(spec, w), every = outputEvery(spec, w);
  const schedule = new ParameterSchedule(spec.run.schedule);
  let done = 0;
  while (done < steps) {
    for (const patch of schedule.due(w.t, w.dt)) w.setParams(patch);
    done += w.step(schedule.stepsAllowed(w.t, w.dt, Math.min(every, steps - done)));
    if (w.health.status !== 'ok') break;
    if (relax.stopWhenRelaxed && w.peaks.relaxedBelow(relax.to)) break;
  }
  const tc = w.timeScales().tc;
  const fit = fitRelaxation(w.peaks, relax.from, relax.to);
  const p = w.params;
  return {
    scenario: spec.name, dtOverTc: w.dt / tc, tangential: p.tangential, integrator: p.integrator, rotation: p.rotation,
    tR: fit.tR / tc, tR_seconds: fit.tR, peaks: fit.peaks, r2: fit.r2, decaying: fit.decaying,
    status: w.health.status, steps: w.stepCount,
    ...(p.integrator === 'contact-dynamics' ? { iterations: p.iterations, sweep: p.sweep } : {}),
    ...(w.health.status !== 'ok' ? { message: w.health.message } : {}),
  };
}
