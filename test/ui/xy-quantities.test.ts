/**
 * The x–y chart's pure part (src/ui/charts/xy-quantities.ts): a choice is made valid, each quantity reads a column the
 * store keeps and has its unit on the axis (an overlap is an area for polygons; t / tc has none), the points are the
 * rows where both values are finite, in row order (so a loop stays a loop) and broken where rows were skipped, and an
 * empty chart says what to do.
 */
import { describe, expect, it } from 'vitest';
import { SERIES_COLUMNS, type SeriesChunk, type SeriesColumn } from '../../src/protocol/api';
import { SeriesStore } from '../../src/ui/charts/series-store';
import { axisTitle, DEFAULT_XY, emptyXyText, pointCount, validChoice, xyPoints, xyQuantity, XY_QUANTITIES } from '../../src/ui/charts/xy-quantities';

/** A store holding `rows` rows: every column `fill`, then the columns given. */
function storeOf(rows: number, fill: number, set: Partial<Record<SeriesColumn, number[]>>): SeriesStore {
  const cols = {} as Record<SeriesColumn, Float64Array>;
  for (const c of SERIES_COLUMNS) cols[c] = new Float64Array(rows).fill(fill);
  cols.t = Float64Array.from({ length: rows }, (_, k) => 0.001 * k);
  for (const [c, v] of Object.entries(set)) cols[c as SeriesColumn] = Float64Array.from(v);
  const store = new SeriesStore(64);
  const chunk: SeriesChunk = { epoch: 1, resync: 'none', truncateT: NaN, fromSeq: 0, nextSeq: rows, lost: 0, cols };
  store.ingest(chunk);
  return store;
}

const DISCS = { tc: 0.002, polygons: false };

describe('x–y chart quantities', () => {
  it('a choice is made valid: an unknown id falls back to the default\'s', () => {
    expect(validChoice('t', 'contactOverlap')).toEqual({ x: 't', y: 'contactOverlap' });
    expect(validChoice('nope', 'contactFn')).toEqual({ x: DEFAULT_XY.x, y: 'contactFn' });
    expect(validChoice('tOverTc', '<img>')).toEqual({ x: 'tOverTc', y: DEFAULT_XY.y });
    expect(xyQuantity('constructor')).toBeNull();
  });

  it('each quantity reads a column of the store; the axis titles carry the units', () => {
    const store = storeOf(3, 2, {});
    for (const q of XY_QUANTITIES) expect(Number.isFinite(q.get(store.cols, 1, DISCS)), q.id).toBe(true);
    expect(new Set(XY_QUANTITIES.map((q) => q.id)).size).toBe(XY_QUANTITIES.length);
    const title = (id: string, axis: 'x' | 'y', polygons = false) => axisTitle(xyQuantity(id)!, { tc: 1, polygons }, axis);
    expect(title('contactOverlap', 'x')).toBe('contact overlap δ [m]');
    expect(title('contactOverlap', 'y')).toBe('δ [m]');
    expect(title('contactOverlap', 'y', true)).toBe('δ [m²]');
    expect(title('contactFn', 'y')).toBe('fn [N]');
    expect(title('ek', 'x')).toBe('kinetic energy Ek [J]');
    expect(title('t', 'x')).toBe('time t [s]');
    expect(title('tOverTc', 'x')).toBe('t / tc');
    expect(title('flux', 'y')).toBe('flux [1/s]');
    expect(title('discharged', 'x')).toBe('mass discharged [kg]');
    expect(title('discharged', 'y')).toBe('m out [kg]');
    expect(title('beverloo', 'x')).toBe("Beverloo's rate [kg/s]");
    // the y axis's title runs along the plot's short side: at most 12 characters
    for (const q of XY_QUANTITIES) expect(axisTitle(q, { tc: 1, polygons: true }, 'y').length, q.id).toBeLessThanOrEqual(12);
  });

  it('overlap against t: the rows where both are finite, in row order, lifted where rows were skipped; t / tc divides by the scene\'s tc', () => {
    const overlap = [NaN, 1e-6, 3e-6, Infinity, 2e-6, NaN];
    const store = storeOf(6, NaN, { contactOverlap: overlap, ek: [5, 4, 3, 2, 1, 0] });
    const points = xyPoints(store, { x: 't', y: 'contactOverlap' }, 0, 6, DISCS);
    expect(points).toEqual({ x: [0.001, 0.002, null, 0.004], y: [1e-6, 3e-6, null, 2e-6] });
    expect(pointCount(points)).toBe(3);
    // the window's rows only
    expect(xyPoints(store, { x: 't', y: 'contactOverlap' }, 2, 6, DISCS)).toEqual({ x: [0.002, null, 0.004], y: [3e-6, null, 2e-6] });
    const ek = xyPoints(store, { x: 'tOverTc', y: 'ek' }, 0, 6, DISCS);
    expect(ek.x.map((v) => Math.round(v! * 1e9) / 1e9)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(ek.y).toEqual([5, 4, 3, 2, 1, 0]);
    // x need not grow: fn against δ keeps the row order (loading, then unloading)
    const loop = storeOf(4, NaN, { contactOverlap: [1, 2, 3, 1], contactFn: [10, 25, 30, 5] });
    expect(xyPoints(loop, { x: 'contactOverlap', y: 'contactFn' }, 0, 4, DISCS)).toEqual({ x: [1, 2, 3, 1], y: [10, 25, 30, 5] });
    // no tc (contact dynamics' rigid discs have none): no t / tc
    expect(xyPoints(store, { x: 'tOverTc', y: 'ek' }, 0, 6, { tc: NaN, polygons: false }).x).toEqual([]);
  });

  it('an empty chart says what to do', () => {
    const apart = storeOf(4, NaN, { ek: [1, 2, 3, 4] });
    const text = (x: string, y: string, store = apart) => {
      const c = validChoice(x, y);
      return emptyXyText(store, c, 0, store.length, DISCS, pointCount(xyPoints(store, c, 0, store.length, DISCS)));
    };
    expect(text('t', 'contactOverlap')).toBe('no contact overlap δ yet: shift-click two touching bodies to select their contact');
    expect(text('trackX', 'ek')).toBe('no followed body x yet: click a body to follow it');
    expect(text('t', 'discharged')).toBe("no mass discharged yet: open a gate in build mode (a silo's orifice)");
    expect(text('ek', 'ek')).toBe('choose two different quantities');
    expect(xyPoints(apart, { x: 'ek', y: 'ek' }, 0, 4, DISCS).x).toEqual([]);
    expect(text('t', 'ek')).toBeNull();
    // both have values, never in the same row
    const apartRows = storeOf(2, NaN, { contactFn: [1, NaN], trackX: [NaN, 2] });
    expect(text('trackX', 'contactFn', apartRows)).toBe('contact normal force fn and followed body x have no row in common yet');
  });
});
