/**
 * CSV of the ladders shown in the convergence panel: one row per ladder, quantity and Δt, with the
 * observed orders repeated on every row of their quantity, so a spreadsheet can filter and plot it.
 * An empty error cell is a run the divergence detector stopped; an empty order cell means no order
 * (errors at round-off, or too few runs finished).
 */
import type { LadderResult } from '../../protocol/convergence';

export const CONVERGENCE_CSV_HEADER = [
  'scenario', 'integrator', 'tangential', 'quantity', 'steps', 'dt_s', 'max_error', 'order_finest_pair', 'order_fit', 'reference',
] as const;

function cell(v: string | number | null): string {
  if (v === null || (typeof v === 'number' && !Number.isFinite(v))) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function buildConvergenceCsv(results: LadderResult[]): string {
  const lines = [CONVERGENCE_CSV_HEADER.join(',')];
  for (const r of results) {
    for (const q of r.quantities) {
      q.dt.forEach((dt, k) => {
        lines.push([r.scenario, r.integrator, r.tangential, q.quantity, r.steps[k], dt, q.errors[k], q.order, q.fittedOrder, r.reference]
          .map(cell).join(','));
      });
    }
  }
  return lines.join('\n') + '\n';
}
