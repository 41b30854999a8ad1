/**
 * AssemblyScript source of the polygon colliders in WebAssembly (issue 38), their only production form: contacts/collide-polygon.ts's
 * collidePolygonPair and collideWallPolygon (the area law's geometry: the outlines, their overlap by
 * polygon-clip.ts, the contact plane by polygon-plane.ts, the record's row), expression for expression their JavaScript
 * oracle's (test/core/oracles/polygon-colliders.ts), so the two give the same bits (test/core/polygon-wasm.test.ts). Columns and parameters by the table (polygon-table.ts).
 *   δ = A (the overlap's area), C its centroid, l_c = r_i + r_j, lever arms C − x_k (docs/model.md#area-law-for-polygons).
 * A kernel takes candidate pairs [p0, p1) and writes their contacts from row k0 on (a pair contact's row in last step's
 * list too, prevIndex, which carryHistory then takes); it returns the end. A pair whose
 * clip might not fit the scratch stops it: the pair's index goes to the table's LEFT slot (else p1), and the caller
 * calls again from that pair on a scratch twice the size (contacts/polygon-wasm.ts).
 * With FORCES in the flags (the fused polygon pass, contacts/polygon-force-pass.ts) each contact's forces follow its row
 * at once (area-cundall.ts): velocities, dashpots, the area law, the Cundall spring under the cap, the scatter, the sums.
 */
import { areaCundall, beginForces, endForces } from './area-cundall';
import { pick } from './branchless';
import { beyondLine, clipArea, clipCount, clipCx, clipCy, clipVertices, ld, overlap, st } from './polygon-clip';
import { axisRho, axisX, axisY, chordNormal, crossings, edgeAverage, flipNormal, normalX, normalY, USUAL } from './polygon-plane';
import { separates, separatingEdge, separationMargin } from './separating-edge';
import {
  BY_SLOT, DISC_SCALE, EQR, EX, EY, FLAGS, FORCES, HYSTERESIS, II, IM, KF, KI, KJ, KV, LAW, LEFT, LENGTH, MASK, OCHOICE, OCX, OCY, ODELTA, ODEPTH, OFEAT, OI,
  OJ, OLAW, OLC, ONX, ONY, OPREV, ORATIO, ORIN, ORIT, ORJN, ORJT, OSLOT, PARAMS_AT, PCHOICE, PERIODIC, PI, PJ, PLANE, PLANE_CHANGED, PNX, PNY, PSEP, PSLOT, RAD, ROOM,
  SCRATCH,
  SHAPE, SIDES, VCOUNT, VSTART, WALL_AX, WALL_AY, WALL_NX, WALL_NY, WV, XMIN,
} from './polygon-table';

/** shapes/shape-kind.ts's POLYGON; collide-polygon.ts's RHO_MIN and NO_CHOICE */
const POLYGON = 1, RHO_MIN: f64 = 0.1, NO_CHOICE = 2;
/** An outline within a circle of radius r has bounding-box sides ≤ 2r: this × r bounds them, rounding included (polygon-clip.ts's size) */
const SIZE_BOUND: f64 = 2.01;

@inline function slot(t: usize, s: i32): usize { return <usize>load<i32>(t + (<usize>s << 2)); }
@inline function int(t: usize, s: i32): i32 { return load<i32>(t + (<usize>s << 2)); }
@inline function param(t: usize, s: i32): f64 { return load<f64>(t + PARAMS_AT + (<usize>s << 3)); }
@inline function i32At(a: usize, k: i32): i32 { return load<i32>(a + (<usize>k << 2)); }

/** The scratch's outlines (polygon-table.ts's layout) */
let unit: usize = 0, outI: usize = 0, outJ: usize = 0, bufA: usize = 0, bufB: usize = 0, cross: usize = 0, room: i32 = 0;
/** The kernel call is the fused pass's (FORCES) */
let forces = false;

function layout(t: usize): void {
  const m = int(t, ROOM), s = slot(t, SCRATCH);
  room = 4 * m + 2;
  unit = s;
  outI = s + (<usize>(2 * SIDES) << 3);
  outJ = outI + (<usize>(2 * m) << 3);
  bufA = outJ + (<usize>(2 * m) << 3);
  bufB = bufA + (<usize>(2 * room) << 3);
  cross = bufB + (<usize>(2 * room) << 3);
}

