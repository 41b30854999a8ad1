/**
 * Gear predictor–corrector of order 3, 4 and 5 for translation and rotation
 * (paper 000 App. A; docs/model.md#gear-predictor-corrector), reference implementation.
 *
 * Scaled derivatives per coordinate (x, y, φ): y_k = (Δt^k/k!) d^k r/dt^k, k = 0 … q−1
 * (q = order + 1 values). Stored interleaved per body: g[(b·3 + c)·6 + k].
 *   predict (Pascal matrix, docs/model.md#gear-predictor-corrector):  y_k^p = Σ_{l≥k} C(l,k) y_l
 *   evaluate forces at the predicted positions and velocities ṙ^p = y_1^p/Δt (docs/model.md#gear-predictor-corrector)
 *   correct:  Δ = (Δt²/2) f(r^p, ṙ^p)/m − y_2^p,   y_k = y_k^p + α_k Δ   (paper 000 Eq. 17)
 * α tables (docs/model.md#gear-predictor-corrector): the r̈ = f(r, ṙ) rows when forces depend on velocity (dashpots), else the r̈ = f(r) rows.
 * When the driver says the next step follows at once (predictAhead) and the scene is large (FUSE_FROM), the
 * corrector's loop predicts it too, so the derivatives are read and written once a step instead of twice (the
 * same arithmetic: the same bits).
 * Locked coordinates keep zero derivatives and get no correction (paper 000: rotation suppressed by
 * "enforcing a zero angular displacement in the predictor–corrector"). Fixed, prescribed and dragged
 * bodies move with their stored velocity and are not corrected.
 */
import { DRAGGED, FIXED, LOCK_X, LOCK_Y, PRESCRIBED } from '../state/body-flags';
import type { IntegratorId } from '../param-rows/param-ids';
import type { BodyState } from '../state/body-state';
import { interpolateStability, type Integrator, type StepDriver } from './integrator';
import { growF64, isShared } from '../math/grow';
import { bindBodies, bodiesOf, spanEnd, spans, spanStart } from '../columns/body-columns';
import { GEAR_CORRECT, GEAR_PREDICT } from '../columns/kernel-ids';
import { sharedCopy } from '../columns/shared-memory';
import type { Columns } from '../columns/kernel-pool';
import { gearCorrectWasm, gearPredictWasm } from '../state/body-kernels';
import type { WasmKernels } from '../wasm/kernels';

interface GearTable {
  values: number;
  /** α for r̈ = f(r, ṙ) and for r̈ = f(r) */
  alphaVel: readonly number[];
  alphaPos: readonly number[];
  /** docs/model.md#stability-of-gear-on-a-damped-contact, Ω limits at ζ = 0, 0.05, 0.1, 0.2, 0.3 (rows for alphaVel / alphaPos) */
  stabilityVel: readonly number[];
  stabilityPos: readonly number[];
  /**
   * docs/model.md#gears-dashpot-rate-limit: the largest stable c Δt of a pure dashpot (either α row: α0 only moves y_0,
   * which no force reads then), from the amplification matrix at Ω = 10⁻³ (test/core/dashpot-rate.test.ts recomputes it)
   */
  dashpotRate: number;
}

const STABILITY_ZETAS = [0, 0.05, 0.1, 0.2, 0.3] as const;

export const GEAR_TABLES: Record<'gear3' | 'gear4' | 'gear5', GearTable> = {
  // Haile 1992 (converted to scaled form); no separate velocity-dependent α0 is known for 3rd order.
  gear3: { values: 4, alphaVel: [1 / 6, 5 / 6, 1, 1 / 3], alphaPos: [1 / 6, 5 / 6, 1, 1 / 3],
    stabilityVel: [1.414, 1.243, 1.094, 0.86, 0.692], stabilityPos: [1.414, 1.243, 1.094, 0.86, 0.692], dashpotRate: 0.545 },
  // Allen & Tildesley Fiche F.2 (f(r)); 19/90 is the common velocity-dependent α0.
  gear4: { values: 5, alphaVel: [19 / 90, 3 / 4, 1, 1 / 2, 1 / 12], alphaPos: [19 / 120, 3 / 4, 1, 1 / 2, 1 / 12],
    stabilityVel: [0.159, 0.876, 0.741, 0.545, 0.419], stabilityPos: [0.174, 0.921, 0.771, 0.559, 0.426], dashpotRate: 0.3 },
  // Paper 000 App. A (f(r, ṙ): α0 = 3/16); Gear / Allen & Tildesley (f(r): α0 = 3/20).
  gear5: { values: 6, alphaVel: [3 / 16, 251 / 360, 1, 11 / 18, 1 / 6, 1 / 60], alphaPos: [3 / 20, 251 / 360, 1, 11 / 18, 1 / 6, 1 / 60],
    stabilityVel: [0.327, 0.627, 0.499, 0.336, 0.246], stabilityPos: [0.248, 0.651, 0.513, 0.341, 0.249], dashpotRate: 0.163 },
};

