/**
 * Geometric scheme, paper-faithful form (paper 000 Eqs. 14–15 with the sign fixes of
 * docs/model.md#geometric-scheme-as-printed), for reproducing paper 000's two-body tests:
 *   Δξ = a_i/(a_i + a_j) · (R_ij^p(t+Δt) − R_ij^p(t))·t^p − a_j (θ_j^p(t+Δt) − θ_j^p(t))
 *        − a_i (θ_i^p(t+Δt) − θ_i^p(t))            (last term: our extension for a spinning i)
 * R^p(t), θ^p(t) are the previous step's predicted values, kept in the history slots
 * (h0, h1 = R^p; h2 = θ_i^p; h3 = θ_j^p); a new contact starts from the state at t.
 * Walls: the fraction is 1 and R is the centre's position relative to the wall's displacement.
 * It counts only the contact point's motion, so it resists rolling (docs/model.md#geometric-scheme-as-printed, consequences).
 * a_i, a_j are the record's lever arms along n (r_in = a_i, r_jn = −a_j).
 * Polygons (contacts off the line of centres, shapes/shape-kind.ts; docs/model.md#geometric-scheme-as-printed, paper 000 §4 last paragraph,
 * sign-fixed): with C the overlap centroid, b_j = C − x_j
 * the branch vector, t^p this step's tangent and the values at t those of last step's contact,
 *   Δξ = (C^p − C(t))·t^p − Δψ_j (|b_j^p| + |b_j(t)|)/2 ,  Δψ_j = atan2(b_j(t) × b_j^p, b_j(t)·b_j^p)
 *        − Δφ_i (|b_i^p| + |b_i(t)|)/2       (our extension for a spinning i, as for discs)
 */
import { centredContact } from '../shapes/shape-kind';
import type { ContactList } from '../state/contact-list';
import type { TangentialContext, TangentialScheme } from './tangential-scheme';

export const geometricPaperScheme: TangentialScheme = {
  id: 'geometric-paper',
  description: 'geometric spring exactly as paper 000 Eqs. 14–15 (sign-fixed); for its two-body tests',
  requirement: 'needs a Gear integrator (it is defined from predictor values, docs/model.md#allowed-combinations)',
  worksWith: (markers) => markers === null,
  history: [
    { field: 'xi', meaning: 'spring ξ [m]' },
    { field: 'h0', meaning: 'previous predicted R_ij, x [m]' },
    { field: 'h1', meaning: 'previous predicted R_ij, y [m]' },
    { field: 'h2', meaning: 'previous predicted θ_i [rad]' },
    { field: 'h3', meaning: 'previous predicted θ_j [rad]' },
  ],
  trial(c: ContactList, ctx: TangentialContext): void {
    const b = ctx.bodies, walls = ctx.walls, periodic = ctx.periodic, dt = ctx.dt;
    const x = b.x, y = b.y, phi = b.phi, ex = b.ex, ey = b.ey, ephi = b.ephi, shape = b.shape;
    const xi = c.xi, xiE = c.xiEval, ci = c.i, cj = c.j, cnx = c.nx, cny = c.ny, isNew = c.isNew;
    const rin = c.rin, rjn = c.rjn;
    const h0 = c.h0, h1 = c.h1, h2 = c.h2, h3 = c.h3, valid = ctx.slotsValid;
    for (let k = 0; k < c.count; k++) {
      const i = ci[k], j = cj[k];
      if (!centredContact(shape, i, j)) { xiE[k] = xi[k] + polygonIncrement(c, k, ctx); continue; }
      const aj = -rjn[k];
      let rx: number, ry: number, frac: number, thi: number, ai: number;
      if (i >= 0) {
        ai = rin[k];
        rx = periodic.minimumImageX(ex[j] - ex[i]);
        ry = ey[j] - ey[i];
        frac = ai / (ai + aj);
        thi = ephi[i];
        if (isNew[k] || !valid) {
          h0[k] = periodic.minimumImageX(x[j] - x[i]); h1[k] = y[j] - y[i]; h2[k] = phi[i]; h3[k] = phi[j];
        }
      } else {
        const w = -1 - i;
        ai = 0;
        rx = ex[j] - walls.ox[w];
        ry = ey[j] - walls.oy[w];
        frac = 1;
        thi = 0;
        if (isNew[k] || !valid) {
          h0[k] = x[j] - (walls.ox[w] - walls.vx[w] * dt); h1[k] = y[j] - (walls.oy[w] - walls.vy[w] * dt); h2[k] = 0; h3[k] = phi[j];
        }
      }
      const drx = periodic.minimumImageX(rx - h0[k]);
      const dry = ry - h1[k];
      const tx = -cny[k], ty = cnx[k];
      xiE[k] = xi[k] + frac * (drx * tx + dry * ty) - aj * (ephi[j] - h3[k]) - ai * (thi - h2[k]);
      h0[k] = rx; h1[k] = ry; h2[k] = thi; h3[k] = ephi[j];
    }
  },
};

/** Δξ of polygon contact k by the paper-faithful polygon form; 0 for a new contact (no values at t yet). */
function polygonIncrement(c: ContactList, k: number, ctx: TangentialContext): number {
  const q = c.prevIndex[k];
  if (q < 0) return 0;
  const prev = ctx.previous, b = ctx.bodies, i = c.i[k];
  const nx = c.nx[k], ny = c.ny[k], tx = -ny, ty = nx;
  const dcx = ctx.periodic.minimumImageX(c.cx[k] - prev.cx[q]), dcy = c.cy[k] - prev.cy[q];
  // branch vectors from the lever arms (contact frame → world): now, and at t in last step's frame
  const pnx = prev.nx[q], pny = prev.ny[q];
  const bjx = c.rjn[k] * nx - c.rjt[k] * ny, bjy = c.rjn[k] * ny + c.rjt[k] * nx;
  const b0x = prev.rjn[q] * pnx - prev.rjt[q] * pny, b0y = prev.rjn[q] * pny + prev.rjt[q] * pnx;
  const dpsi = Math.atan2(b0x * bjy - b0y * bjx, b0x * bjx + b0y * bjy);
  let dxi = dcx * tx + dcy * ty - dpsi * 0.5 * (Math.sqrt(bjx * bjx + bjy * bjy) + Math.sqrt(b0x * b0x + b0y * b0y));
  if (i >= 0) {
    const li = 0.5 * (Math.sqrt(c.rin[k] * c.rin[k] + c.rit[k] * c.rit[k]) + Math.sqrt(prev.rin[q] * prev.rin[q] + prev.rit[q] * prev.rit[q]));
    dxi -= (b.ephi[i] - b.phi[i]) * li;
  }
  return dxi;
}
