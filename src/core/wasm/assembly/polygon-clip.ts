/**
 * AssemblyScript source of the polygon overlap in WebAssembly (issue 38): shapes/polygon-clip.ts's PolygonClipper
 * (Sutherland–Hodgman with the bounding circle's shortcuts, the wall's half-plane, the merge, the shoelace area and
 * centroid; docs/model.md#area-law-for-polygons), expression for expression, so the two give the same bits. Polygons
 * are flat x, y pairs at byte addresses in the arena's memory, counter-clockwise; the result is in the globals below.
 */
/** MERGE_REL, MIN_AREA_REL, SKIP_REL of shapes/polygon-clip.ts */
const MERGE_REL: f64 = 1e-12, MIN_AREA_REL: f64 = 1e-14, SKIP_REL: f64 = 1e-9;

/** The overlap of the last call: area, centroid, vertex count after the merge, and where its vertices are */
export let clipArea: f64 = 0, clipCx: f64 = 0, clipCy: f64 = 0, clipCount: i32 = 0, clipVertices: usize = 0;

/** Element k of the f64 array at a, and its store */
@inline export function ld(a: usize, k: i32): f64 { return load<f64>(a + (<usize>k << 3)); }
@inline export function st(a: usize, k: i32, v: f64): void { store<f64>(a + (<usize>k << 3), v); }

/**
 * boundingSize: the larger side of the polygon's bounding box. By min and max: the same numbers as JavaScript's
 * comparisons (they differ only in which zero a tie of +0 and −0 keeps, which no difference of a polygon's extent can
 * tell). V8 compiles the scalar f64.min and f64.max to compares and jumps, which is fine here: the exact size is asked
 * for only by the rare decisions its bound does not settle (exactSize below).
 */
export function boundingSize(xy: usize, n: i32): f64 {
  let xmin = Infinity, xmax = -Infinity, ymin = Infinity, ymax = -Infinity;
  for (let k = 0; k < 2 * n; k += 2) {
    const x = ld(xy, k), y = ld(xy, k + 1);
    xmin = Math.min(xmin, x); xmax = Math.max(xmax, x);
    ymin = Math.min(ymin, y); ymax = Math.max(ymax, y);
  }
  return Math.max(xmax - xmin, ymax - ymin);
}

/**
 * clipStage: the part of src[0 … 2m) where u×(x − a) ≥ 0, into dst (room for 2m vertices); its vertex count. Without a
 * branch per vertex (a kept vertex and a crossing are always written, and the count moves past them only if they
 * count): the sides of the line fall unpredictably, and a mispredicted branch costs more than the writes and the
 * division. The numbers kept are computed as clipStage's in JavaScript.
 */
function clipStage(src: usize, m: i32, dst: usize, e: i32, p: usize, np: i32): i32 {
  const f = e + 1 == np ? 0 : e + 1;
  const ax = ld(p, 2 * e), ay = ld(p, 2 * e + 1), ux = ld(p, 2 * f) - ax, uy = ld(p, 2 * f + 1) - ay;
  return clipLine(src, m, dst, ax, ay, ux, uy);
}

/**
 * clipStage by the line through (ax, ay) along (ux, uy). Two vertices a turn as f64x2 lanes (their sides, the two
 * crossings' divisions, the points): WebAssembly's f64x2 arithmetic is IEEE lane by lane, so every number is the
 * scalar expression's — s = u_x (y − a_y) − u_y (x − a_x), t = s_p / (s_p − s_q), p + t (q − p) — for half the divisions.
 */
function clipLine(src: usize, m: i32, dst: usize, ax: f64, ay: f64, ux: f64, uy: f64): i32 {
  const a = f64x2(ax, ay), w = f64x2(uy, ux);
  const p0 = v128.load(src), w0 = f64x2.mul(f64x2.sub(p0, a), w);
  const s0 = f64x2.extract_lane(w0, 1) - f64x2.extract_lane(w0, 0);
  let out = 0, p = p0, sp = s0;
  // an odd m's last turn has vertex m − 1 in its first lane and nothing in its second (valid = 0: written over, not counted)
  for (let k = 0; k < m; k += 2) {
    const valid = <i32>(k + 1 < m);
    const q = v128.load(select<usize>(src + (<usize>(k + 1) << 4), src, valid)), r = v128.load(select<usize>(src + (<usize>(k + 2) << 4), src, k + 2 < m));
    const wq = f64x2.mul(f64x2.sub(q, a), w), wr = f64x2.mul(f64x2.sub(r, a), w);
    const s = f64x2.sub(f64x2.shuffle(wq, wr, 1, 3), f64x2.shuffle(wq, wr, 0, 2)); // (s_q, s_r)
    const num = f64x2.shuffle(f64x2.splat(sp), s, 0, 2); // (s_p, s_q)
    const t = f64x2.div(num, f64x2.sub(num, s));
    const sq = f64x2.extract_lane(s, 0), sr = f64x2.extract_lane(s, 1);
    out = clipEdge(dst, out, p, q, sp, sq, f64x2.extract_lane(t, 0), 1);
    out = clipEdge(dst, out, q, r, sq, sr, f64x2.extract_lane(t, 1), valid);
    p = r;
    sp = sr;
  }
  return out;
}

