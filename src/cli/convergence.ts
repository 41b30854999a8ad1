/**
 * Output of `sim convergence`: one JSON object per quantity (--json) or a small table, and with --doc the
 * Markdown table of all the ladders run. The ladder itself is core/convergence/ladder.ts (pure, so the worker can
 * run it too).
 */
import type { LadderResult } from '../core/convergence/ladder';
import { markdownTable, type Column } from './markdown-table';

export function printConvergence(r: LadderResult, json: boolean): void {
  const failed = r.runs.filter((s) => s !== 'ok');
  if (json) {
    for (const q of r.quantities) {
      process.stdout.write(JSON.stringify({
        scenario: r.scenario, integrator: r.integrator, tangential: r.tangential, quantity: q.quantity,
        reference: r.reference, duration: r.duration, steps: r.steps, dt: q.dt,
        errors: q.errors.map((e) => (Number.isFinite(e) ? e : null)), order: q.order, fittedOrder: q.fittedOrder,
        runs: r.runs,
      }) + '\n');
    }
    return;
  }
  process.stdout.write(`${r.scenario}: ${r.integrator} + ${r.tangential}, window ${r.duration} s\nreference: ${r.reference}\n`);
  process.stdout.write(`${'quantity'.padEnd(10)}${r.steps.map((n) => `N=${n}`.padEnd(11)).join('')}order  fitted\n`);
  for (const q of r.quantities) {
    const errs = q.errors.map((e) => (Number.isFinite(e) ? e.toExponential(2) : '—').padEnd(11)).join('');
    const o = (v: number | null) => (v === null ? '—' : v.toFixed(2));
    process.stdout.write(`${q.quantity.padEnd(10)}${errs}${o(q.order).padEnd(7)}${o(q.fittedOrder)}\n`);
  }
  for (const f of failed) process.stdout.write(`stopped: ${f}\n`);
}

/** The finest pair's order over the quantities that move, and the first one's error at the finest step: `2.00–2.01 (5.9e-8)` */
function orderCell(r: LadderResult): string {
  const moving = r.quantities.filter((q) => q.order !== null);
  if (!moving.length) return '—';
  const orders = moving.map((q) => q.order!);
  const [lo, hi] = [Math.min(...orders).toFixed(2), Math.max(...orders).toFixed(2)];
  const range = lo === hi ? lo : `${lo}–${hi}`;
  return `${range} (${moving[0].errors[moving[0].errors.length - 1].toExponential(1)})`;
}

/**
 * `--doc`: one ladder per combination of --set values (`combos`, in the order run): the last --set key across, the
 * others down, each cell the order and error of orderCell; a line before it names the window, the ladder and the
 * reference.
 */
export function convergenceTable(results: LadderResult[], combos: string[][]): string {
  const value = (a: string | undefined) => (a === undefined ? '' : a.slice(a.indexOf('=') + 1));
  const key = (a: string) => a.slice(0, a.indexOf('='));
  const across = (c: string[]) => value(c[c.length - 1]);
  const down = (c: string[]) => c.slice(0, -1).map(value).join(', ') || results[0].scenario;
  const cell = (label: string, column: string) => {
    const k = combos.findIndex((c) => down(c) === label && across(c) === column);
    return k < 0 ? '' : orderCell(results[k]);
  };
  const first = combos[0];
  const columns: Column<string>[] = [
    { head: first.length ? `${first.slice(0, -1).map(key).join(', ') || 'scenario'} \\ ${key(first[first.length - 1])}` : 'scenario', cell: (label) => label },
    ...[...new Set(combos.map(across))].map((column) => ({ head: column || 'order', cell: (label: string) => cell(label, column) })),
  ];
  const r = results[0];
  const one = new Set(results.map((x) => x.reference)).size === 1;
  const lead = `\`${r.scenario}\`, window ${r.duration} s, N = ${r.steps.join(', ')} steps; reference${one ? '' : ' of the first cell'}: ${r.reference}`;
  return `${lead}\n\n${markdownTable(columns, [...new Set(combos.map(down))])}`;
}
