/**
 * AssemblyScript source of neighbors/verlet-reuse.ts's movedBeyond in WebAssembly (issue 9): 1 if a
 * particle of [p0, p1) is more than √lim2 from its position at the last build (x periodic: the minimum
 * image of boundaries/periodic.ts, halves rounded up as JavaScript's Math.round), or is not finite; else 0.
 * docs/model.md#conflicts-and-the-linked-cell-fallback.
 */
export function movedBeyond(x: usize, y: usize, rx: usize, ry: usize, p0: i32, p1: i32, lim2: f64, periodic: i32, L: f64): i32 {
  for (let p = p0; p < p1; p++) {
    const o = <usize>p << 3;
    let dx = load<f64>(x + o) - load<f64>(rx + o);
    if (periodic != 0) {
      const t = dx / L;
      let r = Math.floor(t);
      if (t - r >= 0.5) r += 1;
      dx = dx - L * r;
    }
    const dy = load<f64>(y + o) - load<f64>(ry + o);
    if (dx * dx + dy * dy > lim2 || dx != dx || dy != dy) return 1;
  }
  return 0;
}
