/**
 * The E1 sweep point (src/core/sim/relaxation-run.ts), shared by `sim sweep` and the app's t_R(Δt)
 * panel: it must give the numbers of a full `sim run` (cli/run-scenario.ts) to the bit, and docs/validation.md's
 * sweep table (paper 000 E1) to its printed digits.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/cli/run-scenario';
import { runRelaxation } from '../../src/core/sim/relaxation-run';
import { relaxationCsvLine, RELAXATION_COLUMNS } from '../../src/core/diagnostics/relaxation-row';
import { builtIn } from '../helpers';

describe('relaxation sweep point', () => {
  for (const [tangential, rotation, dt] of [['cundall', true, 0.1], ['cundall', false, 0.02], ['geometric', true, 0.1]] as const) {
    it(`${tangential}, rotation ${rotation}, Δt = ${dt} tc: the same t_R, peaks and steps as sim run`, () => {
      const spec = builtIn('two-disc', `tangential=${tangential}`, `rotation=${rotation}`, `dtOverTc=${dt}`);
      const row = runRelaxation(spec);
      const { summary } = runScenario(spec);
      expect(row.status).toBe('ok');
      expect(row.steps).toBe(summary.steps);
      expect(row.peaks).toBe(summary.relaxation!.peaks);
      expect(row.tR).toBe(summary.relaxation!.tROverTc);
      expect(row.r2).toBe(summary.relaxation!.r2);
      expect(row.dtOverTc).toBe(summary.dtOverTc);
    });
  }

  it('reproduces the README sweep table at Δt = 0.1 tc (Cundall 20.24 / 10.13, geometric 119.31 / 59.77)', () => {
    const at = (tangential: string, rotation: boolean) => runRelaxation(builtIn('two-disc', `tangential=${tangential}`, `rotation=${rotation}`, 'dtOverTc=0.1')).tR!.toFixed(2);
    expect([at('cundall', true), at('cundall', false), at('geometric', true), at('geometric', false)]).toEqual(['20.24', '10.13', '119.31', '59.77']);
  });

  it('CSV line: the sweep columns, numbers as JSON prints them, an empty cell for no value', () => {
    const row = runRelaxation(builtIn('two-disc', 'dtOverTc=0.1'));
    const cells = relaxationCsvLine(row).split(',');
    expect(cells).toHaveLength(RELAXATION_COLUMNS.length);
    expect(Number(cells[RELAXATION_COLUMNS.indexOf('tR')])).toBe(row.tR);
    expect(relaxationCsvLine({ ...row, tR: NaN, r2: null }).split(',')[RELAXATION_COLUMNS.indexOf('tR')]).toBe('');
  });

  it('refuses a scenario without a relaxation window, naming it', () => {
    expect(() => runRelaxation(builtIn('head-on'))).toThrow(/run.relaxation/);
  });
});
