/** Polygon fixtures for the shape-kernel tests: flat x, y pairs, counter-clockwise. */
import type { Rng } from '../../../src/core/math/rng';

/** Axis-aligned rectangle [x0, x1] × [y0, y1]. */
export function box(x0: number, y0: number, x1: number, y1: number): Float64Array {
  return Float64Array.of(x0, y0, x1, y0, x1, y1, x0, y1);
}

/** Regular n-gon with circumradius r about (cx, cy), first vertex at angle phase. */
export function regular(n: number, r: number, cx = 0, cy = 0, phase = 0): Float64Array {
  const out = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    const a = phase + (2 * Math.PI * k) / n;
    out[2 * k] = cx + r * Math.cos(a);
    out[2 * k + 1] = cy + r * Math.sin(a);
  }
  return out;
}

/** x ↦ c + s·Rot(angle)·x for every vertex (a similarity keeps convexity and orientation). */
export function transform(xy: Float64Array, s: number, angle: number, cx: number, cy: number): Float64Array {
  const c = Math.cos(angle), si = Math.sin(angle);
  const out = new Float64Array(xy.length);
  for (let k = 0; k < xy.length; k += 2) {
    out[k] = cx + s * (c * xy[k] - si * xy[k + 1]);
    out[k + 1] = cy + s * (si * xy[k] + c * xy[k + 1]);
  }
  return out;
}

/**
 * Random convex polygon with 3 … 10 vertices: sorted random angles on an ellipse (semi-axes 0.5 … 1.5,
 * gaps ≥ 0.1 rad), rotated and centred at (cx, cy). Strictly convex by construction.
 */
export function randomConvex(rng: Rng, cx: number, cy: number): Float64Array {
  const n = 3 + rng.below(8);
  const angles: number[] = [];
  for (;;) {
    angles.length = 0;
    for (let k = 0; k < n; k++) angles.push(rng.uniform(0, 2 * Math.PI));
    angles.sort((a, b) => a - b);
    let ok = true;
    for (let k = 0; k < n; k++) {
      const gap = k + 1 < n ? angles[k + 1] - angles[k] : angles[0] + 2 * Math.PI - angles[k];
      if (gap < 0.1 || gap > Math.PI - 0.1) ok = false;
    }
    if (ok) break;
  }
  const ax = rng.uniform(0.5, 1.5), ay = rng.uniform(0.5, 1.5), rot = rng.uniform(0, 2 * Math.PI);
  const c = Math.cos(rot), s = Math.sin(rot);
  const out = new Float64Array(2 * n);
  angles.forEach((a, k) => {
    const x = ax * Math.cos(a), y = ay * Math.sin(a);
    out[2 * k] = cx + c * x - s * y;
    out[2 * k + 1] = cy + s * x + c * y;
  });
  return out;
}
