/**
 * Geometry and relative motion of one disc contact at a given state (not necessarily the evaluation
 * configuration the narrow phase used), for the spring updates that need u_t and ü_t at t_n or t_{n+1}
 * (design/tangential-schemes.md §4.2, conventions of design/README.md):
 *   n = (x_j − x_i)/d (walls: inward normal, or towards the centre at a segment's rounded end),
 *   δ = a_i + a_j − d,  u_n = Δv·n,  u_t = Δv·t − a_i ω_i − a_j ω_j,  t = ẑ×n,
 *   ü_t = Δa·t − a_i ω̇_i − a_j ω̇_j − (Δv·t)(Δv·n)/d          (last term: ṫ = −(Δv·t) n/d, the 2D frame
 *                                                              rotation; 0 when the normal cannot turn)
 * One reusable instance per scheme: no allocation per contact.
 */
import type { PeriodicX } from '../boundaries/periodic';
import { LINE, type WallSet } from '../boundaries/walls';
import type { BodyState } from '../state/body-state';

export class ContactKinematics {
  nx = 0;
  ny = 0;
  /** Overlap [m] */
  delta = 0;
  /** 1/d where the normal turns with the relative motion, 0 on a flat wall [1/m] */
  curvature = 0;
  /** [m/s] */
  un = 0;
  ut = 0;
  /** [m/s²] */
  utDot = 0;

  /**
   * Normal, overlap and curvature of contact (i, j) with centres (xi, yi), (xj, yj); wall i = −1 − w
   * placed at time tw (xi, yi, ai ignored).
   */
  geometry(walls: WallSet, periodic: PeriodicX, i: number, j: number,
    xi: number, yi: number, ai: number, xj: number, yj: number, aj: number, tw: number): void {
    if (i >= 0) {
      let dx = xj - xi;
      if (periodic.enabled) dx -= periodic.length * Math.round(dx / periodic.length);
      const dy = yj - yi, d = Math.sqrt(dx * dx + dy * dy);
      this.nx = dx / d; this.ny = dy / d; this.delta = ai + aj - d; this.curvature = 1 / d;
      return;
    }
    const w = -1 - i;
    const ox = walls.ax[w] + walls.vx[w] * tw, oy = walls.ay[w] + walls.vy[w] * tw;
    if (walls.kind[w] === LINE) {
      const nx = walls.nx[w], ny = walls.ny[w];
      this.nx = nx; this.ny = ny; this.delta = aj - ((xj - ox) * nx + (yj - oy) * ny); this.curvature = 0;
      return;
    }
    const sx = walls.bx[w] - walls.ax[w], sy = walls.by[w] - walls.ay[w];
    let u = ((xj - ox) * sx + (yj - oy) * sy) / (sx * sx + sy * sy);
    const end = u <= 0 || u >= 1;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    const dx = xj - (ox + u * sx), dy = yj - (oy + u * sy), d = Math.sqrt(dx * dx + dy * dy);
    this.nx = dx / d; this.ny = dy / d; this.delta = aj - d; this.curvature = end ? 1 / d : 0;
  }

  /** u_n, u_t, ü_t from Δv = v_j − v_i, Δa = a_j − a_i and the spins (uses the last geometry). */
  motion(dvx: number, dvy: number, dax: number, day: number,
    ai: number, wi: number, alphaI: number, aj: number, wj: number, alphaJ: number): void {
    const nx = this.nx, ny = this.ny;
    const vn = dvx * nx + dvy * ny, vt = -dvx * ny + dvy * nx;
    this.un = vn;
    this.ut = vt - ai * wi - aj * wj;
    this.utDot = -dax * ny + day * nx - ai * alphaI - aj * alphaJ - vt * vn * this.curvature;
  }

  /** Everything above at the committed state (x, v, ω, a, ω̇ in the bodies), walls at time tw. */
  atCommittedState(b: BodyState, walls: WallSet, periodic: PeriodicX, i: number, j: number, tw: number): void {
    const aj = b.radius[j];
    if (i >= 0) {
      const ai = b.radius[i];
      this.geometry(walls, periodic, i, j, b.x[i], b.y[i], ai, b.x[j], b.y[j], aj, tw);
      this.motion(b.vx[j] - b.vx[i], b.vy[j] - b.vy[i], b.ax[j] - b.ax[i], b.ay[j] - b.ay[i],
        ai, b.omega[i], b.alpha[i], aj, b.omega[j], b.alpha[j]);
    } else {
      const w = -1 - i;
      this.geometry(walls, periodic, i, j, 0, 0, 0, b.x[j], b.y[j], aj, tw);
      this.motion(b.vx[j] - walls.vx[w], b.vy[j] - walls.vy[w], b.ax[j], b.ay[j], 0, 0, 0, aj, b.omega[j], b.alpha[j]);
    }
  }
}
