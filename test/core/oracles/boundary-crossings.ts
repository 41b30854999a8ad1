/**
 * JavaScript oracle of src/core/wasm/assembly/polygon-plane.ts's crossings (test/core/polygon-wasm.test.ts).
 * Points where the boundaries of two convex polygons meet, found directly by testing every edge of P against
 * every edge of Q (docs/model.md#area-law-for-polygons; used for the "usual" contact line, docs/model.md#contact-plane-for-polygons).
 *
 * Convention for touching and degenerate cases (docs/model.md#contact-plane-for-polygons):
 * - edges are closed segments, widened by END_SLACK of their length so a crossing at a vertex cannot be lost
 *   to rounding; the point is then clamped onto the edge;
 * - a point closer than MERGE_REL·size to one already found is the same point, so each place where the
 *   boundaries meet is reported once: a crossing at a vertex, a vertex of one polygon on an edge of the
 *   other (1 point), two corners touching (1 point);
 * - parallel edges (|sin angle| ≤ PARALLEL_SIN) give no point; where two edges lie along each other the
 *   ends of the shared stretch are still found, on the neighbouring edges (edge-on-edge touching → 2 points).
 * So: a generic proper overlap → an even count (2, 4 for a "star", up to 2·min(N_P, N_Q)), one polygon strictly inside
 * the other → 0, every result finite.
 * Vertices: flat x, y pairs, counter-clockwise, world coordinates, explicit counts. Nothing is allocated per
 * call; the output buffer grows geometrically only when more points arrive than ever before.
 */
import { growF64, grownCapacity } from '../../../src/core/math/grow';
import { boundingSize, MERGE_REL } from '../../../src/core/shapes/polygon-clip';

/** Edges closer to parallel than this |sin| have no isolated crossing. */
export const PARALLEL_SIN = 1e-12;
/** Edge parameter slack beyond [0, 1], as a fraction of the edge length. */
export const END_SLACK = 1e-12;

export class BoundaryCrossings {
  /** number of points found by the last call */
  count = 0;
  /** the points: x, y pairs in xy[0 … 2·count) */
  xy: Float64Array;

  constructor(capacity = 8) {
    this.xy = new Float64Array(2 * capacity);
  }

  /** Finds the points where ∂P and ∂Q meet; returns their count. */
  compute(p: Float64Array, np: number, q: Float64Array, nq: number): number {
    const tol = MERGE_REL * Math.max(boundingSize(p, np), boundingSize(q, nq));
    const sin2 = PARALLEL_SIN * PARALLEL_SIN, lo = -END_SLACK, hi = 1 + END_SLACK;
    this.count = 0;
    for (let i = 0; i < np; i++) {
      const i1 = i + 1 === np ? 0 : i + 1;
      const ax = p[2 * i], ay = p[2 * i + 1];
      const rx = p[2 * i1] - ax, ry = p[2 * i1 + 1] - ay;
      const r2 = rx * rx + ry * ry;
      for (let j = 0; j < nq; j++) {
        const j1 = j + 1 === nq ? 0 : j + 1;
        const cx = q[2 * j], cy = q[2 * j + 1];
        const sx = q[2 * j1] - cx, sy = q[2 * j1 + 1] - cy;
        // a + t r = c + u s  ⇒  t = (c − a)×s / (r×s),  u = (c − a)×r / (r×s)
        const den = rx * sy - ry * sx;
        if (den * den <= sin2 * r2 * (sx * sx + sy * sy)) continue;
        const wx = cx - ax, wy = cy - ay;
        const t = (wx * sy - wy * sx) / den;
        const u = (wx * ry - wy * rx) / den;
        if (t < lo || t > hi || u < lo || u > hi) continue;
        const tc = t < 0 ? 0 : t > 1 ? 1 : t;
        this.add(ax + tc * rx, ay + tc * ry, tol);
      }
    }
    return this.count;
  }

  /** Appends (x, y) unless a point within tol is already there. */
  private add(x: number, y: number, tol: number): void {
    const n = this.count, xy = this.xy, tol2 = tol * tol;
    for (let k = 0; k < 2 * n; k += 2) {
      const dx = xy[k] - x, dy = xy[k + 1] - y;
      if (dx * dx + dy * dy <= tol2) return;
    }
    if (2 * n + 2 > xy.length) this.xy = growF64(xy, grownCapacity(2 * n + 2, xy.length));
    this.xy[2 * n] = x;
    this.xy[2 * n + 1] = y;
    this.count = n + 1;
  }
}
