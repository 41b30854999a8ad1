/**
 * The contact-plane angle as the chart shows it (docs/user-guide.md#contact-plane-chart-for-polygons). A contact normal angle
 * atan2(n_y, n_x) names a line, so it is shown in degrees modulo 180° and unwrapped: each sample is moved
 * by a multiple of 180° to within 90° of the previous one, so a wrap (179° → 1°) never looks like a jump.
 * A sample that turns by more than JUMP_DEG from the one before is a jump (paper 001 Figs. 8–9).
 */

/** A turn of the plane by more than this between two samples is marked [°] */
export const JUMP_DEG = 5;

/** A normal angle [rad] in degrees modulo 180°, in [0°, 180°); NaN stays NaN. */
export function mod180Deg(rad: number): number {
  const d = (rad * 180) / Math.PI;
  const m = d - 180 * Math.floor(d / 180);
  return m >= 180 ? m - 180 : m; // round-off at the top end
}

/** deg + k·180° within 90° of ref ([ref − 90°, ref + 90°)); deg itself when ref is not finite. */
export function unwrapNear(deg: number, ref: number): number {
  if (!Number.isFinite(ref) || !Number.isFinite(deg)) return deg;
  return deg - 180 * Math.round((deg - ref) / 180);
}

/** The chart's value of a normal angle [rad] after a sample that showed `ref` [°] (NaN: none yet). */
export function planeAngleDeg(rad: number, ref: number): number {
  return unwrapNear(mod180Deg(rad), ref);
}

/** Whether the line turned by more than `limit` [°] from `prev` to `cur` (both shown values, both finite). */
export function isJump(prev: number, cur: number, limit = JUMP_DEG): boolean {
  return Number.isFinite(prev) && Number.isFinite(cur) && Math.abs(cur - prev) > limit;
}

/**
 * A whole series of normal angles [rad] as the chart shows them [°]; a gap (NaN) keeps the last shown
 * value as the reference, so the line goes on where it left off.
 */
export function unwrapSeries(rad: ArrayLike<number>, ref = NaN): Float64Array {
  const out = new Float64Array(rad.length);
  for (let k = 0; k < rad.length; k++) {
    out[k] = planeAngleDeg(rad[k], ref);
    if (Number.isFinite(out[k])) ref = out[k];
  }
  return out;
}

/** The jump markers of a shown series [°]: the value where it turned by more than `limit` since the sample before, else NaN. */
export function jumpMarkers(deg: ArrayLike<number>, limit = JUMP_DEG): Float64Array {
  const out = new Float64Array(deg.length).fill(NaN);
  for (let k = 1; k < deg.length; k++) if (isJump(deg[k - 1], deg[k], limit)) out[k] = deg[k];
  return out;
}
