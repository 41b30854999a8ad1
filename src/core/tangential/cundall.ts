/**
 * Cundall spring (paper 000 Eq. 7; docs/model.md#cundall-spring): ξ(t+Δt) = ξ(t) + u_t Δt, with u_t
 * taken at the evaluation point ("lead" reading for Gear: predicted positions and velocities).
 * Its O(Δt²) local error makes the whole scheme first order (paper 000 §4).
 */
import type { ContactList } from '../state/contact-list';
import type { TangentialContext, TangentialScheme } from './tangential-scheme';

export const cundallSpring: TangentialScheme = {
  id: 'cundall',
  description: 'Cundall spring ξ += u_t Δt (paper 000 Eq. 7), u_t at the predicted state',
  requirement: '',
  // Gear: the "lead" reading; GSSSS: u_t at q̃, ṽ, first order (docs/model.md#allowed-combinations).
  worksWith: () => true,
  history: [{ field: 'xi', meaning: 'spring ξ [m]' }],
  trial(c: ContactList, ctx: TangentialContext): void {
    const n = c.count, xi = c.xi, xiE = c.xiEval, ut = c.ut, dt = ctx.dt;
    for (let k = 0; k < n; k++) xiE[k] = xi[k] + ut[k] * dt;
  },
};
