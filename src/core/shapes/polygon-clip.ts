/**
 * Overlap polygon O of two convex polygons by Sutherland–Hodgman, and the part of a polygon beyond a wall
 * line by half-plane clipping (docs/model.md#area-law-for-polygons, docs/model.md#contact-geometry), with O's area and centroid (the shoelace formulas of docs/model.md#bodies-and-shapes).
 *
 * Vertices are flat x, y pairs, counter-clockwise, in world coordinates (see `toWorld`), with an explicit
 * vertex count so a buffer may be longer than the polygon. Per call nothing is allocated: the clipper
 * works in two scratch buffers it owns (grown geometrically only when a larger polygon arrives) and
 * reports through its numeric fields. Tolerances are relative to `boundingSize`, never absolute.
 */
import { growF64, grownCapacity } from '../math/grow';

/** Consecutive vertices of O closer than this × size are merged (docs/model.md#area-law-for-polygons). */
export const MERGE_REL = 1e-12;
/** O with area below this × size² is no contact (docs/model.md#area-law-for-polygons). */
export const MIN_AREA_REL = 1e-14;
/**
 * A clipping stage is skipped (or the clip ended) only when Q's circle clears the edge's line by this × size besides its
 * radius: far above the stages' rounding (≈ 1e-16 × the coordinates), so the stage would have copied every vertex (or
 * left none) and the overlap keeps its bits.
 */
export const SKIP_REL = 1e-9;

/**
 * World vertices x + Rot(φ) X_k of the n body-frame vertices X_k (docs/model.md#bodies-and-shapes) starting at pair `from` of `body`
 * (a vertex pool), written to out[0 … 2n).
 */
export function toWorld(body: Float64Array, from: number, n: number, x: number, y: number, angle: number, out: Float64Array): void {
  const c = Math.cos(angle), s = Math.sin(angle), o = 2 * from;
  for (let k = 0; k < 2 * n; k += 2) {
    const bx = body[o + k], by = body[o + k + 1];
    out[k] = x + c * bx - s * by;
    out[k + 1] = y + s * bx + c * by;
  }
}

/** The size tolerances are relative to: the larger side of the polygon's bounding box. */
export function boundingSize(xy: Float64Array, n: number): number {
  let xmin = Infinity, xmax = -Infinity, ymin = Infinity, ymax = -Infinity;
  for (let k = 0; k < 2 * n; k += 2) {
    const x = xy[k], y = xy[k + 1];
    if (x < xmin) xmin = x;
    if (x > xmax) xmax = x;
    if (y < ymin) ymin = y;
    if (y > ymax) ymax = y;
  }
  return Math.max(xmax - xmin, ymax - ymin);
}

export class PolygonClipper {
  /** area of O after the last call (0 when there was no contact) */
  area = 0;
  /** centroid of O (0, 0 when there was no contact) */
  cx = 0;
  cy = 0;
  /** vertex count of O after the merge; O is `vertices[0 … 2·count)` */
  count = 0;
  private bufA: Float64Array;
  private bufB: Float64Array;
  private result: Float64Array;
  /** Scratch: a clipping stage's line, a point a and direction u (in an array: V8 boxes doubles passed to a call it does not inline) */
  private readonly edge = new Float64Array(4);
  /** Scratch: the edges of P whose line Q's circle crosses (overlap) */
  private cut = new Int32Array(16);
  /**
   * [0]: the size the tolerances of the last call are relative to (in an array, not an argument of finish: V8 boxes a
   * double passed to a call it does not inline)
   */
  private readonly sizeOf = new Float64Array(1);

  /**
   * maxVertices: the most vertices one polygon will have. A stage may output twice its input (docs/model.md#contact-geometry: merging the
   * duplicates only at the end), so the buffers hold 4·maxVertices + 2 vertices; larger polygons grow them.
   */
  constructor(maxVertices = 16) {
    this.bufA = new Float64Array(2 * (4 * maxVertices + 2));
    this.bufB = new Float64Array(2 * (4 * maxVertices + 2));
    this.result = this.bufA;
  }

  /** O's vertices from the last call (a scratch buffer: copy before the next call if you keep them). */
  get vertices(): Float64Array {
    return this.result;
  }