const STRIDE = 6;
const IMMOVABLE = FIXED | PRESCRIBED | DRAGGED;
/**
 * Every FLUSH_EVERY steps the corrector sets the scaled derivatives below the smallest normal double to zero: in a settled
 * pile the derivatives of coordinates no force drives (a lattice column's x) decay geometrically through the
 * subnormal range, where x86 arithmetic is about 100× slower, and stay there for a thousand steps (1,900 of the
 * 10k bench pile's 180,000 derivatives at once). No physical quantity is that small. Testing each value costs a
 * third of the corrector's time, so it is done on one step in 64 (a separate scan of the derivatives in
 * JavaScript took 0.6 of a step at a million discs).
 */
const MIN_NORMAL = 2.2250738585072014e-308, FLUSH_EVERY = 64;
/**
 * From this many bodies on, the corrector predicts the next step in its loop (predictAhead). Measured on the
 * bench piles (Gear 5, 2-core Xeon, both loops in one build): +6–8 % at 100k and +12–18 % at 200k to 1M, where
 * the derivatives (144 bytes a body) come from memory; −1 % at 70k, −2 to −3 % at 30k–50k and −3 to −5 % at 10k,
 * where they stay in cache and one loop writing fifteen columns runs slower than two writing six and nine.
 */
const FUSE_FROM = 80_000;

export class GearIntegrator implements Integrator {
  readonly id: IntegratorId;
  readonly kind = 'force' as const;
  readonly sweepsDone = 0;
  readonly description: string;
  private readonly table: GearTable;
  /** Interleaved scaled derivatives, 3 coordinates × 6 slots per body */
  g = new Float64Array(0);
  readonly markers = null;
  readonly accelerationShift = 0;
  private velocityDependent = true;
  /** g holds the next step's prediction (and ex … eomega its evaluation state): the corrector made it (predictAhead) */
  private ahead = false;
  /** bodies from which the corrector predicts ahead (FUSE_FROM); the tests set 0 */
  fuseFrom = FUSE_FROM;

  constructor(id: 'gear3' | 'gear4' | 'gear5') {
    this.id = id;
    this.table = GEAR_TABLES[id];
    const order = this.table.values - 1;
    this.description = `Gear predictor–corrector, order ${order} (${this.table.values} values; paper 000 App. A)`;
  }

  stableOmega(zeta: number): number {
    const row = this.velocityDependent ? this.table.stabilityVel : this.table.stabilityPos;
    return interpolateStability(STABILITY_ZETAS, row, zeta);
  }

  dashpotRateLimit(): number {
    return this.table.dashpotRate;
  }

  reserve(capacity: number): void {
    if (this.g.length >= capacity * 3 * STRIDE) return;
    this.g = growF64(this.g, capacity * 3 * STRIDE); // in the WebAssembly arena once there (init)
  }

  stateArrays(): Float64Array[] {
    return [this.g];
  }

  /** Start-up (docs/model.md#gear-predictor-corrector): y0 = r, y1 = Δt ṙ, y2 = (Δt²/2) f(r, ṙ)/m, higher derivatives zero. */
  init(w: StepDriver): void {
    const b = w.bodies;
    this.ahead = false;
    this.reserve(b.capacity);
    if (w.wasm && w.wasm.arena.offsetOf(this.g) < 0) {
      const g = w.wasm.gearDerivatives(this.g.length); // init writes every body's row
      if (g) this.g = g;
    }
    if (w.pool && !isShared(this.g)) this.g = sharedCopy(this.g); // a worker pool's threads predict and correct
    b.ex.set(b.x.subarray(0, b.n)); b.ey.set(b.y.subarray(0, b.n)); b.ephi.set(b.phi.subarray(0, b.n));
    b.evx.set(b.vx.subarray(0, b.n)); b.evy.set(b.vy.subarray(0, b.n)); b.eomega.set(b.omega.subarray(0, b.n));
    w.computeForces(w.t, 0);
    for (let k = 0; k < b.n; k++) this.initBody(w, k);
  }

