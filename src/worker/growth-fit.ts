/**
 * The measured growth factor of a blow-up (issue 36): a least-squares line through ln Ek over the steps, from where
 * Ek first reaches `from` times its low (before that the growing mode has not yet overtaken the others) to the last
 * step. A single unstable mode makes Ek oscillate inside its growing envelope (it is zero twice a period), so the
 * line goes through Ek's local maxima; Ek that grows every step (many modes, or a real eigenvalue) has too few of
 * them, and then every step is fitted. Ek ∝ ρ^{2n}: the amplitude's growth factor per step is exp(slope/2).
 */
import type { GrowthFit } from '../protocol/blow-up';

/** Below this many local maxima every step is fitted */
export const MIN_PEAKS = 6;

/**
 * The fit of `ek[0 … count)` (Ek per step; ek[0] at step `firstStep`, the low `low`), from the first value at least
 * `from` × low; null with fewer than three points.
 */
export function fitGrowth(ek: Float64Array, count: number, firstStep: number, low: number, from: number): GrowthFit | null {
  let start = -1;
  for (let k = 0; k < count; k++) if (ek[k] >= from * low) { start = k; break; }
  if (start < 0 || count - start < 3) return null;
  let peaks = 0;
  for (let k = start; k < count; k++) if (isPeak(ek, k, start, count)) peaks++;
  const all = peaks < MIN_PEAKS;
  let n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0, first = -1, last = -1;
  for (let k = start; k < count; k++) {
    if (!(all || isPeak(ek, k, start, count)) || !(ek[k] > 0)) continue;
    const x = k, y = Math.log(ek[k]);
    n++; sx += x; sy += y; sxx += x * x; sxy += x * y; syy += y * y;
    if (first < 0) first = k;
    last = k;
  }
  if (n < 3) return null;
  const vxx = sxx - (sx * sx) / n, vxy = sxy - (sx * sy) / n, vyy = syy - (sy * sy) / n;
  if (!(vxx > 0)) return null;
  const slope = vxy / vxx;
  return {
    rho: Math.exp(slope / 2), slope, r2: vyy > 0 ? (vxy * vxy) / (vxx * vyy) : 1, points: n,
    fromStep: firstStep + first, toStep: firstStep + last, span: Math.exp(slope * (last - first)),
  };
}

/** ek[k] is a local maximum inside ek[start … count) (not an end: the run may stop anywhere in a period). */
function isPeak(ek: Float64Array, k: number, start: number, count: number): boolean {
  return k > start && k < count - 1 && ek[k] >= ek[k - 1] && ek[k] >= ek[k + 1];
}
