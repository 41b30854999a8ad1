/**
 * A silo's discharge (issue 37 item 4, the "make your own silo" lesson): the mass that has passed the orifice a gate
 * left when it opened, its rate, and Beverloo's law for that rate. In 2D a body's mass is its areal density times
 * its area, so a rate in kg/s here reads as kg/s per metre of depth of the 3D slab it stands for.
 */

/** The orifice an opened gate left: its segment [m], when it opened [s], and Beverloo's rate for it (orificeAt). */
export interface Orifice {
  ax: number; ay: number; bx: number; by: number;
  t: number;
  /** its width D: the gate's length [m] */
  width: number;
  /** the mean diameter d of the movable grains when it opened [m] (2 × their mean equivalent radius) */
  grainDiameter: number;
  /** the grains' areal density ρ₂ [kg/m²]: their mass over their area */
  grainDensity: number;
  /** |g| [m/s²] */
  g: number;
  /** Beverloo's rate W_B [kg/s] (beverlooRate; 0 when D ≤ k d: the orifice jams) */
  beverloo: number;
}

/** The bodies as the discharge reads them (BodyState's columns; a movable one has invMass > 0) */
export interface DischargeBodies {
  x: ArrayLike<number>; y: ArrayLike<number>; mass: ArrayLike<number>; invMass: ArrayLike<number>;
}

/**
 * Beverloo's constants in the 2D form W = C ρ_B √g (D − k d)^{3/2}: C = 0.58 and k = 1.5 as Beverloo, Leniger & van de
 * Velde (Chem. Eng. Sci. 15, 260, 1961) fitted them, the exponent 3/2 of a slot (Mankoc et al., Granular Matter 9, 407,
 * 2007, fit their 2D silo with this form); in 2D C is known only to within a factor ≈ 1.5 across grains (docs/model.md#silo-discharge).
 */
export const BEVERLOO_C = 0.58;
export const BEVERLOO_K = 1.5;
/** ρ_B = φ ρ₂: the packing fraction of a random packing of polydisperse discs near the orifice, φ ≈ 0.82 (docs/model.md#silo-discharge) */
export const PACKING_2D = 0.82;

/** Beverloo's discharge rate [kg/s] through an orifice of width D [m] of grains of mean diameter d [m] and areal density ρ₂ under gravity g; 0 when D ≤ k d. */
export function beverlooRate(D: number, d: number, rho2: number, g: number): number {
  const open = D - BEVERLOO_K * d;
  return open > 0 ? BEVERLOO_C * PACKING_2D * rho2 * Math.sqrt(g) * open ** 1.5 : 0;
}

/** The orifice of a gate from (ax, ay) to (bx, by) opened at t under gravity (gx, gy), for the movable bodies of `b` (n of them) there. */
export function orificeAt(ax: number, ay: number, bx: number, by: number, t: number, gx: number, gy: number, b: DischargeBodies & { n: number; eqRadius: ArrayLike<number> }): Orifice {
  let radii = 0, area = 0, mass = 0, count = 0;
  for (let i = 0; i < b.n; i++) {
    if (!(b.invMass[i] > 0)) continue;
    const r = b.eqRadius[i];
    radii += r; area += Math.PI * r * r; mass += b.mass[i]; count++;
  }
  const width = Math.hypot(bx - ax, by - ay), g = Math.hypot(gx, gy);
  const grainDiameter = count ? (2 * radii) / count : NaN, grainDensity = area > 0 ? mass / area : NaN;
  const beverloo = count ? beverlooRate(width, grainDiameter, grainDensity, g) : NaN;
  return { ax, ay, bx, by, t, width, grainDiameter, grainDensity, g, beverloo };
}

/**
 * The mass [kg] of the movable bodies (the first n) whose centres have passed the orifice's line: on its side gravity (gx, gy) points
 * to (without gravity, on the side of the normal (ay − by, bx − ax)).
 */
export function dischargedMass(b: DischargeBodies, n: number, o: Orifice, gx: number, gy: number): number {
  let nx = o.ay - o.by, ny = o.bx - o.ax;
  if (nx * gx + ny * gy < 0) { nx = -nx; ny = -ny; }
  let m = 0;
  for (let i = 0; i < n; i++) if (b.invMass[i] > 0 && (b.x[i] - o.ax) * nx + (b.y[i] - o.ay) * ny > 0) m += b.mass[i];
  return m;
}

/** The rate over the RATE_WINDOW seconds up to a row [s]: long enough to hold several grains at any Beverloo flow of the page */
export const RATE_WINDOW = 0.1;

/**
 * The discharge rate at row k [kg/s]: the mass passed over the `window` seconds before it (from the latest row at least
 * that much earlier, or the first finite one), NaN when there is no earlier finite row.
 */
export function rateAt(t: ArrayLike<number>, m: ArrayLike<number>, k: number, window = RATE_WINDOW): number {
  if (!Number.isFinite(m[k])) return NaN;
  let j = k;
  while (j > 0 && t[k] - t[j] < window && Number.isFinite(m[j - 1])) j--;
  return j < k && t[k] > t[j] ? (m[k] - m[j]) / (t[k] - t[j]) : NaN;
}

/** The steady window: from this fraction of the mass passed at the end to this one */
export const STEADY_FROM = 0.1, STEADY_TO = 0.9;

/**
 * The steady discharge rate [kg/s]: the least-squares slope of the mass passed against time over the rows (of the first
 * `rows`) where it lies between STEADY_FROM and STEADY_TO of its last value — after the flow has started, before the
 * silo runs low; NaN with fewer than 3 such rows.
 */
export function steadyRate(t: ArrayLike<number>, m: ArrayLike<number>, rows: number): number {
  let last = NaN;
  for (let k = rows - 1; k >= 0; k--) if (Number.isFinite(m[k])) { last = m[k]; break; }
  if (!(last > 0)) return NaN;
  let n = 0, st = 0, sm = 0, stt = 0, stm = 0;
  for (let k = 0; k < rows; k++) {
    const v = m[k];
    if (!(v >= STEADY_FROM * last && v <= STEADY_TO * last)) continue;
    n++; st += t[k]; sm += v; stt += t[k] * t[k]; stm += t[k] * v;
  }
  const den = n * stt - st * st;
  return n >= 3 && den > 0 ? (n * stm - st * sm) / den : NaN;
}

