/**
 * Overlap of convex polygons by Sutherland–Hodgman and half-plane clipping (docs/model.md#area-law-for-polygons, docs/model.md#contact-geometry).
 * Exact checks: the offset unit squares, random pairs against the other clipping order and against an
 * independent boundary integral (edges clipped by Cyrus–Beck, Green's theorem), analytic wall overlaps.
 * Statistical check: seeded Monte Carlo, each statistic within 5 standard errors. Degenerate cases and
 * tiny / huge scales must give the same relative answers (every tolerance is relative to the size).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/math/rng';
import { boundingSize, MERGE_REL, MIN_AREA_REL, PolygonClipper, toWorld } from '../../../src/core/shapes/polygon-clip';
import { polygonMassProperties } from '../../../src/core/shapes/polygon-mass';
import { box, randomConvex, regular, transform } from './polygons';

const nOf = (xy: Float64Array): number => xy.length / 2;

/** Area and centroid of P ∩ Q as ½∮(x dy − y dx) over the pieces of ∂P inside Q and of ∂Q inside P. */
function boundaryIntegral(p: Float64Array, q: Float64Array): { area: number; cx: number; cy: number } {
  const ox = p[0], oy = p[1]; // origin near the polygons, for precision
  let a2 = 0, sx = 0, sy = 0;
  const piecesOf = (edges: Float64Array, inside: Float64Array): void => {
    const n = nOf(edges), m = nOf(inside);
    for (let i = 0; i < n; i++) {
      const i1 = (i + 1) % n;
      const ax = edges[2 * i], ay = edges[2 * i + 1], rx = edges[2 * i1] - ax, ry = edges[2 * i1 + 1] - ay;
      let t0 = 0, t1 = 1;
      for (let j = 0; j < m && t0 < t1; j++) { // Cyrus–Beck: keep (d − c)×(a + t r − c) ≥ 0 for every edge of `inside`
        const j1 = (j + 1) % m;
        const cx = inside[2 * j], cy = inside[2 * j + 1], dx = inside[2 * j1] - cx, dy = inside[2 * j1 + 1] - cy;
        const f0 = dx * (ay - cy) - dy * (ax - cx), f1 = dx * ry - dy * rx;
        if (f1 === 0) { if (f0 < 0) t1 = t0 - 1; } else if (f1 > 0) t0 = Math.max(t0, -f0 / f1); else t1 = Math.min(t1, -f0 / f1);
      }
      if (t0 >= t1) continue;
      const x0 = ax + t0 * rx - ox, y0 = ay + t0 * ry - oy, x1 = ax + t1 * rx - ox, y1 = ay + t1 * ry - oy;
      const c = x0 * y1 - x1 * y0;
      a2 += c; sx += (x0 + x1) * c; sy += (y0 + y1) * c;
    }
  };
  piecesOf(p, q);
  piecesOf(q, p);
  return { area: a2 / 2, cx: ox + sx / (3 * a2), cy: oy + sy / (3 * a2) };
}

function inside(xy: Float64Array, x: number, y: number): boolean {
  const n = nOf(xy);
  for (let k = 0; k < n; k++) {
    const k1 = (k + 1) % n;
    if ((xy[2 * k1] - xy[2 * k]) * (y - xy[2 * k + 1]) - (xy[2 * k1 + 1] - xy[2 * k + 1]) * (x - xy[2 * k]) < 0) return false;
  }
  return true;
}

function bbox(xy: Float64Array): [number, number, number, number] {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let k = 0; k < xy.length; k += 2) {
    x0 = Math.min(x0, xy[k]); x1 = Math.max(x1, xy[k]); y0 = Math.min(y0, xy[k + 1]); y1 = Math.max(y1, xy[k + 1]);
  }
  return [x0, y0, x1, y1];
}

