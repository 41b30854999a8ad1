/**
 * Choices without a branch for the polygon kernels' (and their rotations') unpredictable decisions (issue 38: on the
 * 10,000-polygon pile a mispredicted branch costs more than computing both sides): bit masks, which move the chosen
 * number's bits unchanged.
 */

/** a where c, else b */
@inline export function pick(a: f64, b: f64, c: bool): f64 {
  const m = -<i64>c;
  return reinterpret<f64>((reinterpret<i64>(a) & m) | (reinterpret<i64>(b) & ~m));
}
