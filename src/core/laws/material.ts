/**
 * Per-run contact coefficients derived once from the live parameters, so the hot loops read numbers,
 * not objects.
 */
import type { LiveParams } from '../config/param-table';
import { HERTZ_TC_COEFFICIENT, hertzMaxOverlap, hertzTimeUnit } from './hertz-collision';
import { dampingRatio } from './restitution';

export interface MaterialCoefficients {
  /** [N/m], or k_N [N/m^1.5] with the Hertz law */ kn: number;
  /** [N/m] */ kt: number;
  /** Normal damping ratio: from εn (linear law), or γ_N/(2ω) at the reference collision (Hertz) */ zetaN: number;
  /** Tangential damping: γt = gtRatio·γn when gtFromRatio, else 2 ζt √(m_r kt) */
  gtFromRatio: boolean;
  gtRatio: number;
  zetaT: number;
  mu: number;
  /** true: Coulomb cap on the elastic parts only (paper 000); false: on the total force (paper 002) */
  capElastic: boolean;
  clampNormal: boolean;
  /** Disc contacts follow the Hertz law (laws/hertz.ts): γ_n = γ_N m_r */
  hertz: boolean;
  /** [1/s] */ gammaN: number;
  /** Haff–Werner shear friction (tangential/haff-werner.ts): γ_t = γ_S m_r, no spring */
  viscousShear: boolean;
  /** [1/s] */ gammaS: number;
  /**
   * Hertz: the undamped head-on collision at the reference speed and reduced mass — its duration [s] and
   * largest overlap [m] (time scales, k_t). Undamped because a heavy linear dashpot (paper 003's) makes a
   * Hertz contact end only asymptotically.
   */
  hertzReference: { tc: number; deltaMax: number } | null;
}

/** `mrRef` [kg]: the reduced mass the Hertz reference collision uses (the world's smallest contact's). */
export function materialCoefficients(p: LiveParams, mrRef = 1): MaterialCoefficients {
  const et = Math.min(1, p.etOverEn * p.en);
  const hertz = p.normalLaw === 'hertz';
  const reference = hertz
    ? { tc: HERTZ_TC_COEFFICIENT * hertzTimeUnit(p.kn, mrRef, p.hertzSpeed), deltaMax: hertzMaxOverlap(p.kn, mrRef, p.hertzSpeed) }
    : null;
  // Hertz: a spring scheme's k_t is k_t/k_n times the normal stiffness linearised at the reference
  // collision's largest overlap, 1.5 k_N √δ_max (docs/model.md#hertz-law); constant over the run.
  const knLinear = reference ? 1.5 * p.kn * Math.sqrt(reference.deltaMax) : p.kn;
  const viscousShear = p.tangential === 'haff-werner';
  return {
    kn: p.kn,
    kt: p.ktOverKn * knLinear,
    zetaN: reference ? p.gammaN / (2 * Math.sqrt(knLinear / mrRef)) : dampingRatio(p.en),
    gtFromRatio: p.tangentialDamping === 'ratio',
    gtRatio: p.nuTOverNuN,
    // Paper 000 defines εt by its Eq. 8 with (kt, νt) and the same m_r (docs/model.md#damping-from-restitution).
    zetaT: dampingRatio(et),
    mu: p.mu,
    // Haff–Werner is a capped dashpot: its cap is on the total force whatever capMode says.
    capElastic: p.capMode === 'elastic' && !viscousShear,
    clampNormal: p.clampNormal,
    hertz,
    gammaN: p.gammaN,
    viscousShear,
    gammaS: p.gammaS,
    hertzReference: reference,
  };
}
