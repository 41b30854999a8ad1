/**
 * Choices without a branch for the polygon kernels' unpredictable decisions (issue 38: on the 10,000-polygon pile a
 * mispredicted branch costs more than computing both sides): v128 bit masks, which move the chosen bits unchanged.
 */

/** All ones in both lanes where c, else zeros */
@inline function mask(c: bool): v128 {
  return i64x2.splat(-<i64>c);
}

/** a where c, else b */
@inline export function pick(a: f64, b: f64, c: bool): f64 {
  return f64x2.extract_lane(v128.bitselect(f64x2.splat(a), f64x2.splat(b), mask(c)), 0);
}
