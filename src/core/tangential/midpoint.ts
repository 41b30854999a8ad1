/**
 * Mid-point increment for central difference (docs/model.md#midpoint-increment): with q_{n+1} = q̃
 * known before the force pass,
 *   ξ_{n+1} = ξ_n + Δt · u_t( x = ½(x_n + x_{n+1}), v = v_n + ½Δt a_n, ω = ω_n + ½Δt ω̇_n )
 * with the normal of the mid-point configuration and walls at t_n + ½Δt. Second order, handles a
 * turning normal, needs no ü_t. The force uses this spring (capped); the stored spring is the capped
 * trial. Valid only where q̃ = q_{n+1} (U0(1,1,0), η = 1).
 */
import type { ContactList } from '../state/contact-list';
import {
  AI, AJ, ALI, ALJ, ContactKinematics, DAX, DAY, DVX, DVY, TW, UT, WI, WJ, XI, XJ, YI, YJ,
} from './contact-kinematics';
import { evaluatesAtEnd, type TangentialContext, type TangentialScheme } from './tangential-scheme';

const kin = new ContactKinematics();

export const midpointSpring: TangentialScheme = {
  id: 'midpoint',
  description: 'mid-point increment ξ += Δt u_t(t_n + ½Δt) (central difference only): second order',
  requirement: "needs central difference (integrator 'cdm', or 'gssss' set to U0(1,1,0) with η = 1), where q̃ = q_{n+1}",
  worksWith: evaluatesAtEnd,
  history: [{ field: 'xi', meaning: 'spring ξ [m]' }],
  trial(c: ContactList, ctx: TangentialContext): void {
    const b = ctx.bodies, dt = ctx.dt, hdt = 0.5 * dt, tw = ctx.tState + hdt;
    const x = b.x, y = b.y, ex = b.ex, ey = b.ey, vx = b.vx, vy = b.vy, om = b.omega;
    const ax = b.ax, ay = b.ay, al = b.alpha, rad = b.radius, periodic = ctx.periodic;
    const walls = ctx.walls, xi = c.xi, xiE = c.xiEval, ci = c.i, cj = c.j, io = kin.io;
    io[TW] = tw; io[DAX] = 0; io[DAY] = 0; io[ALI] = 0; io[ALJ] = 0;
    for (let k = 0; k < c.count; k++) {
      const i = ci[k], j = cj[k], aj = rad[j];
      // Mid-point position of j; the evaluation configuration ex is x_{n+1} here.
      const dxj = periodic.minimumImageX(ex[j] - x[j]);
      const xj = x[j] + 0.5 * dxj, yj = 0.5 * (y[j] + ey[j]);
      const vxj = vx[j] + hdt * ax[j], vyj = vy[j] + hdt * ay[j];
      io[XJ] = xj; io[YJ] = yj; io[AJ] = aj; io[WJ] = om[j] + hdt * al[j];
      if (i >= 0) {
        const dxi = periodic.minimumImageX(ex[i] - x[i]);
        io[XI] = x[i] + 0.5 * dxi; io[YI] = 0.5 * (y[i] + ey[i]); io[AI] = rad[i];
        io[DVX] = vxj - vx[i] - hdt * ax[i]; io[DVY] = vyj - vy[i] - hdt * ay[i]; io[WI] = om[i] + hdt * al[i];
      } else {
        const w = -1 - i;
        io[XI] = 0; io[YI] = 0; io[AI] = 0;
        io[DVX] = vxj - walls.vx[w]; io[DVY] = vyj - walls.vy[w]; io[WI] = 0;
      }
      kin.geometry(walls, ctx.periodic, i);
      kin.motion();
      xiE[k] = xi[k] + dt * io[UT];
    }
  },
};