/** Where the last outline call's vertices are */
let outlineAt: usize = 0;

/**
 * Body k's world outline about its centre shifted by (sx, 0) (a periodic image), at outlineAt; its vertex count. A
 * polygon's is this search's (WV: ContactSearch.rotations), in place when not shifted, else shifted into out; a disc's
 * stand-in is written into out.
 */
function outline(t: usize, k: i32, sx: f64, out: usize): i32 {
  const bk = <usize>k << 3;
  if (load<u8>(slot(t, SHAPE) + <usize>k) == POLYGON) {
    const n = i32At(slot(t, VCOUNT), k), v = slot(t, WV) + (<usize>(2 * i32At(slot(t, VSTART), k)) << 3);
    if (sx == 0) { outlineAt = v; return n; }
    for (let q = 0; q < 2 * n; q += 2) {
      st(out, q, ld(v, q) + sx);
      st(out, q + 1, ld(v, q + 1));
    }
    outlineAt = out;
    return n;
  }
  const x = load<f64>(slot(t, EX) + bk) + sx, y = load<f64>(slot(t, EY) + bk), a = load<f64>(slot(t, RAD) + bk);
  for (let s = 0; s < 2 * SIDES; s += 2) {
    st(out, s, x + a * ld(unit, s));
    st(out, s + 1, y + a * ld(unit, s + 1));
  }
  outlineAt = out;
  return SIDES;
}

/** ContactHistoryIndex.find(i, j, 0): the contact's row in last step's list, or −1 */
function previousContact(t: usize, i: i32, j: i32): i32 {
  const ki = slot(t, KI), kj = slot(t, KJ), kf = slot(t, KF), vals = slot(t, KV), mask = int(t, MASK);
  let h = ((i * <i32>0x9e3779b1) ^ (j * <i32>0x85ebca77)) & mask;
  let v = i32At(vals, h);
  while (v != -1 && !(i32At(ki, h) == i && i32At(kj, h) == j && i32At(kf, h) == 0)) {
    h = (h + 1) & mask;
    v = i32At(vals, h);
  }
  return v;
}

/**
 * Candidate pairs [p0, p1) from row k0 on; returns the end (LEFT: p1, or the pair left to the caller). Each pair's row,
 * or −1, goes to its slot (OSLOT); while the pair list is last step's (BY_SLOT) a contact's row in last step's list is
 * its pair's slot there, else found by key.
 */
