/**
 * Geometry and relative motion of one disc contact at a given state (not necessarily the evaluation
 * configuration the narrow phase used), for the spring updates that need u_t and ü_t at t_n or t_{n+1}
 * (docs/model.md#the-tangential-acceleration, conventions of docs/model.md#conventions):
 *   n = (x_j − x_i)/d (walls: inward normal, or towards the centre at a segment's rounded end),
 *   δ = a_i + a_j − d,  u_n = Δv·n,  u_t = Δv·t − a_i ω_i − a_j ω_j,  t = ẑ×n,
 *   ü_t = Δa·t − a_i ω̇_i − a_j ω̇_j − (Δv·t)(Δv·n)/d          (last term: ṫ = −(Δv·t) n/d, the 2D frame
 *                                                              rotation; 0 when the normal cannot turn)
 * One reusable instance per scheme. Inputs and results travel in the Float64Array `io` (slots below):
 * numbers stored in object fields or passed to a function V8 does not inline are boxed on the heap,
 * once per contact here.
 */
import type { PeriodicX } from '../boundaries/periodic';
import { LINE, type WallSet } from '../boundaries/walls';
import type { BodyState } from '../state/body-state';

/** Geometry inputs: centres, radii, wall time [s] */
export const XI = 0, YI = 1, AI = 2, XJ = 3, YJ = 4, AJ = 5, TW = 6;
/** Motion inputs: Δv, Δa, spins and spin rates (radii from AI, AJ) */
export const DVX = 7, DVY = 8, DAX = 9, DAY = 10, WI = 11, ALI = 12, WJ = 13, ALJ = 14;
/** Results: normal, overlap [m], curvature 1/d (0 on a flat wall) [1/m], u_n, u_t [m/s], ü_t [m/s²] */
export const NX = 15, NY = 16, DELTA = 17, CURV = 18, UN = 19, UT = 20, UTDOT = 21;

export class ContactKinematics {
  readonly io = new Float64Array(22);

  /** Normal, overlap and curvature of a contact with first body i, from io[XI … TW]; wall i = −1 − w placed at io[TW]. */
  geometry(walls: WallSet, periodic: PeriodicX, i: number): void {
    const io = this.io, xj = io[XJ], yj = io[YJ], aj = io[AJ];
    if (i >= 0) {
      const dx = periodic.minimumImageX(xj - io[XI]);
      const dy = yj - io[YI], d = Math.sqrt(dx * dx + dy * dy);
      io[NX] = dx / d; io[NY] = dy / d; io[DELTA] = io[AI] + aj - d; io[CURV] = 1 / d;
      return;
    }
    const w = -1 - i, tw = io[TW];
    const ox = walls.ax[w] + walls.vx[w] * tw, oy = walls.ay[w] + walls.vy[w] * tw;
    if (walls.kind[w] === LINE) {
      const nx = walls.nx[w], ny = walls.ny[w];
      io[NX] = nx; io[NY] = ny; io[DELTA] = aj - ((xj - ox) * nx + (yj - oy) * ny); io[CURV] = 0;
      return;
    }
    const sx = walls.bx[w] - walls.ax[w], sy = walls.by[w] - walls.ay[w];
    let u = ((xj - ox) * sx + (yj - oy) * sy) / (sx * sx + sy * sy);
    const end = u <= 0 || u >= 1;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    const dx = xj - (ox + u * sx), dy = yj - (oy + u * sy), d = Math.sqrt(dx * dx + dy * dy);
    io[NX] = dx / d; io[NY] = dy / d; io[DELTA] = aj - d; io[CURV] = end ? 1 / d : 0;
  }

  /** u_n, u_t, ü_t from io[DVX … ALJ] (uses the last geometry). */
  motion(): void {
    const io = this.io, nx = io[NX], ny = io[NY], dvx = io[DVX], dvy = io[DVY];
    const vn = dvx * nx + dvy * ny, vt = -dvx * ny + dvy * nx;
    io[UN] = vn;
    io[UT] = vt - io[AI] * io[WI] - io[AJ] * io[WJ];
    io[UTDOT] = -io[DAX] * ny + io[DAY] * nx - io[AI] * io[ALI] - io[AJ] * io[ALJ] - vt * vn * io[CURV];
  }

  /** Everything above at the committed state (x, v, ω, a, ω̇ in the bodies), walls at time io[TW]. */
  atCommittedState(b: BodyState, walls: WallSet, periodic: PeriodicX, i: number, j: number): void {
    const io = this.io;
    io[XJ] = b.x[j]; io[YJ] = b.y[j]; io[AJ] = b.radius[j];
    io[WJ] = b.omega[j]; io[ALJ] = b.alpha[j];
    if (i >= 0) {
      io[XI] = b.x[i]; io[YI] = b.y[i]; io[AI] = b.radius[i];
      io[DVX] = b.vx[j] - b.vx[i]; io[DVY] = b.vy[j] - b.vy[i];
      io[DAX] = b.ax[j] - b.ax[i]; io[DAY] = b.ay[j] - b.ay[i];
      io[WI] = b.omega[i]; io[ALI] = b.alpha[i];
    } else {
      const w = -1 - i;
      io[XI] = 0; io[YI] = 0; io[AI] = 0;
      io[DVX] = b.vx[j] - walls.vx[w]; io[DVY] = b.vy[j] - walls.vy[w];
      io[DAX] = b.ax[j]; io[DAY] = b.ay[j];
      io[WI] = 0; io[ALI] = 0;
    }
    this.geometry(walls, periodic, i);
    this.motion();
  }
}
