/**
 * Geometric tangential scheme, recommended consistent form (docs/model.md#geometric-scheme), the
 * position-only idea of paper 000 §4 (Eqs. 14–15): the spring increment is the relative tangential
 * displacement of the two material points that sat at the contact at t,
 *   m_k = (x_k^p − x_k) + (Rot(φ_k^p − φ_k) − 1) r_k(t),   k = i, j
 *   Δξ = (m_j − m_i)·t̄,   t̄ = ẑ×n̄,   n̄ = (n(t) + n^p)/|n(t) + n^p|
 * with the record's lever arms turned to the frame of n(t): r_k(t) = r_kn n(t) + r_kt t(t) (discs:
 * r_i = a_i n(t), r_j = −a_j n(t)). Uses positions and angles only, so the spring inherits the
 * integrator's accuracy. A wall's material point moves by its displacement v_w Δt.
 * For discs n(t) is the normal at the committed state. For a contact off the line of centres (a polygon's: its shapes
 * are not `centred`, shapes/shape-kind.ts) C(t) and n(t) are last
 * step's contact point and normal (the previous evaluation configuration, the contact's history), and the
 * lever arms r_k(t) = C(t) − x_k(t); a new contact starts from this step's C and n.
 */
import { LINE } from '../boundaries/walls';
import { centredContact } from '../shapes/shape-kind';
import type { ContactList } from '../state/contact-list';
import { evaluatesAtEnd, type TangentialContext, type TangentialScheme } from './tangential-scheme';

export const geometricScheme: TangentialScheme = {
  id: 'geometric',
  description: 'geometric spring from predicted positions and angles (paper 000 Eqs. 14–15, consistent form)',
  requirement: "needs Gear or central difference (integrator 'cdm'): other GSSSS members evaluate at q̃ ≠ q_{n+1} and would need a separate commit (untested, docs/model.md#allowed-combinations §3.3)",
  // Gear, or a member whose evaluation configuration is q_{n+1} (tested with CDM: test/experiments/e05-e06-gssss-orders.test.ts).
  worksWith: (markers) => markers === null || evaluatesAtEnd(markers),
  history: [{ field: 'xi', meaning: 'spring ξ [m]' }],
  trial(c: ContactList, ctx: TangentialContext): void {
    const b = ctx.bodies, walls = ctx.walls, periodic = ctx.periodic, dt = ctx.dt;
    const x = b.x, y = b.y, phi = b.phi, ex = b.ex, ey = b.ey, ephi = b.ephi, shape = b.shape;
    const xi = c.xi, xiE = c.xiEval, ci = c.i, cj = c.j, cnx = c.nx, cny = c.ny;
    // V8 does not inline the minimum image in this loop, and each call boxes its double (≈ 3.5 kB a step on a
    // pile): call it only where x is periodic
    const periodicX = periodic.enabled;
    const rin = c.rin, rit = c.rit, rjn = c.rjn, rjt = c.rjt;
    for (let k = 0; k < c.count; k++) {
      const i = ci[k], j = cj[k];
      if (!centredContact(shape, i, j)) { xiE[k] = xi[k] + polygonIncrement(c, k, ctx); continue; }
      // Normal at t.
      let n0x: number, n0y: number;
      if (i >= 0) {
        const dx = periodicX ? periodic.minimumImageX(x[j] - x[i]) : x[j] - x[i];
        const dy = y[j] - y[i], d = Math.sqrt(dx * dx + dy * dy);
        n0x = dx / d; n0y = dy / d;
      } else {
        const w = -1 - i;
        if (walls.kind[w] === LINE) { n0x = walls.nx[w]; n0y = walls.ny[w]; } else {
          // Closest point of the segment to the centre at t (wall displaced back by v_w Δt).
          const ax = walls.ax[w] + walls.ox[w] - walls.vx[w] * dt, ay = walls.ay[w] + walls.oy[w] - walls.vy[w] * dt;
          const sx = walls.bx[w] - walls.ax[w], sy = walls.by[w] - walls.ay[w];
          let u = ((x[j] - ax) * sx + (y[j] - ay) * sy) / (sx * sx + sy * sy);
          u = u < 0 ? 0 : u > 1 ? 1 : u;
          const dx = x[j] - (ax + u * sx), dy = y[j] - (ay + u * sy), d = Math.sqrt(dx * dx + dy * dy);
          n0x = dx / d; n0y = dy / d;
        }
      }
      // Material-point displacement of j: lever r_j(t) = r_jn n(t) + r_jt t(t).
      const dphj = ephi[j] - phi[j];
      const cj1 = Math.cos(dphj) - 1, sj = Math.sin(dphj);
      const rjx = rjn[k] * n0x - rjt[k] * n0y, rjy = rjn[k] * n0y + rjt[k] * n0x;
      let mx = ex[j] - x[j] + cj1 * rjx - sj * rjy;
      let my = ey[j] - y[j] + sj * rjx + cj1 * rjy;
      if (i >= 0) {
        const dphi = ephi[i] - phi[i];
        const ci1 = Math.cos(dphi) - 1, si = Math.sin(dphi);
        const rix = rin[k] * n0x - rit[k] * n0y, riy = rin[k] * n0y + rit[k] * n0x;
        mx -= ex[i] - x[i] + ci1 * rix - si * riy;
        my -= ey[i] - y[i] + si * rix + ci1 * riy;
      } else {
        const w = -1 - i;
        mx -= walls.vx[w] * dt;
        my -= walls.vy[w] * dt;
      }
      let nbx = n0x + cnx[k], nby = n0y + cny[k];
      const nb = Math.sqrt(nbx * nbx + nby * nby);
      nbx /= nb; nby /= nb;
      xiE[k] = xi[k] + (-mx * nby + my * nbx);
    }
  },
};

