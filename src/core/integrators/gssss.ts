/**
 * Explicit GSSSS (GS4-II) step for translation and rotation — ONE kernel for every member
 * (paper 002 Eqs. 21–23 as restored in docs/model.md#explicit-gssss-family; markers from gssss-parameters.ts):
 *   given q_n, v_n, a_n  (a_0 = M⁻¹ f(q_0, v_0, t_0), paper 002 §2.2)
 *   1  q̃ = q_n + W1 Δt v_n + W2Λ2 Δt² a_n ;  ṽ = v_n + W1 Δt a_n ;  t̃ = t_n + W1 Δt
 *   2  a* = M⁻¹ f(q̃, ṽ, t̃)                      one force pass (contacts at q̃, dashpots with ṽ, walls at t̃)
 *   3  Δa = (a* − a_n)/W1Λ6
 *   4  q_{n+1} = q_n + Δt v_n + ½Δt² a_n + λ3 Δt² Δa ;  v_{n+1} = v_n + Δt a_n + λ5 Δt Δa ;  a_{n+1} = a_n + Δa
 * The same lines advance (φ, ω, ω̇) with torque/I. The committed state lives in the bodies (x, v in
 * x…omega, a_n in ax, ay, alpha), so there is no private state to snapshot.
 * Time levels (docs/model.md#explicit-gssss-family): x, v belong to t_n; the stored a_n belongs to
 * t_n − φΔt (φ = W1Λ6 − W1, `accelerationShift`); forces of the last pass belong to t̃ = t_n + W1Δt.
 * Locked coordinates have v = a = 0; fixed, prescribed and dragged bodies move with their stored velocity.
 * Δt changes restart the member (a recomputed from the forces; docs/model.md#explicit-gssss-family "variable Δt").
 */
import { DRAGGED, FIXED, LOCK_X, LOCK_Y, PRESCRIBED } from '../state/body-flags';
import type { BodyState } from '../state/body-state';
import type { IntegratorId } from '../param-rows/param-ids';
import type { Integrator, StepDriver } from './integrator';
import { gssssMarkers, type GssssMarkers, type GssssParameters } from './gssss-parameters';
import { dashpotRateLimit, stabilityLimit } from './gssss-stability';
import { bindBodies, bodiesOf, spanEnd, spans, spanStart } from '../columns/body-columns';
import { GSSSS_PREDICT, GSSSS_UPDATE } from '../columns/kernel-ids';
import type { Columns } from '../columns/kernel-pool';
import { gssssPredictWasm, gssssUpdateWasm } from '../state/body-kernels';
import type { WasmKernels } from '../wasm/kernels';

const IMMOVABLE = FIXED | PRESCRIBED | DRAGGED;

export class GssssIntegrator implements Integrator {
  readonly kind = 'force' as const;
  readonly sweepsDone = 0;
  readonly markers: GssssMarkers;
  readonly accelerationShift: number;
  private cachedZeta = NaN;
  private cachedOmega = NaN;
  private cachedRate = NaN;

  constructor(readonly id: IntegratorId, readonly parameters: GssssParameters, readonly description: string) {
    this.markers = gssssMarkers(parameters);
    this.accelerationShift = this.markers.phi;
  }

  /** docs/model.md#gssss-stability-with-damping, computed from the step matrix (gssss-stability.ts). */
  stableOmega(zeta: number): number {
    if (zeta !== this.cachedZeta) {
      this.cachedZeta = zeta;
      this.cachedOmega = stabilityLimit(this.markers, zeta);
    }
    return this.cachedOmega;
  }

  /** docs/model.md#gears-dashpot-rate-limit, from the same step matrix (gssss-stability.ts) */
  dashpotRateLimit(): number {
    if (Number.isNaN(this.cachedRate)) this.cachedRate = dashpotRateLimit(this.markers);
    return this.cachedRate;
  }

  reserve(): void {}

  stateArrays(): Float64Array[] {
    return [];
  }

