/**
 * Polygon contacts for contact dynamics (docs/model.md#polygons-in-contact-dynamics): rigid bodies meet at points, not
 * through an overlap area. Two convex outlines give up to two contact points by the separating-axis
 * test and clipping of Box2D's b2CollidePolygons (reference face of largest separation, incident face most
 * anti-parallel to it, incident face clipped to the reference face's side planes); a polygon against a
 * line wall gives each vertex within the gap threshold. For each point: the gap g (negative when the
 * bodies overlap), δ = −g, the normal of the reference face oriented from i to j, the contact point C
 * midway across the gap, lever arms C − x_k, and the feature (0, 1 along the reference face; the vertex
 * for a wall) that keys its warm start (docs/model.md#contact-history). Discs meeting polygons enter as their
 * equal-area 24-gon, as in the area law.
 */
import { LINE } from '../boundaries/walls';
import { LINEAR } from '../laws/law-ids';
import type { PairBuffer } from '../neighbors/pair-buffer';
import { outline } from './collide-polygon';
import type { ContactSearch } from './contact-search';

/** The two centres outline() takes (in an array: V8 boxes doubles passed to a call it does not inline) */
const CENTRES = new Float64Array(4);

export function collidePolygonPairRigid(np: ContactSearch, pairs: PairBuffer): void {
  const b = np.bodies, ex = b.ex, ey = b.ey, rad = b.radius, im = b.invMass, ii = b.invInertia;
  const pa = np.outlineI, pb = np.outlineJ, sep = np.separation, gapMax = np.gapMax;
  for (let p = 0; p < pairs.count; p++) {
    const i = pairs.i[p], j = pairs.j[p];
    if (im[i] + im[j] === 0 && ii[i] + ii[j] === 0) continue; // two immovable bodies
    const dx = np.periodic.minimumImageX(ex[j] - ex[i]), dy = ey[j] - ey[i];
    const reach = rad[i] + rad[j] + gapMax;
    if (dx * dx + dy * dy >= reach * reach) continue;
    const xi = ex[i], yi = ey[i], xj = xi + dx, yj = yi + dy;
    CENTRES[0] = xi; CENTRES[1] = yi; CENTRES[2] = xj; CENTRES[3] = yj;
    const na = outline(np, i, CENTRES, 0, pa), nb = outline(np, j, CENTRES, 2, pb);
    maxSeparation(pa, na, pb, nb, sep, 0);
    maxSeparation(pb, nb, pa, na, sep, 2);
    if (sep[0] > gapMax || sep[2] > gapMax) continue;
    // reference face on i unless j's separates clearly more (Box2D's relative tolerance)
    const flip = sep[2] > sep[0] + 1e-3 * Math.max(rad[i], rad[j]);
    const ref = flip ? pb : pa, nref = flip ? nb : na, inc = flip ? pa : pb, ninc = flip ? na : nb;
    const e = (flip ? sep[3] : sep[1]) | 0, e1 = e + 1 === nref ? 0 : e + 1;
    const v1x = ref[2 * e], v1y = ref[2 * e + 1], v2x = ref[2 * e1], v2y = ref[2 * e1 + 1];
    let tx = v2x - v1x, ty = v2y - v1y;
    const len = Math.sqrt(tx * tx + ty * ty);
    tx /= len; ty /= len;
    const nx = ty, ny = -tx; // outward normal of a counter-clockwise face
    // incident face: the edge of the other outline whose normal is most anti-parallel to n
    let f = 0, best = Infinity;
    for (let k = 0; k < ninc; k++) {
      const k1 = k + 1 === ninc ? 0 : k + 1;
      const ux = inc[2 * k1] - inc[2 * k], uy = inc[2 * k1 + 1] - inc[2 * k + 1];
      const d = (uy * nx - ux * ny) / Math.sqrt(ux * ux + uy * uy);
      if (d < best) { best = d; f = k; }
    }
    const f1 = f + 1 === ninc ? 0 : f + 1;
    let ax = inc[2 * f], ay = inc[2 * f + 1], bx = inc[2 * f1], by = inc[2 * f1 + 1];
    // clip the incident segment to the reference face's extent along t: s ∈ [0, len]
    const sa = (ax - v1x) * tx + (ay - v1y) * ty, sb = (bx - v1x) * tx + (by - v1y) * ty;
    if ((sa < 0 && sb < 0) || (sa > len && sb > len)) continue;
    if (sa !== sb) {
      const lo = Math.max(0, Math.min(sa, sb)), hi = Math.min(len, Math.max(sa, sb));
      const ta = (lo - sa) / (sb - sa), tb = (hi - sa) / (sb - sa);
      const cax = ax + ta * (bx - ax), cay = ay + ta * (by - ay), cbx = ax + tb * (bx - ax), cby = ay + tb * (by - ay);
      ax = cax; ay = cay; bx = cbx; by = cby;
    }
    const sign = flip ? -1 : 1;
    appendPoint(np, i, j, sign * nx, sign * ny, ax, ay, v1x, v1y, nx, ny, xi, yi, xj, yj, 0);
    if (bx !== ax || by !== ay) appendPoint(np, i, j, sign * nx, sign * ny, bx, by, v1x, v1y, nx, ny, xi, yi, xj, yj, 1);
  }
}

