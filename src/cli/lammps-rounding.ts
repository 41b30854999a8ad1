/**
 * The rounding of the exported rounded polygons (lammps-body.ts). LAMMPS's rounded polygon is its vertices
 * plus a disc of radius ρ; a vertex that passes an edge of the other body (a penetration deeper than ρ_i + ρ_j,
 * or ρ against a wall) turns the contact force around and blows the pile up. So the export rounds by more than
 * the deepest penetration it can foresee, and insets every polygon by ρ so that its edges stay where this
 * core's are (the inset polygon is the original clipped by each edge's half-plane moved in by ρ).
 */
import { LINE, type WallSet } from '../core/boundaries/walls';
import type { BodyState } from '../core/state/body-state';
import { FIXED } from '../core/state/body-flags';

/** Each polygon's vertices about its centre in the world frame (rotated by φ), x, y pairs counter-clockwise. */
export function worldShapes(b: BodyState): Float64Array[] {
  return Array.from({ length: b.n }, (_, k) => {
    const c = Math.cos(b.phi[k]), s = Math.sin(b.phi[k]), o = 2 * b.vertexStart[k], out = new Float64Array(2 * b.vertexCount[k]);
    for (let v = 0; v < out.length; v += 2) {
      const x = b.vertices[o + v], y = b.vertices[o + v + 1];
      out[v] = c * x - s * y;
      out[v + 1] = s * x + c * y;
    }
    return out;
  });
}

/** Distance from the centre to the nearest edge line (the inset must stay below it). */
export function inradius(xy: Float64Array): number {
  let h = Infinity;
  for (let v = 0; v < xy.length; v += 2) {
    const w = (v + 2) % xy.length, ex = xy[w] - xy[v], ey = xy[w + 1] - xy[v + 1];
    h = Math.min(h, (xy[v] * ey - xy[v + 1] * ex) / Math.hypot(ex, ey));
  }
  return h;
}

/** Perimeter over the number of edges. */
export function meanEdge(xy: Float64Array): number {
  let p = 0;
  for (let v = 0; v < xy.length; v += 2) {
    const w = (v + 2) % xy.length;
    p += Math.hypot(xy[w] - xy[v], xy[w + 1] - xy[v + 1]);
  }
  return p / (xy.length / 2);
}

/** The polygon with every edge moved in by rho (rho below the inradius): Sutherland–Hodgman against each
 * moved half-plane, so an edge too short to survive the inset drops out. */
export function inset(xy: Float64Array, rho: number): number[] {
  let poly = Array.from(xy);
  const size = Math.sqrt(xy.reduce((m, c) => Math.max(m, c * c), 0));
  for (let v = 0; v < xy.length; v += 2) {
    const w = (v + 2) % xy.length, ex = xy[w] - xy[v], ey = xy[w + 1] - xy[v + 1], len = Math.hypot(ex, ey);
    const nx = ey / len, ny = -ex / len, h = nx * xy[v] + ny * xy[v + 1] - rho;
    const out: number[] = [];
    for (let a = 0; a < poly.length; a += 2) {
      const c = (a + 2) % poly.length;
      const da = h - (nx * poly[a] + ny * poly[a + 1]), dc = h - (nx * poly[c] + ny * poly[c + 1]);
      if (da >= 0) out.push(poly[a], poly[a + 1]);
      if ((da >= 0) !== (dc >= 0)) {
        const f = da / (da - dc);
        out.push(poly[a] + f * (poly[c] - poly[a]), poly[a + 1] + f * (poly[c + 1] - poly[a + 1]));
      }
    }
    poly = out;
  }
  // drop vertices that coincide with the previous one (an edge clipped to nothing)
  const kept: number[] = [];
  for (let a = 0; a < poly.length; a += 2) {
    const px = kept.length ? kept[kept.length - 2] : poly[poly.length - 2], py = kept.length ? kept[kept.length - 1] : poly[poly.length - 1];
    if (Math.hypot(poly[a] - px, poly[a + 1] - py) > 1e-9 * size) kept.push(poly[a], poly[a + 1]);
  }
  return kept;
}

