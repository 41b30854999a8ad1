/**
 * `sim compare`: a lockstep comparison (core/sim/comparison.ts) run headless. One series.csv with, for each
 * variant v = 1…, its kinetic energy, its energy-ledger residual and its divergence from variant 1 at the
 * common times (the first variant's output cadence); the summary gives each variant's overrides, status
 * and, when the scenario asks for a relaxation fit, its t_R. A variant whose cell would be ±Infinity is stopped
 * there like a diverged one (its cells empty from then on, its status 'diverged' with the reason: finite-row.ts).
 */
import { fitRelaxation } from '../core/diagnostics/ek-peaks';
import type { ScenarioSpec } from '../core/scenarios/schema';
import { Comparison } from '../core/sim/comparison';
import type { ParamPatch } from '../core/config/param-table';
import { outputEvery, plannedSteps } from '../core/sim/run-plan';
import { nonFiniteCell } from './finite-row';

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
  const cell = (x: number) => (Number.isNaN(x) ? '' : x);
  /** Why a variant was stopped by its cells (a non-finite number), or null */
  const stopped: (string | null)[] = cmp.worlds.map(() => null);
  const row = (): void => {
    const cells: (number | string)[] = [cmp.t];
    cmp.worlds.forEach((w, v) => {
      const ok = w.health.status === 'ok' && !stopped[v], d = w.diagnostics();
      const mine = [ok ? cell(d.ek) : '', ok ? cell(d.energyResidual) : '', stopped[v] ? '' : cell(cmp.divergence(v))];
      const bad = nonFiniteCell([`Ek_${v + 1}`, `E_residual_${v + 1}`, `divergence_${v + 1}`], mine);
      if (bad) stopped[v] = `Stopped at t = ${cmp.t} s: its row would hold ${bad}; its cells are empty from there`;
      cells.push(...(bad ? ['', '', ''] : mine));
    });
    lines.push(cells.join(','));
  };
  row();
  for (let k = 1; k * every <= end + 1e-9 * every; k++) {
    const running = cmp.advanceTo(k * every);
    row();
    if (!running || stopped.every((why, v) => why || cmp.worlds[v].health.status !== 'ok')) break;
    if (relax?.stopWhenRelaxed && cmp.worlds.every((w, v) => w.health.status !== 'ok' || stopped[v] || w.peaks.relaxedBelow(relax.to))) break;
  }
  const variants = cmp.worlds.map((w, v): VariantSummary => {
    const tc = w.timeScales().tc;
    const fit = relax ? fitRelaxation(w.peaks, relax.from, relax.to) : undefined;
    return {
      variant: v + 1, overrides: patches[v], status: stopped[v] ? 'diverged' : w.health.status,
      ...(w.health.status !== 'ok' ? { message: w.health.message } : stopped[v] ? { message: stopped[v] } : {}),
      steps: w.stepCount, dtOverTc: w.dt / tc,
      ...(fit ? { tROverTc: fit.tR / tc, relaxationPeaks: fit.peaks } : {}),
    };
  });
  return { csv: lines.join('\n') + '\n', rows: lines.length - 1, variants };
}
