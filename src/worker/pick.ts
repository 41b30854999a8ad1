/**
 * Picking at a point of the scene (SimApi.pick): with preferContacts, the contact whose point is within tol;
 * else the body nearest to the point (a disc by |p − c| − r, a polygon by its outline: polygon-distance.ts),
 * if within tol of it.
 */
import { SHAPE_POLYGON } from '../protocol/frame';
import type { PickResult } from '../protocol/api';
import type { WorldLike } from './core-adapter';
import { polygonSignedDistance } from './polygon-distance';

export function pickAt(w: WorldLike, x: number, y: number, tol: number, preferContacts: boolean): PickResult {
  const b = w.bodies;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < w.n; i++) {
    let d = Math.hypot(b.x[i] - x, b.y[i] - y) - b.radius[i];
    // a polygon: its outline, not its bounding circle (d ≤ 0 inside it)
    if (b.shape[i] === SHAPE_POLYGON && d <= tol) d = polygonSignedDistance(x, y, b.x[i], b.y[i], b.phi[i], b.vertices, b.vertexStart[i], b.vertexCount[i]);
    if (d < bestD) { bestD = d; best = i; }
  }
  if (preferContacts) {
    const c = w.contacts;
    let bc = -1;
    let bcd = tol;
    for (let k = 0; k < c.count; k++) {
      const d = Math.hypot(c.cx[k] - x, c.cy[k] - y);
      if (d < bcd) { bcd = d; bc = k; }
    }
    if (bc >= 0) return { kind: 'contact', i: c.i[bc], j: c.j[bc] };
  }
  if (best >= 0 && bestD <= tol) return { kind: 'particle', i: best, x: b.x[best], y: b.y[best], r: b.radius[best] };
  return { kind: 'none' };
}
