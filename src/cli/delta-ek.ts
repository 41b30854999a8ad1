/**
 * `sim delta-ek`: the same scenario at two step sizes, and the difference of their kinetic energies at
 * common times (paper 000 Fig. 3e, the shear cell of E2): rows t, Ek at each Δt, ΔEk = Ek_a − Ek_b, the
 * cumulative Σ ΔEk·τ and ∫|ΔEk| dt over the run, with τ the sampling interval (the coarse run's output
 * cadence). Each run samples at the step nearest to every common time. A row with a non-finite number is not
 * written: the comparison stops there, its status saying why (finite-row.ts).
 */
import type { ScenarioSpec } from '../core/scenarios/schema';
import { outputEvery, plannedSteps } from '../core/sim/run-plan';
import { World } from '../core/sim/world';
import { writeOutputs } from './out-files';
import { nonFiniteCell } from './finite-row';

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
  const header = ['t', 'Ek_a', 'Ek_b', 'dEk', 'cumulative_dEk', 'cumulative_abs_dEk'];
  const lines = [header.join(',')];
  let sum = 0, sumAbs = 0, sumA = 0, rows = 0, unwritten = '';
  for (let k = 0; k * tau <= duration + 1e-12 * duration; k++) {
    const t = k * tau;
    for (const w of worlds) {
      const target = Math.round(t / w.dt);
      if (target > w.stepCount && w.health.status === 'ok') w.step(target - w.stepCount);
    }
    if (worlds.some((w) => w.health.status !== 'ok')) break;
    const a = worlds[0].diagnostics().ek, b = worlds[1].diagnostics().ek, d = a - b;
    const step = k > 0 ? tau : 0;
    const cells = [t, a, b, d, sum + d * step, sumAbs + Math.abs(d) * step], bad = nonFiniteCell(header, cells);
    if (bad) {
      unwritten = `diverged: stopped at t = ${t} s: its row would hold ${bad}; the file ends at the row before`;
      break;
    }
    sum = cells[4];
    sumAbs = cells[5];
    sumA += a * step;
    lines.push(cells.join(','));
    rows++;
  }
  const bad = worlds.find((w) => w.health.status !== 'ok');
  return {
    csv: lines.join('\n') + '\n', rows, dt: [worlds[0].dt, worlds[1].dt],
    relativeCumulative: sumA > 0 ? sumAbs / sumA : 0, status: bad ? `diverged: ${bad.health.message}` : unwritten || 'ok',
  };
}

/** Writes the CSV through a temporary renamed into place (out-files.ts). */
export function writeDeltaEk(path: string, r: DeltaEkResult): void {
  writeOutputs([[path, r.csv]]);
}
