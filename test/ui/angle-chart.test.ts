/**
 * The contact-plane chart's data and layout (src/ui/charts/plane-columns.ts, angle-chart.ts;
 * docs/user-guide.md#contact-plane-chart-for-polygons): the page's derived columns (every line in degrees modulo 180°, unwrapped
 * over the whole history, and the main line's jump markers) do not depend on how the worker's rows were
 * chunked, on where the chart's window starts, or on a truncation; the CSV is the chart's points; the
 * layout draws the active definition as the main line, the others as ghosts, and in a disc scene the main
 * line alone; the crossings axis range is finite.
 */
import { describe, expect, it } from 'vitest';
import { PLANE_IDS } from '../../src/core/plane/plane-ids';
import { PLANE_COLUMN, SERIES_COLUMNS, type SeriesChunk, type SeriesColumn } from '../../src/protocol/api';
import { activeLabel, ANGLE_COLUMNS, angleLayout, ghostIndex, JUMP_LABEL, LEGEND_OMIT } from '../../src/ui/charts/angle-chart';
import { COUNT_INCRS, countRange } from '../../src/ui/charts/axis-range';
import { buildCsv, buildData } from '../../src/ui/charts/charts';
import { jumpMarkers, unwrapSeries } from '../../src/ui/charts/plane-angle';
import { SeriesStore } from '../../src/ui/charts/series-store';

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Rows of a polygon contact whose plane turns through the wraps, with two jumps, a gap and its ghosts. */
function rows(n: number, t0 = 0): Record<SeriesColumn, number>[] {
  const out: Record<SeriesColumn, number>[] = [];
  for (let k = 0; k < n; k++) {
    const t = t0 + k * 1e-3;
    // the active normal turns by 3° a sample, jumps by 40° at k = 50 and k = 120, is lost for k in [200, 210)
    const deg = 170 + 3 * k + (k >= 50 ? 40 : 0) + (k >= 120 ? -40 : 0);
    const gap = k >= 200 && k < 210;
    const row = Object.fromEntries(SERIES_COLUMNS.map((c) => [c, NaN])) as Record<SeriesColumn, number>;
    row.t = t;
    row.angle = gap ? NaN : Math.atan2(Math.sin(rad(deg)), Math.cos(rad(deg))) + (k % 2 ? 0 : Math.PI); // normal or its opposite
    PLANE_IDS.forEach((id, p) => { row[PLANE_COLUMN[id]] = gap ? NaN : rad(deg + 20 * p - 30 + (k % 3) * 0.5 + (p === 1 && k % 7 === 0 ? 90 : 0)); });
    row.crossings = gap ? NaN : 2 + 2 * (k % 40 < 5 ? 1 : 0);
    out.push(row);
  }
  return out;
}

function chunk(rs: Record<SeriesColumn, number>[], epoch: number, fromSeq: number, resync: SeriesChunk['resync'] = 'none', truncateT = NaN): SeriesChunk {
  const cols = {} as Record<SeriesColumn, Float64Array>;
  for (const c of SERIES_COLUMNS) cols[c] = Float64Array.from(rs, (r) => r[c]);
  return { epoch, resync, truncateT, fromSeq, nextSeq: fromSeq + rs.length, lost: 0, cols };
}

/** A store fed with these rows in chunks of the given sizes. */
function feed(rs: Record<SeriesColumn, number>[], sizes: number[], capacity = 1 << 12): SeriesStore {
  const store = new SeriesStore(capacity);
  let at = 0, q = 0;
  while (at < rs.length) {
    const m = sizes[q++ % sizes.length];
    store.ingest(chunk(rs.slice(at, at + m), 1, at));
    at += m;
  }
  return store;
}

const nan = (a: ArrayLike<number>) => Array.from(a, (v) => (Number.isNaN(v) ? null : v));

