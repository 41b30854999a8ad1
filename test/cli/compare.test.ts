/**
 * `sim compare` (issue 11, item 1): a lockstep comparison run headless. Variant 1 is the scenario run alone
 * (its Ek column equals `sim run`'s to the bit, row by row); Cundall vs geometric on two-disc at
 * Δt = 0.1 tc prints the t_R the single-run sweep gives (docs/validation.md#e1-two-disc-relaxation: 20.24 and
 * 119.31 tc); bad variants are refused naming the variant and the field.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sim } from './run-cli';

const readCsv = (f: string) => {
  const [head, ...rows] = readFileSync(f, 'utf8').trimEnd().split('\n');
  return { head: head.split(','), rows: rows.map((r) => r.split(',')) };
};

describe('sim compare', () => {
  it('Cundall vs geometric on two-disc at Δt = 0.1 tc: the sweep\'s t_R for each, and variant 1 is `sim run` to the bit', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-cmp-'));
    const r = sim(['compare', 'two-disc', '--set', 'dtOverTc=0.1', '--variant', 'tangential=cundall', '--variant', 'tangential=geometric', '--out', join(dir, 'cmp')]);
    expect(r.code, r.err).toBe(0);
    const summary = JSON.parse(r.out.trim().split('\n').pop()!);
    expect(summary.variants.map((v: { tROverTc: number }) => v.tROverTc.toFixed(2))).toEqual(['20.24', '119.31']);
    expect(summary.variants.map((v: { overrides: object }) => v.overrides)).toEqual([{ tangential: 'cundall' }, { tangential: 'geometric' }]);

    const cmp = readCsv(join(dir, 'cmp/series.csv'));
    expect(cmp.head).toEqual(['t', 'Ek_1', 'E_residual_1', 'divergence_1', 'Ek_2', 'E_residual_2', 'divergence_2']);
    for (const row of cmp.rows) for (const c of row) expect(Number.isFinite(Number(c)), c).toBe(true);
    expect(cmp.rows.every((row) => row[3] === '0')).toBe(true); // variant 1 against itself
    expect(Number(cmp.rows[1][6])).toBeGreaterThan(0); // the schemes part ways from the first contact step

    const alone = sim(['run', 'two-disc', '--set', 'dtOverTc=0.1', '--set', 'tangential=cundall', '--out', join(dir, 'run')]);
    expect(alone.code, alone.err).toBe(0);
    const run = readCsv(join(dir, 'run/series.csv'));
    const ek = run.head.indexOf('Ek');
    expect(run.rows.length).toBeGreaterThan(100);
    // the single run stops when it has relaxed; the comparison goes on until both have
    for (let k = 0; k < run.rows.length; k++) {
      // the meeting time k·(output interval) against the run's summed steps: equal to round-off
      expect(Math.abs(Number(cmp.rows[k][0]) - Number(run.rows[k][0]))).toBeLessThanOrEqual(1e-12 * Number(run.rows[k][0]));
      expect(cmp.rows[k][1]).toBe(run.rows[k][ek]);
    }
  });

  it('refuses fewer than 2 or more than 4 variants, and a bad value naming the variant and the field (exit 2, nothing written)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-cmp-'));
    const one = sim(['compare', 'head-on', '--variant', 'mu=0.1', '--out', join(dir, 'a')]);
    expect(one.code).toBe(2);
    expect(one.err).toMatch(/^error: --variant: compare needs 2 to 4 variants, got 1/);
    const five = sim(['compare', 'head-on', ...Array(5).fill(['--variant', 'mu=0.1']).flat(), '--out', join(dir, 'b')]);
    expect(five.err).toMatch(/^error: --variant: compare needs 2 to 4 variants, got 5/);
    const bad = sim(['compare', 'head-on', '--variant', '', '--variant', 'tangential=geometric,mu=5000', '--out', join(dir, 'c')]);
    expect(bad.code).toBe(2);
    expect(bad.err.trim()).toBe('error: variant 2.mu: must be a number from 0 to 1000, got 5000');
    const unknown = sim(['compare', 'head-on', '--variant', '', '--variant', 'toString=1', '--out', join(dir, 'd')]);
    expect(unknown.err).toMatch(/^error: variant 2\.toString: unknown parameter/);
    expect(() => readFileSync(join(dir, 'c/series.csv'))).toThrow();
  });

  it('a variant that diverges is stopped with its message; the other runs on; exit 3', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-cmp-'));
    const r = sim(['compare', 'two-disc', '--variant', '', '--variant', 'dtOverTc=2', '--out', join(dir, 'x')]);
    expect(r.code, r.err).toBe(3);
    const s = JSON.parse(r.out.trim().split('\n').pop()!);
    expect(s.variants[0].status).toBe('ok');
    expect(s.variants[1].status).toBe('diverged');
    expect(s.variants[1].message).toMatch(/Δt/);
    const csv = readCsv(join(dir, 'x/series.csv'));
    const last = csv.rows[csv.rows.length - 1];
    expect(Number.isFinite(Number(last[1])) && last[1] !== '').toBe(true);
    expect(last[4]).toBe(''); // the stopped variant writes empty cells, never a non-finite number
  });
});
