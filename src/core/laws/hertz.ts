/**
 * Hertz normal force on the overlap depth, the 3D law paper 003 uses "to mimic three-dimensional behaviour"
 * (paper 003 Eq. 18, sign of the damping fixed as in docs/model.md#hertz-law):
 *   f_n = k_N δ^{3/2} − γ_n u_n ,   γ_n = γ_N m_r  (γ_N a rate per unit reduced mass [1/s], laws/dashpot.ts)
 *   U_n = (2/5) k_N δ^{5/2}
 * k_N is the `kn` parameter read in N/m^1.5. With a dashpot linear in u_n the restitution depends on the
 * impact speed (laws/hertz-collision.ts). With `clampNormal` the force is max(f_n, 0). No history.
 */
import type { ContactList } from '../state/contact-list';
import type { ContactLaw } from './contact-law';
import { HERTZ } from './law-ids';
import type { MaterialCoefficients } from './material';

export const hertzLaw: ContactLaw = {
  id: 'hertz',
  index: HERTZ,
  description: 'Hertz, f_n = k_N δ^{3/2} − γ_N m_r u_n (paper 003 Eq. 18)',
  overlap: 'depth',
  history: [],

  normalForces(c: ContactList, m: MaterialCoefficients): number {
    const n = c.count;
    let power = 0;
    const law = c.law, delta = c.delta, un = c.un, gn = c.gn, fe = c.fe, fn = c.fn;
    const kn = m.kn, clamp = m.clampNormal;
    for (let k = 0; k < n; k++) {
      if (law[k] !== HERTZ) continue;
      const g = gn[k];
      const d = delta[k];
      const e = d > 0 ? kn * d * Math.sqrt(d) : 0;
      fe[k] = e;
      const f = e - g * un[k];
      if (clamp && f < 0) fn[k] = 0;
      else { fn[k] = f; power += g * un[k] * un[k]; }
    }
    return power;
  },

  elasticForce(delta: number, _lc: number, m: MaterialCoefficients): number {
    return delta > 0 ? m.kn * delta * Math.sqrt(delta) : 0;
  },

  energy(delta: number, _lc: number, m: MaterialCoefficients): number {
    return delta > 0 ? 0.4 * m.kn * delta * delta * Math.sqrt(delta) : 0;
  },
};