  /** A dragged or released body: Gear derivatives from its x, v and its current force (0 if immovable). */
  resetBody(w: StepDriver, k: number): void {
    this.settle();
    this.initBody(w, k);
  }

  private initBody(w: StepDriver, k: number): void {
    const b = w.bodies, g = this.g, dt = w.dt, h2 = 0.5 * dt * dt;
    const f = b.flags[k];
    const moving = (f & IMMOVABLE) === 0;
    const pos = [b.x[k], b.y[k], b.phi[k]];
    const vel = [b.vx[k], b.vy[k], b.omega[k]];
    const acc = moving
      ? [b.fx[k] * b.invMass[k], b.fy[k] * b.invMass[k], b.tau[k] * b.invInertia[k]]
      : [0, 0, 0];
    for (let c = 0; c < 3; c++) {
      const o = (k * 3 + c) * STRIDE;
      const active = this.coordinateActive(b.flags[k], b.invMass[k], b.invInertia[k], c) || (f & IMMOVABLE) !== 0;
      const activeVel = active && !((f & FIXED) !== 0);
      g[o] = pos[c];
      g[o + 1] = activeVel ? vel[c] * dt : 0;
      g[o + 2] = active && moving ? acc[c] * h2 : 0;
      g[o + 3] = 0; g[o + 4] = 0; g[o + 5] = 0;
    }
    if ((f & FIXED) !== 0) { b.vx[k] = 0; b.vy[k] = 0; b.omega[k] = 0; }
  }

  private coordinateActive(flags: number, invMass: number, invInertia: number, c: number): boolean {
    if (c === 0) return invMass > 0 && (flags & LOCK_X) === 0;
    if (c === 1) return invMass > 0 && (flags & LOCK_Y) === 0;
    return invInertia > 0;
  }

  changeDt(_w: StepDriver, oldDt: number, newDt: number): void {
    this.settle();
    const r = newDt / oldDt, g = this.g;
    const n = g.length / STRIDE;
    const r2 = r * r, r3 = r2 * r, r4 = r3 * r, r5 = r4 * r;
    for (let s = 0; s < n; s++) {
      const o = s * STRIDE;
      g[o + 1] *= r; g[o + 2] *= r2; g[o + 3] *= r3; g[o + 4] *= r4; g[o + 5] *= r5;
    }
  }

  step(w: StepDriver): void {
    const b = w.bodies, n = b.n, dt = w.dt, invDt = 1 / dt, pool = w.pool;
    this.velocityDependent = w.velocityDependentForces;
    const a = pool ? pool.pool.args : SERIAL_ARGS;
    a[A_N] = n; a[A_INV_DT] = invDt;
    if (pool) { bindBodies(pool, b); pool.put(G_COLUMN, this.g); pool.bind(); }
    // Predict (docs/model.md#gear-predictor-corrector), unless the last corrector did. Unused slots of lower orders stay zero, so the 6-value
    // Pascal matrix serves every order.
    if (!this.ahead) {
      if (pool) pool.pool.defer(GEAR_PREDICT, spans(n)); // with the force pass's first command (the reuse test)
      else predictRange(this.g, b, 0, n, invDt, w.wasm);
    }
    this.ahead = false;
    w.computeForces(w.t + dt, dt);
    // Correct (docs/model.md#gear-predictor-corrector).
    const alpha = this.velocityDependent ? this.table.alphaVel : this.table.alphaPos, q = this.table.values;
    const ahead = w.predictAhead === true && n >= this.fuseFrom;
    // the arguments again: the force pass used the pool's in between
    a[A_N] = n; a[A_INV_DT] = invDt; a[A_H2] = 0.5 * dt * dt; a[A_INV_H2] = 1 / a[A_H2];
    a[A_A0] = alpha[0]; a[A_A1] = alpha[1]; a[A_A3] = q > 3 ? alpha[3] : 0; a[A_A4] = q > 4 ? alpha[4] : 0; a[A_A5] = q > 5 ? alpha[5] : 0;
    a[A_FLUSH] = w.stepCount % FLUSH_EVERY === 0 ? 1 : 0; a[A_AHEAD] = ahead ? 1 : 0;
    if (pool) { pool.bind(); pool.pool.run(GEAR_CORRECT, spans(n)); } // the columns put before the predictor
    else correctRange(this.g, b, 0, n, a, w.wasm);
    this.ahead = ahead;
    w.commitTangential(dt);
  }

