/**
 * Axis ranges and log-axis ticks that never hand uPlot a degenerate range. uPlot's own log splits
 * loop until the split passes the scale's maximum; with a range below its table of increments
 * (≈ 1e-32) or a rounding that sticks at 0, that loop grows an array until "Invalid array length"
 * and the tab freezes. Every range here is finite, non-empty and, on a log axis, whole decades within
 * [LOG_MIN, LOG_MAX] spanning at most MAX_DECADES.
 */

/** Smallest and largest decade a log axis shows. */
export const LOG_MIN = 1e-30;
export const LOG_MAX = 1e30;
/** A log axis spans at most this many decades, counted down from the largest value. */
export const MAX_DECADES = 16;

/** Whole decades [10^a, 10^b] around the positive data in [min, max] (null/≤ 0/non-finite: a default). */
export function logRange(min: number | null, max: number | null): [number, number] {
  const lo = min !== null && Number.isFinite(min) && min > 0 ? min : NaN;
  const hi = max !== null && Number.isFinite(max) && max > 0 ? max : NaN;
  if (!(hi > 0)) return [1e-6, 1];
  const top = Math.max(clampExp(Math.ceil(Math.log10(hi) - 1e-12)), Math.log10(LOG_MIN) + 1);
  let bottom = lo > 0 ? clampExp(Math.floor(Math.log10(lo) + 1e-12)) : top - MAX_DECADES;
  if (bottom >= top) bottom = top - 1;
  bottom = Math.max(bottom, top - MAX_DECADES, Math.log10(LOG_MIN));
  return [10 ** bottom, 10 ** top];
}

function clampExp(e: number): number {
  return Math.min(Math.log10(LOG_MAX), Math.max(Math.log10(LOG_MIN), e));
}

/** The decades 10^k inside [min, max] ∩ [LOG_MIN, LOG_MAX], as tick positions; at most MAX_DECADES + 1. */
export function decadeSplits(min: number, max: number): number[] {
  if (!(min > 0 && max > min && Number.isFinite(max))) return [];
  const a = clampExp(Math.ceil(Math.log10(min) - 1e-9)), b = clampExp(Math.floor(Math.log10(max) + 1e-9));
  const out: number[] = [];
  for (let k = Math.max(a, b - MAX_DECADES); k <= b; k++) out.push(10 ** k);
  return out;
}

/** Label of a decade tick: 1e-6, 1e0, 1e3. */
export function decadeLabel(v: number): string {
  return `1e${Math.round(Math.log10(v))}`;
}

/**
 * A linear range around [min, max] with 5 % padding; flat data gets a band of ±10 % of its value
 * (±1 around 0) instead of uPlot's 0–100, and no data gets [0, 1].
 */
export function linearRange(min: number | null, max: number | null): [number, number] {
  const lo = min !== null && Number.isFinite(min) ? min : NaN;
  const hi = max !== null && Number.isFinite(max) ? max : NaN;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  const span = hi - lo;
  const scale = Math.max(Math.abs(lo), Math.abs(hi));
  // flat up to round-off: a band around the value
  if (!(span > 1e-12 * scale) || span === 0) {
    const h = scale > 0 ? 0.1 * scale : 1;
    return [lo - h, hi + h];
  }
  return [lo - 0.05 * span, hi + 0.05 * span];
}

/**
 * Tick labels with as many digits as the tick spacing needs, so that no two ticks read the same: a
 * piston ringing by a micrometre around 0.928 m reads -0.928309, -0.928310; tiny or huge values
 * (an Ek of 1e-6 J) switch to exponent notation.
 */
export function linearTickLabels(splits: number[], increment = 0): string[] {
  // a lone tick has no neighbour to size its digits by: the axis's increment (uPlot's foundIncr) does it,
  // else its own value to four significant digits
  if (splits.length === 1 && !(increment > 0)) return [splits[0] === 0 ? '0' : String(+splits[0].toPrecision(4))];
  const inc = splits.length > 1 ? Math.abs(splits[1] - splits[0]) : increment;
  let maxAbs = 0;
  for (const v of splits) maxAbs = Math.max(maxAbs, Math.abs(v));
  if (maxAbs > 0 && (maxAbs >= 1e5 || maxAbs < 1e-3)) {
    const digits = inc > 0 ? Math.min(15, Math.max(1, Math.ceil(Math.log10(maxAbs / inc) - 1e-9) + 1)) : 3;
    return splits.map((v) => (v === 0 ? '0' : v.toExponential(digits - 1)));
  }
  const dec = inc > 0 ? Math.min(12, Math.max(0, Math.ceil(-Math.log10(inc) - 1e-9))) : 3;
  return splits.map((v) => v.toFixed(dec));
}

/** Smallest gap between linear-axis ticks [CSS px]: the 13 px labels must not overlap. */
export const MIN_TICK_SPACE = 14;

/**
 * Gap between a linear y axis's ticks for a plot `plotDim` CSS px tall: uPlot's default 30 px, less on a
 * short plot so that it still gets three or four ticks (an Ek chart at 1280×720 is ≈ 50 px tall and showed
 * a single "0.000"), never below MIN_TICK_SPACE.
 */
export function linearTickSpace(plotDim: number): number {
  return Math.max(MIN_TICK_SPACE, Math.min(30, plotDim / 4));
}

/**
 * A count axis (the contact-plane chart's boundary crossings, docs/user-guide.md#contact-plane-chart-for-polygons): from 0 to one
 * above the largest count, at least [0, 2]; no data (or nothing finite) gets [0, 2].
 */
export function countRange(max: number | null): [number, number] {
  const hi = max !== null && Number.isFinite(max) && max > 0 ? Math.min(max, 1e9) : 0;
  return [0, Math.max(2, Math.ceil(hi) + 1)];
}

/** Whole-number tick steps for a count axis. */
export const COUNT_INCRS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];
