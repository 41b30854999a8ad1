/**
 * What the integrator's amplification factor (docs/model.md#amplification-factor) says a blow-up of the loaded scene
 * should grow by: the scene's contact modes (core/diagnostics/contact-frequencies.ts) from the softest single contact
 * to the network's stiffest mode, each with the damping its dashpots give it, and ρ(ωΔt, ζ) over them
 * (core/integrators/amplification.ts). A scene with one mode (a disc on a floor) gets one number; a pile a band,
 * which the measured growth, set by its fastest-growing mode, must lie in.
 */
import type { GrowthTheory } from '../protocol/blow-up';
import { amplificationLimit, amplifiedScheme, contactFrequencies, coreWorld, growthPerStep, normalLawNamed, type WorldLike } from './core-adapter';

/** Frequencies sampled across the band, and damping ratios at each */
const OMEGA_SAMPLES = 48, ZETA_SAMPLES = 5;

/**
 * The theory for world `w` at its Δt now; null for a scene it does not cover (no contacts, polygons, contact dynamics,
 * a law whose contacts are not linear springs of stiffness kn: its declaration's `linearSpring`).
 */
export function growthTheory(w: WorldLike): GrowthTheory | null {
  const p = w.params;
  if (w.polygons || !normalLawNamed(p.normalLaw).choice.linearSpring) return null;
  const general = { family: p.gssssFamily, rhoMin: p.rhoMin, rhoMax: p.rhoMax, rhoS: p.rhoS, eta: p.eta };
  const scheme = amplifiedScheme(p.integrator, general, w.velocityDependentForces);
  if (!scheme) return null;
  const m = w.material();
  const world = coreWorld(w);
  const f = contactFrequencies(world.bodies, world.contacts, m.kn, m.kt, m.mu);
  if (!f || !(f.stiffest > 0)) return null;
  const dt = w.dt, { min, max } = f.dampingPerStiffness;
  // one mode: a single contact, whose ζ is its own (the Rayleigh bounds coincide)
  const single = f.stiffest <= f.softest * (1 + 1e-9) && max <= min * (1 + 1e-9);
  let low = Infinity, high = 0;
  const omegas = single ? 1 : OMEGA_SAMPLES, zetas = single ? 1 : ZETA_SAMPLES;
  for (let a = 0; a < omegas; a++) {
    const omega = single ? f.stiffest : f.softest + ((f.stiffest - f.softest) * a) / (omegas - 1);
    for (let b = 0; b < zetas; b++) {
      // a mode of frequency ω has ζ between min ω/2 and max ω/2 (contact-frequencies.ts)
      const zeta = single ? f.softestZeta : (0.5 * omega * (min + ((max - min) * b) / (zetas - 1)));
      const rho = growthPerStep(scheme, omega, dt, zeta);
      low = Math.min(low, rho);
      high = Math.max(high, rho);
    }
  }
  const zetaStiffest = single ? f.softestZeta : f.stiffestZeta;
  const omegaLimit = amplificationLimit(scheme, zetaStiffest);
  return {
    integrator: p.integrator, dt,
    omegaSoftest: f.softest, omegaStiffest: f.stiffest, zetaStiffest,
    zetaRange: { atSoftest: [0.5 * f.softest * min, 0.5 * f.softest * max], atStiffest: [0.5 * f.stiffest * min, 0.5 * f.stiffest * max] },
    single,
    rhoStiffest: growthPerStep(scheme, f.stiffest, dt, zetaStiffest),
    band: { low, high },
    omegaLimit, dtLimit: omegaLimit / f.stiffest,
  };
}