/**
 * One vertex p of a stage and its edge to q (sides s_p, s_q; t where the line crosses it): p if kept, the crossing if
 * any, without a branch; nothing counted unless valid (1 or 0)
 */
@inline function clipEdge(dst: usize, out: i32, p: v128, q: v128, sp: f64, sq: f64, t: f64, valid: i32): i32 {
  const keep = <i32>(sp >= 0) & valid, cross = (<i32>(sp >= 0) ^ <i32>(sq >= 0)) & valid;
  v128.store(dst + (<usize>out << 4), p);
  out += keep;
  v128.store(dst + (<usize>out << 4), f64x2.add(p, f64x2.mul(f64x2.splat(t), f64x2.sub(q, p))));
  return out + cross;
}

/**
 * The size the tolerances are relative to (PolygonClipper's: the larger bounding-box side of the two outlines), found
 * only when a decision needs it: every test that reads it (a stage's skip, a merge, the least area) is monotone in
 * it, so a test that comes out the same for 0 and for an upper bound `sizeBound` (≥ the size) comes out so for the
 * size too, and only a test between the two (rare: within a relative 10⁻⁹ of its threshold, or a merge) asks for
 * the two bounding boxes. The same decisions, the same bits, without two passes over the vertices a pair.
 */
let sizeP: usize = 0, sizeNp: i32 = 0, sizeQ: usize = 0, sizeNq: i32 = 0, sizeBound: f64 = 0, size: f64 = -1;

@inline function exactSize(): f64 {
  if (size < 0) size = sizeNp > 0 ? Math.max(boundingSize(sizeP, sizeNp), boundingSize(sizeQ, sizeNq)) : boundingSize(sizeQ, sizeNq);
  return size;
}

/**
 * PolygonClipper.overlap: Q ∩ P, Q (q, nq) inside the circle (cx, cy, r), in the buffers a and b of `room` vertices
 * each; `bound` ≥ the tolerances' size (twice the larger bounding radius, with room for rounding); `edges`: room for np
 * i32. Returns 1 for a contact, 0 for none, −1 when a stage might not fit the buffers (beyond the n + m vertices two
 * convex outlines meet in: only the stages' rounding could; the caller doubles the scratch and clips the pair again,
 * contacts/polygon-wasm.ts).
 * P's edges whose line the circle clears need no stage (Q wholly inside: skipped; wholly outside: no overlap). Of the
 * others, the edge Q's centre lies furthest beyond (the one facing Q) clips first: what is left is the sliver of Q
 * near P, and a later edge whose half-plane holds every vertex of it is skipped (its stage would copy them all: the
 * same bits), one that holds none ends the clip.
 */
export function overlap(p: usize, np: i32, q: usize, nq: i32, cx: f64, cy: f64, r: f64, bound: f64, a: usize, b: usize, room: i32, edges: usize): i32 {
  sizeP = p; sizeNp = np; sizeQ = q; sizeNq = nq; sizeBound = bound; size = -1;
  // the circle's radius with the size's margin: at most with the bound, at least with none
  const qrHi = r + SKIP_REL * bound, qrLo = r;
  // one branch an edge (whether it faces Q more than the edges before): which side of an edge's line Q's circle falls
  // is unpredictable, so the edge is written to the list and counted only if cut, and Q wholly outside some edge's
  // half-plane ends the clip after the loop
  let cut = 0, first = -1, firstS: f64 = 0, firstU2: f64 = 1, outside = 0;
  for (let e = 0; e < np; e++) {
    const f = e + 1 == np ? 0 : e + 1;
    const ax = ld(p, 2 * e), ay = ld(p, 2 * e + 1), ux = ld(p, 2 * f) - ax, uy = ld(p, 2 * f + 1) - ay;
    const sc = ux * (cy - ay) - uy * (cx - ax);
    const sc2 = sc * sc, u2 = ux * ux + uy * uy;
    let clear = <i32>(sc2 > qrHi * qrHi * u2);
    if ((clear ^ 1) & <i32>(sc2 > qrLo * qrLo * u2)) {
      const qr = r + SKIP_REL * exactSize();
      clear = <i32>(sc2 > qr * qr * u2);
    }
    outside |= clear & <i32>!(sc > 0);
    // the signed distance sc/|u| of Q's centre, compared as sc·|sc|/u² (no root): the least faces Q most
    const s = sc * Math.abs(sc);
    if ((clear ^ 1) & (<i32>(first < 0) | <i32>(s * firstU2 < firstS * u2))) { first = e; firstS = s; firstU2 = u2; }
    store<i32>(edges + (<usize>cut << 2), e);
    cut += clear ^ 1;
  }
  if (outside) {
    clipVertices = a;
    return finish(0) ? 1 : 0;
  }
  if (first < 0) { // every stage skipped (Q inside P): finish merges in place, so not in the caller's outline
    memory.copy(a, q, <usize>nq << 4);
    clipVertices = a;
    return finish(nq) ? 1 : 0;
  }
  if (2 * nq + 2 > room) return -1;
  let m = clipStage(q, nq, a, first, p, np);
  let src = a, toA = false;
  for (let c = 0; c < cut && m > 0; c++) {
    const e = load<i32>(edges + (<usize>c << 2));
    if (e == first) continue;
    const inside = countInside(src, m, e, p, np);
    if (inside == m) continue;
    if (inside == 0) { m = 0; break; }
    if (2 * m + 2 > room) return -1;
    const dst = toA ? a : b;
    m = clipStage(src, m, dst, e, p, np);
    src = dst;
    toA = !toA;
  }
  clipVertices = src;
  return finish(m) ? 1 : 0;
}

