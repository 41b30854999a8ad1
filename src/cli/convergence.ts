/**
 * Output of `sim convergence`: one JSON object per quantity (--json) or a small table. The ladder
 * itself is core/convergence/ladder.ts (pure, so the worker can run it too).
 */
import type { LadderResult } from '../core/convergence/ladder';

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