  /**
   * O = Q ∩ P: clip Q by every edge (a → b) of P, keeping s(x) = (b − a)×(x − a) ≥ 0 (docs/model.md#area-law-for-polygons).
   * P and Q are convex, counter-clockwise, with at least 3 vertices each. `around`: a circle (x, y, radius) holding Q, if
   * known; then an edge whose line the circle clears by SKIP_REL·size on the inner side is skipped (its stage would copy
   * every vertex), one it clears on the outer side ends the clip (nothing would be left), and of the others the edge Q's
   * centre lies furthest beyond (the one facing Q) clips first. Every later edge is tested on what is left (by then the
   * sliver of Q near P): one whose half-plane holds all of it is skipped, one that holds none of it ends the clip (the
   * same bits as running its stage).
   * Returns true for a contact (≥ 3 vertices and area ≥ MIN_AREA_REL·size², size the larger of the two).
   */
  overlap(p: Float64Array, np: number, q: Float64Array, nq: number, around: Float64Array | null = null): boolean {
    const size = Math.max(boundingSize(p, np), boundingSize(q, nq));
    this.sizeOf[0] = size;
    const qx = around ? around[0] : 0, qy = around ? around[1] : 0, qr = around ? around[2] + SKIP_REL * size : 0;
    if (this.cut.length < np) this.cut = new Int32Array(grownCapacity(np, this.cut.length));
    const cut = this.cut, edge = this.edge;
    let cuts = 0, first = -1, firstS = 0, firstU2 = 1;
    for (let e = 0; e < np; e++) {
      const f = e + 1 === np ? 0 : e + 1;
      const ax = p[2 * e], ay = p[2 * e + 1], ux = p[2 * f] - ax, uy = p[2 * f + 1] - ay;
      if (around) {
        const sc = ux * (qy - ay) - uy * (qx - ax), u2 = ux * ux + uy * uy;
        if (sc * sc > qr * qr * u2) {
          if (sc > 0) continue; // Q inside this edge's half-plane
          this.result = this.bufA; // Q wholly outside it
          return this.finish(0);
        }
        // the signed distance sc/|u| of Q's centre, compared as sc·|sc|/u² (no root): the least faces Q most
        const s = sc * Math.abs(sc);
        if (first < 0 || s * firstU2 < firstS * u2) { first = e; firstS = s; firstU2 = u2; }
      } else if (first < 0) {
        first = e;
      }
      cut[cuts++] = e;
    }
    if (first < 0) { // every stage skipped (Q inside P): finish merges in place, so not in the caller's outline
      this.reserve(nq);
      for (let k = 0; k < 2 * nq; k++) this.bufA[k] = q[k];
      this.result = this.bufA;
      return this.finish(nq);
    }
    this.reserve(2 * nq + 2);
    edgeOf(p, np, first, edge);
    let m = clipStage(q, nq, this.bufA, edge);
    let src = this.bufA, toA = false;
    for (let c = 0; c < cuts && m > 0; c++) {
      const e = cut[c];
      if (e === first) continue;
      edgeOf(p, np, e, edge);
      const inside = countInside(src, m, edge);
      if (inside === m) continue;
      if (inside === 0) { m = 0; break; }
      this.reserve(2 * m + 2);
      const dst = toA ? this.bufA : this.bufB;
      m = clipStage(src, m, dst, edge);
      src = dst;
      toA = !toA;
    }
    this.result = src;
    return this.finish(m);
  }

  /**
   * The part of Q beyond the line through p with normal n, line = (p_x, p_y, n_x, n_y), i.e. where (x − p)·n ≤ 0
   * (polygon against a wall, docs/model.md#area-law-for-polygons and docs/model.md#contact-geometry: n is the wall normal pointing into the domain; |n| is free).
   * The line comes in an array: V8 boxes doubles passed to a call it does not inline.
   */
  beyondLine(q: Float64Array, nq: number, line: Float64Array): boolean {
    this.reserve(2 * nq + 2);
    // the line direction u = (−n_y, n_x) has −n on its left, so s(x) = u×(x − p) = −(x − p)·n
    const edge = this.edge;
    edge[0] = line[0]; edge[1] = line[1]; edge[2] = -line[3]; edge[3] = line[2];
    const m = clipStage(q, nq, this.bufA, edge);
    this.result = this.bufA;
    this.sizeOf[0] = boundingSize(q, nq);
    return this.finish(m);
  }

