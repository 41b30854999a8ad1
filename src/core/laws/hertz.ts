/**
 * Hertz normal force on the overlap depth, the 3D law paper 003 uses "to mimic three-dimensional behaviour"
 * (paper 003 Eq. 18, sign of the damping fixed as in docs/model.md#hertz-law):
 *   f_n = k_N δ^{3/2} − γ_n u_n ,   γ_n = γ_N m_r  (γ_N a rate per unit reduced mass [1/s], laws/dashpot.ts)
 *   U_n = (2/5) k_N δ^{5/2}
 * k_N is the `kn` parameter read in N/m^1.5. With a dashpot linear in u_n the restitution depends on the
 * impact speed (laws/hertz-collision.ts), so t_c, the step limit and k_t are those of the undamped head-on
 * collision at the reference speed `hertzSpeed` and the reference reduced mass (undamped because a heavy linear
 * dashpot, paper 003's, makes a Hertz contact end only asymptotically): t_c, δ_max, and the stiffness linearised
 * at δ_max, 1.5 k_N √δ_max. With `clampNormal` the force is max(f_n, 0). No history. LAMMPS: gran/hertz/history
 * (src/cli/lammps-hertz.ts).
 */
import { num } from '../param-rows/param-info';
import type { ContactList } from '../state/contact-list';
import type { ContactLaw } from './contact-law';
import { dampedNormal } from './dashpot';
import { HERTZ_TC_COEFFICIENT, hertzMaxOverlap, hertzTimeUnit } from './hertz-collision';
import { HERTZ } from './law-ids';
import type { MaterialCoefficients } from './material';

/** The Hertz law's own live parameters */
const HERTZ_PARAMS = {
  gammaN: num({ path: 'material.gammaN', default: 1000, restarts: true, solver: 'soft', advanced: true },
    'Hertz damping γN', '1/s', 0, 1e7, false, 'Hertz law: normal dashpot per unit reduced mass, γ_n = γ_N m_r (paper 003 uses 1000); the restitution then depends on the impact speed', 0, 5000),
  hertzSpeed: num({ path: 'material.hertzSpeed', default: 1, restarts: true, solver: 'soft', advanced: true },
    'Hertz reference speed', 'm/s', 1e-6, 1e4, true, 'Hertz law: the impact speed at which tc (and so Δt/tc and the stability limit) is quoted: a Hertz contact is shorter the faster the impact, tc ∝ v^(−1/5)', 1e-3, 10),
} as const;

export const hertzLaw: ContactLaw<typeof HERTZ_PARAMS> = {
  id: 'hertz',
  index: HERTZ,
  description: 'f_n = k_N δ^{3/2} − γ_N m_r u_n (paper 003 Eq. 18), kn read in N/m^1.5, damping from gammaN',
  overlap: 'depth',
  history: [],
  fused: false,
  lammps: { pairStyle: 'gran/hertz/history' },
  choice: {
    name: 'Hertz',
    shapes: ['disc'],
    params: HERTZ_PARAMS,
    reads: ['kn', 'ktOverKn'],
    units: { kn: 'N/m^1.5' },
    linearSpring: false,
    damping: 'rate',
    fixedRestitution: false,
    coefficients(p, mrRef) {
      const tc = HERTZ_TC_COEFFICIENT * hertzTimeUnit(p.kn, mrRef, p.hertzSpeed), deltaMax = hertzMaxOverlap(p.kn, mrRef, p.hertzSpeed);
      const kLinear = 1.5 * p.kn * Math.sqrt(deltaMax);
      return { zetaN: p.gammaN / (2 * Math.sqrt(kLinear / mrRef)), rate: p.gammaN, tc, kLinear, speed: p.hertzSpeed, deltaMax };
    },
    caption: (p, fmt) => `kN = ${fmt(p.kn)} N/m^1.5 · γN = ${fmt(p.gammaN)} 1/s`,
  },

  normalForces(c: ContactList, m: MaterialCoefficients): number {
    const n = c.count;
    let power = 0;
    const law = c.law, delta = c.delta;
    const kn = m.kn, clamp = m.clampNormal;
    for (let k = 0; k < n; k++) {
      if (law[k] !== HERTZ) continue;
      const d = delta[k];
      power += dampedNormal(c, k, d > 0 ? kn * d * Math.sqrt(d) : 0, clamp);
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
