/**
 * `sim delta-ek`: the same scenario at two step sizes, and the difference of their kinetic energies at
 * common times (paper 000 Fig. 3e, the shear cell of E2): rows t, Ek at each Δt, ΔEk = Ek_a − Ek_b, the
 * cumulative Σ ΔEk·τ and ∫|ΔEk| dt over the run, with τ the sampling interval (the coarse run's output
 * cadence). Each run samples at the step nearest to every common time.
 */
import type { ScenarioSpec } from '../core/scenarios/schema';
import { outputEvery, plannedSteps } from '../core/sim/run-plan';
import { World } from '../core/sim/world';
import { writeOutputs } from './out-files';

export interface DeltaEkResult {
  csv: string;
  rows: number;
  dt: [number, number];
  /** ∫|ΔEk| dt / ∫ Ek_a dt over the run: the relative cumulative difference */
  relativeCumulative: number;
  status: string;
}

/** Runs `specs[0]` and `specs[1]` (the scenario at two Δt) over the first one's planned duration. */
export function deltaEk(specs: [ScenarioSpec, ScenarioSpec]): DeltaEkResult {
  const worlds = specs.map((s) => new World(s)) as [World, World];
  const coarse = worlds[0].dt >= worlds[1].dt ? worlds[0] : worlds[1];
  const tau = outputEvery(specs[0], coarse) * coarse.dt;
  const duration = plannedSteps(specs[0], worlds[0]) * worlds[0].dt;
  const lines = ['t,Ek_a,Ek_b,dEk,cumulative_dEk,cumulative_abs_dEk'];
  let sum = 0, sumAbs = 0, sumA = 0, rows = 0;
  for (let k = 0; k * tau <= duration + 1e-12 * duration; k++) {
    const t = k * tau;
    for (const w of worlds) {
      const target = Math.round(t / w.dt);
      if (target > w.stepCount && w.health.status === 'ok') w.step(target - w.stepCount);
    }
    if (worlds.some((w) => w.health.status !== 'ok')) break;
    const a = worlds[0].diagnostics().ek, b = worlds[1].diagnostics().ek, d = a - b;
    if (k > 0) { sum += d * tau; sumAbs += Math.abs(d) * tau; sumA += a * tau; }
    lines.push([t, a, b, d, sum, sumAbs].join(','));
    rows++;
  }
  const bad = worlds.find((w) => w.health.status !== 'ok');
  return {
    csv: lines.join('\n') + '\n', rows, dt: [worlds[0].dt, worlds[1].dt],
    relativeCumulative: sumA > 0 ? sumAbs / sumA : 0, status: bad ? `diverged: ${bad.health.message}` : 'ok',
  };
}

/** Writes the CSV through a temporary renamed into place (out-files.ts). */
export function writeDeltaEk(path: string, r: DeltaEkResult): void {
  writeOutputs([[path, r.csv]]);
}
