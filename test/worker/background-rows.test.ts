/**
 * A long session's export has no gap (issue 39 item 5): a hidden page's poll may run once a minute (Chromium's
 * intensive timer throttling), and the worker's ring holds about 8 s of rows at the full recording rate. Told the
 * page is hidden (SimApi.setBackground), the run record thins its rows to BACKGROUND_ROWS_PER_SEC, so a minute's
 * rows fit the ring and the page's store receives every row recorded; the history it exports runs from t = 0 to now.
 * The worker's step rate and the page's polls are modelled: rows are pushed as the stride says, taken once a minute.
 */
import { describe, expect, it } from 'vitest';
import { SERIES_COLUMNS } from '../../src/protocol/api';
import { buildCsv } from '../../src/ui/charts/charts';
import { SeriesStore } from '../../src/ui/charts/series-store';
import { BACKGROUND_ROWS_PER_SEC, RunRecord } from '../../src/worker/run-record';
import { SeriesRing } from '../../src/worker/series-ring';
import type { WorldLike } from '../../src/worker/core-adapter';

const DT = 1e-5;
/** wall ms per step: a two-disc run steps about 10⁵ times a second */
const MS_PER_STEP = 0.01;

/** `minutes` of a full-speed run (page hidden or not) polled once a minute: the page's store afterwards, and the rows recorded */
function hiddenSession(background: boolean, minutes: number): { store: SeriesStore; recorded: number; stride: number } {
  const rec = new RunRecord();
  rec.background = background;
  const world = { t: 0, dt: DT } as unknown as WorldLike;
  rec.adaptStride(world, 0, MS_PER_STEP, 0);
  const rowsPerMinute = Math.floor((60_000 / MS_PER_STEP) / rec.sampleStride);
  const store = new SeriesStore();
  const row = new Float64Array(SERIES_COLUMNS.length);
  let recorded = 0;
  for (let m = 0; m < minutes; m++) {
    for (let k = 0; k < rowsPerMinute; k++) {
      row[0] = recorded * rec.sampleStride * DT; // t of the row
      row[1] = 1 + recorded; // Ek: any finite value
      rec.ring.push(row);
      recorded++;
    }
    store.ingest(rec.ring.take(store.epoch, store.nextSeq));
  }
  return { store, recorded, stride: rec.sampleStride };
}

describe('rows while the page is hidden', () => {
  it('visible, the page polling ten times a second, the run records at most 2000 rows a wall second', () => {
    const rec = new RunRecord();
    rec.adaptStride({ t: 0, dt: DT } as unknown as WorldLike, 0, MS_PER_STEP, 0);
    const perSec = 1000 / MS_PER_STEP / rec.sampleStride;
    expect(perSec).toBeLessThanOrEqual(2000);
    expect(perSec).toBeGreaterThan(1000); // the stride is a power of 2: within a factor 2 of the cap
  });

  it('hidden, it records at most BACKGROUND_ROWS_PER_SEC (half the ring a minute), within a factor 2', () => {
    const { stride } = hiddenSession(true, 1);
    const perSec = 1000 / MS_PER_STEP / stride;
    expect(perSec).toBeLessThanOrEqual(BACKGROUND_ROWS_PER_SEC);
    expect(perSec).toBeGreaterThan(BACKGROUND_ROWS_PER_SEC / 2);
    expect(BACKGROUND_ROWS_PER_SEC * 60).toBeLessThanOrEqual(SeriesRing.CAPACITY / 2);
  });

  it('five minutes hidden, read once a minute: no row lost, and the export runs from t = 0 to the last row', () => {
    const { store, recorded, stride } = hiddenSession(true, 5);
    expect(store.lost).toBe(0);
    expect(store.length).toBe(recorded);
    const csv = buildCsv(store, 'ek').trimEnd().split('\n');
    expect(csv.length - 1).toBe(recorded);
    expect(Number(csv[1].split(',')[0])).toBe(0);
    expect(Number(csv.at(-1)!.split(',')[0])).toBeCloseTo((recorded - 1) * stride * DT, 12);
  });

  it('the same session recorded at the visible rate loses rows (what the signal prevents)', () => {
    const { store, recorded } = hiddenSession(false, 5);
    expect(store.lost).toBeGreaterThan(0);
    expect(store.length + store.lost).toBe(recorded);
  });
});
