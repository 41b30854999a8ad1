/**
 * Side-by-side panes of a lockstep comparison (issue 11), as world geometry: pane k (0-based, variant
 * k + 1) is the scene's box shifted by k × step along x, step = the box's width plus a gap, so every variant
 * has its own copy of the scene and one view fits them all. A point in pane k maps to the scene by
 * subtracting k × step. Half-plane walls are clipped to the pane's box so one pane's floor does not run
 * into the next.
 */

export interface PaneLayout {
  count: number;
  /** pane 0's box [m]: the scene's bodies and wall anchors with a margin; pane k is it shifted by k × step */
  x0: number; y0: number; x1: number; y1: number;
  /** x shift from one pane to the next [m] */
  step: number;
  /** free space between two panes' boxes [m] */
  gap: number;
}

/** Margin round the scene inside its pane, and the gap between panes, as fractions of the scene's larger side. */
const MARGIN = 0.05;
const GAP = 0.06;

/** The panes of `count` variants of a scene whose bodies and wall anchors span `b` [m]. */
export function paneLayout(b: { x0: number; y0: number; x1: number; y1: number }, count: number): PaneLayout {
  const size = Math.max(b.x1 - b.x0, b.y1 - b.y0, 1e-9);
  const m = MARGIN * size, gap = GAP * size;
  const x0 = b.x0 - m, x1 = b.x1 + m;
  return { count, x0, y0: b.y0 - m, x1, y1: b.y1 + m, step: x1 - x0 + gap, gap };
}

/** The pane a world x [m] falls in: the nearest one (half the gap on each side belongs to a pane), clamped to the panes there are. */
export function paneAt(l: PaneLayout, x: number): number {
  const k = Math.floor((x - l.x0 + l.gap / 2) / l.step);
  return Math.min(l.count - 1, Math.max(0, k));
}

/**
 * The solid side {p : n·(p − a) ≤ 0} of a half-plane wall through a with outward normal n, within the box
 * (Sutherland–Hodgman against one edge): the polygon's x, y pairs into `out` (empty when the box is all
 * free space). Returns out.
 */
export function clipSolidSide(box: { x0: number; y0: number; x1: number; y1: number }, ax: number, ay: number, nx: number, ny: number, out: number[]): number[] {
  out.length = 0;
  const px = [box.x0, box.x1, box.x1, box.x0], py = [box.y0, box.y0, box.y1, box.y1];
  for (let k = 0; k < 4; k++) {
    const j = (k + 1) % 4;
    const dk = nx * (px[k] - ax) + ny * (py[k] - ay), dj = nx * (px[j] - ax) + ny * (py[j] - ay);
    if (dk <= 0) out.push(px[k], py[k]);
    if ((dk < 0 && dj > 0) || (dk > 0 && dj < 0)) {
      const t = dk / (dk - dj);
      out.push(px[k] + t * (px[j] - px[k]), py[k] + t * (py[j] - py[k]));
    }
  }
  return out;
}

/** The part of the wall's line (through a, normal n) inside the box (Liang–Barsky): [x1, y1, x2, y2], or null. */
export function clipLine(box: { x0: number; y0: number; x1: number; y1: number }, ax: number, ay: number, nx: number, ny: number): [number, number, number, number] | null {
  const dx = -ny, dy = nx;
  let lo = -Infinity, hi = Infinity;
  const edges: [number, number][] = [[-dx, ax - box.x0], [dx, box.x1 - ax], [-dy, ay - box.y0], [dy, box.y1 - ay]];
  for (const [p, q] of edges) {
    if (p === 0) { if (q < 0) return null; continue; }
    const t = q / p;
    if (p < 0) lo = Math.max(lo, t); else hi = Math.min(hi, t);
  }
  if (!(lo < hi)) return null;
  return [ax + lo * dx, ay + lo * dy, ax + hi * dx, ay + hi * dy];
}