/** Δξ of polygon contact k: the same formula with C(t), n(t) from last step's contact (or this step's, new). */
function polygonIncrement(c: ContactList, k: number, ctx: TangentialContext): number {
  const b = ctx.bodies, periodic = ctx.periodic, prev = ctx.previous, q = c.prevIndex[k];
  const i = c.i[k], j = c.j[k];
  const cx = q >= 0 ? prev.cx[q] : c.cx[k], cy = q >= 0 ? prev.cy[q] : c.cy[k];
  const n0x = q >= 0 ? prev.nx[q] : c.nx[k], n0y = q >= 0 ? prev.ny[q] : c.ny[k];
  // material-point displacement of j: (x^p − x) + (Rot(Δφ) − 1)(C(t) − x(t))
  const rjx = periodic.minimumImageX(cx - b.x[j]), rjy = cy - b.y[j];
  const dphj = b.ephi[j] - b.phi[j], cj1 = Math.cos(dphj) - 1, sj = Math.sin(dphj);
  let mx = periodic.minimumImageX(b.ex[j] - b.x[j]) + cj1 * rjx - sj * rjy;
  let my = b.ey[j] - b.y[j] + sj * rjx + cj1 * rjy;
  if (i >= 0) {
    const rix = periodic.minimumImageX(cx - b.x[i]), riy = cy - b.y[i];
    const dphi = b.ephi[i] - b.phi[i], ci1 = Math.cos(dphi) - 1, si = Math.sin(dphi);
    mx -= periodic.minimumImageX(b.ex[i] - b.x[i]) + ci1 * rix - si * riy;
    my -= b.ey[i] - b.y[i] + si * rix + ci1 * riy;
  } else {
    const w = -1 - i;
    mx -= ctx.walls.vx[w] * ctx.dt;
    my -= ctx.walls.vy[w] * ctx.dt;
  }
  let nbx = n0x + c.nx[k], nby = n0y + c.ny[k];
  const nb = Math.sqrt(nbx * nbx + nby * nby);
  nbx /= nb; nby /= nb;
  return -mx * nby + my * nbx;
}
