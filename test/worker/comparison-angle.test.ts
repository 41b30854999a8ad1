/**
 * Each comparison variant's plane angle of the selected contact in the series (SERIES_COLUMNS angle2…angle4,
 * src/worker/comparison-run.ts), driven in Node as the page drives it: a variant identical to variant 1 records
 * exactly variant 1's angle; variants that differ record their own; without a comparison the columns are empty.
 */
import { describe, expect, it } from 'vitest';
import { SimWorker } from '../../src/worker/api-impl';

describe('the selected contact\'s plane angle per variant', () => {
  it('two-disc (its pair\'s contact selected by the scenario): angle2 is variant 2\'s own angle, NaN without a comparison', () => {
    const api = new SimWorker();
    api.loadScenario('two-disc', { dtOverTc: 0.1 });
    api.stepN(200);
    let s = api.takeSeries(-1, 0);
    expect(s.cols.angle.some(Number.isFinite)).toBe(true);
    expect(s.cols.angle2.every(Number.isNaN)).toBe(true);

    // a twin of variant 1: the same angle to the bit, row by row
    expect(api.setComparison([{}, {}]).ok).toBe(true);
    api.stepN(500);
    s = api.takeSeries(-1, 0);
    const finite = [...s.cols.angle].filter(Number.isFinite).length;
    expect(finite).toBeGreaterThan(50);
    expect([...s.cols.angle2].map((v) => Object.is(v, NaN) ? 'NaN' : v)).toEqual([...s.cols.angle].map((v) => Object.is(v, NaN) ? 'NaN' : v));
    expect(s.cols.angle3.every(Number.isNaN)).toBe(true);

    // Cundall and geometric: each variant's own angle, finite while the pair touches; the schemes move the
    // pair differently, so the two angles are not the same numbers
    expect(api.setComparison([{ tangential: 'cundall' }, { tangential: 'geometric' }]).ok).toBe(true);
    api.stepN(2000);
    s = api.takeSeries(-1, 0);
    const rows = s.cols.t.length;
    let both = 0, differ = 0;
    for (let k = 0; k < rows; k++) {
      if (Number.isFinite(s.cols.angle[k]) && Number.isFinite(s.cols.angle2[k])) both++;
      if (s.cols.angle[k] !== s.cols.angle2[k]) differ++;
    }
    expect(both).toBeGreaterThan(rows / 2);
    expect(differ).toBeGreaterThan(0);
  });
});
