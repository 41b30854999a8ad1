/**
 * Contact dynamics (CD) of rigid discs: implicit Euler with contact forces from constraints, solved by
 * an iterative non-linear Gauss–Seidel (docs/model.md#contact-dynamics; paper 004 §II; [Jean99]; [Sho12]).
 * It owns the whole step (docs/architecture.md#one-step, "Contact-dynamics path"):
 *   1. contacts at the start of the step with gap g < max(0.1 r_min, 2 v_max Δt) ([Sho12] Eq. 11, docs/model.md#contact-dynamics);
 *   2. free velocities v + Δt (m g + F_ext)/m, ω + Δt T_ext/I, pistons v_p + Δt F_p/M;
 *   3. warm start: each persisting contact starts from last step's force R (docs/model.md#contact-dynamics step 3);
 *   4. N_I sweeps, random order or parallel, or fewer if the [Sho12] test passes (tolerance > 0);
 *   5. x(t+Δt) = x + Δt v(t+Δt), φ(t+Δt) = φ + Δt ω(t+Δt) (paper 004 Eq. 1), pistons likewise;
 *      R stored per contact key in the history slots h0 = R_n, h1 = R_t.
 * Velocity after the step: v(t+Δt) = v + Δt [F_ext + Σ ±R]/m (paper 004 Eq. 2).
 * Not a force integrator: no stiffness, no stability limit; finite N_I gives the artificial elasticity
 * of paper 004 (κ = q N_I m/Δt², Eq. 24).
 */
import { converged } from '../contact-dynamics/convergence';
import { ImpulseContacts, Mobility, prepareContacts } from '../contact-dynamics/impulse-contacts';
import { applyAll, gaussSeidelSweep, jacobiSweep, type SolverBodies } from '../contact-dynamics/sweeps';
import { SweepKernels } from '../contact-dynamics/sweeps-wasm';
import { int32Like } from '../math/grow';
import { Rng } from '../math/rng';
import { FIXED, LOCK_X, LOCK_Y } from '../state/body-flags';
import type { HistorySlot } from '../state/history-slots';
import type { ImpulseDriver, Integrator, StepDriver } from './integrator';

/** Detection gap as a fraction of the smallest radius when particles are slow (docs/model.md#contact-dynamics) */
const GAP_FRACTION = 0.1;
/** The solver's history slots: last step's contact force, the warm start (docs/model.md#contact-dynamics) */
export const CD_HISTORY: readonly HistorySlot[] = [
  { field: 'h0', meaning: 'warm-start normal force R_n [N]' },
  { field: 'h1', meaning: 'warm-start tangential force R_t [N]' },
];
/** Seed of the sweep-order generator: runs are reproducible */
const SWEEP_SEED = 0x5eed;

export class ContactDynamics implements Integrator {
  readonly id = 'contact-dynamics' as const;
  readonly kind = 'impulse' as const;
  readonly description = 'Contact dynamics (rigid discs, implicit Euler, iterative constraint solver; paper 004)';
  /** Sweeps done in the last step */
  sweepsDone = 0;
  /** No tangential spring, so no markers; velocities and positions both belong to t. */
  readonly markers = null;
  readonly accelerationShift = 0;
  private readonly ic = new ImpulseContacts();
  private readonly mob = new Mobility();
  /** The Gauss–Seidel sweep's order (in the kernels' arena when they run the sweeps) */
  private readonly order = { perm: new Int32Array(0) };
  /** The sweeps in WebAssembly where the world has its kernels (the same bits as sweeps.ts's) */
  private readonly sweepKernels = new SweepKernels();
  private readonly rng = new Rng(SWEEP_SEED);
  private readonly sb: SolverBodies = {
    vx: new Float64Array(0), vy: new Float64Array(0), omega: new Float64Array(0),
    imx: new Float64Array(0), imy: new Float64Array(0), ii: new Float64Array(0),
    wvx: new Float64Array(0), wvy: new Float64Array(0), wim: new Float64Array(0), wnx: new Float64Array(0), wny: new Float64Array(0),
  };

  stableOmega(): number {
    return Infinity; // implicit: no stability limit on Δt (accuracy: displacement per step ≪ r, docs/model.md#choosing-a-model)
  }

  dashpotRateLimit(): number {
    return Infinity; // no dashpot in the step
  }

  reserve(): void {}

  /** Locked coordinates and fixed bodies have zero velocity (as in the force integrators). */
  init(w: StepDriver): void {
    const b = w.bodies;
    for (let k = 0; k < b.n; k++) this.resetBody(w, k);
  }