describe('the derived plane columns', () => {
  const rs = rows(300);

  it('are the unwrapped angles and the jump markers of the whole history', () => {
    const store = feed(rs, [300]);
    const n = store.length;
    const angle = unwrapSeries(rs.map((r) => r.angle));
    expect(nan(store.cols.angleDeg.subarray(0, n))).toEqual(nan(angle));
    expect(nan(store.cols.jumpDeg.subarray(0, n))).toEqual(nan(jumpMarkers(angle)));
    // two real jumps (40° in a sample); the normal's half-turn flips and the wraps are none
    expect(nan(store.cols.jumpDeg.subarray(0, n)).filter((v) => v !== null).length).toBe(2);
    expect(Number.isFinite(store.cols.jumpDeg[50]) && Number.isFinite(store.cols.jumpDeg[120])).toBe(true);
    // a ghost goes on from its own last value, its first value near the main line
    PLANE_IDS.forEach((id) => {
      const g = store.cols[({ usual: 'usualDeg', 'literal-signed': 'literalSignedDeg', 'literal-abs': 'literalAbsDeg', axial: 'axialDeg' } as const)[id]];
      expect(nan(g.subarray(0, n))).toEqual(nan(unwrapSeries(rs.map((r) => r[PLANE_COLUMN[id]]), angle[0])));
      for (let k = 1; k < n; k++) if (Number.isFinite(g[k]) && Number.isFinite(g[k - 1])) expect(Math.abs(g[k] - g[k - 1])).toBeLessThanOrEqual(90);
    });
  });

  it('do not depend on how the rows were chunked', () => {
    const one = feed(rs, [300]), many = feed(rs, [1, 7, 50, 3]);
    for (const c of ['angleDeg', 'usualDeg', 'literalSignedDeg', 'literalAbsDeg', 'axialDeg', 'jumpDeg'] as const) {
      expect(nan(many.cols[c].subarray(0, many.length))).toEqual(nan(one.cols[c].subarray(0, one.length)));
    }
  });

  it('the chart window shows the CSV rows whichever row it starts at', () => {
    const store = feed(rs, [64]);
    const csv = buildCsv(store, 'angle').trim().split('\n');
    expect(csv[0]).toBe('t_s,planeAngle_deg,usual_deg,literalSigned_deg,literalAbs_deg,axial_deg,jump_deg,crossings');
    expect(csv.length).toBe(store.length + 1);
    for (const from of [0, 1, 117, 250]) {
      const data = buildData(store, 'angle', from, store.length, false);
      expect(data.length).toBe(ANGLE_COLUMNS.header.length);
      for (let r = 0; r < data[0].length; r += 13) {
        const cells = csv[from + r + 1].split(',').map((v) => (v === '' ? null : Number(v)));
        expect(cells).toEqual(data.map((col) => col[r]));
      }
    }
  });

  it('go on after a truncation (back to the last good state) from the rows that are left', () => {
    const store = feed(rs.slice(0, 150), [150]);
    store.ingest(chunk(rs.slice(150, 200), 1, 150));
    const tBack = rs[99].t;
    store.ingest(chunk(rs.slice(100, 300), 2, 0, 'truncate', tBack));
    const straight = feed(rs, [300]);
    expect(store.length).toBe(300);
    for (const c of ['angleDeg', 'axialDeg', 'jumpDeg'] as const) {
      expect(nan(store.cols[c].subarray(0, 300))).toEqual(nan(straight.cols[c].subarray(0, 300)));
    }
  });

  it('are thinned with the history when the store is full', () => {
    const store = feed(rs, [30], 128);
    expect(store.decimations).toBeGreaterThan(0);
    const t = Array.from(store.cols.t.subarray(0, store.length));
    const straight = feed(rs, [300]);
    for (let k = 0; k < store.length; k++) {
      const src = Math.round(t[k] / 1e-3);
      if (src >= 128) continue; // rows after the first thinning continue its references
      expect(store.cols.angleDeg[k]).toBe(straight.cols.angleDeg[src]);
    }
  });

  it('clear with the history', () => {
    const store = feed(rs, [300]);
    store.ingest(chunk(rows(3, 5), 7, 0, 'clear'));
    expect(store.length).toBe(3);
    expect(store.cols.angleDeg[0]).toBeCloseTo(((170 % 180) + 180) % 180, 9);
    expect(store.cols.jumpDeg[0]).toBeNaN();
  });

  it('a disc contact has the main line and nothing else', () => {
    const disc = rows(20).map((r) => ({ ...r, planeUsual: NaN, planeLiteralSigned: NaN, planeLiteralAbs: NaN, planeAxial: NaN, crossings: NaN, angle: rad(-135) }));
    const store = feed(disc, [20]);
    const data = buildData(store, 'angle', 0, store.length, false);
    expect(data[1].every((v) => v !== null && Math.abs(v - 45) < 1e-9)).toBe(true);
    for (let c = 2; c < data.length; c++) expect(data[c].every((v) => v === null)).toBe(true);
  });
});

describe('the angle chart layout', () => {
  it('draws the active definition as the main line and the others as thin ghosts, with jumps and crossings', () => {
    for (const plane of PLANE_IDS) {
      const layout = angleLayout({ polygons: true, plane });
      const series = layout.series!;
      expect(series.length).toBe(ANGLE_COLUMNS.header.length);
      expect(series[1].label).toBe(`${plane} (active)`);
      expect(series[1].label).toBe(activeLabel({ polygons: true, plane }));
      for (const id of PLANE_IDS) {
        const s = series[ghostIndex(id)];
        expect(s.label).toBe(id);
        expect(s.show !== false).toBe(id !== plane);
        expect(s.class === LEGEND_OMIT).toBe(id === plane);
        expect(s.width).toBeLessThan(series[1].width!);
      }
      const strokes = PLANE_IDS.map((id) => series[ghostIndex(id)].stroke);
      expect(new Set([...strokes, series[1].stroke]).size).toBe(5);
      expect(series[6].label).toBe(JUMP_LABEL);
      expect(series[6].show).not.toBe(false);
      expect(series[7].label).toBe('crossings');
      expect(series[7].scale).toBe('y2');
      const y2 = layout.axes!.find((a) => a.scale === 'y2')!;
      expect(y2.side).toBe(1);
      expect(y2.show).toBe(true);
    }
  });

  it('in a disc scene it is the main line alone, as before', () => {
    const layout = angleLayout({ polygons: false, plane: 'axial' });
    const series = layout.series!;
    expect(series[1].label).toBe('angle');
    expect(series.slice(2).every((s) => s.show === false && s.class === LEGEND_OMIT)).toBe(true);
    expect(layout.axes!.find((a) => a.scale === 'y2')!.show).toBe(false);
  });

  it('the crossings axis has a finite range from 0 above the largest count, with whole-number ticks', () => {
    expect(countRange(2)).toEqual([0, 3]);
    expect(countRange(4)).toEqual([0, 5]);
    expect(countRange(0)).toEqual([0, 2]);
    for (const v of [null, NaN, Infinity, -3, 1e300]) {
      const [a, b] = countRange(v);
      expect(Number.isFinite(a) && Number.isFinite(b) && b > a).toBe(true);
    }
    expect(COUNT_INCRS.every((v) => Number.isInteger(v))).toBe(true);
  });
});