  /** a_0 = M⁻¹ f(q_0, v_0, t_0): forces at the committed state, no spring increment (paper 002 §2.2). */
  init(w: StepDriver): void {
    const b = w.bodies, n = b.n;
    for (let k = 0; k < n; k++) zeroLockedVelocities(b, k);
    b.ex.set(b.x.subarray(0, n)); b.ey.set(b.y.subarray(0, n)); b.ephi.set(b.phi.subarray(0, n));
    b.evx.set(b.vx.subarray(0, n)); b.evy.set(b.vy.subarray(0, n)); b.eomega.set(b.omega.subarray(0, n));
    w.computeForces(w.t, 0);
    for (let k = 0; k < n; k++) accelerationFromForces(b, k);
  }

  /** A dragged or released body: locked velocities zeroed, a from the last force pass (0 if immovable). */
  resetBody(w: StepDriver, k: number): void {
    zeroLockedVelocities(w.bodies, k);
    accelerationFromForces(w.bodies, k);
  }

  /** The markers are derived for constant Δt: restart from the committed state (docs/model.md#explicit-gssss-family). */
  changeDt(w: StepDriver): void {
    this.init(w);
  }

  shiftX(): void {}

  step(w: StepDriver): void {
    const b = w.bodies, n = b.n, dt = w.dt, dt2 = dt * dt, pool = w.pool;
    const { W1, W2L2, W1L6, lambda3, lambda5 } = this.markers;
    const pv = W1 * dt, pa = W2L2 * dt2, va = W1 * dt;
    const inv = 1 / W1L6, h = 0.5 * dt2, l3 = lambda3 * dt2, l5 = lambda5 * dt;
    if (pool) {
      bindBodies(pool, b);
      pool.bind();
      const a = pool.pool.args;
      a[0] = n; a[1] = pv; a[2] = pa; a[3] = va;
      // with the force pass's first command (the neighbour search's reuse test): one handshake for both
      pool.pool.defer(GSSSS_PREDICT, spans(n));
    } else if (!(w.wasm && gssssPredictWasm(w.wasm, b, 0, n, pv, pa, va))) gssssPredict(b, 0, n, pv, pa, va);
    // 2: one force pass at t̃.
    w.computeForces(w.t + W1 * dt, dt);
    if (pool) {
      const a = pool.pool.args;
      a[0] = n; a[1] = dt; a[2] = h; a[3] = l3; a[4] = l5; a[5] = inv;
      pool.pool.run(GSSSS_UPDATE, spans(n));
    } else if (!(w.wasm && gssssUpdateWasm(w.wasm, b, 0, n, IMMOVABLE | LOCK_X, IMMOVABLE | LOCK_Y, IMMOVABLE, dt, h, l3, l5, inv))) {
      gssssUpdate(b, 0, n, dt, h, l3, l5, inv);
    }
    w.commitTangential(dt);
  }
}

/**
 * 1: predictors of bodies [k0, k1) (immovable bodies have a = 0, so the same lines move them with their velocity).
 * One loop per coordinate: on large scenes a loop over fifteen arrays outruns the prefetching (100k bodies: 20 → 14 ns/body).
 */
function gssssPredict(b: BodyState, k0: number, k1: number, pv: number, pa: number, va: number): void {
  predictCoordinate(b.x, b.vx, b.ax, b.ex, b.evx, k0, k1, pv, pa, va);
  predictCoordinate(b.y, b.vy, b.ay, b.ey, b.evy, k0, k1, pv, pa, va);
  predictCoordinate(b.phi, b.omega, b.alpha, b.ephi, b.eomega, k0, k1, pv, pa, va);
}

/** q̃ = q + pv v + pa a, ṽ = v + va a for one coordinate (docs/model.md#explicit-gssss-family line 1) */
function predictCoordinate(q: Float64Array, v: Float64Array, a: Float64Array, eq: Float64Array, ev: Float64Array, k0: number, k1: number, pv: number, pa: number, va: number): void {
  for (let k = k0; k < k1; k++) {
    eq[k] = q[k] + pv * v[k] + pa * a[k];
    ev[k] = v[k] + va * a[k];
  }
}

