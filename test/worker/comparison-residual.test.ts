/**
 * Each comparison variant's ledger residual in the series (SERIES_COLUMNS residual2…residual4,
 * src/worker/comparison-run.ts), driven in Node as the page drives it: a twin of variant 1 records variant 1's
 * residual row by row; the traditional and consistent tangential updates of case-ii-drop at Δt = 0.13 t_c (the
 * tangential-update lesson) record their own, the traditional one's the larger; without a comparison the columns are empty.
 */
import { describe, expect, it } from 'vitest';
import { SimWorker } from '../../src/worker/api-impl';

const shown = (a: Float64Array) => [...a].map((v) => (Object.is(v, NaN) ? 'NaN' : v));

describe('the ledger residual per variant', () => {
  it('case-ii-drop: residual2 is variant 2\'s own, NaN without a comparison', () => {
    const api = new SimWorker();
    api.loadScenario('case-ii-drop', { dtOverTc: 0.13 });
    api.stepN(50);
    let s = api.takeSeries(-1, 0);
    expect(s.cols.energyResidual.some(Number.isFinite)).toBe(true);
    expect(s.cols.residual2.every(Number.isNaN)).toBe(true);

    expect(api.setComparison([{}, {}]).ok).toBe(true);
    api.stepN(300);
    s = api.takeSeries(-1, 0);
    expect(shown(s.cols.residual2)).toEqual(shown(s.cols.energyResidual));
    expect(s.cols.residual3.every(Number.isNaN)).toBe(true);

    expect(api.setComparison([{ tangential: 'traditional' }, { tangential: 'consistent' }]).ok).toBe(true);
    api.stepN(1500);
    s = api.takeSeries(-1, 0);
    const last = s.cols.t.length - 1;
    const status = api.getStatus();
    expect(s.cols.residual2[last]).toBe(status.comparison!.variants[1].energyResidual);
    expect(s.cols.energyResidual[last]).toBe(status.comparison!.variants[0].energyResidual);
    expect(s.cols.energyResidual[last]).toBeGreaterThan(s.cols.residual2[last]);
  });
});
