/**
 * JavaScript oracle of the polygon colliders (soft DEM, the area law): src/core/contacts/collide-polygon.ts's pair and
 * wall loops as they were written in JavaScript before the WebAssembly kernels (src/core/wasm/assembly/polygon-pairs.ts,
 * polygon-clip.ts, polygon-plane.ts, run by src/core/contacts/polygon-wasm.ts) became their only form, every expression
 * the kernels', in their order; test/core/polygon-wasm.test.ts checks the two bit for bit. Rows of the narrow-phase
 * table for polygon–polygon, disc–polygon and polygon–disc pairs, and for a polygon against a line wall. At the
 * evaluation configuration:
 *   O = overlap polygon (Sutherland–Hodgman; against a wall, the part beyond the wall line), its area A
 *   and centroid C (the point of application, paper 000 §5);
 *   n: the contact plane of the active definition (np.plane, docs/model.md#contact-plane-for-polygons): the usual line
 *   through the boundary crossings (chord-normal.ts), or a mean of the overlap's edge directions
 *   with the flip rule and its hysteresis (edge-average.ts, flip.ts), oriented so that
 *   n·(x_j − x_i) > 0; without a line, the previous step's normal of the same contact, or for a new
 *   contact the usual line or else the centre line; against a wall, the wall's normal;
 *   δ = A, l_c = r_i + r_j with r_k = √(A_k/π) (a wall: l_c = r_j), lever arms r_k = C − x_k.
 * A disc meeting a polygon enters as the regular DISC_SIDES-gon of the same area (so its equivalent
 * radius is its radius), not as an exact circle.
 */
import { LINE } from '../../../src/core/boundaries/walls';
import type { ContactSearch } from '../../../src/core/contacts/contact-search';
import { outline } from '../../../src/core/contacts/collide-polygon';
import { AREA } from '../../../src/core/laws/law-ids';
import type { PairBuffer } from '../../../src/core/neighbors/pair-buffer';
import { USUAL } from '../../../src/core/plane/plane-ids';
import { DISC_OUTLINE_SCALE } from '../../../src/core/shapes/disc-outline';
import { PolygonClipper } from '../../../src/core/shapes/polygon-clip';
import { POLYGON } from '../../../src/core/shapes/shape-kind';
import { BoundaryCrossings } from './boundary-crossings';
import { chordNormal } from './chord-normal';
import { edgeAverageAngle } from './edge-average';
import { flipNormal } from './flip';

/** Axial anisotropy below which the overlap counts as isotropic (docs/model.md#contact-plane-for-polygons) */
const RHO_MIN = 0.1;
/** planeChoice of a contact whose plane needs no flip (the usual line, a wall) */
const NO_CHOICE = 2;
/**
 * The numbers appendAreaContact and planeNormal take, passed in a typed array: V8 boxes a double passed to a call it does
 * not inline (one heap number each, per contact). Normal n, l_c, δ/l_c ratio, the centres x_i, x_j, the unit centre line b.
 */
const ARGS = new Float64Array(10);
/** A circle holding body j's outline (x, y, radius), for the clipper's shortcuts; a wall's line (point, normal) */
const AROUND_J = new Float64Array(3), WALL_LINE = new Float64Array(4);
const NX = 0, NY = 1, LC = 2, RATIO = 3, XI = 4, YI = 5, XJ = 6, YJ = 7, BX = 8, BY = 9;
/** The clipper, the crossings, the normal a plane definition found and the edge average's direction and ρ (the search held them) */
const CLIP = new PolygonClipper(24), CROSS = new BoundaryCrossings(), NORMAL = new Float64Array(2), AXIS = new Float64Array(3);

/** collide-polygon.ts's collidePolygonPair (the kernel's pair loop) in JavaScript: the contacts of `pairs`, appended to np.out */
export function collidePolygonPairOracle(np: ContactSearch, pairs: PairBuffer): void {
  collidePairRange(np, pairs, 0, pairs.count);
}

/** The count of boundary crossings found last (the kernels' polygonCrossings) */
export function crossingsOracle(): number {
  return CROSS.count;
}

