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

/** boundingSize: the larger side of the polygon's bounding box */
export function boundingSize(xy: usize, n: i32): f64 {
  let xmin = Infinity, xmax = -Infinity, ymin = Infinity, ymax = -Infinity;
  for (let k = 0; k < 2 * n; k += 2) {
    const x = ld(xy, k), y = ld(xy, k + 1);
    if (x < xmin) xmin = x;
    if (x > xmax) xmax = x;
    if (y < ymin) ymin = y;
    if (y > ymax) ymax = y;
  }
  return Math.max(xmax - xmin, ymax - ymin);
}

/** clipStage: the part of src[0 … 2m) where u×(x − a) ≥ 0, into dst; its vertex count */
function clipStage(src: usize, m: i32, dst: usize, ax: f64, ay: f64, ux: f64, uy: f64): i32 {
  let out = 0;
  const s0 = ux * (ld(src, 1) - ay) - uy * (ld(src, 0) - ax);
  let sp = s0;
  for (let k = 0; k < m; k++) {
    const j = k + 1 == m ? 0 : k + 1;
    const px = ld(src, 2 * k), py = ld(src, 2 * k + 1);
    const qx = ld(src, 2 * j), qy = ld(src, 2 * j + 1);
    const sq = j == 0 ? s0 : ux * (qy - ay) - uy * (qx - ax);
    if (sp >= 0) {
      st(dst, out++, px);
      st(dst, out++, py);
    }
    if ((sp >= 0) != (sq >= 0)) {
      const t = sp / (sp - sq);
      st(dst, out++, px + t * (qx - px));
      st(dst, out++, py + t * (qy - py));
    }
    sp = sq;
  }
  return out >> 1;
}

/**
 * PolygonClipper.overlap: Q ∩ P, Q (q, nq) inside the circle (cx, cy, r), in the buffers a and b of `room` vertices
 * each. Returns 1 for a contact, 0 for none, −1 when a stage might not fit the buffers (the caller then leaves the
 * pair to the JavaScript clipper, which grows its own).
 */
export function overlap(p: usize, np: i32, q: usize, nq: i32, cx: f64, cy: f64, r: f64, a: usize, b: usize, room: i32): i32 {
  const size = Math.max(boundingSize(p, np), boundingSize(q, nq));
  const qr = r + SKIP_REL * size;
  let src = q, m = nq, toA = true;
  for (let e = 0; e < np && m > 0; e++) {
    const f = e + 1 == np ? 0 : e + 1;
    const ax = ld(p, 2 * e), ay = ld(p, 2 * e + 1), ux = ld(p, 2 * f) - ax, uy = ld(p, 2 * f + 1) - ay;
    const sc = ux * (cy - ay) - uy * (cx - ax);
    if (sc * sc > qr * qr * (ux * ux + uy * uy)) {
      if (sc > 0) continue; // Q inside this edge's half-plane
      m = 0; // Q wholly outside it
      break;
    }
    if (2 * m + 2 > room) return -1;
    const dst = toA ? a : b;
    m = clipStage(src, m, dst, ax, ay, ux, uy);
    src = dst;
    toA = !toA;
  }
  if (src == q && m > 0) { // every stage skipped (Q inside P): finish merges in place, so not in the caller's outline
    memory.copy(a, q, <usize>nq << 4);
    src = a;
  }
  clipVertices = src;
  return finish(m, size) ? 1 : 0;
}

/** PolygonClipper.beyondLine: the part of Q beyond the line through (px, py) with normal (nx, ny), into the buffer a */
export function beyondLine(q: usize, nq: i32, px: f64, py: f64, nx: f64, ny: f64, a: usize): bool {
  const m = clipStage(q, nq, a, px, py, -ny, nx);
  clipVertices = a;
  return finish(m, boundingSize(q, nq));
}

/** PolygonClipper.finish: merge near-duplicate consecutive vertices, then the shoelace area and centroid about vertex 0 */
function finish(m: i32, size: f64): bool {
  const v = clipVertices;
  const tol = MERGE_REL * size, tol2 = tol * tol;
  let w = 0;
  for (let k = 0; k < m; k++) {
    const x = ld(v, 2 * k), y = ld(v, 2 * k + 1);
    if (w > 0 && dist2(x, y, ld(v, 2 * w - 2), ld(v, 2 * w - 1)) <= tol2) continue;
    st(v, 2 * w, x);
    st(v, 2 * w + 1, y);
    w++;
  }
  while (w > 1 && dist2(ld(v, 2 * w - 2), ld(v, 2 * w - 1), ld(v, 0), ld(v, 1)) <= tol2) w--;
  clipCount = w;
  clipArea = 0;
  clipCx = 0;
  clipCy = 0;
  if (w < 3) return false;
  const x0 = ld(v, 0), y0 = ld(v, 1);
  let a2: f64 = 0, sx: f64 = 0, sy: f64 = 0;
  for (let k = 1; k + 1 < w; k++) {
    const x1 = ld(v, 2 * k) - x0, y1 = ld(v, 2 * k + 1) - y0;
    const x2 = ld(v, 2 * k + 2) - x0, y2 = ld(v, 2 * k + 3) - y0;
    const c = x1 * y2 - x2 * y1;
    a2 += c;
    sx += (x1 + x2) * c;
    sy += (y1 + y2) * c;
  }
  if (0.5 * a2 < MIN_AREA_REL * size * size) return false;
  clipArea = 0.5 * a2;
  clipCx = x0 + sx / (3 * a2);
  clipCy = y0 + sy / (3 * a2);
  return true;
}

@inline function dist2(x0: f64, y0: f64, x1: f64, y1: f64): f64 {
  const dx = x1 - x0, dy = y1 - y0;
  return dx * dx + dy * dy;
}
