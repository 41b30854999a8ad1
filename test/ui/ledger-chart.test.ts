/**
 * The energy ledger chart's data (src/ui/charts/ledger-chart.ts) from a real run's diagnostics: the stack's top
 * is the supplied line plus the residual (the chart draws the account the core keeps), the energy bands are
 * ≥ 0 once the potential is measured from its lowest value in the window, and a scene without a ledger
 * (contact dynamics) draws the energies but no dissipation, supplied or residual. In a comparison each other
 * variant's residual follows as a column of its own.
 */
import { describe, expect, it } from 'vitest';
import { SERIES_COLUMNS, type SeriesChunk, type SeriesColumn } from '../../src/protocol/api';
import { buildLedgerData, LEDGER_LAYERS, residualVariants } from '../../src/ui/charts/ledger-chart';
import { residualShare } from '../../src/ui/charts/residual-share';
import { SeriesStore } from '../../src/ui/charts/series-store';
import { worldOf } from '../helpers';

/** A store with a row every `every` steps of the run, ledger columns as the worker writes them (ledger-row.ts). */
function record(scene: string, sets: string[], rows: number, every: number): SeriesStore {
  const w = worldOf(scene, ...sets);
  const cols = {} as Record<SeriesColumn, Float64Array>;
  for (const c of SERIES_COLUMNS) cols[c] = new Float64Array(rows).fill(NaN);
  for (let k = 0; k < rows; k++) {
    const d = w.diagnostics();
    cols.t[k] = d.t; cols.ek[k] = d.ek; cols.eElastic[k] = d.eElastic;
    for (const key of ['ekWalls', 'ePotential', 'energySupplied', 'dissipatedNormal', 'dissipatedTangential', 'dissipatedSlip', 'energyResidual'] as const) cols[key][k] = d[key];
    w.step(every);
  }
  const store = new SeriesStore(1 << 12);
  const chunk: SeriesChunk = { epoch: 1, resync: 'none', truncateT: NaN, fromSeq: 0, nextSeq: rows, lost: 0, cols };
  store.ingest(chunk);
  return store;
}

describe('energy ledger chart data', () => {
  it('case-ii-drop: the stack is the supplied energy plus the residual, the energy bands ≥ 0', () => {
    const store = record('case-ii-drop', [], 300, 50);
    const data = buildLedgerData(store, 0, store.length);
    const n = LEDGER_LAYERS.length;
    expect(data.length).toBe(n + 3);
    let bounced = false;
    for (let r = 0; r < store.length; r++) {
      const top = data[n][r]!, supplied = data[n + 1][r]!, residual = data[n + 2][r]!;
      expect(Math.abs(top - supplied - residual)).toBeLessThan(1e-12 * supplied);
      expect(data[1][r]!).toBeGreaterThanOrEqual(0);
      // elastic, potential, normal dashpots; the dashpot and sliding powers are sampled at the evaluation
      // velocity (docs/user-guide.md#the-energy-ledger: known limits), so the sliding account dips to −1.7 mJ here (of 3.07 J)
      for (let L = 2; L <= 4; L++) expect(data[L][r]! - data[L - 1][r]!).toBeGreaterThanOrEqual(-1e-15);
      if (data[4][r]! - data[3][r]! > 0.1) bounced = true; // the normal dashpots' band has grown
    }
    expect(bounced).toBe(true);
    // the lowest potential in the window is the zero of the potential band
    const potential = data[3].map((v, r) => v! - data[2][r]!);
    expect(Math.min(...potential)).toBeCloseTo(0, 12);
  });

  it('contact dynamics: energies drawn, no dissipation, supplied or residual', () => {
    const store = record('cd-pile', [], 5, 10);
    const data = buildLedgerData(store, 0, store.length);
    expect(data[1].every((v) => v !== null)).toBe(true); // kinetic
    expect(data[3].every((v) => v !== null)).toBe(true); // + elastic + potential
    for (const c of [4, 5, 6, 7, 8]) expect(data[c].every((v) => v === null)).toBe(true);
  });

  it('a comparison: variant 2\'s residual is a column after variant 1\'s, only when it has a value', () => {
    const store = record('case-ii-drop', [], 20, 50);
    expect(residualVariants(store, 0, store.length)).toBe(1);
    expect(buildLedgerData(store, 0, store.length)).toHaveLength(LEDGER_LAYERS.length + 3);
    store.cols.residual2.fill(0.25, 0, store.length);
    store.cols.residual2[3] = NaN; // a row where variant 2 had not met variant 1
    expect(residualVariants(store, 0, store.length)).toBe(2);
    expect(residualVariants(store, 3, 4)).toBe(1);
    const data = buildLedgerData(store, 0, store.length, 2);
    expect(data).toHaveLength(LEDGER_LAYERS.length + 4);
    expect(data[LEDGER_LAYERS.length + 3]).toEqual(Array.from({ length: store.length }, (_, r) => (r === 3 ? null : 0.25)));
  });

  it('the residual\'s share is of the energy supplied as recorded, not of the supplied line as drawn (shifted by the lowest potential)', () => {
    // the tangential-update lesson's traditional update: 0.228 J of 3.07 J supplied; the title said 10 % (0.228 / 2.28, the drawn line)
    expect(residualShare(0.228, 3.07)).toBe('7.43 %');
    const store = record('case-ii-drop', [], 20, 50);
    const last = store.length - 1, n = LEDGER_LAYERS.length;
    const drawn = buildLedgerData(store, 0, store.length)[n + 1][last]!;
    expect(Math.abs(drawn - store.cols.energySupplied[last])).toBeGreaterThan(0.01 * store.cols.energySupplied[last]);
    expect(residualShare(1, 0)).toBe('');
    expect(residualShare(NaN, 3)).toBe('');
  });
});