/** The pair loop over candidate pairs [p0, p1) */
function collidePairRange(np: ContactSearch, pairs: PairBuffer, p0: number, p1: number): void {
  const b = np.bodies, ex = b.ex, ey = b.ey, rad = b.radius, im = b.invMass, ii = b.invInertia, eqR = b.eqRadius;
  const clip = CLIP, bi = np.outlineI, bj = np.outlineJ;
  for (let p = p0; p < p1; p++) {
    const i = pairs.i[p], j = pairs.j[p];
    if (im[i] + im[j] === 0 && ii[i] + ii[j] === 0) continue; // two immovable bodies
    const raw = ex[j] - ex[i], dx = np.periodic.minimumImageX(raw), dy = ey[j] - ey[i];
    const reach = rad[i] + rad[j];
    if (dx * dx + dy * dy >= reach * reach) continue; // bounding circles apart
    // j's periodic image lies sx = −L·round(raw/L) from it (the kernel's PeriodicX.minimumImageX, by parts)
    const sx = np.periodic.enabled ? -np.periodic.length * Math.round(raw / np.periodic.length) : 0;
    const xi = ex[i], yi = ey[i], xj = ex[j] + sx, yj = ey[j];
    ARGS[XI] = xi + 0; ARGS[YI] = yi; ARGS[XJ] = xj; ARGS[YJ] = yj;
    const ni = worldOutline(np, i, 0, ARGS, XI, bi), nj = worldOutline(np, j, sx, ARGS, XJ, bj);
    ARGS[XI] = xi;
    // j's outline within its bounding circle (a disc's 24-gon reaches DISC_OUTLINE_SCALE of its radius)
    AROUND_J[0] = xj; AROUND_J[1] = yj; AROUND_J[2] = b.shape[j] === POLYGON ? rad[j] : DISC_OUTLINE_SCALE * rad[j];
    if (!clip.overlap(bi, ni, bj, nj, AROUND_J)) continue;
    const len0 = Math.sqrt(dx * dx + dy * dy);
    ARGS[BX] = len0 > 0 ? dx / len0 : 1; ARGS[BY] = len0 > 0 ? dy / len0 : 0;
    // the history's row (carryHistory takes it from prevIndex), also where the plane starts afresh, and the plane's
    const h = np.previousContact(i, j, 0), q = np.planeChanged ? -1 : h;
    const choice = planeNormal(np, ni, nj, q);
    let nx = NORMAL[0], ny = NORMAL[1];
    let len = Math.sqrt(nx * nx + ny * ny);
    if (len === 0) { nx = 1; ny = 0; len = 1; }
    nx /= len; ny /= len;
    if (nx * dx + ny * dy < 0) { nx = -nx; ny = -ny; }
    const ai = Math.PI * eqR[i] * eqR[i], aj = Math.PI * eqR[j] * eqR[j];
    ARGS[NX] = nx; ARGS[NY] = ny; ARGS[LC] = eqR[i] + eqR[j]; ARGS[RATIO] = clip.area / (ai < aj ? ai : aj);
    appendAreaContact(np, i, j, choice);
    np.out.prevIndex[np.out.count - 1] = h;
  }
}

/**
 * The kernel's outline of body k: a polygon's is the search's world outline (ContactSearch.rotations) shifted by sx
 * (a periodic image; unshifted, the same numbers), a disc's stand-in about the centre in centre[at]; into out, its count
 */
function worldOutline(np: ContactSearch, k: number, sx: number, centre: Float64Array, at: number, out: Float64Array): number {
  const b = np.bodies;
  if (b.shape[k] !== POLYGON) return outline(np, k, centre, at, out);
  const n = b.vertexCount[k], w = np.worldVertices, o = 2 * b.vertexStart[k];
  for (let q = 0; q < 2 * n; q += 2) {
    out[q] = sx === 0 ? w[o + q] : w[o + q] + sx;
    out[q + 1] = w[o + q + 1];
  }
  return n;
}

/**
 * The contact plane of the overlap just clipped (CLIP) of the outlines np.outlineI and np.outlineJ (ni and nj
 * vertices), by the active definition (docs/model.md#contact-plane-for-polygons), into NORMAL (not yet oriented);
 * returns the flip choice (NO_CHOICE for the usual line). ARGS[BX], ARGS[BY]: the unit centre line b; q: the contact's index in last
 * step's list, or −1 (new). Without a line (usual: fewer than two crossings; axial: an isotropic overlap, ρ < ρ_min)
 * the contact keeps last step's normal, and a new one takes the usual line or else the centre line. The boundary
 * crossings (CROSS) are found only where they are used: for the usual line, or a new contact's fallback.
 */
