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

/** Least gap between labelled decades on a log axis [CSS px]: a 13 px label and some air. */
export const DECADE_LABEL_SPACE = 18;

/**
 * Which of a log axis's decade ticks get a label at `pxPerDecade` CSS px a decade: the top one and every k-th below
 * it, k the least that keeps the labels DECADE_LABEL_SPACE apart but never so large that fewer than two are labelled
 * (uPlot's own choice left a 56 px Ek chart spanning 16 decades one label, "1e-2").
 */
export function labelledDecades(splits: number[], pxPerDecade: number): boolean[] {
  const n = splits.length;
  if (n < 2) return splits.map(() => true);
  const every = Math.min(n - 1, Math.max(1, Math.ceil(DECADE_LABEL_SPACE / Math.max(pxPerDecade, 1e-9) - 1e-9)));
  return splits.map((_v, k) => (n - 1 - k) % every === 0);
}

/** Label of a decade tick: 1e-6, 1e0, 1e3. */
export function decadeLabel(v: number): string {
  return `1e${Math.round(Math.log10(v))}`;
}

/**
 * Data whose spread is below this fraction of its size is drawn flat: the ticks of a narrower range would need more
 * than about eight significant digits, and what they would resolve is round-off (a plane angle settled at 45.004°
 * ticked "45.0040521398160", 13 digits). A piston ringing by a micrometre around 0.928 m (10⁻⁶) still shows.
 */
export const FLAT_SPREAD = 1e-7;

/**
 * A linear range around [min, max] with 5 % padding; flat data (a spread up to FLAT_SPREAD) gets a band of ±10 %
 * around its value (±1 around 0) instead of uPlot's 0–100, and no data gets [0, 1].
 */
export function linearRange(min: number | null, max: number | null): [number, number] {
  const lo = min !== null && Number.isFinite(min) ? min : NaN;
  const hi = max !== null && Number.isFinite(max) ? max : NaN;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  const span = hi - lo;
  const scale = Math.max(Math.abs(lo), Math.abs(hi));
  if (!(span > FLAT_SPREAD * scale) || span === 0) {
    const h = scale > 0 ? 0.1 * scale : 1;
    const mid = (lo + hi) / 2;
    return [mid - h, mid + h];
  }
  return [lo - 0.05 * span, hi + 0.05 * span];
}

/** The tick steps: 1, 2, 2.5 and 5 times a power of ten. */
const STEPS = [1, 2, 2.5, 5];

/** Step k of the sequence …, 0.5, 1, 2, 2.5, 5, 10, … (k = 0: 1), written as uPlot writes its own (2.5e-7, not 2.5 × 1e-7). */
function niceStep(k: number): number {
  const e = Math.floor(k / STEPS.length);
  return Number(`${STEPS[k - e * STEPS.length]}e${e}`);
}

/**
 * The ticks of a linear axis over [min, max] with room for `room` gaps (its length over the least gap between
 * labels): the multiples of the smallest step (1, 2, 2.5 or 5 × 10^k) that keeps the gaps that wide, and a finer
 * step when that one leaves fewer than two ticks. Any range, however small: uPlot's own steps stop at 1e-16 and
 * refuse more than 17 digits, which left an Ek of round-off (1e-31 J, a block at rest) with one tick reading
 * "0.000000000000". Returns the ticks and their step (none for an empty or non-finite range).
 */
export function linearTicks(min: number, max: number, room: number): { ticks: number[]; step: number } {
  const span = max - min;
  if (!(span > 0) || !Number.isFinite(span)) return { ticks: [], step: 0 };
  const least = span / Math.max(1, room);
  let k = STEPS.length * Math.floor(Math.log10(least)) - 1;
  while (niceStep(k) < least) k++;
  for (; ; k--) {
    const step = niceStep(k);
    const first = Math.ceil(min / step - 1e-9), last = Math.floor(max / step + 1e-9);
    // a padded range holds two multiples of a step a tenth of its span: the loop ends there at the latest
    if (last > first || step < span / 10) {
      const ticks: number[] = [];
      for (let j = first; j <= last; j++) ticks.push(j === 0 ? 0 : j * step); // j = 0 at -0: a tick "-0"
      return { ticks, step };
    }
  }
}

/** Decimals that write multiples of `step` exactly: 0.25 → 2, 2.5 → 1, 20 → 0 (at most 15). */
function stepDecimals(step: number): number {
  for (let d = 0; d < 15; d++) {
    const v = step * 10 ** d;
    if (v >= 0.5 && Math.abs(v - Math.round(v)) < 1e-6 * v) return d;
  }
  return 15;
}

/**
 * Tick labels with as many digits as the tick spacing needs, so that no two ticks read the same: a
 * piston ringing by a micrometre around 0.928 m reads -0.928309, -0.928310; tiny or huge values
 * (an Ek of 1e-6 J) switch to exponent notation; a step of 2.5 keeps its decimal (42.5, not "43").
 */
export function linearTickLabels(splits: number[], increment = 0): string[] {
  // a lone tick has no neighbour to size its digits by: the axis's step does it, else its own value to four significant digits
  if (splits.length === 1 && !(increment > 0)) return [splits[0] === 0 ? '0' : String(+splits[0].toPrecision(4))];
  const inc = splits.length > 1 ? Math.abs(splits[1] - splits[0]) : increment;
  let maxAbs = 0;
  for (const v of splits) maxAbs = Math.max(maxAbs, Math.abs(v));
  if (maxAbs > 0 && (maxAbs >= 1e5 || maxAbs < 1e-3)) {
    if (!(inc > 0)) return splits.map((v) => (v === 0 ? '0' : v.toExponential(2)));
    // significant digits down to the step's last one: 2.5e-7 steps below 1e-6 need 1.00e-6, 1.25e-6
    const exp = (v: number) => Math.floor(Math.log10(v) + 1e-9);
    const digits = exp(maxAbs) - exp(inc) + 1 + stepDecimals(inc / 10 ** exp(inc));
    return splits.map((v) => (v === 0 ? '0' : v.toExponential(Math.min(14, Math.max(0, digits - 1)))));
  }
  const dec = inc > 0 ? Math.min(12, stepDecimals(inc)) : 3;
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
