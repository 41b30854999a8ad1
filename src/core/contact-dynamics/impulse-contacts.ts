/**
 * Contact-dynamics data of the contacts of one step (structure of arrays), and the bodies' mobilities
 * seen by the solver. Built once per step from the narrow phase's contact record (docs/model.md#contact-dynamics
 * step 1, docs/model.md#the-w-matrix):
 *   lever arms r_i = C − x_i, r_j = C − x_j to the contact point C (the record's, in the contact frame;
 *   the mid-gap point for discs, [Sho12] §3.1);
 *   W_nn = Σ_b m⁻¹(n·n) + (r_b×n)²/I_b,  W_tt = Σ_b m⁻¹(t·t) + (r_b·n)²/I_b,
 *   W_nt = Σ_b m⁻¹(n·t) + (r_b×n)(r_b·n)/I_b            (docs/model.md#the-w-matrix)
 * where m⁻¹(a·b) = a_x b_x /m_x + a_y b_y /m_y carries the per-axis locks (1/m_x = 0 when x is locked),
 * and a piston (a wall moving along its axis e with mass M) adds (a·e)(b·e)/M instead.
 * The normal target u*_n = −g⁺/Δt (quasi-inelastic shock law, paper 004 Eq. 6) or, with Newton
 * restitution e > 0 on a closed contact approaching at u_n(t) < 0, −e u_n(t) (docs/model.md#local-solvers, [LMGC]).
 * Everything here works with general lever arms and W_nt ≠ 0 (polygon vertex–edge contacts, docs/model.md#polygons-in-contact-dynamics).
 */
import type { WallSet } from '../boundaries/walls';
import { grownCapacity, growF64, growI32 } from '../math/grow';
import { LOCK_X, LOCK_Y } from '../state/body-flags';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';

const F64 = ['nx', 'ny', 'rix', 'riy', 'rjx', 'rjy', 'wnn', 'wtt', 'wnt', 'target', 'rn', 'rt', 'rnPrev', 'rtPrev'] as const;

export class ImpulseContacts {
  count = 0;
  capacity = 0;
  i = new Int32Array(0);
  j = new Int32Array(0);
  nx = new Float64Array(0);
  ny = new Float64Array(0);
  /** Lever arms from the bodies' centres to the contact point [m] */
  rix = new Float64Array(0);
  riy = new Float64Array(0);
  rjx = new Float64Array(0);
  rjy = new Float64Array(0);
  /** Δu = Δt W R [1/kg] */
  wnn = new Float64Array(0);
  wtt = new Float64Array(0);
  wnt = new Float64Array(0);
  /** Target normal velocity u*_n [m/s] */
  target = new Float64Array(0);
  /** Contact force on j [N]: current iterate, and the previous sweep's (convergence test, Jacobi) */
  rn = new Float64Array(0);
  rt = new Float64Array(0);
  rnPrev = new Float64Array(0);
  rtPrev = new Float64Array(0);

  reserve(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = grownCapacity(needed, this.capacity);
    for (const f of F64) this[f] = growF64(this[f], cap);
    this.i = growI32(this.i, cap);
    this.j = growI32(this.j, cap);
    this.capacity = cap;
  }
}

/** Per-axis inverse masses and inverse inertia of the bodies as the solver sees them (locks applied). */
export class Mobility {
  imx = new Float64Array(0);
  imy = new Float64Array(0);
  ii = new Float64Array(0);

  update(b: BodyState): void {
    if (this.imx.length < b.capacity) { // in the kernels' arena if they were there (contact-dynamics/sweeps-wasm.ts)
      this.imx = growF64(this.imx, b.capacity);
      this.imy = growF64(this.imy, b.capacity);
      this.ii = growF64(this.ii, b.capacity);
    }
    const flags = b.flags, im = b.invMass;
    for (let k = 0; k < b.n; k++) {
      this.imx[k] = (flags[k] & LOCK_X) !== 0 ? 0 : im[k];
      this.imy[k] = (flags[k] & LOCK_Y) !== 0 ? 0 : im[k];
      this.ii[k] = b.invInertia[k];
    }
  }
}

/**
 * Fills `ic` from the narrow phase's contacts: geometry, W, target velocity, and the warm-start force
 * (history slots h0 = R_n, h1 = R_t; new contacts start from R = 0, docs/model.md#contact-history).
 */
export function prepareContacts(
  c: ContactList, walls: WallSet, mob: Mobility, dt: number, restitution: number, ic: ImpulseContacts,
): void {
  const n = c.count;
  ic.reserve(n);
  ic.count = n;
  const imx = mob.imx, imy = mob.imy, ii = mob.ii;
  const wim = walls.invMass, wnx = walls.nx, wny = walls.ny;
  for (let k = 0; k < n; k++) {
    const i = c.i[k], j = c.j[k];
    const nx = c.nx[k], ny = c.ny[k], tx = -ny, ty = nx, delta = c.delta[k];
    ic.i[k] = i; ic.j[k] = j; ic.nx[k] = nx; ic.ny[k] = ny;
    // Lever arms from the record's contact frame: r = r_n n + r_t t.
    const rjx = c.rjn[k] * nx - c.rjt[k] * ny, rjy = c.rjn[k] * ny + c.rjt[k] * nx;
    ic.rjx[k] = rjx; ic.rjy[k] = rjy;
    const rjn = rjx * ny - rjy * nx, rjt = rjx * nx + rjy * ny; // r×n and r×t = r·n
    let wnn = imx[j] * nx * nx + imy[j] * ny * ny + ii[j] * rjn * rjn;
    let wtt = imx[j] * tx * tx + imy[j] * ty * ty + ii[j] * rjt * rjt;
    let wnt = imx[j] * nx * tx + imy[j] * ny * ty + ii[j] * rjn * rjt;
    if (i >= 0) {
      const rix = c.rin[k] * nx - c.rit[k] * ny, riy = c.rin[k] * ny + c.rit[k] * nx;
      ic.rix[k] = rix; ic.riy[k] = riy;
      const rin = rix * ny - riy * nx, rit = rix * nx + riy * ny;
      wnn += imx[i] * nx * nx + imy[i] * ny * ny + ii[i] * rin * rin;
      wtt += imx[i] * tx * tx + imy[i] * ty * ty + ii[i] * rit * rit;
      wnt += imx[i] * nx * tx + imy[i] * ny * ty + ii[i] * rin * rit;
    } else {
      ic.rix[k] = 0; ic.riy[k] = 0;
      const w = -1 - i, m = wim[w];
      if (m > 0) {
        // Piston along its normal e: (a·e)(b·e)/M (docs/model.md#the-w-matrix).
        const ne = nx * wnx[w] + ny * wny[w], te = tx * wnx[w] + ty * wny[w];
        wnn += m * ne * ne; wtt += m * te * te; wnt += m * ne * te;
      }
    }
    // Round-off can leave |W_nt| ~ 1e-17 W_nn for discs; treat that as zero (decoupled solver).
    if (Math.abs(wnt) <= 1e-12 * (wnn + wtt)) wnt = 0;
    ic.wnn[k] = wnn; ic.wtt[k] = wtt; ic.wnt[k] = wnt;
    const gPlus = delta < 0 ? -delta : 0;
    let target = -gPlus / dt; // paper 004 Eq. 6
    if (restitution > 0 && delta >= 0 && c.un[k] < 0) target = Math.max(target, -restitution * c.un[k]); // docs/model.md#local-solvers
    ic.target[k] = target;
    ic.rn[k] = c.isNew[k] ? 0 : c.h0[k];
    ic.rt[k] = c.isNew[k] ? 0 : c.h1[k];
  }
}
