/**
 * Per-run contact coefficients derived once from the live parameters, so the hot loops read numbers,
 * not objects.
 */
import type { LiveParams } from '../sim/params';
import { dampingRatio } from './restitution';

export interface MaterialCoefficients {
  /** [N/m] */ kn: number;
  /** [N/m] */ kt: number;
  /** Normal damping ratio from εn */ zetaN: number;
  /** Tangential damping: γt = gtRatio·γn when gtFromRatio, else 2 ζt √(m_r kt) */
  gtFromRatio: boolean;
  gtRatio: number;
  zetaT: number;
  mu: number;
  /** true: Coulomb cap on the elastic parts only (paper 000); false: on the total force (paper 002) */
  capElastic: boolean;
  clampNormal: boolean;
}

export function materialCoefficients(p: LiveParams): MaterialCoefficients {
  const et = Math.min(1, p.etOverEn * p.en);
  return {
    kn: p.kn,
    kt: p.ktOverKn * p.kn,
    zetaN: dampingRatio(p.en),
    gtFromRatio: p.tangentialDamping === 'ratio',
    gtRatio: p.nuTOverNuN,
    // Paper 000 defines εt by its Eq. 8 with (kt, νt) and the same m_r (design/contact-laws.md §4).
    zetaT: dampingRatio(et),
    mu: p.mu,
    capElastic: p.capMode === 'elastic',
    clampNormal: p.clampNormal,
  };
}
