/**
 * Relative velocity of j's contact point with respect to i's, from the record's lever arms
 * (docs/model.md#conventions; contact frame of state/contact-list.ts): a point at r = r_n n + r_t t
 * of a body spinning at ω moves with ω ẑ×r = ω (r_n t − r_t n), so
 *   u_n = Δv·n + ω_i r_it − ω_j r_jt ,   u_t = Δv·t − ω_i r_in + ω_j r_jn ,   Δv = v_j − v_i
 * (discs: u_t = Δv·t − a_i ω_i − a_j ω_j). A wall i moves with its velocity and does not spin.
 * Also the reduced mass m_r = (1/m_i + 1/m_j)⁻¹ (a wall: m_j).
 */
import type { WallSet } from '../boundaries/walls';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';

export function contactVelocities(c: ContactList, b: BodyState, walls: WallSet): void {
  const evx = b.evx, evy = b.evy, ew = b.eomega, im = b.invMass;
  const ci = c.i, cj = c.j, cnx = c.nx, cny = c.ny, rin = c.rin, rit = c.rit, rjn = c.rjn, rjt = c.rjt;
  const un = c.un, ut = c.ut, mr = c.mr, wvx = walls.vx, wvy = walls.vy;
  for (let k = 0; k < c.count; k++) {
    const i = ci[k], j = cj[k], nx = cnx[k], ny = cny[k];
    let dvx: number, dvy: number, wi: number, imSum: number;
    if (i >= 0) {
      dvx = evx[j] - evx[i]; dvy = evy[j] - evy[i]; wi = ew[i]; imSum = im[i] + im[j];
    } else {
      dvx = evx[j] - wvx[-1 - i]; dvy = evy[j] - wvy[-1 - i]; wi = 0; imSum = im[j];
    }
    const wj = ew[j];
    un[k] = dvx * nx + dvy * ny + rit[k] * wi - rjt[k] * wj;
    ut[k] = -dvx * ny + dvy * nx - rin[k] * wi + rjn[k] * wj;
    mr[k] = imSum > 0 ? 1 / imSum : 0;
  }
}
