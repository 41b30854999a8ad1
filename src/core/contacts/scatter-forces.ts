/**
 * Adds the contact forces to the bodies (design/README.md conventions): F = f_n n + f_t t on j,
 * −F on i; torques τ_j −= a_j f_t and τ_i −= a_i f_t (discs, lever arms r_i = a_i n, r_j = −a_j n).
 * The force on each wall (−Σ F) goes to walls.fx, fy (pistons integrate it). Records in `stats` the
 * power fed in by kinematically moving walls, Σ F·v_wall [W], and the largest δ / min(a_i, a_j)
 * (for the health check), in the same pass.
 */
import type { WallSet } from '../boundaries/walls';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';

export function scatterForces(c: ContactList, b: BodyState, walls: WallSet, stats: ScatterStats): void {
  const fx = b.fx, fy = b.fy, tau = b.tau, rad = b.radius;
  const ci = c.i, cj = c.j, nxA = c.nx, nyA = c.ny, fnA = c.fn, ftA = c.ft, dA = c.delta;
  let power = 0, maxRatio = 0;
  walls.fx.fill(0, 0, walls.count);
  walls.fy.fill(0, 0, walls.count);
  for (let k = 0; k < c.count; k++) {
    const nx = nxA[k], ny = nyA[k], fn = fnA[k], ft = ftA[k];
    const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
    const i = ci[k], j = cj[k];
    const aj = rad[j];
    fx[j] += Fx;
    fy[j] += Fy;
    tau[j] -= aj * ft;
    if (i >= 0) {
      const ai = rad[i];
      fx[i] -= Fx;
      fy[i] -= Fy;
      tau[i] -= ai * ft;
      const r = dA[k] / (ai < aj ? ai : aj);
      if (r > maxRatio) maxRatio = r;
    } else {
      const r = dA[k] / aj;
      if (r > maxRatio) maxRatio = r;
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