/** How deep world point (qx, qy) lies inside the convex polygon `xy` centred at (cx, cy); ≤ 0 outside. */
function depthIn(xy: Float64Array, cx: number, cy: number, qx: number, qy: number): number {
  let d = Infinity;
  for (let v = 0; v < xy.length; v += 2) {
    const w = (v + 2) % xy.length, ex = xy[w] - xy[v], ey = xy[w + 1] - xy[v + 1], len = Math.hypot(ex, ey);
    d = Math.min(d, ((xy[v] - (qx - cx)) * ey - (xy[v + 1] - (qy - cy)) * ex) / len);
  }
  return d;
}

export interface Penetrations {
  /** The deepest vertex of one body inside another [m] */
  pair: number;
  /** The deepest vertex beyond a wall line [m] */
  wall: number;
  /** 1 for a body with a vertex inside another body or beyond a wall, or another's vertex inside it */
  touching: Uint8Array;
}

/** The state's overlaps, vertex by vertex (bounding circles swept along x; pairs across a periodic seam are
 * not looked at, which only makes the impact estimate more cautious). */
export function penetrations(b: BodyState, walls: WallSet, shapes: Float64Array[]): Penetrations {
  const n = b.n, touching = new Uint8Array(n);
  let pair = 0, wall = 0;
  const vertexDepth = (i: number, j: number) => {
    let d = 0;
    const s = shapes[i];
    for (let v = 0; v < s.length; v += 2) d = Math.max(d, depthIn(shapes[j], b.x[j], b.y[j], b.x[i] + s[v], b.y[i] + s[v + 1]));
    return d;
  };
  const order = Array.from({ length: n }, (_, k) => k).sort((i, j) => b.x[i] - b.radius[i] - (b.x[j] - b.radius[j]));
  for (let a = 0; a < n; a++) {
    const i = order[a];
    for (let c = a + 1; c < n; c++) {
      const j = order[c];
      if (b.x[j] - b.radius[j] > b.x[i] + b.radius[i]) break;
      if (Math.hypot(b.x[j] - b.x[i], b.y[j] - b.y[i]) >= b.radius[i] + b.radius[j]) continue;
      const d = Math.max(vertexDepth(i, j), vertexDepth(j, i));
      if (d > 0) { touching[i] = touching[j] = 1; pair = Math.max(pair, d); }
    }
  }
  for (let q = 0; q < walls.count; q++) {
    if (walls.kind[q] !== LINE) continue;
    for (let k = 0; k < n; k++) {
      const s = shapes[k];
      for (let v = 0; v < s.length; v += 2) {
        const d = walls.nx[q] * (walls.ax[q] - b.x[k] - s[v]) + walls.ny[q] * (walls.ay[q] - b.y[k] - s[v + 1]);
        if (d > 0) { touching[k] = 1; wall = Math.max(wall, d); }
      }
    }
  }
  return { pair, wall, touching };
}

/**
 * The deepest impact foreseeable from the state [m]: each movable body's fastest vertex speed, plus a free fall
 * from its lowest point to the highest floor below it (a wall facing against gravity, else the lowest body)
 * for a body that touches nothing, stopped undamped by one vertex spring of stiffness `k` (the softest case:
 * a flat face brings two).
 */
export function impactDepth(b: BodyState, walls: WallSet, touching: Uint8Array, gx: number, gy: number, k: number): number {
  const g = Math.hypot(gx, gy), ux = g > 0 ? -gx / g : 0, uy = g > 0 ? -gy / g : 1; // "up"
  const floors: number[] = [];
  for (let q = 0; q < walls.count; q++) if (walls.kind[q] === LINE && walls.nx[q] * ux + walls.ny[q] * uy > 0.5) floors.push(walls.ax[q] * ux + walls.ay[q] * uy);
  let lowest = Infinity;
  for (let j = 0; j < b.n; j++) lowest = Math.min(lowest, b.x[j] * ux + b.y[j] * uy - b.radius[j]);
  let deepest = 0;
  for (let j = 0; j < b.n; j++) {
    if (b.flags[j] & FIXED) continue;
    const bottom = b.x[j] * ux + b.y[j] * uy - b.radius[j];
    const below = floors.filter((f) => f <= bottom);
    const floor = below.length ? Math.max(...below) : lowest;
    const fall = touching[j] || g === 0 ? 0 : Math.sqrt(2 * g * Math.max(0, bottom - floor));
    const speed = Math.hypot(b.vx[j], b.vy[j]) + b.radius[j] * Math.abs(b.omega[j]) + fall;
    deepest = Math.max(deepest, speed * Math.sqrt(b.mass[j] / k));
  }
  return deepest;
}
