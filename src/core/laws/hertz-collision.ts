/**
 * One head-on Hertz collision, m_r δ̈ = −k δ^{3/2} − γ_N m_r δ̇ from δ = 0, δ̇ = v (docs/model.md#hertz-law):
 * the time scales the step guard and the GUI quote, and the restitution the Hertz–dashpot law predicts.
 * With δ = v T x and t = T τ, T = (m_r/k)^{2/5} v^{−1/5}, it is x'' = −x^{3/2} − g x', x(0) = 0, x'(0) = 1,
 * g = γ_N T: one dimensionless damping g fixes the restitution, so e depends on v only through v^{−1/5}.
 * Undamped: δ_max = (5 m_r v²/(4k))^{2/5} and t_c = 2 (δ_max/v) ∫₀¹ dx/√(1 − x^{5/2}) = 3.2181 T
 * (the integral is B(2/5, 1/2)/(5/2) = 1.47164).
 */

/** t_c/T of the undamped collision: 2 (5/4)^{2/5} · B(2/5, 1/2)·(2/5) */
export const HERTZ_TC_COEFFICIENT = 3.2180654597190435;

/** The collision's time unit T = (m_r/k)^{2/5} v^{−1/5} [s]. */
export function hertzTimeUnit(k: number, mr: number, v: number): number {
  return Math.pow(mr / k, 0.4) * Math.pow(v, -0.2);
}

/** Largest overlap of an undamped collision at impact speed v [m]. */
export function hertzMaxOverlap(k: number, mr: number, v: number): number {
  return Math.pow((5 * mr * v * v) / (4 * k), 0.4);
}

export interface HertzCollision {
  /** Contact duration [s] (until δ returns to 0) */
  tc: number;
  /** Restitution: exit over impact speed */
  e: number;
  /** Largest overlap [m] */
  deltaMax: number;
}

/** Solves the dimensionless collision with RK4 (8000 steps per unit τ; converged to ~1e-12 in e). */
export function hertzCollision(k: number, mr: number, v: number, gammaN: number): HertzCollision {
  const T = hertzTimeUnit(k, mr, v), g = gammaN * T;
  const c = dimensionlessCollision((x, u) => -(x > 0 ? x * Math.sqrt(x) : 0) - g * u);
  return { tc: c.tau * T, e: c.e, deltaMax: c.xMax * v * T };
}

/**
 * A dimensionless collision x'' = acc(x, x'), x(0) = 0, x'(0) = 1, by RK4 at 8000 steps per unit τ up to 100:
 * its duration τ and restitution e at the crossing back through x = 0 (linearly interpolated), and its deepest x;
 * τ = Infinity, e = 0 when the bodies never separate (overdamped).
 */
export function dimensionlessCollision(acc: (x: number, u: number) => number): { tau: number; e: number; xMax: number } {
  const h = 1 / 8000;
  let x = 0, u = 1, tau = 0, xMax = 0;
  for (let s = 0; s < 8000 * 100; s++) {
    const k1x = u, k1u = acc(x, u);
    const k2x = u + 0.5 * h * k1u, k2u = acc(x + 0.5 * h * k1x, u + 0.5 * h * k1u);
    const k3x = u + 0.5 * h * k2u, k3u = acc(x + 0.5 * h * k2x, u + 0.5 * h * k2u);
    const k4x = u + h * k3u, k4u = acc(x + h * k3x, u + h * k3u);
    const xn = x + (h / 6) * (k1x + 2 * k2x + 2 * k3x + k4x);
    const un = u + (h / 6) * (k1u + 2 * k2u + 2 * k3u + k4u);
    if (xn <= 0 && tau > 0) {
      const f = x / (x - xn); // linear interpolation to the crossing
      return { tau: tau + f * h, e: -(u + f * (un - u)), xMax };
    }
    x = xn; u = un; tau += h;
    if (x > xMax) xMax = x;
  }
  return { tau: Infinity, e: 0, xMax };
}
