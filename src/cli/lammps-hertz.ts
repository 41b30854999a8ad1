/**
 * This core's Hertz law (docs/model.md#hertz-law) as LAMMPS's `gran/hertz/history` (pair) and
 * `wall/gran hertz/history` (LAMMPS src/GRANULAR/pair_gran_hertz_history.cpp, fix_wall_gran.cpp):
 *   LAMMPS   F_n = √(R δ) (K_n δ − m_eff γ_n u_n) ,  F_t = −√(R δ) (K_t ξ + m_eff γ_t v_t) ,
 *            R = r_i r_j/(r_i + r_j) for a pair, R = r_i against a flat wall
 *   here     F_n = k_N δ^{3/2} − γ_N m_r u_n ,        F_t = −k_t ξ − γ_t v_t  (γ_t in kg/s)
 * Maps, for the reference pair (two bodies of the median mass and their radius; one of them against a wall):
 *   K_n = k_N/√R                                exact for every pair with that R (all pairs of equal radii)
 *   K_t = k_t/√(R δ_max)                        LAMMPS's tangential spring equals k_t at the overlap δ_max of
 *                                               the reference collision that defines k_t (laws/material.ts)
 *   γ_n such that the reference head-on collision at hertzSpeed restitutes as here (the two dashpots differ in
 *       form: this core's is linear in u_n, LAMMPS's scales with √(R δ), so only one speed can agree)
 *   γ_t = (γ_t/γ_n ratio) γ_n when the scenario sets that ratio, else γ_t/(m_r √(R δ_max))
 * A pair of another R sees k_N √(R/R_ref) (its stiffness off by that factor: t_c by its −2/5 power), stated
 * with the packing's range in the deck's notes.
 */
import { hertzCollision, hertzTimeUnit } from '../core/laws/hertz-collision';
import type { MaterialCoefficients } from '../core/laws/material';

/** The four coefficients of a `gran/hertz/history` line (LAMMPS's order: Kn Kt gamma_n gamma_t) */
export interface GranCoefficients { kn: number; kt: number; gammaN: number; gammaT: number }

/** LAMMPS's coefficients for contacts of reduced mass `mr` and effective radius `R` (a wall: R = r). */
export function hertzGranCoefficients(m: MaterialCoefficients, speed: number, mr: number, R: number): GranCoefficients {
  const deltaMax = m.hertzReference?.deltaMax ?? 0;
  const ours = hertzCollision(m.kn, mr, speed, m.gammaN);
  const T = hertzTimeUnit(m.kn, mr, speed);
  const gammaN = m.gammaN === 0 ? 0 : lammpsHertzDamping(ours.e) / (T * Math.sqrt(R * speed * T));
  const gammaT = m.gtFromRatio ? m.gtRatio * gammaN : (2 * m.zetaT * Math.sqrt(mr * m.kt)) / (mr * Math.sqrt(R * deltaMax));
  return { kn: m.kn / Math.sqrt(R), kt: m.kt / Math.sqrt(R * deltaMax), gammaN, gammaT };
}

/** Dimensionless LAMMPS collision x'' = −x^{3/2} − g √x x', x(0) = 0, x'(0) = 1 (laws/hertz-collision.ts with its
 * dashpot scaled by √δ): the restitution, by RK4 at 8000 steps per unit τ. */
export function lammpsHertzRestitution(g: number): number {
  const h = 1 / 8000;
  const acc = (x: number, u: number) => (x > 0 ? -x * Math.sqrt(x) - g * Math.sqrt(x) * u : 0);
  let x = 0, u = 1, tau = 0;
  for (let s = 0; s < 8000 * 100; s++) {
    const k1x = u, k1u = acc(x, u);
    const k2x = u + 0.5 * h * k1u, k2u = acc(x + 0.5 * h * k1x, u + 0.5 * h * k1u);
    const k3x = u + 0.5 * h * k2u, k3u = acc(x + 0.5 * h * k2x, u + 0.5 * h * k2u);
    const k4x = u + h * k3u, k4u = acc(x + h * k3x, u + h * k3u);
    const xn = x + (h / 6) * (k1x + 2 * k2x + 2 * k3x + k4x);
    const un = u + (h / 6) * (k1u + 2 * k2u + 2 * k3u + k4u);
    if (xn <= 0 && tau > 0) {
      const f = x / (x - xn);
      return -(u + f * (un - u));
    }
    x = xn; u = un; tau += h;
  }
  return 0;
}

/** The dimensionless g of `lammpsHertzRestitution` that restitutes `e` (bisection in log g); 0 for e ≥ 1. */
export function lammpsHertzDamping(e: number): number {
  if (e >= 1) return 0;
  let lo = 1e-8, hi = 1e4;
  if (lammpsHertzRestitution(hi) > e) return hi;
  for (let k = 0; k < 30; k++) {
    const mid = Math.sqrt(lo * hi);
    if (lammpsHertzRestitution(mid) > e) lo = mid; else hi = mid;
  }
  return Math.sqrt(lo * hi);
}
