/**
 * The time scales of the current material (docs/model.md#reduced-mass-and-time-scales): the contact time t_c of
 * the reference contact (the smallest reduced mass), the period t_s, and the integrator's step limit in t_c — the
 * smaller of the spring limit of that one contact and the dashpot-rate limit of the packing's contacts
 * (docs/model.md#gears-dashpot-rate-limit).
 */
import type { Integrator } from '../integrators/integrator';
import type { MaterialCoefficients } from '../laws/material';
import type { BodyState } from '../state/body-state';
import type { TimeScales } from './world-types';

/**
 * `mr`: referenceReducedMass (state/reference-mass.ts: the material's reference contact); `rotation`: the discs spin (the
 * tangential mode is then stiffer); `rate`: the dashpots' fastest rate c_max [1/s] of the contacts now and the step it
 * was estimated at (diagnostics/dashpot-rate.ts), or null without contacts
 */
export function timeScales(
  m: MaterialCoefficients, mr: number, b: BodyState, rotation: boolean, integrator: Integrator, rate: { cMax: number; step: number } | null = null,
): TimeScales {
  // the contact time and the normal stiffness linearised at the law's reference contact (laws/contact-law.ts:
  // the linear law's k_n; Hertz's head-on collision at the reference speed, 1.5 k_N √δ_max)
  const ref = m.reference, kn = ref.kLinear, tc = ref.tc;
  let mMin = Infinity;
  for (let k = 0; k < b.n; k++) if (b.invMass[k] > 0) mMin = Math.min(mMin, b.mass[k]);
  if (mMin === Infinity) mMin = mr;
  // Step guard (docs/model.md#reduced-mass-and-time-scales): the fastest of the normal and tangential contact modes.
  const wN = Math.sqrt(kn / mr);
  const wT = Math.sqrt((m.kt * (rotation ? 3 : 1)) / mr);
  const wMax = Math.max(wN, wT);
  const omegaLimit = integrator.stableOmega(m.zetaN);
  const spring = omegaLimit / (wMax * tc);
  // the dashpot-rate limit: c_max Δt below the integrator's bound on a pure dashpot
  const bound = integrator.dashpotRateLimit();
  const dashpot = rate && rate.cMax > 0 && Number.isFinite(bound) ? { cMax: rate.cMax, bound, dtOverTc: bound / (rate.cMax * tc), step: rate.step } : null;
  const byRate = dashpot !== null && dashpot.dtOverTc < spring;
  return {
    tc, ts: 2 * Math.PI * Math.sqrt(mMin / kn), mr, zetaN: m.zetaN,
    ...(ref.speed !== undefined ? { hertzSpeed: ref.speed } : {}),
    stableDtOverTc: byRate ? dashpot.dtOverTc : spring,
    stableLimit: byRate ? 'dashpot-rate' : 'spring',
    springDtOverTc: spring,
    ...(dashpot ? { dashpotRate: dashpot } : {}),
  };
}
