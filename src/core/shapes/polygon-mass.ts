/**
 * Convex-polygon mass properties and validation (docs/model.md#bodies-and-shapes).
 *
 * Vertex layout, used by every file in `shapes/`: a flat array of x, y pairs
 * `[x0, y0, x1, y1, …]`, counter-clockwise. These functions run when a scenario is built, not per step,
 * so they may allocate. The sums are taken about the vertex mean (then moved to the centroid by the
 * parallel-axis theorem), so a polygon far from the origin keeps full relative precision.
 */

/** Geometric properties of one convex polygon; multiply area and polarMoment by ρ₂ for m and I. */
export interface PolygonMassProperties {
  /** A */
  area: number;
  /** centroid G */
  cx: number;
  cy: number;
  /** J_G = ∫ |x − G|² dA, so I = ρ₂ J_G */
  polarMoment: number;
  /** r = √(A/π) (paper 000 Eq. 5) */
  equivalentRadius: number;
  /** max |X_k − G| */
  circumradius: number;
  /** smallest distance from G to an edge line */
  inradius: number;
}

/** Vertices closer than this fraction of the polygon's size are reported as coinciding. */
const COINCIDE_REL = 1e-9;
/** Areas below this fraction of size² are reported as zero. */
const ZERO_AREA_REL = 1e-12;
/** Turns with |sin| below this are straight (a vertex on a straight edge is accepted). */
const STRAIGHT_SIN = 1e-12;

/**
 * Shoelace area, centroid and polar moment (docs/model.md#bodies-and-shapes), plus the radii stored per polygon.
 * `xy` must have passed `checkConvexPolygon`.
 */
export function polygonMassProperties(xy: ArrayLike<number>): PolygonMassProperties {
  const n = xy.length >> 1;
  let ox = 0, oy = 0;
  for (let k = 0; k < n; k++) { ox += xy[2 * k]; oy += xy[2 * k + 1]; }
  ox /= n; oy /= n;
  // the shoelace sums (docs/model.md#bodies-and-shapes) with the origin at the vertex mean O: c_k = x_k y_{k+1} − x_{k+1} y_k
  let a2 = 0, sx = 0, sy = 0, j12 = 0;
  for (let k = 0; k < n; k++) {
    const m = k + 1 === n ? 0 : k + 1;
    const x0 = xy[2 * k] - ox, y0 = xy[2 * k + 1] - oy;
    const x1 = xy[2 * m] - ox, y1 = xy[2 * m + 1] - oy;
    const c = x0 * y1 - x1 * y0;
    a2 += c;
    sx += (x0 + x1) * c;
    sy += (y0 + y1) * c;
    j12 += c * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1);
  }
  const area = 0.5 * a2;
  const gx = sx / (3 * a2), gy = sy / (3 * a2); // G − O = Σ(x_k + x_{k+1}) c_k / (6A)
  const polarMoment = j12 / 12 - area * (gx * gx + gy * gy); // parallel axis: J_G = J_O − A |G − O|²
  const cx = ox + gx, cy = oy + gy;
  let rc2 = 0, rin = Infinity;
  for (let k = 0; k < n; k++) {
    const m = k + 1 === n ? 0 : k + 1;
    const dx = xy[2 * k] - cx, dy = xy[2 * k + 1] - cy;
    rc2 = Math.max(rc2, dx * dx + dy * dy);
    const ex = xy[2 * m] - xy[2 * k], ey = xy[2 * m + 1] - xy[2 * k + 1];
    rin = Math.min(rin, (ey * dx - ex * dy) / Math.hypot(ex, ey)); // (b − a)×(G − a)/|b − a|
  }
  return {
    area, cx, cy, polarMoment,
    equivalentRadius: Math.sqrt(area / Math.PI),
    circumradius: Math.sqrt(rc2),
    inradius: rin,
  };
}

/** A copy of the vertices shifted so that their centroid is the origin (the body frame of docs/model.md#bodies-and-shapes). */
export function recentredVertices(xy: ArrayLike<number>): Float64Array {
  const { cx, cy } = polygonMassProperties(xy);
  const out = new Float64Array(xy.length);
  for (let k = 0; k < xy.length; k += 2) { out[k] = xy[k] - cx; out[k + 1] = xy[k + 1] - cy; }
  return out;
}

/**
 * Why `xy` is not a usable convex polygon, or null if it is. Messages name the problem and the
 * (0-based) vertex, for display as `particles.K.vertices: <message>`. Tolerances are relative to the
 * polygon's size (largest bounding-box side); a vertex lying on a straight edge is accepted.
 */
