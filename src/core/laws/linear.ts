/**
 * Linear spring–dashpot on the overlap depth — the reference contact law
 * (docs/model.md#linear-spring-and-dashpot; paper 002 Eq. 8, paper 000 Eqs. 2–5 for the form):
 *   f_n = k_n δ − γ_n u_n         (u_n < 0 while approaching; γ_n from laws/dashpot.ts)
 *   U_n = ½ k_n δ²
 * With `clampNormal` the force is max(f_n, 0) (LAMMPS limit_damping). No history.
 */
import type { ContactList } from '../state/contact-list';
import type { ContactLaw } from './contact-law';
import { LINEAR } from './law-ids';
import type { MaterialCoefficients } from './material';

export const linearLaw: ContactLaw = {
  id: 'linear',
  index: LINEAR,
  description: 'linear spring–dashpot on the overlap depth, f_n = k_n δ − γ_n u_n (paper 002 Eq. 8)',
  overlap: 'depth',
  history: [],

  normalForces(c: ContactList, m: MaterialCoefficients): number {
    const n = c.count;
    let power = 0;
    const law = c.law, delta = c.delta, un = c.un, gn = c.gn, fe = c.fe, fn = c.fn;
    const kn = m.kn, clamp = m.clampNormal;
    for (let k = 0; k < n; k++) {
      if (law[k] !== LINEAR) continue;
      const g = gn[k];
      const e = kn * delta[k];
      fe[k] = e;
      const f = e - g * un[k];
      if (clamp && f < 0) fn[k] = 0;
      else { fn[k] = f; power += g * un[k] * un[k]; }
    }
    return power;
  },

  elasticForce(delta: number, _lc: number, m: MaterialCoefficients): number {
    return m.kn * delta;
  },

  energy(delta: number, _lc: number, m: MaterialCoefficients): number {
    return 0.5 * m.kn * delta * delta;
  },
};
