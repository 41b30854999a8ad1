/**
 * The measuring tools' arithmetic (issue 36 item 8): world ↔ canvas coordinates through the scene's view
 * (screen = (ox + s·x, oy − s·y), CSS px), a ruler's length, a protractor's angle, and their labels.
 */

export interface View { s: number; ox: number; oy: number }
export interface Point { x: number; y: number }

export const toScreen = (v: View, p: Point): Point => ({ x: v.ox + v.s * p.x, y: v.oy - v.s * p.y });
export const toWorld = (v: View, q: Point): Point => ({ x: (q.x - v.ox) / v.s, y: (v.oy - q.y) / v.s });

/** Distance between a and b [m] */
export const distance = (a: Point, b: Point): number => Math.hypot(b.x - a.x, b.y - a.y);

/** Direction of the arm from `from` to `to`, counter-clockwise from +x [degrees, −180 … 180] */
export const direction = (from: Point, to: Point): number => (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;

/** The angle at `vertex` between the arms to a and b [degrees, 0 … 180] */
export function angleAt(vertex: Point, a: Point, b: Point): number {
  let d = Math.abs(direction(vertex, a) - direction(vertex, b));
  if (d > 180) d = 360 - d;
  return d;
}

/** An arm's slope against the horizontal, whichever way it points [degrees, 0 … 90] */
export function slope(from: Point, to: Point): number {
  const d = Math.abs(direction(from, to));
  return d > 90 ? 180 - d : d;
}

/** A length for the label: in mm below 10 cm, in cm below 2 m, else in m, with three significant digits */
export function lengthText(m: number): string {
  if (!Number.isFinite(m)) return '–';
  const [v, unit] = m < 0.1 ? [m * 1000, 'mm'] : m < 2 ? [m * 100, 'cm'] : [m, 'm'];
  return `${v.toPrecision(3)} ${unit}`;
}

/** An angle for the label, to a tenth of a degree */
export const degreesText = (deg: number): string => (Number.isFinite(deg) ? `${deg.toFixed(1)}°` : '–');
