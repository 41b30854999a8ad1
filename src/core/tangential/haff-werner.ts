/**
 * Haff–Werner viscous shear friction (paper 003 Eq. 19, corrected as in docs/model.md#haff-werner-friction):
 *   f_t = −sign(u_t) · min(γ_S m_r |u_t|, μ f_n)        (γ_t = γ_S m_r from laws/dashpot.ts)
 * No spring and no history: ξ = 0, so the Coulomb cap (always on the total force here) turns the dashpot
 * −γ_t u_t into exactly this. Friction acts only while a contact slides; a heap creeps.
 */
import type { ContactList } from '../state/contact-list';
import type { TangentialScheme } from './tangential-scheme';

export const haffWerner: TangentialScheme = {
  id: 'haff-werner',
  description: 'Haff–Werner viscous shear friction f_t = −min(γ_S m_r |u_t|, μ f_n) sign(u_t) (paper 003 Eq. 19): no spring',
  requirement: '',
  worksWith: () => true,
  history: [],
  trial(c: ContactList): void {
    c.xiEval.fill(0, 0, c.count);
  },
};