/**
 * Largest separation of q from the faces of p (separating-axis test): for each face of p the smallest
 * signed distance of q's vertices to its line; out[at] = the largest of those, out[at + 1] = that face.
 */
function maxSeparation(p: Float64Array, np: number, q: Float64Array, nq: number, out: Float64Array, at: number): void {
  let best = -Infinity, face = 0;
  for (let e = 0; e < np; e++) {
    const e1 = e + 1 === np ? 0 : e + 1;
    const ux = p[2 * e1] - p[2 * e], uy = p[2 * e1 + 1] - p[2 * e + 1];
    const l = Math.sqrt(ux * ux + uy * uy), nx = uy / l, ny = -ux / l;
    let s = Infinity;
    for (let v = 0; v < nq; v++) {
      const d = (q[2 * v] - p[2 * e]) * nx + (q[2 * v + 1] - p[2 * e + 1]) * ny;
      if (d < s) s = d;
    }
    if (s > best) { best = s; face = e; }
  }
  out[at] = best;
  out[at + 1] = face;
}

/** A contact point of the incident vertex (px, py) against the reference face through v1 with normal (rnx, rny). */
function appendPoint(
  np: ContactSearch, i: number, j: number, nx: number, ny: number, px: number, py: number, v1x: number, v1y: number,
  rnx: number, rny: number, xi: number, yi: number, xj: number, yj: number, feature: number,
): void {
  const gap = (px - v1x) * rnx + (py - v1y) * rny;
  if (gap > np.gapMax) return;
  const cx = px - 0.5 * gap * rnx, cy = py - 0.5 * gap * rny;
  const b = np.bodies, lc = Math.min(b.eqRadius[i], b.eqRadius[j]);
  appendRigid(np, i, j, feature, nx, ny, -gap, lc, cx - xi, cy - yi, cx - xj, cy - yj, cx, cy);
}

export function collideWallPolygonRigid(np: ContactSearch, w: number, kind: number): void {
  const walls = np.walls, b = np.bodies, ex = b.ex, ey = b.ey, rad = b.radius, im = b.invMass, shape = b.shape;
  if (walls.kind[w] !== LINE) return; // segment walls meet discs only (refused at load for polygons)
  const ax = walls.ax[w] + walls.ox[w], ay = walls.ay[w] + walls.oy[w], wnx = walls.nx[w], wny = walls.ny[w];
  const pj = np.outlineJ, gapMax = np.gapMax;
  for (let j = 0; j < b.n; j++) {
    if (im[j] === 0 || shape[j] !== kind) continue;
    if ((ex[j] - ax) * wnx + (ey[j] - ay) * wny >= rad[j] + gapMax) continue;
    CENTRES[0] = ex[j]; CENTRES[1] = ey[j];
    const n = outline(np, j, CENTRES, 0, pj);
    for (let v = 0; v < n; v++) {
      const gap = (pj[2 * v] - ax) * wnx + (pj[2 * v + 1] - ay) * wny;
      if (gap > gapMax) continue;
      const cx = pj[2 * v] - 0.5 * gap * wnx, cy = pj[2 * v + 1] - 0.5 * gap * wny;
      appendRigid(np, -1 - w, j, v, wnx, wny, -gap, b.eqRadius[j], 0, 0, cx - ex[j], cy - ey[j], cx, cy);
    }
  }
}

function appendRigid(
  np: ContactSearch, i: number, j: number, feature: number, nx: number, ny: number, delta: number, lc: number,
  rix: number, riy: number, rjx: number, rjy: number, cx: number, cy: number,
): void {
  const out = np.out;
  if (out.count === out.capacity) out.reserve(out.count + 1);
  const k = out.count++;
  out.i[k] = i; out.j[k] = j; out.feature[k] = feature; out.law[k] = LINEAR;
  out.nx[k] = nx; out.ny[k] = ny;
  out.delta[k] = delta; out.depth[k] = delta; out.lc[k] = lc; out.ratio[k] = delta / lc;
  out.rin[k] = rix * nx + riy * ny; out.rit[k] = -rix * ny + riy * nx;
  out.rjn[k] = rjx * nx + rjy * ny; out.rjt[k] = -rjx * ny + rjy * nx;
  out.cx[k] = np.periodic.wrap(cx); out.cy[k] = cy;
  out.planeChoice[k] = 2;
}