/**
 * 3–4: update of bodies [k0, k1) (docs/model.md#explicit-gssss-family lines 3–4), one loop per coordinate as the
 * predictors. Locked coordinates and immovable bodies get a* = 0 (and keep a = 0). Summed left to right, so
 * CDM's q_{n+1} equals q̃ bit for bit (λ3 = 0).
 */
function gssssUpdate(b: BodyState, k0: number, k1: number, dt: number, h: number, l3: number, l5: number, inv: number): void {
  updateCoordinate(b.x, b.vx, b.ax, b.fx, b.invMass, b.flags, IMMOVABLE | LOCK_X, k0, k1, dt, h, l3, l5, inv);
  updateCoordinate(b.y, b.vy, b.ay, b.fy, b.invMass, b.flags, IMMOVABLE | LOCK_Y, k0, k1, dt, h, l3, l5, inv);
  updateCoordinate(b.phi, b.omega, b.alpha, b.tau, b.invInertia, b.flags, IMMOVABLE, k0, k1, dt, h, l3, l5, inv);
}

/** One coordinate's lines 3–4: a* = f/m unless a flag in `held` holds it (then 0). */
function updateCoordinate(
  q: Float64Array, v: Float64Array, acc: Float64Array, f: Float64Array, invM: Float64Array, flags: Uint8Array, held: number,
  k0: number, k1: number, dt: number, h: number, l3: number, l5: number, inv: number,
): void {
  for (let k = k0; k < k1; k++) {
    const a = acc[k], d = (f[k] * ((flags[k] & held) === 0 ? invM[k] : 0) - a) * inv;
    q[k] = q[k] + dt * v[k] + h * a + l3 * d; v[k] += dt * a + l5 * d; acc[k] = a + d;
  }
}

/** Kernel: the predictors of chunk c of the bodies (args: n, pv, pa, va). */
export function gssssPredictChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[0], b = bodiesOf(c, n), k0 = spanStart(chunk, n), k1 = spanEnd(chunk, n);
  if (!(wasm && gssssPredictWasm(wasm, b, k0, k1, a[1], a[2], a[3]))) gssssPredict(b, k0, k1, a[1], a[2], a[3]);
}

/** Kernel: the update of chunk c of the bodies (args: n, Δt, ½Δt², λ3Δt², λ5Δt, 1/W1Λ6). */
export function gssssUpdateChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[0], b = bodiesOf(c, n), k0 = spanStart(chunk, n), k1 = spanEnd(chunk, n);
  if (!(wasm && gssssUpdateWasm(wasm, b, k0, k1, IMMOVABLE | LOCK_X, IMMOVABLE | LOCK_Y, IMMOVABLE, a[1], a[2], a[3], a[4], a[5]))) {
    gssssUpdate(b, k0, k1, a[1], a[2], a[3], a[4], a[5]);
  }
}

/** Locked coordinates carry no velocity (as in Gear, docs/model.md#gear-predictor-corrector); fixed bodies none at all. */
function zeroLockedVelocities(b: BodyState, k: number): void {
  const f = b.flags[k];
  if ((f & FIXED) !== 0) { b.vx[k] = 0; b.vy[k] = 0; b.omega[k] = 0; return; }
  if ((f & IMMOVABLE) !== 0) return;
  if ((f & LOCK_X) !== 0) b.vx[k] = 0;
  if ((f & LOCK_Y) !== 0) b.vy[k] = 0;
  if (b.invInertia[k] === 0) b.omega[k] = 0;
}

function accelerationFromForces(b: BodyState, k: number): void {
  const f = b.flags[k];
  const free = (f & IMMOVABLE) === 0;
  b.ax[k] = free && (f & LOCK_X) === 0 ? b.fx[k] * b.invMass[k] : 0;
  b.ay[k] = free && (f & LOCK_Y) === 0 ? b.fy[k] * b.invMass[k] : 0;
  b.alpha[k] = free ? b.tau[k] * b.invInertia[k] : 0;
}
