/**
 * Amplification factor of the soft-DEM integrators (docs/model.md#amplification-factor): the spectral radius ρ of
 * one step's amplification matrix A(Ω, ζ) on the damped linear contact ẍ = −ω²x − 2ζωẋ, Ω = ωΔt. A step is linear
 * in the integrator's state, so the state after n steps is Aⁿ s₀ and a mode that is unstable grows by ρ a step
 * (its kinetic energy by ρ²).
 * A is taken from each integrator's own step, not re-derived: the integrator object (gear.ts, gssss.ts) steps one
 * body of unit mass with Δt = 1 on the spring-dashpot force −Ω²x − 2ζΩẋ, started from each unit state vector in turn,
 * and the states it reaches are A's columns (Gear: the scaled derivatives y_0 … y_{q−1}; GSSSS: q, v, a).
 */
import { LOCK_ROT, LOCK_Y } from '../state/body-flags';
import { BodyState } from '../state/body-state';
import type { IntegratorId } from '../param-rows/param-ids';
import { spectralRadius } from '../math/eigenvalues';
import { GEAR_TABLES, GearIntegrator } from './gear';
import { GSSSS_PRESETS, type GssssParameters, type GssssPresetId } from './gssss-parameters';
import { GssssIntegrator } from './gssss';
import type { StepDriver } from './integrator';

/** An integrator as the amplification factor sees it. */
export type AmplifiedScheme =
  | { kind: 'gear'; id: 'gear3' | 'gear4' | 'gear5'; /** the r̈ = f(r, ṙ) α row (dashpots present), else the r̈ = f(r) row */ velocityDependent: boolean }
  | { kind: 'gssss'; parameters: GssssParameters };

/** The scheme of integrator `id` (null for contact dynamics, which has no spring to amplify); `general` is the `gssss` member's parameters. */
export function amplifiedScheme(id: IntegratorId, general: GssssParameters, velocityDependent: boolean): AmplifiedScheme | null {
  if (id === 'gear3' || id === 'gear4' || id === 'gear5') return { kind: 'gear', id, velocityDependent };
  if (id === 'gssss') return { kind: 'gssss', parameters: general };
  if (id in GSSSS_PRESETS) return { kind: 'gssss', parameters: GSSSS_PRESETS[id as GssssPresetId].parameters };
  return null;
}

/** One step's amplification matrix (rows) at Ω = ωΔt and damping ratio ζ, built column by column from the integrator's step. */
export function amplificationMatrix(s: AmplifiedScheme, omega: number, zeta: number): number[][] {
  const b = new BodyState(1);
  b.add(0, 0, 1, 1, 1);
  b.flags[0] = LOCK_Y | LOCK_ROT; // one coordinate: x
  b.updateInverseMasses(true);
  const o2 = omega * omega, zo = 2 * zeta * omega;
  const w: StepDriver = {
    bodies: b, dt: 1, t: 0, stepCount: 1, pool: null, wasm: null,
    velocityDependentForces: s.kind === 'gear' && s.velocityDependent, // Gear's α row; GSSSS does not read it
    // the linear spring-dashpot at the evaluation state: f/m = −Ω² x − 2ζΩ ẋ (docs/model.md#linear-spring-and-dashpot)
    computeForces() { b.fx[0] = -o2 * b.ex[0] - zo * b.evx[0]; b.fy[0] = 0; b.tau[0] = 0; },
    commitTangential() {},
  };
  const columns: number[][] = [];
  if (s.kind === 'gear') {
    const g = new GearIntegrator(s.id), q = GEAR_TABLES[s.id].values;
    g.reserve(1);
    for (let j = 0; j < q; j++) {
      g.g.fill(0);
      g.g[j] = 1; // body 0's x derivatives are g[0 … q)
      g.step(w);
      columns.push(Array.from(g.g.subarray(0, q)));
    }
  } else {
    const g = new GssssIntegrator('gssss', s.parameters, '');
    for (let j = 0; j < 3; j++) {
      b.x[0] = j === 0 ? 1 : 0; b.vx[0] = j === 1 ? 1 : 0; b.ax[0] = j === 2 ? 1 : 0;
      g.step(w);
      columns.push([b.x[0], b.vx[0], b.ax[0]]);
    }
  }
  return columns[0].map((_, i) => columns.map((c) => c[i]));
}

/** ρ(A): the factor by which the fastest-growing (or slowest-decaying) mode changes per step. */
export function amplificationFactor(s: AmplifiedScheme, omega: number, zeta: number): number {
  return spectralRadius(amplificationMatrix(s, omega, zeta));
}

/** Expected growth factor per step of a contact mode of angular frequency ω [rad/s] at step Δt [s]. */
export function growthPerStep(s: AmplifiedScheme, omega: number, dt: number, zeta: number): number {
  return amplificationFactor(s, omega * dt, zeta);
}

/**
 * ρ above 1 by less than this is taken as 1: a double root on the unit circle (CDM at Ω = 2) comes out of
 * the QR iteration about √ε ≈ 1e-8 off (the same slack as gssss-stability.ts and the Gear tables in gear.ts).
 */
export const RADIUS_TOLERANCE = 1e-6;
/** The scan for the limit: Ω steps, and the largest Ω looked at */
const SCAN_STEP = 0.005, SCAN_END = 10;

/** Ω_s: the first Ω (from 0) at which ρ exceeds 1 (scan, then bisection); SCAN_END if it never does below it. */
export function amplificationLimit(s: AmplifiedScheme, zeta: number): number {
  let stable = 0, omega = SCAN_STEP;
  while (omega < SCAN_END && amplificationFactor(s, omega, zeta) <= 1 + RADIUS_TOLERANCE) {
    stable = omega;
    omega += SCAN_STEP;
  }
  if (omega >= SCAN_END) return SCAN_END;
  let lo = stable, hi = omega;
  for (let k = 0; k < 40; k++) {
    const mid = 0.5 * (lo + hi);
    if (amplificationFactor(s, mid, zeta) <= 1 + RADIUS_TOLERANCE) lo = mid; else hi = mid;
  }
  return lo;
}

/**
 * The range of ρ over the contact modes ω ∈ [ωLow, ωHigh] [rad/s] at step Δt (sampled at `samples` Ω): a pile's
 * contacts span such a band, and its measured growth, set by the fastest-growing mode, lies inside it, below `high`.
 */
export function growthBand(s: AmplifiedScheme, omegaLow: number, omegaHigh: number, dt: number, zeta: number, samples = 64): { low: number; high: number } {
  let low = Infinity, high = 0;
  for (let k = 0; k < samples; k++) {
    const omega = samples === 1 ? omegaLow : omegaLow + ((omegaHigh - omegaLow) * k) / (samples - 1);
    const r = growthPerStep(s, omega, dt, zeta);
    low = Math.min(low, r);
    high = Math.max(high, r);
  }
  return { low, high };
}
