/**
 * A body's name by its shape, for the page's words ("hexagon 1" rather than "Disc 1", issue 36 item 4): a polygon by
 * its number of corners — a four-cornered one a square or a rectangle when its corners are right angles — and a disc
 * otherwise.
 */

const BY_CORNERS: Record<number, string> = { 3: 'triangle', 5: 'pentagon', 6: 'hexagon', 7: 'heptagon', 8: 'octagon' };
/** Sides and right angles are compared to this relative tolerance */
const TOL = 1e-3;

/** The name of a polygon with vertices (x0, y0, x1, y1, …) in order. */
export function polygonName(v: ArrayLike<number>): string {
  const n = v.length / 2;
  if (n !== 4) return BY_CORNERS[n] ?? `${n}-gon`;
  const side = (k: number): [number, number] => [v[(2 * k + 2) % 8] - v[2 * k], v[(2 * k + 3) % 8] - v[2 * k + 1]];
  const sides = [0, 1, 2, 3].map(side), len = sides.map(([x, y]) => Math.hypot(x, y));
  const right = sides.every(([x, y], k) => Math.abs(x * sides[(k + 1) % 4][0] + y * sides[(k + 1) % 4][1]) < TOL * len[k] * len[(k + 1) % 4]);
  if (!right) return 'quadrilateral';
  return Math.abs(len[0] - len[1]) < TOL * len[0] ? 'square' : 'rectangle';
}