export function checkConvexPolygon(xy: ArrayLike<number>): string | null {
  if (xy.length % 2 !== 0) return `expected x, y pairs (an even count of numbers), got ${xy.length} numbers`;
  const n = xy.length >> 1;
  for (let k = 0; k < n; k++) {
    if (!Number.isFinite(xy[2 * k]) || !Number.isFinite(xy[2 * k + 1])) {
      return `vertex ${k} has a non-finite coordinate (${xy[2 * k]}, ${xy[2 * k + 1]})`;
    }
  }
  if (n < 3) return `a polygon needs at least 3 vertices, got ${n}`;
  let xmin = Infinity, xmax = -Infinity, ymin = Infinity, ymax = -Infinity;
  for (let k = 0; k < n; k++) {
    xmin = Math.min(xmin, xy[2 * k]); xmax = Math.max(xmax, xy[2 * k]);
    ymin = Math.min(ymin, xy[2 * k + 1]); ymax = Math.max(ymax, xy[2 * k + 1]);
  }
  const size = Math.max(xmax - xmin, ymax - ymin);
  if (size === Infinity) return `the vertices lie too far apart for a double (their span overflows: x from ${xmin} to ${xmax}, y from ${ymin} to ${ymax})`;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (Math.hypot(xy[2 * j] - xy[2 * i], xy[2 * j + 1] - xy[2 * i + 1]) <= COINCIDE_REL * size) {
        return `vertices ${i} and ${j} coincide`;
      }
    }
  }
  // in units of the size, from the bounding box's corner: no overflow or underflow at any scale
  const u = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) { u[2 * k] = (xy[2 * k] - xmin) / size; u[2 * k + 1] = (xy[2 * k + 1] - ymin) / size; }
  // a boundary that crosses itself is named as such, whichever test it fails first
  const refuse = (reason: string): string => {
    const c = crossingEdges(u, n);
    return c ? `the boundary crosses itself: edges ${c[0]} and ${c[1]} cross (edge k joins vertices k and k + 1)` : reason;
  };
  let a2 = 0;
  for (let k = 0; k < n; k++) {
    const m = k + 1 === n ? 0 : k + 1;
    a2 += u[2 * k] * u[2 * m + 1] - u[2 * m] * u[2 * k + 1];
  }
  if (Math.abs(0.5 * a2) <= ZERO_AREA_REL) return refuse('the vertices enclose zero area (they are collinear)');
  if (a2 < 0) return refuse('the vertices are listed clockwise; list them counter-clockwise');
  let turning = 0;
  for (let k = 0; k < n; k++) {
    const p = k === 0 ? n - 1 : k - 1, m = k + 1 === n ? 0 : k + 1;
    const ux = u[2 * k] - u[2 * p], uy = u[2 * k + 1] - u[2 * p + 1];
    const vx = u[2 * m] - u[2 * k], vy = u[2 * m + 1] - u[2 * k + 1];
    const cross = ux * vy - uy * vx, dot = ux * vx + uy * vy;
    const straight = Math.abs(cross) <= STRAIGHT_SIN * Math.hypot(ux, uy) * Math.hypot(vx, vy);
    if (straight && dot < 0) return refuse(`the boundary doubles back at vertex ${k}`);
    if (!straight && cross < 0) return refuse(`not convex: the boundary turns clockwise at vertex ${k}`);
    turning += straight ? 0 : Math.atan2(cross, dot);
  }
  if (turning > 3 * Math.PI) return refuse('the boundary winds around more than once (it touches itself)');
  return null;
}

/** Side of c from the line a → b: the sign of (b − a) × (c − a) */
function orient(u: Float64Array, a: number, b: number, c: number): number {
  return Math.sign((u[2 * b] - u[2 * a]) * (u[2 * c + 1] - u[2 * a + 1]) - (u[2 * b + 1] - u[2 * a + 1]) * (u[2 * c] - u[2 * a]));
}

/** Two edges (k joins vertices k and k + 1) that cross each other properly, or null. */
function crossingEdges(u: Float64Array, n: number): [number, number] | null {
  for (let i = 0; i < n; i++) {
    const i1 = i + 1 === n ? 0 : i + 1;
    for (let j = i + 2; j < n; j++) {
      const j1 = j + 1 === n ? 0 : j + 1;
      if (j1 === i) continue; // the closing edge meets the first
      if (orient(u, i, i1, j) * orient(u, i, i1, j1) < 0 && orient(u, j, j1, i) * orient(u, j, j1, i1) < 0) return [i, j];
    }
  }
  return null;
}