  shiftX(k: number, dx: number): void {
    this.settle();
    this.g[k * 3 * STRIDE] += dx;
  }

  /** Undoes a prediction made ahead (the inverse Pascal matrix, to rounding): only after a run of steps stopped early. */
  settle(): void {
    if (!this.ahead) return;
    this.ahead = false;
    const g = this.g;
    for (let o = 0; o < g.length; o += STRIDE) unpredictSlot(g, o);
  }
}

/** The correct loop's arguments (the pool's args, or these serially): bodies, 1/Δt, α_0, α_1, α_3 … α_5, Δt²/2, its inverse, flush, ahead */
const A_N = 0, A_INV_DT = 1, A_A0 = 2, A_A1 = 3, A_A3 = 4, A_A4 = 5, A_A5 = 6, A_H2 = 7, A_INV_H2 = 8, A_FLUSH = 9, A_AHEAD = 10;
const SERIAL_ARGS = new Float64Array(11);
/** The derivatives' name among a worker pool's columns */
const G_COLUMN = 'gear.g';

/** Bodies [k0, k1) predicted (predictBody); in WebAssembly where the columns are in its arena (the same bits) */
function predictRange(g: Float64Array, b: BodyState, k0: number, k1: number, invDt: number, wasm: WasmKernels | null): void {
  if (!(wasm && gearPredictWasm(wasm, b, g, k0, k1, invDt))) for (let k = k0; k < k1; k++) predictBody(g, b, k, invDt);
}

/** Bodies [k0, k1) corrected with the forces at the predicted state, x, v, a written, and with a[A_AHEAD] predicted again */
function correctRange(g: Float64Array, b: BodyState, k0: number, k1: number, a: Float64Array, wasm: WasmKernels | null): void {
  const invDt = a[A_INV_DT], a0 = a[A_A0], a1 = a[A_A1], a3 = a[A_A3], a4 = a[A_A4], a5 = a[A_A5], h2 = a[A_H2], invH2 = a[A_INV_H2];
  const flush = a[A_FLUSH] === 1, ahead = a[A_AHEAD] === 1;
  if (wasm && gearCorrectWasm(wasm, b, g, k0, k1, IMMOVABLE, LOCK_X, LOCK_Y, a0, a1, a3, a4, a5, h2, invDt, invH2, flush, ahead)) return;
  const flags = b.flags, fx = b.fx, fy = b.fy, tau = b.tau, im = b.invMass, ii = b.invInertia;
  const x = b.x, y = b.y, phi = b.phi, vx = b.vx, vy = b.vy, om = b.omega, ax = b.ax, ay = b.ay, al = b.alpha;
  for (let k = k0; k < k1; k++) {
    const f = flags[k];
    const o = k * 18, p = o + STRIDE, r = o + 2 * STRIDE;
    // y_k += α_k Δ with Δ = (Δt²/2) f/m − y_2^p (paper 000 Eq. 17; α_2 = 1). Written out, not
    // called, so no doubles are boxed across a call boundary.
    if ((f & IMMOVABLE) === 0) {
      const imk = im[k], iik = ii[k];
      if (imk > 0 && (f & LOCK_X) === 0) {
        const d = h2 * fx[k] * imk - g[o + 2];
        g[o] += a0 * d; g[o + 1] += a1 * d; g[o + 2] += d; g[o + 3] += a3 * d; g[o + 4] += a4 * d; g[o + 5] += a5 * d;
        if (flush) flushSubnormals(g, o);
      }
      if (imk > 0 && (f & LOCK_Y) === 0) {
        const d = h2 * fy[k] * imk - g[p + 2];
        g[p] += a0 * d; g[p + 1] += a1 * d; g[p + 2] += d; g[p + 3] += a3 * d; g[p + 4] += a4 * d; g[p + 5] += a5 * d;
        if (flush) flushSubnormals(g, p);
      }
      if (iik > 0) {
        const d = h2 * tau[k] * iik - g[r + 2];
        g[r] += a0 * d; g[r + 1] += a1 * d; g[r + 2] += d; g[r + 3] += a3 * d; g[r + 4] += a4 * d; g[r + 5] += a5 * d;
        if (flush) flushSubnormals(g, r);
      }
    }
    x[k] = g[o]; vx[k] = g[o + 1] * invDt; ax[k] = g[o + 2] * invH2;
    y[k] = g[p]; vy[k] = g[p + 1] * invDt; ay[k] = g[p + 2] * invH2;
    phi[k] = g[r]; om[k] = g[r + 1] * invDt; al[k] = g[r + 2] * invH2;
    if (ahead) predictBody(g, b, k, invDt);
  }
}

