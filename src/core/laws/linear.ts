/**
 * Linear spring–dashpot on the overlap depth — the reference contact law
 * (docs/model.md#linear-spring-and-dashpot; paper 002 Eq. 8, paper 000 Eqs. 2–5 for the form):
 *   f_n = k_n δ − γ_n u_n         (u_n < 0 while approaching; γ_n = 2 ζ_n √(m_r k_n), ζ_n from εn: laws/dashpot.ts)
 *   U_n = ½ k_n δ²
 *   t_c = π/(ω₀√(1−ζ²)),  ω₀ = √(k_n/m_r)   (paper 000 Eq. 10; laws/restitution.ts)
 * With `clampNormal` the force is max(f_n, 0) (LAMMPS limit_damping). No history. The fused disc pass has it
 * written in; LAMMPS's gran/hooke/history is the same law (src/cli/lammps-export.ts).
 */
import type { ContactList } from '../state/contact-list';
import type { ContactLaw } from './contact-law';
import { dampedNormal } from './dashpot';
import { LINEAR } from './law-ids';
import type { MaterialCoefficients } from './material';
import { contactTime, dampingRatio } from './restitution';

export const linearLaw: ContactLaw<Record<never, never>> = {
  id: 'linear',
  index: LINEAR,
  description: 'spring–dashpot f_n = k_n δ − γ_n u_n with γ_n from εn',
  overlap: 'depth',
  history: [],
  fused: true,
  lammps: { pairStyle: 'gran/hooke/history' },
  choice: {
    name: 'linear',
    shapes: ['disc', 'polygon'],
    params: {},
    reads: ['kn', 'ktOverKn', 'en'],
    units: {},
    linearSpring: true,
    damping: 'restitution',
    fixedRestitution: true,
    coefficients(p, mrRef) {
      const zetaN = dampingRatio(p.en);
      return { zetaN, rate: 0, tc: contactTime(p.kn, mrRef, zetaN), kLinear: p.kn };
    },
    caption: (p, fmt) => `kn = ${fmt(p.kn)} N/m`,
  },

  normalForces(c: ContactList, m: MaterialCoefficients): number {
    const n = c.count;
    let power = 0;
    const law = c.law, delta = c.delta;
    const kn = m.kn, clamp = m.clampNormal;
    for (let k = 0; k < n; k++) {
      if (law[k] === LINEAR) power += dampedNormal(c, k, kn * delta[k], clamp);
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
