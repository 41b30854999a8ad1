/**
 * Axis ranges and ticks handed to uPlot (src/ui/charts/axis-range.ts): every range finite and
 * non-empty, log ranges whole decades inside [LOG_MIN, LOG_MAX] and at most MAX_DECADES wide (the
 * data that froze the tab — an Ek relaxing to 1e-300, exactly 0, or one repeated value — included),
 * decade ticks only, and linear tick labels that never repeat.
 */
import { describe, expect, it } from 'vitest';
import { decadeLabel, decadeSplits, linearRange, linearTickLabels, linearTickSpace, LOG_MAX, LOG_MIN, logRange, MAX_DECADES, MIN_TICK_SPACE } from '../../src/ui/charts/axis-range';

const isDecade = (v: number) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-12;

describe('log axis', () => {
  const cases: [number | null, number | null][] = [
    [1e-3, 2.5], [1e-300, 1e-290], [0, 1e-5], [null, null], [5e-7, 5e-7], [1e-40, 1], [3, 1e40],
    [-1, 2], [NaN, Infinity], [1e-320, 1e-320], [0.1, 0.1],
  ];
  for (const [min, max] of cases) {
    it(`range of data [${min}, ${max}] is whole decades inside the bounds`, () => {
      const [a, b] = logRange(min, max);
      expect(Number.isFinite(a) && Number.isFinite(b)).toBe(true);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(a);
      expect(isDecade(a) && isDecade(b)).toBe(true);
      expect(a).toBeGreaterThanOrEqual(LOG_MIN * (1 - 1e-12));
      expect(b).toBeLessThanOrEqual(LOG_MAX * (1 + 1e-12));
      expect(Math.round(Math.log10(b / a))).toBeLessThanOrEqual(MAX_DECADES);
      const splits = decadeSplits(a, b);
      expect(splits.length).toBeGreaterThanOrEqual(2);
      expect(splits.length).toBeLessThanOrEqual(MAX_DECADES + 1);
    });
  }

  it('covers the data when it fits in MAX_DECADES', () => {
    const [a, b] = logRange(3e-7, 42);
    expect(a).toBeCloseTo(1e-7, 20);
    expect(b).toBeCloseTo(100, 10);
    expect(decadeSplits(a, b).map(decadeLabel)).toEqual(['1e-7', '1e-6', '1e-5', '1e-4', '1e-3', '1e-2', '1e-1', '1e0', '1e1', '1e2']);
  });

  it('keeps the top MAX_DECADES decades of data spanning more', () => {
    const [a, b] = logRange(1e-200, 2);
    expect(b).toBe(10);
    expect(Math.round(Math.log10(a))).toBe(1 - MAX_DECADES);
  });

  it('splits of a bad range are empty, never an endless loop', () => {
    expect(decadeSplits(0, 1)).toEqual([]);
    expect(decadeSplits(1, 1)).toEqual([]);
    expect(decadeSplits(1, Infinity)).toEqual([]);
    // a scale uPlot set before any data (or below the decades it can label) gives finite decades only
    for (const v of decadeSplits(1e-323, 1e-300)) expect(v).toBeGreaterThanOrEqual(LOG_MIN * (1 - 1e-12));
  });
});

describe('linear axis', () => {
  it('flat data gets a band around its value, not 0–100', () => {
    expect(linearRange(0.5, 0.5)).toEqual([0.45, 0.55]);
    expect(linearRange(0, 0)).toEqual([-1, 1]);
    const [a, b] = linearRange(-0.9283, -0.9283 + 1e-17);
    expect(a).toBeLessThan(-0.9283);
    expect(b).toBeGreaterThan(-0.9283);
  });

  it('no data gives [0, 1]; real data is padded by 5 %', () => {
    expect(linearRange(null, null)).toEqual([0, 1]);
    expect(linearRange(NaN, 3)).toEqual([0, 1]);
    const [a, b] = linearRange(0, 10);
    expect(a).toBeCloseTo(-0.5, 12);
    expect(b).toBeCloseTo(10.5, 12);
  });

  it('tick labels never repeat, for tiny, ordinary and micrometre-spaced values', () => {
    const sets = [
      [0.001, 0.0012, 0.0014, 0.0016],
      [-0.92831, -0.928309, -0.928308],
      [1e-6, 2e-6, 3e-6],
      [0, 2.5e-7, 5e-7],
      [100000, 150000, 200000],
      [0, 0.5, 1, 1.5],
    ];
    for (const s of sets) {
      const labels = linearTickLabels(s);
      expect(new Set(labels).size, labels.join(', ')).toBe(s.length);
      labels.forEach((l, k) => expect(Math.abs(Number(l) - s[k])).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(s[k]))));
    }
  });

  it('a lone tick reads its own value, not "0.000"', () => {
    expect(linearTickLabels([0])).toEqual(['0']);
    expect(linearTickLabels([0.0004])).toEqual(['0.0004']);
    expect(linearTickLabels([-0.92830912])).toEqual(['-0.9283']);
    // with the axis's increment, as many digits as it needs: a plane angle's lone tick at 45.005° in steps of 0.005
    expect(linearTickLabels([45.005], 0.005)).toEqual(['45.005']);
  });

  it('a short plot still gets about three ticks, spaced no closer than a label is tall', () => {
    for (const h of [42, 50, 60, 90]) expect(Math.floor(h / linearTickSpace(h))).toBeGreaterThanOrEqual(3);
    for (const h of [0, 10, 30, 500]) expect(linearTickSpace(h)).toBeGreaterThanOrEqual(MIN_TICK_SPACE);
    expect(linearTickSpace(400)).toBe(30); // uPlot's own gap on a tall plot
    expect(linearTickSpace(90)).toBeLessThan(30); // a 90 px plot (a comparison's chart at 1280×720) gets four
  });
});