export function polygonPairs(t: usize, p0: i32, p1: i32, k0: i32): i32 {
  layout(t);
  forces = (int(t, FLAGS) & FORCES) != 0;
  if (forces) beginForces(t, int(t, FLAGS));
  const ex = slot(t, EX), ey = slot(t, EY), rad = slot(t, RAD), im = slot(t, IM), ii = slot(t, II), eqR = slot(t, EQR);
  const shape = slot(t, SHAPE), pi = slot(t, PI), pj = slot(t, PJ), pnx = slot(t, PNX), pny = slot(t, PNY), pchoice = slot(t, PCHOICE), oprev = slot(t, OPREV);
  const flags = int(t, FLAGS), plane = int(t, PLANE), L = param(t, LENGTH), hyst = param(t, HYSTERESIS), discScale = param(t, DISC_SCALE);
  const periodic = (flags & PERIODIC) != 0, fresh = (flags & PLANE_CHANGED) != 0, bySlot = (flags & BY_SLOT) != 0;
  const oslot = slot(t, OSLOT), pslot = slot(t, PSLOT), psep = slot(t, PSEP);
  let k = k0;
  store<i32>(t + (<usize>LEFT << 2), p1);
  for (let p = p0; p < p1; p++) {
    const i = i32At(pi, p), j = i32At(pj, p);
    const bi = <usize>i << 3, bj = <usize>j << 3;
    store<i32>(oslot + (<usize>p << 2), -1);
    if (load<f64>(im + bi) + load<f64>(im + bj) == 0 && load<f64>(ii + bi) + load<f64>(ii + bj) == 0) continue;
    let dx = load<f64>(ex + bj) - load<f64>(ex + bi), sx: f64 = 0;
    if (periodic) {
      // PeriodicX.minimumImageX with JavaScript's Math.round (halves round up), as disc-pairs.ts; j's image is L r to the left
      const u = dx / L;
      let r = Math.floor(u);
      if (u - r >= 0.5) r += 1;
      sx = -L * r;
      dx -= L * r;
    }
    const dy = load<f64>(ey + bj) - load<f64>(ey + bi);
    const reach = load<f64>(rad + bi) + load<f64>(rad + bj);
    if (dx * dx + dy * dy >= reach * reach) continue;
    const xi = load<f64>(ex + bi), yi = load<f64>(ey + bi), xj = load<f64>(ex + bj) + sx, yj = load<f64>(ey + bj);
    const ni = outline(t, i, 0, outI), pI = outlineAt, nj = outline(t, j, sx, outJ), pJ = outlineAt;
    // each outline within a circle about its centre (a disc's 24-gon reaches DISC_OUTLINE_SCALE of its radius)
    const ri = load<u8>(shape + <usize>i) == POLYGON ? load<f64>(rad + bi) : discScale * load<f64>(rad + bi);
    const rj = load<u8>(shape + <usize>j) == POLYGON ? load<f64>(rad + bj) : discScale * load<f64>(rad + bj);
    // the larger radius by a mask (f64.max compiles to jumps the radii's order would mispredict; the same number for radii > 0)
    const bound = SIZE_BOUND * pick(ri, rj, ri > rj), margin = separationMargin(xj, yj, bound);
    // an edge that kept the two apart last time, checked (separating-edge.ts): the clip it spares would find nothing
    const hint = <usize>psep + <usize>p, code = <i32>load<u8>(hint);
    if (code != 0 && separates(code, pI, ni, pJ, nj, margin)) continue;
    const o = overlap(pI, ni, pJ, nj, xj, yj, rj, bound, bufA, bufB, room, cross);
    if (o < 0) {
      store<i32>(t + (<usize>LEFT << 2), p);
      if (forces) endForces(t);
      return k;
    }
    store<u8>(hint, o == 0 ? <u8>separatingEdge(pI, ni, pJ, nj, margin) : 0);
    if (o == 0) continue;
    const len0 = Math.sqrt(dx * dx + dy * dy);
    // (d_x, d_y) / |d| as f64x2 lanes: one division for two, the same IEEE quotients
    const b = len0 > 0 ? f64x2.div(f64x2(dx, dy), f64x2.splat(len0)) : f64x2(1, 0);
    const bx = f64x2.extract_lane(b, 0), by = f64x2.extract_lane(b, 1);
    // the history's row, also where the plane starts afresh (fresh), and the plane's
    const h = bySlot ? i32At(pslot, p) : previousContact(t, i, j), q = fresh ? -1 : h;
    const choice = planeNormal(plane, pI, ni, pJ, nj, q, bx, by, pnx, pny, pchoice, hyst);
    let nx = normalX, ny = normalY;
    let len = Math.sqrt(nx * nx + ny * ny);
    if (len == 0) { nx = 1; ny = 0; len = 1; }
    const unitN = f64x2.div(f64x2(nx, ny), f64x2.splat(len));
    nx = f64x2.extract_lane(unitN, 0); ny = f64x2.extract_lane(unitN, 1);
    if (nx * dx + ny * dy < 0) { nx = -nx; ny = -ny; }
    const ei = load<f64>(eqR + bi), ej = load<f64>(eqR + bj);
    const ai = Math.PI * ei * ei, aj = Math.PI * ej * ej;
    store<i32>(oprev + (<usize>k << 2), h);
    store<i32>(oslot + (<usize>p << 2), k);
    appendAreaContact(t, k++, i, j, choice, nx, ny, ei + ej, clipArea / pick(ai, aj, ai < aj), xi, yi, xj, yj, h);
  }
  if (forces) endForces(t);
  return k;
}

/**
 * collide-polygon.ts's planeNormal: the plane of the overlap just clipped by the active definition into normalX,
 * normalY (not yet oriented); the flip choice. q: the contact's row in last step's list, or −1.
 */