  /** Room for `vertices` in both scratch buffers, keeping their contents. */
  private reserve(vertices: number): void {
    if (2 * vertices <= this.bufA.length) return;
    const cap = grownCapacity(2 * vertices, this.bufA.length);
    this.bufA = growF64(this.bufA, cap);
    this.bufB = growF64(this.bufB, cap);
  }

  /** Merge near-duplicate consecutive vertices, then area and centroid by the shoelace formulas (docs/model.md#bodies-and-shapes) with the origin at vertex 0. */
  private finish(m: number): boolean {
    const v = this.result, size = this.sizeOf[0];
    const tol = MERGE_REL * size, tol2 = tol * tol;
    let w = 0;
    for (let k = 0; k < m; k++) {
      const x = v[2 * k], y = v[2 * k + 1];
      if (w > 0 && dist2(x, y, v[2 * w - 2], v[2 * w - 1]) <= tol2) continue;
      v[2 * w] = x;
      v[2 * w + 1] = y;
      w++;
    }
    while (w > 1 && dist2(v[2 * w - 2], v[2 * w - 1], v[0], v[1]) <= tol2) w--;
    this.count = w;
    this.area = 0;
    this.cx = 0;
    this.cy = 0;
    if (w < 3) return false;
    const x0 = v[0], y0 = v[1];
    let a2 = 0, sx = 0, sy = 0;
    for (let k = 1; k + 1 < w; k++) {
      const x1 = v[2 * k] - x0, y1 = v[2 * k + 1] - y0;
      const x2 = v[2 * k + 2] - x0, y2 = v[2 * k + 3] - y0;
      const c = x1 * y2 - x2 * y1;
      a2 += c;
      sx += (x1 + x2) * c;
      sy += (y1 + y2) * c;
    }
    if (0.5 * a2 < MIN_AREA_REL * size * size) return false;
    this.area = 0.5 * a2;
    this.cx = x0 + sx / (3 * a2);
    this.cy = y0 + sy / (3 * a2);
    return true;
  }
}

/** P's edge e (a → b) as a point a and direction u = b − a, into edge */
function edgeOf(p: Float64Array, np: number, e: number, edge: Float64Array): void {
  const f = e + 1 === np ? 0 : e + 1;
  edge[0] = p[2 * e]; edge[1] = p[2 * e + 1]; edge[2] = p[2 * f] - p[2 * e]; edge[3] = p[2 * f + 1] - p[2 * e + 1];
}

/** How many of src[0 … 2m) lie in the edge's half-plane (clipStage's test, s ≥ 0) */
function countInside(src: Float64Array, m: number, edge: Float64Array): number {
  const ax = edge[0], ay = edge[1], ux = edge[2], uy = edge[3];
  let n = 0;
  for (let k = 0; k < m; k++) if (ux * (src[2 * k + 1] - ay) - uy * (src[2 * k] - ax) >= 0) n++;
  return n;
}

/**
 * One Sutherland–Hodgman stage (docs/model.md#area-law-for-polygons): the part of polygon src[0 … 2m) where s(x) = u×(x − a) ≥ 0
 * (edge: a_x, a_y, u_x, u_y),
 * written to dst; returns its vertex count (at most 2m).
 */
function clipStage(src: Float64Array, m: number, dst: Float64Array, edge: Float64Array): number {
  const ax = edge[0], ay = edge[1], ux = edge[2], uy = edge[3];
  let out = 0;
  const s0 = ux * (src[1] - ay) - uy * (src[0] - ax);
  let sp = s0;
  for (let k = 0; k < m; k++) {
    const j = k + 1 === m ? 0 : k + 1;
    const px = src[2 * k], py = src[2 * k + 1];
    const qx = src[2 * j], qy = src[2 * j + 1];
    const sq = j === 0 ? s0 : ux * (qy - ay) - uy * (qx - ax);
    if (sp >= 0) {
      dst[out++] = px;
      dst[out++] = py;
    }
    if ((sp >= 0) !== (sq >= 0)) {
      const t = sp / (sp - sq);
      dst[out++] = px + t * (qx - px);
      dst[out++] = py + t * (qy - py);
    }
    sp = sq;
  }
  return out >> 1;
}

function dist2(x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0, dy = y1 - y0;
  return dx * dx + dy * dy;
}
