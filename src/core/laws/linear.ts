/**
 * Linear spring–dashpot on the overlap depth — the reference contact law
 * (design/contact-laws.md §3–4; paper 002 Eq. 8, paper 000 Eqs. 2–5 for the form):
 *   f_n = k_n δ − γ_n u_n         (u_n < 0 while approaching)
 *   γ_n = 2 ζ_n √(m_r k_n),  ζ_n from ε_n;  γ_t = (ν_t/ν_n) γ_n  or  2 ζ_t √(m_r k_t)
 *   U_n = ½ k_n δ²
 * Reads delta, un, mr; writes gn, gt, fn for every contact. Returns the power the normal dashpots
 * dissipate, Σ γ_n u_n² over the contacts whose force is not clamped (for the energy account).
 */
import type { ContactList } from '../state/contact-list';
import type { MaterialCoefficients } from './material';

export function linearNormalForces(c: ContactList, m: MaterialCoefficients): number {
  const n = c.count;
  let power = 0;
  const delta = c.delta, un = c.un, mr = c.mr, gn = c.gn, gt = c.gt, fn = c.fn;
  const kn = m.kn, kt = m.kt, zn2 = 2 * m.zetaN, zt2 = 2 * m.zetaT;
  const fromRatio = m.gtFromRatio, ratio = m.gtRatio, clamp = m.clampNormal;
  for (let k = 0; k < n; k++) {
    const sm = Math.sqrt(mr[k]);
    const g = zn2 * sm * Math.sqrt(kn);
    gn[k] = g;
    gt[k] = fromRatio ? ratio * g : zt2 * sm * Math.sqrt(kt);
    const f = kn * delta[k] - g * un[k];
    if (clamp && f < 0) fn[k] = 0;
    else { fn[k] = f; power += g * un[k] * un[k]; }
  }
  return power;
}

/** Elastic energy of one linear normal spring [J]. */
export function linearNormalEnergy(kn: number, delta: number): number {
  return 0.5 * kn * delta * delta;
}
