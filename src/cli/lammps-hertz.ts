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
import { dimensionlessCollision, hertzCollision, hertzTimeUnit } from '../core/laws/hertz-collision';
import type { MaterialCoefficients } from '../core/laws/material';
import { type GranCoefficients, type GranReference, type GranStyle, num } from './lammps-deck';

/** `gran/hertz/history`, the mapping the Hertz law's declaration names (laws/hertz.ts) */
export const hertzGranStyle: GranStyle = {
  coefficients: (m, mr, R) => hertzGranCoefficients(m, m.reference.speed ?? NaN, mr, R),
  notes: hertzNotes,
};

/** LAMMPS's coefficients for contacts of reduced mass `mr` and effective radius `R` (a wall: R = r). */
export function hertzGranCoefficients(m: MaterialCoefficients, speed: number, mr: number, R: number): GranCoefficients {
  const deltaMax = m.reference.deltaMax ?? 0;
  const ours = hertzCollision(m.kn, mr, speed, m.gammaRate);
  const T = hertzTimeUnit(m.kn, mr, speed);
  const gammaN = m.gammaRate === 0 ? 0 : lammpsHertzDamping(ours.e) / (T * Math.sqrt(R * speed * T));
  const gammaT = m.gtFromRatio ? m.gtRatio * gammaN : (2 * m.zetaT * Math.sqrt(mr * m.kt)) / (mr * Math.sqrt(R * deltaMax));
  return { kn: m.kn / Math.sqrt(R), kt: m.kt / Math.sqrt(R * deltaMax), gammaN, gammaT };
}

/** The mapping's reference and what it makes of other pairs. */
function hertzNotes(m: MaterialCoefficients, ref: GranReference): string[] {
  const { rRef, rMin, rMax } = ref, pairMr = ref.mRef / 2, wallMr = ref.mRef, v = m.reference.speed ?? NaN;
  const deltaMax = m.reference.deltaMax ?? 0;
  const factor = (R: number, Rref: number) => Math.sqrt(R / Rref).toPrecision(3);
  const e = (mr: number) => hertzCollision(m.kn, mr, v, m.gammaRate).e.toPrecision(4);
  return [
    `Hertz stiffness: LAMMPS's F_n = sqrt(R delta) Kn delta; Kn = k_N/sqrt(R) with R = ${num(rRef / 2)} m for pairs (two discs of radius ${num(rRef)} m, the median-mass body's) and R = ${num(rRef)} m against walls: exact for discs of that radius`,
    ...(rMin < rMax ? [`Hertz polydispersity: a pair of other radii sees k_N sqrt(R/R_ref), x${factor(rMin / 2, rRef / 2)} (two smallest) to x${factor(rMax / 2, rRef / 2)} (two largest); a disc against a wall x${factor(rMin, rRef)} to x${factor(rMax, rRef)}; a collision's duration changes by that factor to the power -2/5`] : []),
    `Hertz normal dashpot: LAMMPS's scales with sqrt(R delta), this core's gammaN m_r does not; gamma_n is set so that the head-on collision at hertzSpeed = ${num(v)} m/s restitutes as here (e = ${e(pairMr)} for the reference pair, ${e(wallMr)} against a wall): this core's e rises with the impact speed, LAMMPS's falls: slower impacts restitute less here than in LAMMPS, faster ones more`,
    `Hertz tangential: LAMMPS scales the tangential spring and dashpot by sqrt(R delta); they equal this core's k_t${m.gtFromRatio ? '' : ' and gamma_t'} at delta_max = ${num(deltaMax)} m (the reference collision's largest overlap, where k_t is defined)${m.gtFromRatio ? '; gamma_t/gamma_n keeps the scenario ratio' : ''}`,
  ];
}

/** Dimensionless LAMMPS collision x'' = −x^{3/2} − g √x x', x(0) = 0, x'(0) = 1 (laws/hertz-collision.ts with its
 * dashpot scaled by √δ): the restitution, by RK4 at 8000 steps per unit τ. */
export function lammpsHertzRestitution(g: number): number {
  return dimensionlessCollision((x, u) => (x > 0 ? -x * Math.sqrt(x) - g * Math.sqrt(x) * u : 0)).e;
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
