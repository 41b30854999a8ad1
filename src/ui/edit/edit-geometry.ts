/**
 * The geometry of drawing in build mode, in world coordinates [m]: the snap (Shift) of a point to the grid and of a
 * segment's direction to 15° steps, and how far a point is from a drawn wall (a segment, or a line wall's line).
 */

/** Shift snaps directions to multiples of this [degrees] */
export const SNAP_DEGREES = 15;
/** Shift snaps points to a grid of this pitch [m] */
export const GRID = 0.005;

export type Pt = [number, number];

/** A wall as the scene draws it (render/scene.ts drawnWalls): kind 0 a line through a with normal n, else a segment a–b */
export interface DrawnWall { kind: number; ax: number; ay: number; bx: number; by: number; nx: number; ny: number }

export function snapToGrid(p: Pt, grid = GRID): Pt {
  return [round(Math.round(p[0] / grid) * grid), round(Math.round(p[1] / grid) * grid)];
}

/**
 * The end of a segment from `a` towards `p`, snapped: its direction to the nearest multiple of 15°, its length to
 * the grid, so that both ends of a snapped drawing lie on round numbers as far as the angle allows.
 */
export function snapEnd(a: Pt, p: Pt, grid = GRID): Pt {
  const len = Math.round(Math.hypot(p[0] - a[0], p[1] - a[1]) / grid) * grid;
  const step = (SNAP_DEGREES * Math.PI) / 180;
  const k = Math.round(Math.atan2(p[1] - a[1], p[0] - a[0]) / step);
  const c = Math.cos(k * step), s = Math.sin(k * step);
  return [round(a[0] + len * c), round(a[1] + len * s)];
}

/** Rounds away floating-point noise (cos 90° is 6e-17, not 0; 12 significant digits of a metre are a picometre) */
function round(x: number): number {
  return Number(x.toPrecision(12));
}

/** Distance [m] from p to the segment a–b */
export function segmentDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const L2 = dx * dx + dy * dy;
  const u = L2 > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2)) : 0;
  return Math.hypot(p[0] - a[0] - u * dx, p[1] - a[1] - u * dy);
}

/** The index of the wall nearest p within `tol` [m], or −1 */
export function wallAt(walls: readonly DrawnWall[], p: Pt, tol: number): number {
  let best = -1, bestD = tol;
  walls.forEach((w, k) => {
    const d = w.kind === 0 ? Math.abs((p[0] - w.ax) * w.nx + (p[1] - w.ay) * w.ny) : segmentDistance(p, [w.ax, w.ay], [w.bx, w.by]);
    if (d <= bestD) { best = k; bestD = d; }
  });
  return best;
}