function planeNormal(np: ContactSearch, ni: number, nj: number, q: number): number {
  const clip = CLIP, cross = CROSS, prev = np.previous, out = NORMAL, bx = ARGS[BX], by = ARGS[BY];
  if (np.plane !== USUAL) {
    edgeAverageAngle(np.plane, clip.vertices, clip.count, AXIS);
    if (AXIS[2] >= RHO_MIN) return flipNormal(AXIS[0], AXIS[1], bx, by, q >= 0 ? prev.planeChoice[q] : -1, np.hysteresis, out);
    if (q >= 0) { out[0] = prev.nx[q]; out[1] = prev.ny[q]; return prev.planeChoice[q]; }
    cross.compute(np.outlineI, ni, np.outlineJ, nj);
  } else {
    cross.compute(np.outlineI, ni, np.outlineJ, nj);
    if (q >= 0 && cross.count < 2) { out[0] = prev.nx[q]; out[1] = prev.ny[q]; return NO_CHOICE; }
  }
  if (!chordNormal(cross.xy, cross.count, out)) {
    if (q >= 0) { out[0] = prev.nx[q]; out[1] = prev.ny[q]; } else { out[0] = bx; out[1] = by; }
  }
  return NO_CHOICE;
}

/** collide-polygon.ts's collideWallPolygon (the kernel's wall loop) in JavaScript: wall w's contacts with the movable bodies of kind `kind` */
export function collideWallPolygonOracle(np: ContactSearch, w: number, kind: number): void {
  const walls = np.walls, b = np.bodies, ex = b.ex, ey = b.ey, rad = b.radius, im = b.invMass, shape = b.shape, eqR = b.eqRadius;
  if (walls.kind[w] !== LINE) return; // segment walls meet discs only (refused at load for polygons)
  const ax = walls.ax[w] + walls.ox[w], ay = walls.ay[w] + walls.oy[w], wnx = walls.nx[w], wny = walls.ny[w];
  const clip = CLIP, bj = np.outlineJ;
  WALL_LINE[0] = ax; WALL_LINE[1] = ay; WALL_LINE[2] = wnx; WALL_LINE[3] = wny;
  for (let j = 0; j < b.n; j++) {
    if (im[j] === 0 || shape[j] !== kind) continue;
    if ((ex[j] - ax) * wnx + (ey[j] - ay) * wny >= rad[j]) continue; // bounding circle clear of the wall
    ARGS[XJ] = ex[j]; ARGS[YJ] = ey[j];
    const nj = worldOutline(np, j, 0, ARGS, XJ, bj);
    if (!clip.beyondLine(bj, nj, WALL_LINE)) continue;
    ARGS[NX] = wnx; ARGS[NY] = wny; ARGS[LC] = eqR[j]; ARGS[RATIO] = clip.area / (Math.PI * eqR[j] * eqR[j]);
    appendAreaContact(np, -1 - w, j, NO_CHOICE);
  }
}

/**
 * Appends the area-law contact of the overlap just clipped (CLIP: δ = its area, C = its centroid), with n, l_c and
 * the ratio in ARGS, and lever arms C − x_k from the centres in ARGS (none on a wall, i < 0).
 */
function appendAreaContact(np: ContactSearch, i: number, j: number, choice: number): void {
  const out = np.out, clip = CLIP, area = clip.area, cx = clip.cx, cy = clip.cy, nx = ARGS[NX], ny = ARGS[NY];
  const rix = i < 0 ? 0 : cx - ARGS[XI], riy = i < 0 ? 0 : cy - ARGS[YI], rjx = cx - ARGS[XJ], rjy = cy - ARGS[YJ];
  if (out.count === out.capacity) out.reserve(out.count + 1);
  const k = out.count++;
  out.i[k] = i; out.j[k] = j; out.feature[k] = 0; out.law[k] = AREA;
  out.nx[k] = nx; out.ny[k] = ny;
  out.delta[k] = area; out.lc[k] = ARGS[LC]; out.ratio[k] = ARGS[RATIO];
  // the overlap's mean depth: its area over its extent along t (a sliver of chord L and depth δ gives δ)
  const v = CLIP.vertices;
  let lo = Infinity, hi = -Infinity;
  for (let q = 0; q < CLIP.count; q++) {
    const s = -v[2 * q] * ny + v[2 * q + 1] * nx;
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  out.depth[k] = hi > lo ? area / (hi - lo) : 0;
  // contact frame: r = (r·n) n + (r·t) t with t = (−n_y, n_x)
  out.rin[k] = rix * nx + riy * ny; out.rit[k] = -rix * ny + riy * nx;
  out.rjn[k] = rjx * nx + rjy * ny; out.rjt[k] = -rjx * ny + rjy * nx;
  out.cx[k] = np.periodic.wrap(cx); out.cy[k] = cy;
  out.planeChoice[k] = choice;
}
