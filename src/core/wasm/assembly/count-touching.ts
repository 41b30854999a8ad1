/**
 * AssemblyScript source of contacts/parallel-disc-kernels.ts's countTouchingPairs in WebAssembly (issue 9):
 * how many pairs of [p0, p1) the pair loop will find touching (its own test: |d| < a_i + a_j, not two
 * immovable bodies; x periodic with JavaScript's Math.round), so a pool knows where each chunk's contacts go.
 * It writes the touching pairs' indices to list[0 …] and −1 to every pair's slot, so that the pair loop
 * (disc-pairs.ts, LISTED) visits only those, without a mispredicted branch per candidate, and sets their slots.
 */
export function countTouching(
  ex: usize, ey: usize, rad: usize, im: usize, ii: usize, pi: usize, pj: usize, p0: i32, p1: i32, periodic: i32, L: f64, list: usize, slot: usize,
): i32 {
  let count = 0;
  for (let p = p0; p < p1; p++) {
    const bi = <usize>load<i32>(pi + (<usize>p << 2)) << 3, bj = <usize>load<i32>(pj + (<usize>p << 2)) << 3;
    let dx = load<f64>(ex + bj) - load<f64>(ex + bi);
    if (periodic != 0) {
      const t = dx / L;
      let r = Math.floor(t);
      if (t - r >= 0.5) r += 1;
      dx -= L * r;
    }
    const dy = load<f64>(ey + bj) - load<f64>(ey + bi);
    const s = load<f64>(rad + bi) + load<f64>(rad + bj);
    // without branches (half the candidates touch: a branch would be mispredicted half the time)
    const touching = <i32>(dx * dx + dy * dy < s * s) & (<i32>(load<f64>(im + bi) + load<f64>(im + bj) != 0) | <i32>(load<f64>(ii + bi) + load<f64>(ii + bj) != 0));
    store<i32>(list + (<usize>count << 2), p);
    store<i32>(slot + (<usize>p << 2), -1);
    count += touching;
  }
  return count;
}
