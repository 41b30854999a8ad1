/**
 * AssemblyScript source of the polygon contact plane in WebAssembly (issue 38; docs/model.md#contact-plane-for-polygons):
 * the only production form of the boundary crossings, the usual line, the edge average and the flip; their JavaScript
 * oracles (test/core/oracles/boundary-crossings.ts, chord-normal.ts, edge-average.ts, flip.ts) are the same expressions,
 * and the two give the same bits (test/core/polygon-wasm.test.ts). The few transcendental calls (the usual line's angle, the literal
 * readings' edge angles, the flip's hysteresis) are the host's Math functions, imported: the same functions as
 * JavaScript's, hence the same bits (WebAssembly's own +, −, ×, ÷ and √ are IEEE, like JavaScript's).
 */
import { pick } from './branchless';
import { boundingSize, ld, st } from './polygon-clip';

@external("env", "Math.atan2") declare function atan2(y: f64, x: f64): f64;
@external("env", "Math.atan") declare function atan(x: f64): f64;
@external("env", "Math.acos") declare function acos(x: f64): f64;
@external("env", "Math.cos") declare function cos(x: f64): f64;
@external("env", "Math.sin") declare function sin(x: f64): f64;

/** plane/plane-ids.ts */
export const USUAL = 0, LITERAL_SIGNED = 1, LITERAL_ABS = 2;
/** boundary-crossings.ts's PARALLEL_SIN and END_SLACK; polygon-clip.ts's MERGE_REL */
const PARALLEL_SIN: f64 = 1e-12, END_SLACK: f64 = 1e-12, MERGE_REL: f64 = 1e-12;

/** The normal the last call found (not yet oriented), the edge average's direction and anisotropy */
export let normalX: f64 = 0, normalY: f64 = 0, axisX: f64 = 0, axisY: f64 = 0, axisRho: f64 = 0;
/** How many boundary crossings the last call of crossings found (the plane probe's count, contacts/plane-probe.ts) */
let lastCrossings = 0;

/** The count of the boundary crossings found last on this instance (the usual plane's points of the last pair that had a contact) */
export function polygonCrossings(): i32 {
  return lastCrossings;
}

/** BoundaryCrossings.compute: the points where ∂P and ∂Q meet, into xy (at most np·nq of them); their count */
export function crossings(p: usize, np: i32, q: usize, nq: i32, xy: usize): i32 {
  const tol = MERGE_REL * Math.max(boundingSize(p, np), boundingSize(q, nq));
  const sin2 = PARALLEL_SIN * PARALLEL_SIN, lo = -END_SLACK, hi = 1 + END_SLACK;
  let count = 0;
  for (let i = 0; i < np; i++) {
    const i1 = i + 1 == np ? 0 : i + 1;
    const ax = ld(p, 2 * i), ay = ld(p, 2 * i + 1);
    const rx = ld(p, 2 * i1) - ax, ry = ld(p, 2 * i1 + 1) - ay;
    const r2 = rx * rx + ry * ry;
    for (let j = 0; j < nq; j++) {
      const j1 = j + 1 == nq ? 0 : j + 1;
      const cx = ld(q, 2 * j), cy = ld(q, 2 * j + 1);
      const sx = ld(q, 2 * j1) - cx, sy = ld(q, 2 * j1 + 1) - cy;
      const den = rx * sy - ry * sx;
      if (den * den <= sin2 * r2 * (sx * sx + sy * sy)) continue;
      const wx = cx - ax, wy = cy - ay;
      const t = (wx * sy - wy * sx) / den;
      const u = (wx * ry - wy * rx) / den;
      if (t < lo || t > hi || u < lo || u > hi) continue;
      const tc = t < 0 ? 0 : t > 1 ? 1 : t;
      count = addPoint(xy, count, ax + tc * rx, ay + tc * ry, tol);
    }
  }
  lastCrossings = count;
  return count;
}

/** BoundaryCrossings.add: appends (x, y) unless a point within tol is already there; the new count */
function addPoint(xy: usize, n: i32, x: f64, y: f64, tol: f64): i32 {
  const tol2 = tol * tol;
  for (let k = 0; k < 2 * n; k += 2) {
    const dx = ld(xy, k) - x, dy = ld(xy, k + 1) - y;
    if (dx * dx + dy * dy <= tol2) return n;
  }
  st(xy, 2 * n, x);
  st(xy, 2 * n + 1, y);
  return n + 1;
}

/** chordNormal: the principal axis of the points into normalX, normalY; false for no line */
export function chordNormal(xy: usize, count: i32): bool {
  if (count < 2) return false;
  let mx: f64 = 0, my: f64 = 0;
  for (let k = 0; k < count; k++) { mx += ld(xy, 2 * k); my += ld(xy, 2 * k + 1); }
  mx /= <f64>count; my /= <f64>count;
  let sxx: f64 = 0, syy: f64 = 0, sxy: f64 = 0;
  for (let k = 0; k < count; k++) {
    const u = ld(xy, 2 * k) - mx, v = ld(xy, 2 * k + 1) - my;
    sxx += u * u; syy += v * v; sxy += u * v;
  }
  const half = 0.5 * (sxx + syy), dev = Math.sqrt(0.25 * (sxx - syy) * (sxx - syy) + sxy * sxy);
  const major = half + dev, minor = half - dev;
  if (!(major > 0) || minor > 0.5 * major) return false;
  const theta = 0.5 * atan2(2 * sxy, sxx - syy);
  normalX = -sin(theta);
  normalY = cos(theta);
  return true;
}