/** How many of src[0 … 2m) lie in the half-plane of P's edge e (clipStage's sign test, s ≥ 0) */
function countInside(src: usize, m: i32, e: i32, p: usize, np: i32): i32 {
  const f = e + 1 == np ? 0 : e + 1;
  const ax = ld(p, 2 * e), ay = ld(p, 2 * e + 1), ux = ld(p, 2 * f) - ax, uy = ld(p, 2 * f + 1) - ay;
  let n = 0;
  for (let k = 0; k < m; k++) n += <i32>(ux * (ld(src, 2 * k + 1) - ay) - uy * (ld(src, 2 * k) - ax) >= 0);
  return n;
}

/** PolygonClipper.beyondLine: the part of Q beyond the line through (px, py) with normal (nx, ny), into the buffer a; `bound` as overlap's */
export function beyondLine(q: usize, nq: i32, px: f64, py: f64, nx: f64, ny: f64, bound: f64, a: usize): bool {
  sizeNp = 0; sizeQ = q; sizeNq = nq; sizeBound = bound; size = -1;
  const m = clipLine(q, nq, a, px, py, -ny, nx);
  clipVertices = a;
  return finish(m);
}

/**
 * PolygonClipper.finish: merge near-duplicate consecutive vertices, then the shoelace area and centroid about vertex 0
 * (the merge and the least area by the size's bound first, by the size itself only where the bound does not decide)
 */
function finish(m: i32): bool {
  const v = clipVertices;
  const tolHi = MERGE_REL * sizeBound, tol2Hi = tolHi * tolHi;
  let w = 0;
  for (let k = 0; k < m; k++) {
    const x = ld(v, 2 * k), y = ld(v, 2 * k + 1);
    if (w > 0 && merges(dist2(x, y, ld(v, 2 * w - 2), ld(v, 2 * w - 1)), tol2Hi)) continue;
    st(v, 2 * w, x);
    st(v, 2 * w + 1, y);
    w++;
  }
  while (w > 1 && merges(dist2(ld(v, 2 * w - 2), ld(v, 2 * w - 1), ld(v, 0), ld(v, 1)), tol2Hi)) w--;
  clipCount = w;
  clipArea = 0;
  clipCx = 0;
  clipCy = 0;
  if (w < 3) return false;
  // the shoelace about vertex 0, (x, y) as f64x2 lanes: c = x₁y₂ − x₂y₁, Σ c, Σ (x₁ + x₂) c, Σ (y₁ + y₂) c, in order
  const v0 = v128.load(v);
  let a2: f64 = 0, sums = f64x2.splat(0), d1 = f64x2.sub(v128.load(v + 16), v0);
  for (let k = 1; k + 1 < w; k++) {
    const d2 = f64x2.sub(v128.load(v + (<usize>(k + 1) << 4)), v0);
    const cross = f64x2.mul(d1, f64x2.shuffle(d2, d2, 1, 0));
    const c = f64x2.extract_lane(cross, 0) - f64x2.extract_lane(cross, 1);
    a2 += c;
    sums = f64x2.add(sums, f64x2.mul(f64x2.add(d1, d2), f64x2.splat(c)));
    d1 = d2;
  }
  if (0.5 * a2 < MIN_AREA_REL * sizeBound * sizeBound && 0.5 * a2 < MIN_AREA_REL * exactSize() * exactSize()) return false;
  clipArea = 0.5 * a2;
  const c = f64x2.add(v0, f64x2.div(sums, f64x2.splat(3 * a2)));
  clipCx = f64x2.extract_lane(c, 0);
  clipCy = f64x2.extract_lane(c, 1);
  return true;
}

/** Whether two vertices d2 apart merge (d² ≤ (MERGE_REL·size)²): by the bound's tolerance first */
@inline function merges(d2: f64, tol2Hi: f64): bool {
  if (d2 > tol2Hi) return false;
  const tol = MERGE_REL * exactSize();
  return d2 <= tol * tol;
}

@inline function dist2(x0: f64, y0: f64, x1: f64, y1: f64): f64 {
  const dx = x1 - x0, dy = y1 - y0;
  return dx * dx + dy * dy;
}