function planeNormal(plane: i32, pI: usize, ni: i32, pJ: usize, nj: i32, q: i32, bx: f64, by: f64, pnx: usize, pny: usize, pchoice: usize, hyst: f64): i32 {
  let count = 0;
  if (plane != USUAL) {
    edgeAverage(plane, clipVertices, clipCount);
    if (axisRho >= RHO_MIN) return flipNormal(axisX, axisY, bx, by, q >= 0 ? <i32>load<u8>(pchoice + <usize>q) : -1, hyst);
    if (q >= 0) { normalX = ld(pnx, q); normalY = ld(pny, q); return load<u8>(pchoice + <usize>q); }
    count = crossings(pI, ni, pJ, nj, cross);
  } else {
    count = crossings(pI, ni, pJ, nj, cross);
    if (q >= 0 && count < 2) { normalX = ld(pnx, q); normalY = ld(pny, q); return NO_CHOICE; }
  }
  if (!chordNormal(cross, count)) {
    if (q >= 0) { normalX = ld(pnx, q); normalY = ld(pny, q); } else { normalX = bx; normalY = by; }
  }
  return NO_CHOICE;
}

/**
 * collideWallPolygon for the wall in the parameters (i = −1 − w) and the movable polygons among bodies [j0, n) — or,
 * with a `list` (the byte address of an i32 column, else 0), among bodies list[j0 … n) (the wall's candidates,
 * contacts/wall-candidates.ts: every body that can touch it, ascending) —, from row k0 on, up to row kMax; the end
 * (LEFT: n, or the place whose contact found no row)
 */
export function polygonWall(t: usize, w: i32, j0: i32, n: i32, k0: i32, kMax: i32, list: usize): i32 {
  layout(t);
  store<i32>(t + (<usize>LEFT << 2), n);
  forces = (int(t, FLAGS) & FORCES) != 0;
  if (forces) beginForces(t, int(t, FLAGS));
  const ex = slot(t, EX), ey = slot(t, EY), rad = slot(t, RAD), im = slot(t, IM), shape = slot(t, SHAPE), eqR = slot(t, EQR);
  const ax = param(t, WALL_AX), ay = param(t, WALL_AY), wnx = param(t, WALL_NX), wny = param(t, WALL_NY);
  let k = k0;
  for (let e = j0; e < n; e++) {
    const j = list != 0 ? i32At(list, e) : e, bj = <usize>j << 3;
    if (load<f64>(im + bj) == 0 || load<u8>(shape + <usize>j) != POLYGON) continue;
    const xj = load<f64>(ex + bj), yj = load<f64>(ey + bj);
    if ((xj - ax) * wnx + (yj - ay) * wny >= load<f64>(rad + bj)) continue;
    const nj = outline(t, j, 0, outJ);
    if (!beyondLine(outlineAt, nj, ax, ay, wnx, wny, SIZE_BOUND * load<f64>(rad + bj), bufA)) continue;
    if (k == kMax) {
      store<i32>(t + (<usize>LEFT << 2), e);
      if (forces) endForces(t);
      return k;
    }
    const e = load<f64>(eqR + bj);
    // the history's row: carryHistory's lookup by key, done here for the fused pass
    const h = forces ? previousContact(t, -1 - w, j) : -1;
    if (forces) store<i32>(slot(t, OPREV) + (<usize>k << 2), h);
    appendAreaContact(t, k++, -1 - w, j, NO_CHOICE, wnx, wny, e, clipArea / (Math.PI * e * e), 0, 0, xj, yj, h);
  }
  if (forces) endForces(t);
  return k;
}

/**
 * collide-polygon.ts's appendAreaContact: row k of the record for the overlap just clipped (lever arms none on a wall,
 * i < 0); in the fused pass, its forces (h: its row in last step's list)
 */