/** edgeAverageAngle: the line's direction (axisX, axisY) and the axial anisotropy axisRho from the overlap's edges */
export function edgeAverage(definition: i32, xy: usize, count: i32): void {
  if (definition == LITERAL_SIGNED || definition == LITERAL_ABS) {
    literalAverage(definition, xy, count);
    return;
  }
  // the axial sums Σ |e|, Σ 2 e_x e_y / |e|, Σ (e_x² − e_y²) / |e| over the edges e = v_l − v_k, in order; two edges a
  // turn as f64x2 lanes (one square root and two divisions for two edges, IEEE lane by lane: the scalar numbers)
  let total: f64 = 0, s2: f64 = 0, c2: f64 = 0, k = 0;
  for (; k + 1 < count; k += 2) {
    const a = v128.load(xy + (<usize>k << 4)), b = v128.load(xy + (<usize>(k + 1) << 4));
    const c = v128.load(xy + (k + 2 == count ? 0 : <usize>(k + 2) << 4));
    const e0 = f64x2.sub(b, a), e1 = f64x2.sub(c, b);
    const ex = f64x2.shuffle(e0, e1, 0, 2), ey = f64x2.shuffle(e0, e1, 1, 3);
    const xx = f64x2.mul(ex, ex), yy = f64x2.mul(ey, ey), len = f64x2.sqrt(f64x2.add(xx, yy));
    const s = f64x2.div(f64x2.mul(f64x2.mul(f64x2.splat(2), ex), ey), len), q = f64x2.div(f64x2.sub(xx, yy), len);
    const l0 = f64x2.extract_lane(len, 0), l1 = f64x2.extract_lane(len, 1);
    if (l0 != 0) { total += l0; s2 += f64x2.extract_lane(s, 0); c2 += f64x2.extract_lane(q, 0); }
    if (l1 != 0) { total += l1; s2 += f64x2.extract_lane(s, 1); c2 += f64x2.extract_lane(q, 1); }
  }
  if (k < count) {
    const ex = ld(xy, 0) - ld(xy, 2 * k), ey = ld(xy, 1) - ld(xy, 2 * k + 1);
    const len = Math.sqrt(ex * ex + ey * ey);
    if (len != 0) { total += len; s2 += (2 * ex * ey) / len; c2 += (ex * ex - ey * ey) / len; }
  }
  const r = Math.sqrt(s2 * s2 + c2 * c2);
  axisRho = total > 0 ? r / total : 0;
  if (r == 0) { axisX = 1; axisY = 0; return; }
  // cos 2θ and sin 2θ; then cos θ (where cos 2θ ≥ 0) or sin θ signed as sin 2θ (else) and the other one by
  // sin 2θ = 2 sin θ cos θ: both roots in one f64x2 square root, the two signs (unpredictable) by lane masks
  const cs = f64x2.div(f64x2(c2, s2), f64x2.splat(r));
  const cos2 = f64x2.extract_lane(cs, 0), sin2 = f64x2.extract_lane(cs, 1);
  const roots = f64x2.sqrt(f64x2.mul(f64x2.splat(0.5), f64x2.add(f64x2.splat(1), f64x2(cos2, -cos2))));
  const pos = cos2 >= 0, sinHalf = f64x2.extract_lane(roots, 1);
  const d = pick(f64x2.extract_lane(roots, 0), pick(-sinHalf, sinHalf, s2 < 0), pos), other = sin2 / (2 * d);
  axisX = pick(d, other, pos);
  axisY = pick(other, d, pos);
}

/** edgeAverage's literal readings (LITERAL_SIGNED, LITERAL_ABS): the length-weighted mean of the edges' angles */
function literalAverage(definition: i32, xy: usize, count: i32): void {
  let sum: f64 = 0, total: f64 = 0;
  for (let k = 0; k < count; k++) {
    const l = k + 1 == count ? 0 : k + 1;
    const ex = ld(xy, 2 * l) - ld(xy, 2 * k), ey = ld(xy, 2 * l + 1) - ld(xy, 2 * k + 1);
    const len = Math.sqrt(ex * ex + ey * ey);
    if (len == 0) continue;
    total += len;
    if (definition == LITERAL_SIGNED) {
      sum += len * (ex == 0 ? Math.PI / 2 : atan(ey / ex));
    } else {
      let phi = atan2(ey, ex);
      if (phi < 0) phi += Math.PI;
      if (phi >= Math.PI) phi -= Math.PI;
      sum += len * Math.min(phi, Math.PI - phi);
    }
  }
  const theta = total > 0 ? sum / total : 0;
  axisX = cos(theta); axisY = sin(theta); axisRho = 1;
}

/** flipNormal: the candidate normal of the line (dx, dy) closer to the centre line b, with hysteresis, into normalX, normalY; the choice */
export function flipNormal(dx: f64, dy: f64, bx: f64, by: f64, previous: i32, hysteresis: f64): i32 {
  const a = Math.abs(-dy * bx + dx * by);
  let choice = a >= Math.SQRT1_2 ? 0 : 1;
  if (previous >= 0 && hysteresis > 0 && choice != previous) {
    const betaA = acos(Math.min(1, a)), betaB = Math.PI / 2 - betaA;
    const kept = previous == 0 ? betaA : betaB, other = previous == 0 ? betaB : betaA;
    if (kept - other <= hysteresis) choice = previous;
  }
  let nx = choice == 0 ? -dy : dx, ny = choice == 0 ? dx : dy;
  if (nx * bx + ny * by < 0) { nx = -nx; ny = -ny; }
  normalX = nx; normalY = ny;
  return choice;
}