  resetBody(w: StepDriver, k: number): void {
    const b = w.bodies, f = b.flags[k];
    if ((f & FIXED) !== 0) { b.vx[k] = 0; b.vy[k] = 0; b.omega[k] = 0; return; }
    if (b.invMass[k] > 0 && (f & LOCK_X) !== 0) b.vx[k] = 0;
    if (b.invMass[k] > 0 && (f & LOCK_Y) !== 0) b.vy[k] = 0;
    if (b.invMass[k] > 0 && b.invInertia[k] === 0) b.omega[k] = 0;
  }

  changeDt(): void {} // the stored R are forces, valid for any Δt

  stateArrays(): Float64Array[] {
    return [];
  }

  shiftX(): void {}

  step(w: ImpulseDriver): void {
    const b = w.bodies, n = b.n, dt = w.dt, p = w.params, walls = w.walls;
    this.mob.update(b);
    const c = w.detectContacts(this.gapThreshold(w));
    const ic = this.ic;
    prepareContacts(c, walls, this.mob, dt, p.cdRestitution, ic);

    // Free velocities (body velocities at t are kept in evx, evy, eomega by detectContacts).
    const s = this.sb;
    s.vx = b.vx; s.vy = b.vy; s.omega = b.omega;
    s.imx = this.mob.imx; s.imy = this.mob.imy; s.ii = this.mob.ii;
    s.wvx = walls.vx; s.wvy = walls.vy; s.wim = walls.invMass; s.wnx = walls.nx; s.wny = walls.ny;
    const gx = p.gravityX, gy = p.gravityY;
    for (let k = 0; k < n; k++) {
      const m = b.mass[k];
      b.vx[k] += dt * s.imx[k] * (m * gx + b.fxExt[k]);
      b.vy[k] += dt * s.imy[k] * (m * gy + b.fyExt[k]);
      b.omega[k] += dt * s.ii[k] * b.tauExt[k];
    }
    for (let q = 0; q < walls.count; q++) {
      const im = walls.invMass[q];
      if (im === 0) continue;
      const ex = walls.nx[q], ey = walls.ny[q];
      const v = walls.vx[q] * ex + walls.vy[q] * ey + dt * im * walls.pistonLoad(q, p.pistonForce, gx, gy);
      walls.vx[q] = v * ex; walls.vy[q] = v * ey;
    }

    if (this.order.perm.length < ic.count) this.order.perm = int32Like(this.order.perm, ic.capacity);
    const sk = this.sweepKernels, wasm = sk.bind(w.wasm, ic, this.mob, this.order, s, walls);
    if (wasm) sk.applyAll(ic.count, dt);
    else applyAll(ic, s, dt);
    this.iterate(ic, s, p.mu, dt, p.iterations, p.sweep === 'parallel', p.tolerance, wasm);
    sk.finish(s, walls);

    // Positions (paper 004 Eq. 1) and accelerations for the diagnostics.
    for (let k = 0; k < n; k++) {
      b.ax[k] = (b.vx[k] - b.evx[k]) / dt;
      b.ay[k] = (b.vy[k] - b.evy[k]) / dt;
      b.alpha[k] = (b.omega[k] - b.eomega[k]) / dt;
      b.x[k] += dt * b.vx[k];
      b.y[k] += dt * b.vy[k];
      b.phi[k] += dt * b.omega[k];
    }
    let power = 0;
    for (let q = 0; q < walls.count; q++) {
      if (walls.invMass[q] === 0) continue;
      walls.ox[q] += dt * walls.vx[q];
      walls.oy[q] += dt * walls.vy[q];
      power += walls.pistonLoad(q, p.pistonForce, gx, gy) * (walls.vx[q] * walls.nx[q] + walls.vy[q] * walls.ny[q]);
    }
    power += this.storeForces(w);
    w.recordContactStats(power, this.endOverlap(w, dt));
  }

  /** N_I sweeps, or fewer if the [Sho12] test passes; in WebAssembly (`wasm`: the bound sweepKernels) or in JavaScript */
  private iterate(ic: ImpulseContacts, s: SolverBodies, mu: number, dt: number, iterations: number, parallel: boolean, tolerance: number, wasm: boolean): void {
    const n = ic.count;
    if (n === 0) { this.sweepsDone = 0; return; }
    const perm = this.order.perm, sk = this.sweepKernels;
    for (let k = 0; k < n; k++) perm[k] = k;
    const track = parallel || tolerance > 0;
    let sweep = 0;
    while (sweep < iterations) {
      if (track) {
        ic.rnPrev.set(ic.rn.subarray(0, n));
        ic.rtPrev.set(ic.rt.subarray(0, n));
      }
      if (parallel && wasm) sk.jacobi(n, mu, dt);
      else if (parallel) jacobiSweep(ic, s, mu, dt);
      else if (wasm) sk.gaussSeidel(n, mu, dt, this.rng);
      else gaussSeidelSweep(ic, s, mu, dt, this.rng, perm);
      sweep++;
      if (tolerance > 0 && converged(ic, tolerance)) break;
    }
    this.sweepsDone = sweep;
  }

