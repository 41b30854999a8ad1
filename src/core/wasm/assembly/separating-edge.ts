/**
 * The separating-edge hint of a candidate pair (issue 38): a pair whose bounding circles overlap but whose outlines do
 * not costs a clip that finds nothing (≈ 100 ns, a seventh of the 10,000-polygon pile's candidates); an edge of either
 * outline whose line has the whole other outline beyond it, by a margin, proves there is no overlap in a handful of
 * products. The pair kernel (polygon-pairs.ts) keeps such an edge per pair slot (PairBuffer.separatingEdge) from the
 * clip that found nothing and tries it first next step. A hint is only a candidate: it is checked every time, so a
 * stale one (another pair in the slot after a rebuild of the list, the bodies moved) costs a check and changes no bit.
 *   Why the margin makes the skip exact: every vertex a clip stage writes is, up to a few roundings of the coordinates,
 *   a convex combination of the stage's input and on the inner side of each edge clipped so far; an edge of P (or Q)
 *   with all of Q (or P) beyond its line by SEP_REL · (|x| + |y| + size) ≫ those roundings leaves no such vertex, so
 *   the clip, however its stages fall, ends empty and the pair has no contact — what the kernel then writes too.
 * Encoding: 0 none; 1 + e for P's edge e (from vertex e to e + 1); 129 + e for Q's edge e (an outline has at most 64
 * vertices, scenarios/schema-fields.ts MAX_POLYGON_VERTICES, a disc's stand-in 24: every code fits a byte).
 */
import { ld } from './polygon-clip';

/** The margin, relative to the coordinates' size and the outlines' size, by which the other outline must lie beyond the line */
const SEP_REL: f64 = 1e-6;
/** The first code of Q's edges */
const OF_Q = 129;

/** The margin for a pair of outlines of size ≤ `bound` near (x, y) */
@inline export function separationMargin(x: f64, y: f64, bound: f64): f64 {
  return SEP_REL * (Math.abs(x) + Math.abs(y) + bound);
}

/**
 * Whether the hint `code` is an edge, of P (p, np) or Q (q, nq), whose line has every vertex of the other outline
 * beyond it by more than `margin`
 */
export function separates(code: i32, p: usize, np: i32, q: usize, nq: i32, margin: f64): bool {
  if (code == 0) return false;
  const ofQ = code >= OF_Q, e = ofQ ? code - OF_Q : code - 1;
  const a = ofQ ? q : p, na = ofQ ? nq : np, b = ofQ ? p : q, nb = ofQ ? np : nq;
  if (e >= na) return false;
  // s < −margin |u| without the root: s < 0 and s² > margin² u²
  const s = nearest(a, na, e, b, nb);
  return s < 0 && s * s > margin * margin * edge2;
}

/**
 * The edge of P or Q with the other outline furthest beyond its line, as a hint's code, if it is beyond by more than
 * `margin`; else 0. Called only for a pair the clip found no overlap for.
 */
export function separatingEdge(p: usize, np: i32, q: usize, nq: i32, margin: f64): i32 {
  let best: f64 = -margin, code = 0;
  for (let e = 0; e < np; e++) {
    const d = beyond(p, np, e, q, nq);
    if (d < best) { best = d; code = 1 + e; }
  }
  for (let e = 0; e < nq; e++) {
    const d = beyond(q, nq, e, p, np);
    if (d < best) { best = d; code = OF_Q + e; }
  }
  return code;
}

/** The signed distance from the line of a's edge e (inside: positive) of b's vertex nearest to it */
@inline function beyond(a: usize, na: i32, e: i32, b: usize, nb: i32): f64 {
  const s = nearest(a, na, e, b, nb);
  return s / Math.sqrt(edge2);
}

/** |u|² of the edge the last call of nearest took */
let edge2: f64 = 0;

/**
 * max over b's vertices v of u×(v − a_e), u = a_{e+1} − a_e (NaN if any is: no separation then); two vertices a turn
 * as f64x2 lanes (an odd count's last turn takes vertex 0 again), the running maximum by f64x2.max: no branch (the
 * scalar f64.max is compiled to compares and jumps, which the data would mispredict)
 */
function nearest(a: usize, na: i32, e: i32, b: usize, nb: i32): f64 {
  const f = e + 1 == na ? 0 : e + 1;
  const ax = ld(a, 2 * e), ay = ld(a, 2 * e + 1), ux = ld(a, 2 * f) - ax, uy = ld(a, 2 * f + 1) - ay;
  const at = f64x2(ax, ay), w = f64x2(uy, ux);
  let m = f64x2.splat(-Infinity);
  for (let k = 0; k < nb; k += 2) {
    const v0 = f64x2.mul(f64x2.sub(v128.load(b + (<usize>k << 4)), at), w);
    const v1 = f64x2.mul(f64x2.sub(v128.load(select<usize>(b + (<usize>(k + 1) << 4), b, k + 1 < nb)), at), w);
    // (y − a_y) u_x − (x − a_x) u_y for the two vertices
    m = f64x2.max(m, f64x2.sub(f64x2.shuffle(v0, v1, 1, 3), f64x2.shuffle(v0, v1, 0, 2)));
  }
  edge2 = ux * ux + uy * uy;
  return f64x2.extract_lane(f64x2.max(m, f64x2.shuffle(m, m, 1, 0)), 0);
}
