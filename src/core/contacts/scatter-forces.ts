/**
 * Adds the contact forces to the bodies (docs/model.md#conventions): F = f_n n + f_t t on j, −F on i,
 * with torques τ = r × F from the record's lever arms (contact frame, state/contact-list.ts):
 *   τ_j += r_jn f_t − r_jt f_n ,   τ_i −= r_in f_t − r_it f_n      (discs: τ_j −= a_j f_t, τ_i −= a_i f_t)
 * The force on each wall (−Σ F) goes to walls.fx, fy (pistons integrate it). Records in `stats` the
 * power fed in by kinematically moving walls, Σ F·v_wall [W], and the largest overlap ratio (the
 * record's δ/min(a_i, a_j) or A/min(A_i, A_j), for the health check), in the same pass.
 */
import type { WallSet } from '../boundaries/walls';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';

export function scatterForces(c: ContactList, b: BodyState, walls: WallSet, stats: ScatterStats): void {
  const fx = b.fx, fy = b.fy, tau = b.tau;
  const ci = c.i, cj = c.j, nxA = c.nx, nyA = c.ny, fnA = c.fn, ftA = c.ft, ratio = c.ratio;
  const rin = c.rin, rit = c.rit, rjn = c.rjn, rjt = c.rjt;
  let power = 0, maxRatio = 0;
  walls.fx.fill(0, 0, walls.count);
  walls.fy.fill(0, 0, walls.count);
  for (let k = 0; k < c.count; k++) {
    const nx = nxA[k], ny = nyA[k], fn = fnA[k], ft = ftA[k];
    const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
    const i = ci[k], j = cj[k];
    fx[j] += Fx;
    fy[j] += Fy;
    tau[j] += rjn[k] * ft - rjt[k] * fn;
    const r = ratio[k];
    if (r > maxRatio) maxRatio = r;
    if (i >= 0) {
      fx[i] -= Fx;
      fy[i] -= Fy;
      tau[i] -= rin[k] * ft - rit[k] * fn;
    } else {
      const w = -1 - i;
      walls.fx[w] -= Fx;
      walls.fy[w] -= Fy;
      if (walls.invMass[w] === 0) power += Fx * walls.vx[w] + Fy * walls.vy[w];
    }
  }
  stats.maxOverlapRatio = maxRatio;
  stats.wallPower = power;
}

export interface ScatterStats {
  maxOverlapRatio: number;
  /** [W] */
  wallPower: number;
}
