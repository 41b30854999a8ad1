/**
 * Axis ranges and ticks handed to uPlot (src/ui/charts/axis-range.ts): every range finite and
 * non-empty, log ranges whole decades inside [LOG_MIN, LOG_MAX] and at most MAX_DECADES wide (the
 * data that froze the tab — an Ek relaxing to 1e-300, exactly 0, or one repeated value — included),
 * decade ticks only, and linear ticks of any range whose labels never repeat, read their tick's value and need no
 * more than nine significant digits (an Ek of round-off read "0.000000000000", a settled angle 13 digits).
 */
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { T_AXIS } from '../../src/ui/charts/chart-style';
import { DECADE_LABEL_SPACE, decadeLabel, decadeSplits, FLAT_SPREAD, labelledDecades, linearRange, linearTickLabels, linearTicks, linearTickSpace, LOG_MAX, LOG_MIN, logRange, MAX_DECADES, MIN_TICK_SPACE } from '../../src/ui/charts/axis-range';

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

  it('a short plot over many decades labels the top one and every k-th below, at least two, never crowded', () => {
    // a 56 px Ek chart over 1e-17 … 1e-1 (1280×720, two-disc): uPlot labelled "1e-2" alone
    const splits = decadeSplits(1e-17, 1e-1);
    const keep = labelledDecades(splits, 56 / 16);
    const labelled = splits.filter((_v, k) => keep[k]).map(decadeLabel);
    expect(labelled).toEqual(['1e-13', '1e-7', '1e-1']);
    // labelled decades lie at least DECADE_LABEL_SPACE apart, and not much more
    const idx = keep.flatMap((k, i) => (k ? [i] : []));
    for (let k = 1; k < idx.length; k++) {
      expect((idx[k] - idx[k - 1]) * (56 / 16)).toBeGreaterThanOrEqual(DECADE_LABEL_SPACE);
      expect((idx[k] - idx[k - 1] - 1) * (56 / 16)).toBeLessThan(DECADE_LABEL_SPACE);
    }
    // room for every label: all; two decades on a tiny plot: both
    expect(labelledDecades([1e-3, 1e-2, 1e-1, 1], 40)).toEqual([true, true, true, true]);
    expect(labelledDecades([1e-3, 1e-2], 2)).toEqual([true, true]);
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

/** The significant digits a label is written with: "45.00400" → 7, "1.25e-31" → 3, "0" → 1. */
function significantDigits(label: string): number {
  const mantissa = label.replace(/^-/, '').replace(/e.*$/, '').replace('.', '').replace(/^0+/, '');
  return Math.max(1, mantissa.length);
}

/** The ticks and labels an axis over the range linearRange gives `data` draws with room for `room` gaps. */
function axis(min: number, max: number, room = 4) {
  const [a, b] = linearRange(min, max);
  const { ticks, step } = linearTicks(a, b, room);
  return { a, b, ticks, step, labels: linearTickLabels(ticks, step) };
}

/** What every linear axis must be: two ticks or more inside the range, each label its tick's value, none repeated. */
function expectReadable({ a, b, ticks, step, labels }: ReturnType<typeof axis>, what: string): void {
  const context = `${what}: [${a}, ${b}] → ${labels.join(' ')}`;
  expect(ticks.length, context).toBeGreaterThanOrEqual(2);
  expect(new Set(labels).size, context).toBe(labels.length);
  ticks.forEach((t, k) => {
    expect(t, context).toBeGreaterThanOrEqual(a - 1e-9 * step);
    expect(t, context).toBeLessThanOrEqual(b + 1e-9 * step);
    expect(Math.abs(Number(labels[k]) - t), `${context}: ${labels[k]} for ${t}`).toBeLessThanOrEqual(1e-6 * step);
    expect(significantDigits(labels[k]), context).toBeLessThanOrEqual(9);
  });
}

describe('linear ticks of the ranges charts met', () => {
  it("square-incline's Ek once the block rests (round-off, 7e-32 … 1.3e-31 J): ticks in exponent notation, not one '0.000000000000'", () => {
    const ax = axis(7.270551499712334e-32, 1.3183271377235512e-31);
    expectReadable(ax, 'Ek at rest');
    for (const l of ax.labels) expect(l).toMatch(/^\d(\.\d+)?e-3[12]$/);
  });

  it('an Ek of exactly zero and one of 1e-300 J', () => {
    expectReadable(axis(0, 0), 'Ek = 0');
    expectReadable(axis(0, 1e-300), 'Ek up to 1e-300');
  });

  it("relaxation's plane angle settled at 45.004° to round-off (a spread of 4e-13): flat, a few digits, not 13", () => {
    const ax = axis(45.004052139815656, 45.00405213981603);
    expectReadable(ax, 'settled angle');
    expect(ax.a).toBeLessThan(45.004 - 1);
    expect(ax.b).toBeGreaterThan(45.004 + 1);
    for (const l of ax.labels) expect(significantDigits(l)).toBeLessThanOrEqual(3);
    // a step of 2.5 keeps its decimal: 42.5 is not written "43"
    expect(ax.labels).toEqual(['42.5', '45.0', '47.5']);
  });

  it('a spread just above FLAT_SPREAD is drawn with at most nine significant digits', () => {
    for (const v of [45.004, -0.9283, 1e-20, 3e7]) {
      expectReadable(axis(v, v + 1.01 * FLAT_SPREAD * Math.abs(v)), `spread ${FLAT_SPREAD} at ${v}`);
      expectReadable(axis(v, v + 0.99 * FLAT_SPREAD * Math.abs(v)), `flat at ${v}`);
    }
  });

  it('a micrometre of piston ringing at 0.928 m still shows', () => {
    const ax = axis(-0.9283102, -0.9283088);
    expectReadable(ax, 'piston');
    expect(ax.b - ax.a).toBeLessThan(1e-5);
  });

  it('every magnitude from 1e-32 to 1e8, every spread, every plot height', () => {
    for (let e = -32; e <= 8; e += 4) {
      for (const spread of [2e-7, 1e-5, 1e-3, 0.1, 1, 3]) {
        for (const room of [1, 2, 3, 4, 7, 12]) {
          const lo = 1.7 * 10 ** e, hi = lo * (1 + spread);
          expectReadable(axis(lo, hi, room), `e=${e} spread=${spread} room=${room}`);
          expectReadable(axis(-hi, lo, room), `e=${e} spread=${spread} room=${room} across 0`);
        }
      }
    }
  });

  it('the step leaves at least the asked gap between ticks, and no more than one step finer than needed', () => {
    const { ticks, step } = linearTicks(0, 100, 4);
    expect(step).toBe(25);
    expect(ticks).toEqual([0, 25, 50, 75, 100]);
    expect(linearTicks(0, 1, 10).step).toBe(0.1);
    expect(linearTicks(1, 1, 4)).toEqual({ ticks: [], step: 0 });
    expect(linearTicks(0, Infinity, 4)).toEqual({ ticks: [], step: 0 });
  });
});

describe('the time axis', () => {
  it('labels a step of 0.0005 s with four decimals, each label once (the blow-up lesson\'s end frame, t = 0 … 0.0097 s)', () => {
    const splits = Array.from({ length: 20 }, (_, k) => k * 0.0005);
    const labels = T_AXIS.values(null as unknown as uPlot, splits, 0, 50, 0.0005);
    expect(labels.slice(0, 4)).toEqual(['0.0000', '0.0005', '0.0010', '0.0015']);
    expect(new Set(labels).size).toBe(splits.length);
  });

  it('keeps whole seconds whole and a long run\'s seconds without decimals', () => {
    expect(T_AXIS.values(null as unknown as uPlot, [0, 0.5, 1, 1.5], 0, 50, 0.5)).toEqual(['0.0', '0.5', '1.0', '1.5']);
    expect(T_AXIS.values(null as unknown as uPlot, [0, 200, 400], 0, 50, 200)).toEqual(['0', '200', '400']);
  });
});
