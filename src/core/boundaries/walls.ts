/**
 * Straight walls (docs/model.md#contact-geometry). A wall is body i of its contacts, with 1/m = 1/I = 0,
 * so it reuses the particle contact law and tangential schemes (the LAMMPS `fix wall/gran` idea).
 *   kind 0, line: the half-plane boundary through (ax, ay) with inward unit normal (nx, ny); one-sided,
 *                 δ = a − (x − p)·n, n_contact = n.
 *   kind 1, segment: from (ax, ay) to (bx, by); two-sided with rounded ends, n_contact from the closest
 *                 point q to the centre, δ = a − |x − q|.
 * A wall moves with constant velocity (vx, vy); (ox, oy) is its displacement at the current
 * evaluation time, set by `moveTo(t)`.
 * A line wall with a mass is a piston (docs/model.md#the-w-matrix): it moves only along its normal
 * n (the axis), with velocity (vx, vy) = v n and displacement (ox, oy) integrated by the solver from
 * the piston force (pushing along n) and the contact forces; `moveTo` leaves it alone.
 */
import { grownCapacity, growF64, growU8 } from '../math/grow';

export const LINE = 0;
export const SEGMENT = 1;

export class WallSet {
  count = 0;
  capacity = 0;
  kind = new Uint8Array(0);
  ax = new Float64Array(0);
  ay = new Float64Array(0);
  bx = new Float64Array(0);
  by = new Float64Array(0);
  nx = new Float64Array(0);
  ny = new Float64Array(0);
  /** [m/s] */ vx = new Float64Array(0);
  vy = new Float64Array(0);
  /** Displacement at the evaluation time [m] */ ox = new Float64Array(0);
  oy = new Float64Array(0);
  /** 1/mass [1/kg]; 0 for walls that move kinematically */ invMass = new Float64Array(0);
  /** Contact force on the wall from the last force evaluation [N] (soft DEM pistons) */
  fx = new Float64Array(0);
  fy = new Float64Array(0);

  private reserve(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = grownCapacity(needed, this.capacity);
    this.kind = growU8(this.kind, cap);
    for (const f of ['ax', 'ay', 'bx', 'by', 'nx', 'ny', 'vx', 'vy', 'ox', 'oy', 'invMass', 'fx', 'fy'] as const) this[f] = growF64(this[f], cap);
    this.capacity = cap;
  }

  addLine(px: number, py: number, nx: number, ny: number, vx = 0, vy = 0, mass = Infinity): number {
    const l = Math.hypot(nx, ny);
    const w = this.push(LINE, px, py, px, py, nx / l, ny / l, vx, vy);
    if (mass < Infinity) {
      // A piston moves along its normal only.
      const v = vx * this.nx[w] + vy * this.ny[w];
      this.vx[w] = v * this.nx[w]; this.vy[w] = v * this.ny[w];
      this.invMass[w] = 1 / mass;
    }
    return w;
  }

  addSegment(ax: number, ay: number, bx: number, by: number, vx = 0, vy = 0): number {
    const l = Math.hypot(bx - ax, by - ay);
    // Normal to the left of a→b, for drawing only (segments are two-sided).
    return this.push(SEGMENT, ax, ay, bx, by, -(by - ay) / l, (bx - ax) / l, vx, vy);
  }

  private push(kind: number, ax: number, ay: number, bx: number, by: number, nx: number, ny: number, vx: number, vy: number): number {
    this.reserve(this.count + 1);
    const w = this.count++;
    this.kind[w] = kind;
    this.ax[w] = ax; this.ay[w] = ay; this.bx[w] = bx; this.by[w] = by;
    this.nx[w] = nx; this.ny[w] = ny; this.vx[w] = vx; this.vy[w] = vy;
    this.ox[w] = 0; this.oy[w] = 0; this.invMass[w] = 0; this.fx[w] = 0; this.fy[w] = 0;
    return w;
  }

  /** Places every kinematic wall at time t (constant-velocity motion from its initial position). */
  moveTo(t: number): void {
    for (let w = 0; w < this.count; w++) {
      if (this.invMass[w] > 0) continue;
      this.ox[w] = this.vx[w] * t;
      this.oy[w] = this.vy[w] * t;
    }
  }

  anyMoving(): boolean {
    for (let w = 0; w < this.count; w++) if (this.vx[w] !== 0 || this.vy[w] !== 0 || this.invMass[w] > 0) return true;
    return false;
  }

  /** Gives every piston the mass m [kg]. */
  setPistonMass(m: number): void {
    for (let w = 0; w < this.count; w++) if (this.invMass[w] > 0) this.invMass[w] = 1 / m;
  }

  isPiston(w: number): boolean {
    return this.invMass[w] > 0;
  }

  /** Position of wall w along its normal, (a + o)·n [m] (the piston height for a horizontal piston). */
  position(w: number): number {
    return (this.ax[w] + this.ox[w]) * this.nx[w] + (this.ay[w] + this.oy[w]) * this.ny[w];
  }

  /** Kinetic energy of the pistons [J]. */
  kineticEnergy(): number {
    let e = 0;
    for (let w = 0; w < this.count; w++) {
      if (this.invMass[w] > 0) e += (0.5 * (this.vx[w] * this.vx[w] + this.vy[w] * this.vy[w])) / this.invMass[w];
    }
    return e;
  }

  /** External force on piston w along its inward normal: the piston force plus its weight [N]. */
  pistonLoad(w: number, pistonForce: number, gx: number, gy: number): number {
    return pistonForce + (gx * this.nx[w] + gy * this.ny[w]) / this.invMass[w];
  }

  /**
   * Soft DEM: advances the pistons over dt by semi-implicit Euler from the contact forces of the last
   * force evaluation (fx, fy) and the piston force along the normal; returns the work the piston
   * force did [J]. (Contact dynamics integrates its pistons implicitly inside its solver.)
   */
  advancePistons(dt: number, pistonForce: number, gx: number, gy: number): number {
    let work = 0;
    for (let w = 0; w < this.count; w++) {
      const im = this.invMass[w];
      if (im === 0) continue;
      const nx = this.nx[w], ny = this.ny[w];
      const fExt = this.pistonLoad(w, pistonForce, gx, gy);
      const v = this.vx[w] * nx + this.vy[w] * ny + dt * im * (fExt + this.fx[w] * nx + this.fy[w] * ny);
      this.vx[w] = v * nx; this.vy[w] = v * ny;
      this.ox[w] += dt * this.vx[w]; this.oy[w] += dt * this.vy[w];
      work += fExt * v * dt;
    }
    return work;
  }
}