/** A random pair with centres up to 1.6 apart (polygon radii 0.5 … 1.5): mostly overlapping, some not. */
function randomPair(rng: Rng): [Float64Array, Float64Array] {
  const x = rng.uniform(-5, 5), y = rng.uniform(-5, 5), d = rng.uniform(0, 1.6), a = rng.uniform(0, 2 * Math.PI);
  return [randomConvex(rng, x, y), randomConvex(rng, x + d * Math.cos(a), y + d * Math.sin(a))];
}

describe('convex overlap by Sutherland–Hodgman (docs/model.md#area-law-for-polygons)', () => {
  const clip = new PolygonClipper(4);

  it('two unit squares offset by (0.8, 0.5) overlap in area 0.1 at (0.9, 0.75)', () => {
    expect(clip.overlap(box(0, 0, 1, 1), 4, box(0.8, 0.5, 1.8, 1.5), 4)).toBe(true);
    expect(Math.abs(clip.area - 0.1)).toBeLessThan(1e-14);
    expect(Math.abs(clip.cx - 0.9)).toBeLessThan(1e-14);
    expect(Math.abs(clip.cy - 0.75)).toBeLessThan(1e-14);
    expect(clip.count).toBe(4);
  });

  it('200 random pairs: both clipping orders and an independent boundary integral agree to 1e-12', () => {
    const rng = new Rng(7);
    const other = new PolygonClipper();
    let contacts = 0, worstArea = 0, worstCentroid = 0;
    for (let trial = 0; trial < 200; trial++) {
      const [p, q] = randomPair(rng);
      const hit = clip.overlap(p, nOf(p), q, nOf(q));
      expect(other.overlap(q, nOf(q), p, nOf(p))).toBe(hit);
      const ref = boundaryIntegral(p, q);
      if (!hit) { expect(Math.abs(ref.area)).toBeLessThan(1e-12); continue; }
      contacts++;
      const size = 3; // both polygons fit in a 3 × 3 box
      for (const r of [other, ref]) {
        worstArea = Math.max(worstArea, Math.abs(clip.area - r.area) / clip.area);
        worstCentroid = Math.max(worstCentroid, Math.hypot(clip.cx - r.cx, clip.cy - r.cy) / size);
      }
    }
    expect(contacts).toBeGreaterThan(150);
    expect(worstArea).toBeLessThan(1e-12);
    expect(worstCentroid).toBeLessThan(1e-12);
  });

  it('200 random pairs against seeded Monte Carlo: every statistic within 5 standard errors', () => {
    // Under the hypothesis that the clipper is exact, the hit count in N uniform points of the box B (the
    // intersection of the bounding boxes) is Binomial(N, A/|B|), and the hit mean has standard error
    // σ/√hits. |z| < 5 for one statistic fails by chance with probability 5.7e−7, so for the ≤ 600 here
    // < 4e−4 (and the seed is fixed). The mean of z² must be near 1 (χ²/n: 1 ± 4·√(2/n)), so a small bias
    // that each |z| < 5 would miss still shows.
    const rng = new Rng(99), mc = new Rng(12345);
    const N = 20000;
    let z2 = 0, nz = 0, worst = 0;
    for (let trial = 0; trial < 200; trial++) {
      const [p, q] = randomPair(rng);
      const hit = clip.overlap(p, nOf(p), q, nOf(q));
      const [px0, py0, px1, py1] = bbox(p), [qx0, qy0, qx1, qy1] = bbox(q);
      const x0 = Math.max(px0, qx0), y0 = Math.max(py0, qy0), x1 = Math.min(px1, qx1), y1 = Math.min(py1, qy1);
      if (x0 >= x1 || y0 >= y1) { expect(hit).toBe(false); continue; }
      const boxArea = (x1 - x0) * (y1 - y0);
      let k = 0, mx = 0, my = 0, mxx = 0, myy = 0;
      for (let s = 0; s < N; s++) {
        const x = mc.uniform(x0, x1), y = mc.uniform(y0, y1);
        if (inside(p, x, y) && inside(q, x, y)) { k++; mx += x; my += y; mxx += x * x; myy += y * y; }
      }
      if (!hit) { expect(k).toBe(0); continue; }
      const pr = clip.area / boxArea;
      const zs = [(k / N - pr) / Math.sqrt((pr * (1 - pr)) / N)];
      if (k >= 100) {
        mx /= k; my /= k;
        zs.push((mx - clip.cx) / Math.sqrt((mxx / k - mx * mx) / k), (my - clip.cy) / Math.sqrt((myy / k - my * my) / k));
      }
      for (const z of zs) { z2 += z * z; nz++; worst = Math.max(worst, Math.abs(z)); }
    }
    expect(nz).toBeGreaterThan(400);
    expect(worst).toBeLessThan(5);
    expect(Math.abs(z2 / nz - 1)).toBeLessThan(4 * Math.sqrt(2 / nz));
  });

  it('identical polygons: the overlap is the polygon', () => {
    const hex = regular(6, 1.3, 0.2, -0.4, 0.3);
    const m = polygonMassProperties(hex);
    expect(clip.overlap(hex, 6, hex, 6)).toBe(true);
    expect(clip.count).toBe(6);
    expect(Math.abs(clip.area - m.area) / m.area).toBeLessThan(1e-14);
    expect(Math.hypot(clip.cx - m.cx, clip.cy - m.cy)).toBeLessThan(1e-14);
  });

  it('one polygon inside the other: the overlap is the inner one, in both orders', () => {
    const outer = regular(5, 2, 0, 0, 0.1), inner = regular(7, 0.5, 0.3, 0.2, 0.7);
    const m = polygonMassProperties(inner);
    for (const [a, b] of [[outer, inner], [inner, outer]]) {
      expect(clip.overlap(a, nOf(a), b, nOf(b))).toBe(true);
      expect(clip.count).toBe(7);
      expect(Math.abs(clip.area - m.area) / m.area).toBeLessThan(1e-14);
      expect(Math.hypot(clip.cx - m.cx, clip.cy - m.cy)).toBeLessThan(1e-15);
    }
  });

  /** The degenerate configurations, also used at other scales below. */
  const degenerate: Record<string, [Float64Array, Float64Array]> = {
    'edge to edge': [box(0, 0, 1, 1), box(1, 0.3, 2, 1.3)],
    'edge to edge, full edge': [box(0, 0, 1, 1), box(0, 1, 1, 2)],
    'vertex to vertex': [box(0, 0, 1, 1), box(1, 1, 2, 2)],
    'vertex on edge': [box(0, 0, 1, 1), Float64Array.of(0.5, 1, 1, 1.5, 0.5, 2, 0, 1.5)],
    'apart': [box(0, 0, 1, 1), box(1.5, 0, 2.5, 1)],
  };
  for (const [name, [p, q]] of Object.entries(degenerate)) {
    it(`touching or apart (${name}): no contact, zero area, no NaN`, () => {
      for (const [a, b] of [[p, q], [q, p]]) {
        expect(clip.overlap(a, nOf(a), b, nOf(b))).toBe(false);
        expect([clip.area, clip.cx, clip.cy]).toEqual([0, 0, 0]);
      }
    });
  }

  it('nearly coincident vertices are merged into one (tolerance 1e−12 × size)', () => {
    const sq = box(0, 0, 1, 1);
    // a triangle whose tip pokes 1e−14 out of the square's corner: the two cut points merge, O is a triangle
    const tri = Float64Array.of(0.2, 0.1, 1 + 1e-14, 1 + 0.5e-14, 0.1, 0.6);
    const mt = polygonMassProperties(tri);
    // the square shifted by 1e−14: every vertex of O has a near-duplicate, O is a square
    const shifted = transform(sq, 1, 0, 1e-14, -1e-14);
    for (const [p, q, count, m] of [[sq, tri, 3, mt], [sq, shifted, 4, polygonMassProperties(sq)]] as const) {
      for (const [a, b] of [[p, q], [q, p]]) {
        expect(clip.overlap(a, nOf(a), b, nOf(b))).toBe(true);
        expect(clip.count).toBe(count);
        expect(Math.abs(clip.area - m.area) / m.area).toBeLessThan(1e-13);
        expect(Math.hypot(clip.cx - m.cx, clip.cy - m.cy)).toBeLessThan(1e-13);
      }
    }
  });

  it('a copy rotated by 1e−14 rad: nearly parallel edges, exact area, finite vertices on both boundaries', () => {
    // Each edge crosses its rotated copy somewhere along its length, so O is a 12-gon whose crossing points
    // are ill-conditioned along the edge, but they stay on the boundary and the area is unaffected.
    const hex = regular(6, 1, 0.5, 0.5), copy = transform(regular(6, 1), 1, 1e-14, 0.5, 0.5);
    const m = polygonMassProperties(hex);
    const apothem = Math.cos(Math.PI / 6);
    for (const [a, b] of [[hex, copy], [copy, hex]]) {
      expect(clip.overlap(a, 6, b, 6)).toBe(true);
      expect(clip.count).toBeGreaterThanOrEqual(6);
      expect(clip.count).toBeLessThanOrEqual(12);
      expect(Math.abs(clip.area - m.area) / m.area).toBeLessThan(1e-13);
      expect(Math.hypot(clip.cx - m.cx, clip.cy - m.cy)).toBeLessThan(1e-13);
      for (let k = 0; k < clip.count; k++) {
        const x = clip.vertices[2 * k] - 0.5, y = clip.vertices[2 * k + 1] - 0.5;
        const edgeDistance = Math.max(...[0, 1, 2, 3, 4, 5].map((e) => x * Math.cos((e + 0.5) * Math.PI / 3) + y * Math.sin((e + 0.5) * Math.PI / 3)));
        expect(Math.abs(edgeDistance - apothem)).toBeLessThan(1e-13);
      }
    }
  });

  it('tiny (1e−6) and huge (1e3) copies of each configuration give the same relative results', () => {
    const rng = new Rng(3);
    const cases: [Float64Array, Float64Array][] = [
      [box(0, 0, 1, 1), box(0.8, 0.5, 1.8, 1.5)],
      ...Object.values(degenerate),
      [box(0, 0, 1, 1), Float64Array.of(0.2, 0.1, 1 + 1e-14, 1 + 0.5e-14, 0.1, 0.6)],
      [box(0, 0, 1, 1), box(1e-14, -1e-14, 1 + 1e-14, 1 - 1e-14)],
      ...Array.from({ length: 20 }, () => randomPair(rng)),
    ];
    let worst = 0;
    for (const [p, q] of cases) {
      const hit = clip.overlap(p, nOf(p), q, nOf(q));
      const [area, cx, cy, count] = [clip.area, clip.cx, clip.cy, clip.count];
      for (const s of [1e-6, 1e3]) {
        const ps = transform(p, s, 0, 0, 0), qs = transform(q, s, 0, 0, 0);
        expect(clip.overlap(ps, nOf(ps), qs, nOf(qs))).toBe(hit);
        expect(clip.count).toBe(count);
        if (!hit) continue;
        worst = Math.max(worst, Math.abs(clip.area / (s * s) - area) / area, Math.hypot(clip.cx / s - cx, clip.cy / s - cy));
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('with a circle around Q, skipping the stages it clears and stopping where it lies outside keeps every bit of clipping by every edge, the one facing Q first', () => {
    // the plain algorithm: Q clipped by each edge of P in the given order, then the merge, area and centroid (finish) as the clipper's
    const plain = (p: Float64Array, q: Float64Array, order: number[]): number[] | null => {
      let v = Array.from(q);
      for (const e of order) {
        if (v.length === 0) break;
        const f = (e + 1) % nOf(p), ax = p[2 * e], ay = p[2 * e + 1], ux = p[2 * f] - ax, uy = p[2 * f + 1] - ay, out: number[] = [];
        const m = v.length / 2, s = (k: number) => ux * (v[2 * k + 1] - ay) - uy * (v[2 * k] - ax);
        for (let k = 0; k < m; k++) {
          const j = (k + 1) % m, sp = s(k), sq = s(j);
          if (sp >= 0) out.push(v[2 * k], v[2 * k + 1]);
          if ((sp >= 0) !== (sq >= 0)) { const t = sp / (sp - sq); out.push(v[2 * k] + t * (v[2 * j] - v[2 * k]), v[2 * k + 1] + t * (v[2 * j + 1] - v[2 * k + 1])); }
        }
        v = out;
      }
      // finish: merge vertices within MERGE_REL·size, then the shoelace sums about vertex 0
      const size = Math.max(boundingSize(p, nOf(p)), boundingSize(q, nOf(q))), tol2 = (MERGE_REL * size) ** 2, w: number[] = [];
      const d2 = (x0: number, y0: number, x1: number, y1: number) => (x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0);
      for (let k = 0; k < v.length; k += 2) if (w.length === 0 || d2(v[k], v[k + 1], w[w.length - 2], w[w.length - 1]) > tol2) w.push(v[k], v[k + 1]);
      while (w.length > 2 && d2(w[w.length - 2], w[w.length - 1], w[0], w[1]) <= tol2) w.length -= 2;
      if (w.length < 6) return null;
      let a2 = 0, sx = 0, sy = 0;
      for (let k = 2; k + 2 < w.length; k += 2) {
        const x1 = w[k] - w[0], y1 = w[k + 1] - w[1], x2 = w[k + 2] - w[0], y2 = w[k + 3] - w[1], c = x1 * y2 - x2 * y1;
        a2 += c; sx += (x1 + x2) * c; sy += (y1 + y2) * c;
      }
      return 0.5 * a2 < MIN_AREA_REL * size * size ? null : [0.5 * a2, w[0] + sx / (3 * a2), w[1] + sy / (3 * a2), w.length / 2];
    };
    const rng = new Rng(17);
    let separated = 0, touching = 0;
    for (let k = 0; k < 400; k++) {
      // apart, touching, overlapping, nested: centres 0 … 3.2 apart
      const x = rng.uniform(-5, 5), y = rng.uniform(-5, 5), d = rng.uniform(0, 3.2), a = rng.uniform(0, 2 * Math.PI);
      const p = randomConvex(rng, x, y), q = randomConvex(rng, x + d * Math.cos(a), y + d * Math.sin(a));
      // the circle about Q's vertex mean through its farthest vertex
      let mx = 0, my = 0, r2 = 0;
      for (let v = 0; v < nOf(q); v++) { mx += q[2 * v] / nOf(q); my += q[2 * v + 1] / nOf(q); }
      for (let v = 0; v < nOf(q); v++) r2 = Math.max(r2, (q[2 * v] - mx) ** 2 + (q[2 * v + 1] - my) ** 2);
      const hit = clip.overlap(p, nOf(p), q, nOf(q), Float64Array.of(mx, my, Math.sqrt(r2)));
      // the edge facing Q: the least signed distance of the circle's centre from an edge's line
      const edges = Array.from({ length: nOf(p) }, (_, e) => e), dist = (e: number) => {
        const f = (e + 1) % nOf(p), ux = p[2 * f] - p[2 * e], uy = p[2 * f + 1] - p[2 * e + 1];
        return (ux * (my - p[2 * e + 1]) - uy * (mx - p[2 * e])) / Math.hypot(ux, uy);
      };
      const facing = edges.reduce((b, e) => (dist(e) < dist(b) ? e : b), 0);
      const want = plain(p, q, [facing, ...edges.filter((e) => e !== facing)]);
      expect(hit ? [clip.area, clip.cx, clip.cy, clip.count] : null).toEqual(want);
      // in index order the same overlap, to rounding (the stages' order changes only the last bits)
      const inOrder = plain(p, q, edges);
      if (want && inOrder) for (let c = 0; c < 3; c++) expect(Math.abs(inOrder[c] - want[c])).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(want[c])));
      if (want) touching++; else separated++;
    }
    expect(Math.min(separated, touching)).toBeGreaterThan(100);
  });

  it('grows its scratch buffers for polygons larger than announced', () => {
    const small = new PolygonClipper(3);
    const a = regular(40, 1), b = regular(40, 1, 0.3, 0.1, 0.05);
    expect(small.overlap(a, 40, b, 40)).toBe(true);
    expect(Math.abs(small.area - boundaryIntegral(a, b).area)).toBeLessThan(1e-14);
  });
});

describe('half-plane clipping: the part of a polygon beyond a wall (docs/model.md#area-law-for-polygons)', () => {
  const clip = new PolygonClipper();

  it('a square sunk by depth d into a floor: area L·d, centroid at depth d/2', () => {
    const L = 0.7, x0 = 3;
    for (const d of [1e-6, 0.01, 0.3, 0.69]) {
      const sq = box(x0, -d, x0 + L, L - d);
      expect(clip.beyondLine(sq, 4, Float64Array.of(0, 0, 0, 1))).toBe(true);
      expect(Math.abs(clip.area - L * d) / (L * d)).toBeLessThan(1e-9);
      expect(Math.abs(clip.cx - (x0 + L / 2))).toBeLessThan(1e-14);
      expect(Math.abs(clip.cy + d / 2)).toBeLessThan(1e-15);
    }
    expect(clip.beyondLine(box(0, 0, 1, 1), 4, Float64Array.of(0, 0, 0, 1))).toBe(false); // resting on the floor
    expect(clip.beyondLine(box(0, 0.1, 1, 1), 4, Float64Array.of(0, 0, 0, 2))).toBe(false); // above it (|n| is free)
    expect([clip.area, clip.cx, clip.cy]).toEqual([0, 0, 0]);
  });

  it('a rotated square, corner first, against a tilted wall: triangle of area d²/sin 2θ', () => {
    // Square of side L rotated by θ, lowest corner V at depth d below the line y = 0; the part below is the
    // triangle V, V + (d cot θ, d), V + (−d tan θ, d). Then the whole picture is rotated by β about (2, 1).
    const L = 1, th = Math.PI / 6, d = 0.2, vx = 0.4;
    const sq = transform(box(0, 0, L, L), 1, th, vx, -d);
    const area = (d * d) / Math.sin(2 * th);
    const gx = vx + (d * (1 / Math.tan(th) - Math.tan(th))) / 3, gy = -d / 3;
    for (const beta of [0, 0.4, -2.5]) {
      const c = Math.cos(beta), s = Math.sin(beta);
      const r = (x: number, y: number): [number, number] => [2 + c * (x - 2) - s * (y - 1), 1 + s * (x - 2) + c * (y - 1)];
      const sqR = transform(transform(sq, 1, 0, -2, -1), 1, beta, 2, 1);
      const [wx, wy] = r(0, 0), [gxR, gyR] = r(gx, gy);
      expect(clip.beyondLine(sqR, 4, Float64Array.of(wx, wy, -s, c))).toBe(true);
      expect(clip.count).toBe(3);
      expect(Math.abs(clip.area - area) / area).toBeLessThan(1e-13);
      expect(Math.hypot(clip.cx - gxR, clip.cy - gyR)).toBeLessThan(1e-14);
    }
  });
});

describe('toWorld', () => {
  it('writes x + Rot(φ) X into the caller buffer', () => {
    const out = new Float64Array(8).fill(7);
    toWorld(Float64Array.of(9, 9, 1, 0, 0, 2), 1, 2, 10, 20, Math.PI / 2, out);
    expect(Array.from(out).map((v) => Math.round(v * 1e12) / 1e12)).toEqual([10, 21, 8, 20, 7, 7, 7, 7]);
  });
});
