/**
 * A fixed sample of the CLI fuzz suite (fuzz-lib.ts; the full run is `npm run fuzz`): three seeded cases
 * of each family, each in its own sandbox folder with a 6 s budget. None may end in a stack trace, a hang
 * (a FIFO, socket or device read that does not end at once counts as one), a non-finite value in an output
 * file or a summary, or a file outside the output folder (or left behind after an error); peak memory stays
 * under 1.5 GB. Each case runs the CLI bundled once per source digest (test/cli/run-cli.ts), which starts in
 * ≈ 0.3 s instead of ≈ 1.5 s through tsx, so the budget goes to the case itself.
 */
import { describe, expect, it } from 'vitest';
import { BAD, FAMILIES, makeCases, runAll, summaryTable } from './fuzz-lib';

describe('CLI fuzz, fixed sample', () => {
  it('3 cases per family: no stack trace, hang, non-finite output or stray file', async () => {
    const cases = makeCases(11, 3);
    expect(new Set(cases.map((c) => c.family)).size).toBe(FAMILIES.length);
    const t0 = performance.now();
    const results = await runAll(cases, { budget: 6, grace: 10, jobs: 2 });
    const table = summaryTable(results, (performance.now() - t0) / 1000);
    const bad = results.filter((r) => BAD.includes(r.outcome)).map((r) => `${r.outcome}: ${r.family}: ${r.name} — sim ${r.args} — ${r.detail}`);
    expect(bad, table).toEqual([]);
    // no output file holds NaN or ±Infinity (issue 39): the check read real files, not none
    expect(results.filter((r) => r.outcome === 'nonfinite'), table).toEqual([]);
    expect(results.reduce((n, r) => n + r.checked, 0), table).toBeGreaterThan(0);
    // most cases end on their own (clean errors or finished runs), not by the budget
    expect(results.filter((r) => r.outcome === 'interrupted').length, table).toBeLessThan(results.length / 4);
    expect(Math.max(...results.map((r) => r.rssMB)), table).toBeLessThan(1536);
  }, 300_000); // ≈ 15 s idle (36 cases, most refused in well under a second); the bound is the worst case, every case run to its budget and grace (6 + 10 s), two at a time: 288 s
});
