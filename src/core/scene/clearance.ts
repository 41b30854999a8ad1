/**
 * What an edit may not run into: a wall drawn through bodies, a body placed into a wall or another body. Bodies
 * are taken as their bounding circles (a disc's own, a polygon's circumcircle), walls where they are now.
 */
import { LINE, type WallSet } from '../boundaries/walls';
import type { BodyState } from '../state/body-state';

/** Distance from (px, py) to the segment from (ax, ay) to (bx, by) [m] */
export function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
  const s = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
  return Math.hypot(px - ax - s * dx, py - ay - s * dy);
}

/** A wall where it is now: a segment's ends, or a line's point and inward normal */
export interface WallNow {
  line: boolean;
  ax: number; ay: number; bx: number; by: number; nx: number; ny: number;
}

export function wallNow(W: WallSet, w: number): WallNow {
  const ox = W.ox[w], oy = W.oy[w];
  return { line: W.kind[w] === LINE, ax: W.ax[w] + ox, ay: W.ay[w] + oy, bx: W.bx[w] + ox, by: W.by[w] + oy, nx: W.nx[w], ny: W.ny[w] };
}

/** How far a circle at (x, y) of radius r is clear of the wall (negative: it overlaps, or lies beyond a line) [m] */
export function wallClearance(w: WallNow, x: number, y: number, r: number): number {
  if (w.line) return (x - w.ax) * w.nx + (y - w.ay) * w.ny - r;
  return segmentDistance(x, y, w.ax, w.ay, w.bx, w.by) - r;
}

/** The first body of `b` the wall overlaps, or −1 */
export function bodyInWall(b: BodyState, w: WallNow): number {
  for (let k = 0; k < b.n; k++) if (wallClearance(w, b.x[k], b.y[k], b.radius[k]) < 0) return k;
  return -1;
}

/** The first wall of `W` a circle at (x, y) of radius r overlaps, or −1 (`skip`: a wall not to test) */
export function wallHit(W: WallSet, x: number, y: number, r: number, skip = -1): number {
  for (let w = 0; w < W.count; w++) if (w !== skip && wallClearance(wallNow(W, w), x, y, r) < 0) return w;
  return -1;
}

/** The first body of `b` a circle at (x, y) of radius r overlaps, or −1 */
export function bodyHit(b: BodyState, x: number, y: number, r: number): number {
  for (let k = 0; k < b.n; k++) {
    const rr = b.radius[k] + r, dx = b.x[k] - x, dy = b.y[k] - y;
    if (dx * dx + dy * dy < rr * rr) return k;
  }
  return -1;
}
