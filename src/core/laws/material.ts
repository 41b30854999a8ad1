/**
 * Per-run contact coefficients derived once from the live parameters (config/material-coefficients.ts), so the hot
 * loops read numbers, not objects. The fields every law's contacts read; what a law brings itself (its damping,
 * its reference contact) comes from its declaration (contact-law.ts) as numbers here.
 */

/** What a chosen law derives from the live parameters for the reference contact (reduced mass mrRef). */
export interface LawCoefficients {
  /** Normal damping ratio of the reference contact: from εn, or what a rate dashpot amounts to there */
  zetaN: number;
  /** A 'rate' dashpot's γ_n/m_r [1/s] (0 for a 'restitution' dashpot) */
  rate: number;
  /** Duration of the reference contact [s]: t_c, in which Δt and the step limit are quoted */
  tc: number;
  /** The normal stiffness linearised at the reference contact [N/m]: k_t = (k_t/k_n)·kLinear and the step limit's normal mode */
  kLinear: number;
  /** A law whose tangential stiffness is its own (Mindlin's): k_t at the reference contact [N/m], in place of (k_t/k_n)·kLinear */
  kt?: number;
  /** The impact speed t_c is quoted at [m/s], for a law whose t_c depends on it */
  speed?: number;
  /** The reference collision's largest overlap [m], where a nonlinear law's kLinear is taken */
  deltaMax?: number;
  /** How far beyond touching the law acts for these parameters [m] (a cohesive law's pull-off range; absent: 0) */
  range?: number;
  /** The law's own force constants, derived once from its own parameters, for its kernels (m.own) */
  own?: LawConstants;
}

/** A law's own force constants by name (a cohesive law's pull-off force, Hertz–Mindlin's moduli): its slot in the coefficients, no field of the shared bag */
export type LawConstants = Readonly<Record<string, number>>;

export interface MaterialCoefficients {
  /** The law disc contacts follow (the normalLaw's row in laws/registry.ts) */ law: number;
  /** [N/m], or in the unit the law reads it in (Hertz: k_N [N/m^1.5]) */ kn: number;
  /** [N/m] */ kt: number;
  /** Normal damping ratio: from εn, or what the law's rate dashpot amounts to at the reference contact */ zetaN: number;
  /** Tangential damping: γt = gtRatio·γn when gtFromRatio, else 2 ζt √(m_r kt) */
  gtFromRatio: boolean;
  gtRatio: number;
  zetaT: number;
  mu: number;
  /** true: Coulomb cap on the elastic parts only (paper 000); false: on the total force (paper 002) */
  capElastic: boolean;
  clampNormal: boolean;
  /** The law's normal dashpot is a rate per unit reduced mass, γ_n = gammaRate m_r (its declared damping 'rate') */
  rateDamping: boolean;
  /** [1/s] */ gammaRate: number;
  /** Every binary collision of the law restitutes εn (its declaration's `fixedRestitution`: the accuracy monitor's test) */
  fixedRestitution: boolean;
  /** Haff–Werner shear friction (tangential/haff-werner.ts): γ_t = γ_S m_r, no spring */
  viscousShear: boolean;
  /** [1/s] */ gammaS: number;
  /** The law's reference contact: t_c, the linearised stiffness, the speed t_c is quoted at */
  reference: LawCoefficients;
  /** How far beyond touching the law acts [m]: the colliders keep pairs with a gap below it, the neighbour skin reaches it */
  range: number;
  /** The law's own force constants (its declaration's coefficients `own`; empty for a law without) */
  own: LawConstants;
}
