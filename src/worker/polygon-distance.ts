/**
 * Signed distance from a point to a convex polygon body, for picking (pick.ts): negative
 * inside (minus the distance to the nearest edge), zero on the outline, positive outside (the distance
 * to the nearest edge or vertex). The same sign convention as a disc's |p − c| − r.
 */

/**
 * Point (px, py) against the polygon of a body at (x, y) turned by phi: its `count` vertices are the
 * body-frame x, y pairs from pair index `start` in `pool`, counter-clockwise about the centroid.
 */
export function polygonSignedDistance(
  px: number, py: number, x: number, y: number, phi: number,
  pool: ArrayLike<number>, start: number, count: number,
): number {
  // the point in the body frame: rotate (p − centre) by −phi
  const c = Math.cos(phi), s = Math.sin(phi);
  const dx = px - x, dy = py - y;
  const lx = c * dx + s * dy, ly = -s * dx + c * dy;
  let maxOutside = -Infinity;
  let nearest = Infinity;
  for (let k = 0; k < count; k++) {
    const a = 2 * (start + k), b = 2 * (start + ((k + 1) % count));
    const ax = pool[a], ay = pool[a + 1];
    const ex = pool[b] - ax, ey = pool[b + 1] - ay;
    const len2 = ex * ex + ey * ey;
    if (!(len2 > 0)) continue;
    const qx = lx - ax, qy = ly - ay;
    // distance beyond this edge's line along its outward normal (ey, −ex)/|e| (counter-clockwise)
    const out = (qx * ey - qy * ex) / Math.sqrt(len2);
    if (out > maxOutside) maxOutside = out;
    const t = Math.min(1, Math.max(0, (qx * ex + qy * ey) / len2));
    const d = Math.hypot(qx - t * ex, qy - t * ey);
    if (d < nearest) nearest = d;
  }
  // inside a convex polygon the nearest boundary point lies on the nearest edge line
  return maxOutside <= 0 ? maxOutside : nearest;
}
