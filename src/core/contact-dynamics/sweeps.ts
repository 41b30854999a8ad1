/**
 * One iteration ("sweep") of the contact-dynamics solver over all contacts
 * (docs/model.md#sweeps-and-the-stopping-rule; paper 004 §II.A.2 and Eq. 7; [Jean99] §5.4; [Sho12] §2.1).
 *
 * The body velocities at t+Δt are kept current ("exchange local–global" non-linear Gauss–Seidel): for
 * contact c, u = current relative velocity of j's contact point w.r.t. i's, u⁰ = u − Δt W_c R_c (own
 * force removed), R' = local solution (local-solver.ts), and ΔR = R' − R_c is applied at once:
 *   v_j += Δt M_j⁻¹ ΔF,  ω_j += Δt (r_j×ΔF)/I_j,  v_i −= Δt M_i⁻¹ ΔF,  ω_i −= Δt (r_i×ΔF)/I_i,
 * with ΔF = ΔR_n n + ΔR_t t; a piston moves along its axis e by −Δt (ΔF·e)/M.
 *   - random: a new random permutation of the contacts every sweep (paper 004: "with the pattern
 *     changing for every sweep in order not to create any bias"); effective q = (4√e − 5)/2.
 *   - parallel (Jacobi): every contact is solved from the velocities at the start of the sweep and all
 *     changes are applied afterwards; q = ½ (paper 004 Eq. 11).
 */
import type { Rng } from '../math/rng';
import type { ImpulseContacts } from './impulse-contacts';
import { BN, BT, DT, LOCAL_SLOTS, MU, RN, RT, solveLocal, WNN, WNT, WTT } from './local-solver';

/** The velocities the solver updates and the mobilities it uses (arrays owned elsewhere). */
export interface SolverBodies {
  vx: Float64Array; vy: Float64Array; omega: Float64Array;
  imx: Float64Array; imy: Float64Array; ii: Float64Array;
  /** Wall velocities (constant for kinematic walls; pistons move along their normal) */
  wvx: Float64Array; wvy: Float64Array; wim: Float64Array; wnx: Float64Array; wny: Float64Array;
}

/** Numbers of the hot loop travel in this array, never as call arguments (those would be boxed). */
const io = new Float64Array(LOCAL_SLOTS + 2);
/** The force change applied by applyChange */
const DRN = LOCAL_SLOTS, DRT = LOCAL_SLOTS + 1;

/** Solves contact k from the current velocities (μ and Δt in io); writes the new force to io[RN], io[RT]. */
function solveContact(ic: ImpulseContacts, s: SolverBodies, k: number): void {
  const i = ic.i[k], j = ic.j[k];
  const nx = ic.nx[k], ny = ic.ny[k];
  const vx = s.vx, vy = s.vy, om = s.omega;
  let ux = vx[j] - om[j] * ic.rjy[k], uy = vy[j] + om[j] * ic.rjx[k];
  if (i >= 0) {
    ux -= vx[i] - om[i] * ic.riy[k];
    uy -= vy[i] + om[i] * ic.rix[k];
  } else {
    const w = -1 - i;
    ux -= s.wvx[w];
    uy -= s.wvy[w];
  }
  const un = ux * nx + uy * ny, ut = -ux * ny + uy * nx;
  const rn = ic.rn[k], rt = ic.rt[k], wnn = ic.wnn[k], wtt = ic.wtt[k], wnt = ic.wnt[k], dt = io[DT];
  if (wnn <= 0) { io[RN] = 0; io[RT] = 0; return; } // nothing at this contact can move
  // b = u⁰ − u*, with u⁰ = u − Δt W R (docs/model.md#local-solvers, docs/model.md#sweeps-and-the-stopping-rule)
  io[BN] = un - dt * (wnn * rn + wnt * rt) - ic.target[k];
  io[BT] = ut - dt * (wnt * rn + wtt * rt);
  io[WNN] = wnn; io[WTT] = wtt; io[WNT] = wnt;
  solveLocal(io);
}

