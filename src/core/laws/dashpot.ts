/**
 * The contact dashpots, in the form the chosen law declares (contact-law.ts, `damping`; docs/model.md#damping-from-restitution;
 * paper 000 Eqs. 8, 10; the area law takes them "as for discs", with the contact's reduced mass):
 *   'restitution'  γ_n = 2 ζ_n √(m_r k_n) with ζ_n from ε_n ,   γ_t = (ν_t/ν_n) γ_n  or  2 ζ_t √(m_r k_t)     [kg/s]
 * (ζ_t from ε_t). Rates per unit reduced mass instead (paper 003 Eqs. 18–19):
 *   'rate' (Hertz)  γ_n = γ_N m_r ;  Haff–Werner γ_t = γ_S m_r .
 *   'contact' (Hertz–Mindlin): the law sets γ_n and γ_t of its contacts itself (in its normalForces).
 * Reads mr, writes gn, gt and the tangential stiffness kt (the material's k_t) for every contact, before the laws;
 * a law with a stiffness of its own overwrites kt of its contacts.
 */
import type { ContactList } from '../state/contact-list';
import type { MaterialCoefficients } from './material';

export function dashpots(c: ContactList, m: MaterialCoefficients): void {
  const mr = c.mr, gn = c.gn, gt = c.gt, ktc = c.kt;
  const kn = m.kn, kt = m.kt, zn2 = 2 * m.zetaN, zt2 = 2 * m.zetaT, fromRatio = m.gtFromRatio, ratio = m.gtRatio;
  const rate = m.rateDamping, gammaN = m.gammaRate, viscous = m.viscousShear, gammaS = m.gammaS;
  for (let k = 0; k < c.count; k++) {
    const sm = Math.sqrt(mr[k]);
    const g = rate ? gammaN * mr[k] : zn2 * sm * Math.sqrt(kn);
    gn[k] = g;
    gt[k] = viscous ? gammaS * mr[k] : fromRatio ? ratio * g : zt2 * sm * Math.sqrt(kt);
    ktc[k] = kt;
  }
}

/**
 * A law's normal force on contact k from its elastic part e: f_n = e − γ_n u_n into fn (max(f_n, 0) with `clamp`,
 * LAMMPS limit_damping) and e into fe (the 'elastic' Coulomb cap's critical force). Returns the power its dashpot
 * dissipates there, γ_n u_n² [W] (none while clamped).
 */
export function dampedNormal(c: ContactList, k: number, e: number, clamp: boolean): number {
  const g = c.gn[k], u = c.un[k];
  c.fe[k] = e;
  const f = e - g * u;
  if (clamp && f < 0) { c.fn[k] = 0; return 0; }
  c.fn[k] = f;
  return g * u * u;
}
