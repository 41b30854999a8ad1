/**
 * The area law for convex polygons (paper 000 Eqs. 4–5; docs/model.md#area-law-for-polygons): the elastic normal
 * force is proportional to the overlap area A,
 *   f_n = k_n A / l_c − γ_n u_n ,   l_c = r_i + r_j ,  r_k = √(A_k/π)   (a wall: l_c = r_j)
 * acting along the contact-plane normal at the overlap centroid. The dashpot γ_n (laws/dashpot.ts) is the
 * discs', from ε_n with the contact's reduced mass (nominal t_c, paper 000 Eq. 10): the area law is not
 * linear in any depth, so ε_n and t_c are nominal for polygons. The Coulomb cap's critical force is k_n A/l_c (paper 000's
 * extreme spring values ±μ k_n A/(k_t l_c)). There is no closed-form elastic energy. No history.
 * The polygon colliders choose it, not the `normalLaw` parameter: it takes the chosen law's kn and dashpot (a
 * polygon scene's normalLaw is one whose declaration serves polygons, the linear law). LAMMPS: BODY rounded
 * polygons (src/cli/lammps-body.ts). The fused polygon pass has it written in (contacts/polygon-force-pass.ts,
 * wasm/assembly/area-cundall.ts: `fused`).
 */
import type { ContactList } from '../state/contact-list';
import type { ContactLaw } from './contact-law';
import { dampedNormal } from './dashpot';
import { AREA } from './law-ids';
import type { MaterialCoefficients } from './material';

export const areaLaw: ContactLaw<Record<never, never>> = {
  id: 'area',
  index: AREA,
  description: 'area law for polygons, f_n = k_n A/l_c − γ_n u_n (paper 000 Eqs. 4–5)',
  overlap: 'area',
  history: [],
  fused: true,
  energy: null,
  lammps: { pairStyle: 'body/rounded/polygon' },
  choice: null,

  normalForces(c: ContactList, m: MaterialCoefficients): number {
    let power = 0;
    const law = c.law, area = c.delta, lc = c.lc;
    const kn = m.kn, clamp = m.clampNormal;
    for (let k = 0; k < c.count; k++) {
      if (law[k] === AREA) power += dampedNormal(c, k, (kn * area[k]) / lc[k], clamp);
    }
    return power;
  },

  elasticForce(area: number, lc: number, m: MaterialCoefficients): number {
    return (m.kn * area) / lc;
  },
};
