/**
 * `sim compare`: a lockstep comparison (core/sim/comparison.ts) run headless. One series.csv with, for each
 * variant v = 1…, its kinetic energy, its energy-ledger residual and its divergence from variant 1 at the
 * common times (the first variant's output cadence); the summary gives each variant's overrides, status
 * and, when the scenario asks for a relaxation fit, its t_R.
 */
import { fitRelaxation } from '../core/diagnostics/ek-peaks';
import type { ScenarioSpec } from '../core/scenarios/schema';
import { Comparison } from '../core/sim/comparison';
import type { ParamPatch } from '../core/config/param-table';
import { outputEvery, plannedSteps } from '../core/sim/run-plan';

export interface VariantSummary {
  variant: number;
  overrides: ParamPatch;
  status: 'ok' | 'diverged';
  message?: string;
  steps: number;
  dtOverTc: number;
  tROverTc?: number;
  relaxationPeaks?: number;
}

export interface ComparisonResult {
  csv: string;
  rows: number;
  variants: VariantSummary[];
}

export function compareRun(spec: ScenarioSpec, patches: ParamPatch[]): ComparisonResult {
  const cmp = new Comparison(spec, patches);
  const ref = cmp.worlds[0];
  const every = outputEvery(spec, ref) * ref.dt, end = plannedSteps(spec, ref) * ref.dt;
  const relax = spec.run.relaxation;
  const n = cmp.worlds.length;
  const header = ['t'];
  for (let v = 1; v <= n; v++) header.push(`Ek_${v}`, `E_residual_${v}`, `divergence_${v}`);
  const lines = [header.join(',')];
  const cell = (x: number) => (Number.isNaN(x) ? '' : String(x));
  const row = (): void => {
    const cells: string[] = [String(cmp.t)];
    cmp.worlds.forEach((w, v) => {
      const ok = w.health.status === 'ok', d = w.diagnostics();
      cells.push(ok ? cell(d.ek) : '', ok ? cell(d.energyResidual) : '', cell(cmp.divergence(v)));
    });
    lines.push(cells.join(','));
  };
  row();
  for (let k = 1; k * every <= end + 1e-9 * every; k++) {
    const running = cmp.advanceTo(k * every);
    row();
    if (!running) break;
    if (relax?.stopWhenRelaxed && cmp.worlds.every((w) => w.health.status !== 'ok' || w.peaks.relaxedBelow(relax.to))) break;
  }
  const variants = cmp.worlds.map((w, v): VariantSummary => {
    const tc = w.timeScales().tc;
    const fit = relax ? fitRelaxation(w.peaks, relax.from, relax.to) : undefined;
    return {
      variant: v + 1, overrides: patches[v], status: w.health.status,
      ...(w.health.status !== 'ok' ? { message: w.health.message } : {}),
      steps: w.stepCount, dtOverTc: w.dt / tc,
      ...(fit ? { tROverTc: fit.tR / tc, relaxationPeaks: fit.peaks } : {}),
    };
  });
  return { csv: lines.join('\n') + '\n', rows: lines.length - 1, variants };
}