function appendAreaContact(t: usize, k: i32, i: i32, j: i32, choice: i32, nx: f64, ny: f64, lc: f64, ratio: f64, xi: f64, yi: f64, xj: f64, yj: f64, h: i32): void {
  const area = clipArea, cx = clipCx, cy = clipCy;
  const rix = i < 0 ? 0 : cx - xi, riy = i < 0 ? 0 : cy - yi, rjx = cx - xj, rjy = cy - yj;
  const k4 = <usize>k << 2, k8 = <usize>k << 3;
  store<i32>(slot(t, OI) + k4, i); store<i32>(slot(t, OJ) + k4, j); store<i32>(slot(t, OFEAT) + k4, 0);
  store<u8>(slot(t, OLAW) + <usize>k, <u8>int(t, LAW));
  store<f64>(slot(t, ONX) + k8, nx); store<f64>(slot(t, ONY) + k8, ny);
  store<f64>(slot(t, ODELTA) + k8, area); store<f64>(slot(t, OLC) + k8, lc); store<f64>(slot(t, ORATIO) + k8, ratio);
  // the overlap's mean depth: its area over its extent along t
  const v = clipVertices;
  // the least and greatest s = −x n_y + y n_x by f64x2 pmin and pmax (s < lo ? s : lo …: no branch)
  let lo2 = f64x2.splat(Infinity), hi2 = f64x2.splat(-Infinity);
  for (let q = 0; q < clipCount; q++) {
    const s = f64x2.splat(-ld(v, 2 * q) * ny + ld(v, 2 * q + 1) * nx);
    lo2 = f64x2.pmin(lo2, s);
    hi2 = f64x2.pmax(hi2, s);
  }
  const lo = f64x2.extract_lane(lo2, 0), hi = f64x2.extract_lane(hi2, 0);
  const depth = hi > lo ? area / (hi - lo) : 0;
  store<f64>(slot(t, ODEPTH) + k8, depth);
  const rin = rix * nx + riy * ny, rit = -rix * ny + riy * nx, rjn = rjx * nx + rjy * ny, rjt = -rjx * ny + rjy * nx;
  store<f64>(slot(t, ORIN) + k8, rin); store<f64>(slot(t, ORIT) + k8, rit);
  store<f64>(slot(t, ORJN) + k8, rjn); store<f64>(slot(t, ORJT) + k8, rjt);
  store<f64>(slot(t, OCX) + k8, (int(t, FLAGS) & PERIODIC) != 0 ? wrap(cx, param(t, XMIN), param(t, LENGTH)) : cx);
  store<f64>(slot(t, OCY) + k8, cy);
  store<u8>(slot(t, OCHOICE) + <usize>k, <u8>choice);
  if (!forces) return;
  if (i < 0) areaCundall(k, i, j, nx, ny, area, lc, ratio, depth, rin, rit, rjn, rjt, h, true);
  else areaCundall(k, i, j, nx, ny, area, lc, ratio, depth, rin, rit, rjn, rjt, h, false);
}

/**
 * The fused pass's forces of rows [k0, k1), in order, whose geometry is written (a pair the kernel left to the JavaScript
 * collider; the pairs a worker pool's chunks found): the block appendAreaContact runs, from the rows' columns (the same numbers)
 */
export function polygonRowForces(t: usize, k0: i32, k1: i32): void {
  beginForces(t, int(t, FLAGS));
  for (let k = k0; k < k1; k++) rowForces(t, k);
  endForces(t);
}

@inline function rowForces(t: usize, k: i32): void {
  const k8 = <usize>k << 3, i = i32At(slot(t, OI), k), j = i32At(slot(t, OJ), k), h = i32At(slot(t, OPREV), k);
  const nx = load<f64>(slot(t, ONX) + k8), ny = load<f64>(slot(t, ONY) + k8), area = load<f64>(slot(t, ODELTA) + k8), lc = load<f64>(slot(t, OLC) + k8);
  const ratio = load<f64>(slot(t, ORATIO) + k8), depth = load<f64>(slot(t, ODEPTH) + k8);
  const rin = load<f64>(slot(t, ORIN) + k8), rit = load<f64>(slot(t, ORIT) + k8), rjn = load<f64>(slot(t, ORJN) + k8), rjt = load<f64>(slot(t, ORJT) + k8);
  if (i < 0) areaCundall(k, i, j, nx, ny, area, lc, ratio, depth, rin, rit, rjn, rjt, h, true);
  else areaCundall(k, i, j, nx, ny, area, lc, ratio, depth, rin, rit, rjn, rjt, h, false);
}

/** PeriodicX.wrap */
@inline function wrap(x: f64, xmin: f64, L: f64): f64 {
  let u = x - xmin;
  if (u < 0 || u >= L) u -= L * Math.floor(u / L);
  return xmin + u;
}
