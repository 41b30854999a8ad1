/**
 * `sim sweep` of a relaxation scenario runs the core's runRelaxation (the app's t_R(Δt) panel runs the same):
 * its rows are those of a full `sim run` of each combination (cli/run-scenario.ts) to the bit, with the keys in
 * the order the sweep always printed; a scenario without run.relaxation still sweeps through `sim run`.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/cli/run-scenario';
import { builtIn } from '../helpers';
import { sim } from './run-cli';

describe('sim sweep, relaxation scenario', () => {
  it('two-disc rows equal a full sim run of each combination, keys in the sweep order; the table prints 20.24 and 119.31', () => {
    const r = sim(['sweep', 'two-disc', '--dt-over-tc', '0.1', '--set', 'tangential=cundall,geometric', '--json']);
    expect(r.code).toBe(0);
    const rows = r.out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(2);
    rows.forEach((row, k) => {
      const { summary } = runScenario(builtIn('two-disc', 'dtOverTc=0.1', `tangential=${['cundall', 'geometric'][k]}`));
      const rel = summary.relaxation!;
      expect(Object.keys(row)).toEqual(['scenario', 'dtOverTc', 'tangential', 'integrator', 'rotation', 'tR', 'tR_seconds', 'peaks', 'r2', 'decaying', 'status', 'steps']);
      expect(row).toEqual({
        scenario: 'two-disc', dtOverTc: summary.dtOverTc, tangential: summary.tangential, integrator: 'gear5', rotation: true,
        tR: rel.tROverTc, tR_seconds: rel.tR, peaks: rel.peaks, r2: rel.r2, decaying: true, status: 'ok', steps: summary.steps,
      });
    });
    const text = sim(['sweep', 'two-disc', '--dt-over-tc', '0.1', '--set', 'tangential=cundall,geometric']);
    expect(text.out.trim().split('\n').slice(1).map((l) => l.split(/\s+/)[3])).toEqual(['20.24', '119.31']);
  });

  it('a scenario without run.relaxation sweeps through sim run (no fit)', () => {
    const r = sim(['sweep', 'head-on', '--dt-over-tc', '0.02', '--json']);
    expect(r.code).toBe(0);
    const row = JSON.parse(r.out.trim()) as Record<string, unknown>;
    expect(row).toMatchObject({ scenario: 'head-on', status: 'ok', tR: null, peaks: 0 });
  });
});