/** Kernel: the predictors of chunk c of the bodies (args: A_N, A_INV_DT) */
export function gearPredictChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[A_N];
  predictRange(c[G_COLUMN] as Float64Array, bodiesOf(c, n), spanStart(chunk, n), spanEnd(chunk, n), a[A_INV_DT], wasm);
}

/** Kernel: the correctors of chunk c of the bodies (args: A_N … A_AHEAD) */
export function gearCorrectChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[A_N];
  correctRange(c[G_COLUMN] as Float64Array, bodiesOf(c, n), spanStart(chunk, n), spanEnd(chunk, n), a, wasm);
}

/** Body k's three coordinates predicted, and its evaluation state y_0^p, y_1^p/Δt written (docs/model.md#gear-predictor-corrector, docs/model.md#gear-predictor-corrector). */
function predictBody(g: Float64Array, b: BodyState, k: number, invDt: number): void {
  const o = k * 18;
  predictSlot(g, o);
  predictSlot(g, o + STRIDE);
  predictSlot(g, o + 2 * STRIDE);
  b.ex[k] = g[o]; b.evx[k] = g[o + 1] * invDt;
  b.ey[k] = g[o + STRIDE]; b.evy[k] = g[o + STRIDE + 1] * invDt;
  b.ephi[k] = g[o + 2 * STRIDE]; b.eomega[k] = g[o + 2 * STRIDE + 1] * invDt;
}

/** Pascal-matrix predictor for one coordinate's six scaled derivatives (docs/model.md#gear-predictor-corrector). */
function predictSlot(g: Float64Array, o: number): void {
  const y0 = g[o], y1 = g[o + 1], y2 = g[o + 2], y3 = g[o + 3], y4 = g[o + 4], y5 = g[o + 5];
  g[o] = y0 + y1 + y2 + y3 + y4 + y5;
  g[o + 1] = y1 + 2 * y2 + 3 * y3 + 4 * y4 + 5 * y5;
  g[o + 2] = y2 + 3 * y3 + 6 * y4 + 10 * y5;
  g[o + 3] = y3 + 4 * y4 + 10 * y5;
  g[o + 4] = y4 + 5 * y5;
}

/** The inverse of predictSlot: y_k = Σ_{l≥k} (−1)^{l−k} C(l,k) y_l^p. */
function unpredictSlot(g: Float64Array, o: number): void {
  const y0 = g[o], y1 = g[o + 1], y2 = g[o + 2], y3 = g[o + 3], y4 = g[o + 4], y5 = g[o + 5];
  g[o] = y0 - y1 + y2 - y3 + y4 - y5;
  g[o + 1] = y1 - 2 * y2 + 3 * y3 - 4 * y4 + 5 * y5;
  g[o + 2] = y2 - 3 * y3 + 6 * y4 - 10 * y5;
  g[o + 3] = y3 - 4 * y4 + 10 * y5;
  g[o + 4] = y4 - 5 * y5;
}

/** Sets the subnormal values among one coordinate's derivatives g[o … o + STRIDE) to zero (see MIN_NORMAL). */
function flushSubnormals(g: Float64Array, o: number): void {
  for (let s = o; s < o + STRIDE; s++) {
    const v = g[s];
    if (v < MIN_NORMAL && v > -MIN_NORMAL && v !== 0) g[s] = 0;
  }
}
