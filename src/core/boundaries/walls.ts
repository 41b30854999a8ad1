/**
 * Straight walls (design/contact-laws.md §2, §9). A wall is body i of its contacts, with 1/m = 1/I = 0,
 * so it reuses the particle contact law and tangential schemes (the LAMMPS `fix wall/gran` idea).
 *   kind 0, line: the half-plane boundary through (ax, ay) with inward unit normal (nx, ny); one-sided,
 *                 δ = a − (x − p)·n, n_contact = n.
 *   kind 1, segment: from (ax, ay) to (bx, by); two-sided with rounded ends, n_contact from the closest
 *                 point q to the centre, δ = a − |x − q|.
 * A wall moves with constant velocity (vx, vy); (ox, oy) is its displacement at the current
 * evaluation time, set by `moveTo(t)`.
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

  private reserve(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = grownCapacity(needed, this.capacity);
    this.kind = growU8(this.kind, cap);
    for (const f of ['ax', 'ay', 'bx', 'by', 'nx', 'ny', 'vx', 'vy', 'ox', 'oy'] as const) this[f] = growF64(this[f], cap);
    this.capacity = cap;
  }

  addLine(px: number, py: number, nx: number, ny: number, vx = 0, vy = 0): number {
    const l = Math.hypot(nx, ny);
    return this.push(LINE, px, py, px, py, nx / l, ny / l, vx, vy);
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
    this.ox[w] = 0; this.oy[w] = 0;
    return w;
  }

  /** Places every wall at time t (constant-velocity motion from its initial position). */
  moveTo(t: number): void {
    for (let w = 0; w < this.count; w++) {
      this.ox[w] = this.vx[w] * t;
      this.oy[w] = this.vy[w] * t;
    }
  }

  anyMoving(): boolean {
    for (let w = 0; w < this.count; w++) if (this.vx[w] !== 0 || this.vy[w] !== 0) return true;
    return false;
  }
}