  /**
   * Writes R into the contact list (h0, h1 history; fn, ft for drawing), the total force and torque on
   * each body into fx, fy, tau (external + contact, as the force integrators leave them), and returns
   * the power fed in by kinematic walls, Σ R·v_wall.
   */
  private storeForces(w: ImpulseDriver): number {
    const c = w.contacts, ic = this.ic, walls = w.walls, b = w.bodies, p = w.params;
    for (let k = 0; k < b.n; k++) {
      const movable = b.invMass[k] > 0;
      b.fx[k] = movable ? b.mass[k] * p.gravityX + b.fxExt[k] : 0;
      b.fy[k] = movable ? b.mass[k] * p.gravityY + b.fyExt[k] : 0;
      b.tau[k] = movable ? b.tauExt[k] : 0;
    }
    let power = 0;
    for (let k = 0; k < ic.count; k++) {
      const rn = ic.rn[k], rt = ic.rt[k];
      c.h0[k] = rn; c.h1[k] = rt; c.fn[k] = rn; c.ft[k] = rt; c.xi[k] = 0;
      const i = ic.i[k], j = ic.j[k], nx = ic.nx[k], ny = ic.ny[k];
      const fx = rn * nx - rt * ny, fy = rn * ny + rt * nx;
      b.fx[j] += fx; b.fy[j] += fy; b.tau[j] += ic.rjx[k] * fy - ic.rjy[k] * fx;
      if (i >= 0) {
        b.fx[i] -= fx; b.fy[i] -= fy; b.tau[i] -= ic.rix[k] * fy - ic.riy[k] * fx;
      } else if (walls.invMass[-1 - i] === 0) {
        power += fx * walls.vx[-1 - i] + fy * walls.vy[-1 - i];
      }
    }
    return power;
  }

  /**
   * Largest overlap at the end of the step over the contact's l_c, from the linearised gap
   * g(t+Δt) ≈ g + Δt u_n(t+Δt) (exact for wall contacts), for the world's health check.
   */
  private endOverlap(w: ImpulseDriver, dt: number): number {
    const ic = this.ic, c = w.contacts, b = w.bodies, walls = w.walls;
    let worst = 0;
    for (let k = 0; k < ic.count; k++) {
      const i = ic.i[k], j = ic.j[k], nx = ic.nx[k], ny = ic.ny[k];
      let ux = b.vx[j], uy = b.vy[j];
      const a = c.lc[k];
      if (i >= 0) {
        ux -= b.vx[i]; uy -= b.vy[i];
      } else {
        ux -= walls.vx[-1 - i]; uy -= walls.vy[-1 - i];
      }
      const overlap = c.delta[k] - dt * (ux * nx + uy * ny);
      if (overlap / a > worst) worst = overlap / a;
    }
    return worst;
  }

  /** max(0.1 r_min, 2 v_max Δt), v_max including this step's free acceleration and the pistons. */
  private gapThreshold(w: ImpulseDriver): number {
    const b = w.bodies, dt = w.dt, p = w.params, walls = w.walls;
    const g = Math.hypot(p.gravityX, p.gravityY);
    let rMin = Infinity, v2 = 0;
    for (let k = 0; k < b.n; k++) {
      if (b.radius[k] < rMin) rMin = b.radius[k];
      const ax = b.fxExt[k] * b.invMass[k], ay = b.fyExt[k] * b.invMass[k];
      const vx = Math.abs(b.vx[k]) + dt * (Math.abs(ax) + g), vy = Math.abs(b.vy[k]) + dt * (Math.abs(ay) + g);
      const s = vx * vx + vy * vy;
      if (s > v2) v2 = s;
    }
    let vWall = 0;
    for (let q = 0; q < walls.count; q++) {
      const v = Math.hypot(walls.vx[q], walls.vy[q]) + dt * walls.invMass[q] * p.pistonForce;
      if (v > vWall) vWall = v;
    }
    if (rMin === Infinity) return 0;
    return Math.max(GAP_FRACTION * rMin, 2 * (Math.sqrt(v2) + vWall) * dt);
  }
}