/** Applies the force change io[DRN], io[DRT] of contact k to the velocities of its two bodies. */
function applyChange(ic: ImpulseContacts, s: SolverBodies, k: number): void {
  const i = ic.i[k], j = ic.j[k];
  const nx = ic.nx[k], ny = ic.ny[k], dRn = io[DRN], dRt = io[DRT], dt = io[DT];
  const fx = dt * (dRn * nx - dRt * ny), fy = dt * (dRn * ny + dRt * nx); // impulse change on j
  s.vx[j] += s.imx[j] * fx;
  s.vy[j] += s.imy[j] * fy;
  s.omega[j] += s.ii[j] * (ic.rjx[k] * fy - ic.rjy[k] * fx);
  if (i >= 0) {
    s.vx[i] -= s.imx[i] * fx;
    s.vy[i] -= s.imy[i] * fy;
    s.omega[i] -= s.ii[i] * (ic.rix[k] * fy - ic.riy[k] * fx);
  } else {
    const w = -1 - i, m = s.wim[w];
    if (m > 0) {
      const ex = s.wnx[w], ey = s.wny[w], dv = m * (fx * ex + fy * ey);
      s.wvx[w] -= dv * ex;
      s.wvy[w] -= dv * ey;
    }
  }
}

/** Applies the whole current force of every contact (the warm start, docs/model.md#contact-dynamics step 3). */
export function applyAll(ic: ImpulseContacts, s: SolverBodies, dt: number): void {
  io[DT] = dt;
  const rn = ic.rn, rt = ic.rt;
  for (let k = 0; k < ic.count; k++) {
    if (rn[k] === 0 && rt[k] === 0) continue;
    io[DRN] = rn[k]; io[DRT] = rt[k];
    applyChange(ic, s, k);
  }
}

/** Fisher–Yates reshuffle of the permutation perm[0 … n): uniform over all orders, no allocation (each sweep's new order). */
function reshuffle(perm: Int32Array, n: number, rng: Rng): void {
  for (let a = n - 1; a > 0; a--) {
    const b = rng.below(a + 1);
    const t = perm[a]; perm[a] = perm[b]; perm[b] = t;
  }
}

/** Random-order Gauss–Seidel sweep; `perm` holds a permutation of 0 … count−1, reshuffled here. */
export function gaussSeidelSweep(ic: ImpulseContacts, s: SolverBodies, mu: number, dt: number, rng: Rng, perm: Int32Array): void {
  const n = ic.count;
  reshuffle(perm, n, rng);
  const rn = ic.rn, rt = ic.rt;
  io[MU] = mu; io[DT] = dt;
  for (let p = 0; p < n; p++) {
    const k = perm[p];
    solveContact(ic, s, k);
    const dRn = io[RN] - rn[k], dRt = io[RT] - rt[k];
    if (dRn !== 0 || dRt !== 0) {
      io[DRN] = dRn; io[DRT] = dRt;
      applyChange(ic, s, k);
      rn[k] = io[RN]; rt[k] = io[RT];
    }
  }
}

/** Parallel (Jacobi) sweep: all contacts from the same velocities, then all changes applied. */
export function jacobiSweep(ic: ImpulseContacts, s: SolverBodies, mu: number, dt: number): void {
  const n = ic.count, rn = ic.rn, rt = ic.rt, rnOld = ic.rnPrev, rtOld = ic.rtPrev;
  // rnPrev/rtPrev hold the forces at the start of the sweep (copied by the caller).
  io[MU] = mu; io[DT] = dt;
  for (let k = 0; k < n; k++) {
    solveContact(ic, s, k);
    rn[k] = io[RN]; rt[k] = io[RT];
  }
  // Solving used ic.rn only for contact k itself, so overwriting it in the first loop was safe.
  for (let k = 0; k < n; k++) {
    const dRn = rn[k] - rnOld[k], dRt = rt[k] - rtOld[k];
    if (dRn === 0 && dRt === 0) continue;
    io[DRN] = dRn; io[DRT] = dRt;
    applyChange(ic, s, k);
  }
}
