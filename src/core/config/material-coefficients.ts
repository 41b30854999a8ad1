/**
 * The contact coefficients of a run from its live parameters: the chosen law's (its declaration's damping and
 * reference contact, laws/registry.ts) and the tangential ones (docs/model.md#damping-from-restitution).
 */
import type { LiveParams } from './param-table';
import type { MaterialCoefficients } from '../laws/material';
import { normalLawNamed } from '../laws/registry';
import { dampingRatio } from '../laws/restitution';

const NO_CONSTANTS = Object.freeze({});

/** `mrRef` [kg]: the reduced mass of the reference contact (the world's smallest contact's). */
export function materialCoefficients(p: LiveParams, mrRef = 1): MaterialCoefficients {
  const law = normalLawNamed(p.normalLaw);
  const reference = law.choice.coefficients(p, mrRef);
  const et = Math.min(1, p.etOverEn * p.en);
  const viscousShear = p.tangential === 'haff-werner';
  return {
    law: law.index,
    kn: p.kn,
    // a spring scheme's k_t is k_t/k_n times the normal stiffness linearised at the reference contact
    // (Hertz: 1.5 k_N √δ_max, docs/model.md#hertz-law); constant over the run
    kt: reference.kt ?? p.ktOverKn * reference.kLinear,
    zetaN: reference.zetaN,
    gtFromRatio: p.tangentialDamping === 'ratio',
    gtRatio: p.nuTOverNuN,
    // Paper 000 defines εt by its Eq. 8 with (kt, νt) and the same m_r (docs/model.md#damping-from-restitution).
    zetaT: dampingRatio(et),
    mu: p.mu,
    // Haff–Werner is a capped dashpot: its cap is on the total force whatever capMode says.
    capElastic: p.capMode === 'elastic' && !viscousShear,
    clampNormal: p.clampNormal,
    rateDamping: law.choice.damping === 'rate',
    gammaRate: reference.rate,
    fixedRestitution: law.choice.fixedRestitution,
    viscousShear,
    gammaS: p.gammaS,
    reference,
    range: reference.range ?? 0,
    own: reference.own ?? NO_CONSTANTS,
  };
}
