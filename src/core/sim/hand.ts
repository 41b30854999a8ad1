/**
 * The hand: bodies dragged with the mouse (kinematic until let go), and the power that they and the prescribed
 * bodies feed in through their contact forces, −(force on them)·(their velocity), for the energy account.
 */
import type { PeriodicX } from '../boundaries/periodic';
import { DRAGGED, PRESCRIBED } from '../state/body-flags';
import type { BodyState } from '../state/body-state';

export class Hand {
  /** Power fed in by the prescribed bodies [0] and by the held ones [1] at the last measure() [W] (reused) */
  readonly power = new Float64Array(2);
  /** The prescribed and dragged bodies in ascending order, found again whenever a flag may have changed */
  private driven = new Int32Array(0);
  private drivenCount = 0;

  /** Finds the prescribed and dragged bodies (at the start, and when a drag begins or ends or a state is restored). */
  findDriven(b: BodyState): void {
    if (this.driven.length < b.n) this.driven = new Int32Array(b.n);
    let m = 0;
    for (let k = 0; k < b.n; k++) if ((b.flags[k] & (PRESCRIBED | DRAGGED)) !== 0) this.driven[m++] = k;
    this.drivenCount = m;
  }

  /** The power of the prescribed and the held bodies' contact forces now (power) */
  measure(b: BodyState): void {
    let p = 0, hand = 0;
    for (let d = 0; d < this.drivenCount; d++) {
      const k = this.driven[d], f = b.flags[k];
      const q = -(b.fx[k] * b.vx[k] + b.fy[k] * b.vy[k] + b.tau[k] * b.omega[k]);
      if ((f & DRAGGED) !== 0) hand += q;
      else p += q;
    }
    this.power[0] = p;
    this.power[1] = hand;
  }

  /** Holds body k at (x, y) with velocity (vx, vy), not spinning; it stays kinematic until let go. */
  hold(b: BodyState, periodic: PeriodicX, k: number, x: number, y: number, vx: number, vy: number, rotation: boolean): void {
    b.flags[k] |= DRAGGED;
    this.findDriven(b);
    b.x[k] = periodic.wrap(x); b.y[k] = y; b.vx[k] = vx; b.vy[k] = vy; b.omega[k] = 0;
    b.updateInverseMasses(rotation);
  }

  /**
   * Lets body k go. It starts with the acceleration of the field forces on it (gravity and external forces;
   * its contacts enter at the next step): starting Gear or GSSSS from a = 0 would offset its velocity by
   * about g·Δt/2 for good.
   */
  letGo(b: BodyState, k: number, gx: number, gy: number, rotation: boolean): void {
    b.flags[k] &= ~DRAGGED;
    this.findDriven(b);
    b.updateInverseMasses(rotation);
    const free = b.invMass[k] > 0;
    b.fx[k] = free ? b.mass[k] * gx + b.fxExt[k] : 0;
    b.fy[k] = free ? b.mass[k] * gy + b.fyExt[k] : 0;
    b.tau[k] = free ? b.tauExt[k] : 0;
  }
}
