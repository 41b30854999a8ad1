/**
 * The time scales of the current material (docs/model.md#reduced-mass-and-time-scales): the contact time t_c of
 * the reference contact (the smallest reduced mass), the period t_s, and the integrator's step limit in t_c.
 */
import type { Integrator } from '../integrators/integrator';
import type { MaterialCoefficients } from '../laws/material';
import type { BodyState } from '../state/body-state';
import type { TimeScales } from './world-types';

/** `mr`: referenceReducedMass (state/reference-mass.ts: the material's reference contact); `rotation`: the discs spin (the tangential mode is then stiffer) */
export function timeScales(m: MaterialCoefficients, mr: number, b: BodyState, rotation: boolean, integrator: Integrator): TimeScales {
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
  return {
    tc, ts: 2 * Math.PI * Math.sqrt(mMin / kn), mr, zetaN: m.zetaN,
    ...(ref.speed !== undefined ? { hertzSpeed: ref.speed } : {}),
    stableDtOverTc: omegaLimit / (wMax * tc),
  };
}
