/**
 * A time integrator (docs/extending.md). It owns the step.
 * - kind 'force' (Gear): writes the evaluation configuration into the bodies' e* arrays, asks the
 *   driver for forces there, and advances the committed state. Contact search, laws and the
 *   tangential scheme live in the driver, so every force integrator works with every contact model.
 * - kind 'impulse' (contact dynamics): asks the driver for the contacts at the start of the step
 *   (same neighbour search, narrow phase and history) and solves for the contact forces itself.
 */
import type { WasmKernels } from '../wasm/kernels';
import type { PoolContext } from '../columns/pool-context';
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import type { IntegratorId } from '../param-rows/param-ids';
import type { LiveParams } from '../config/param-table';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import type { GssssMarkers } from './gssss-parameters';

/** What an integrator may ask of the world during a step. */
export interface StepDriver {
  readonly bodies: BodyState;
  /** Current step [s] */
  readonly dt: number;
  /** Time of the committed state [s] */
  readonly t: number;
  /** Steps taken since the start (restored with a snapshot) */
  readonly stepCount: number;
  /**
   * Computes fx, fy, tau at the evaluation configuration (ex, ey, ephi, evx, evy, eomega) and time
   * tEval: neighbour search, contacts, normal law, tangential trial over dtSpring, Coulomb cap,
   * external forces and gravity.
   */
  computeForces(tEval: number, dtSpring: number): void;
  /** Stores the tangential springs for the next step (after the state has been advanced). */
  commitTangential(dtSpring: number): void;
  /** True when forces depend on velocities (dashpots present). */
  readonly velocityDependentForces: boolean;
  /**
   * True when another step follows this one at once with nothing between them that reads or changes the
   * integrator's state or the evaluation state (no periodic wrap, no snapshot, not the last of a batch):
   * Gear then predicts the next step in its corrector's loop. Absent: false.
   */
  readonly predictAhead?: boolean;
  /** The worker pool per-body stages may run on (columns/kernel-pool.ts), or null: run them here */
  readonly pool: PoolContext | null;
  /** The WebAssembly kernels per-body stages may run on (wasm/kernels.ts; the same bits), or null */
  readonly wasm: WasmKernels | null;
}

/** What contact dynamics also needs: the boundaries, the live parameters and the contact pipeline. */
export interface ImpulseDriver extends StepDriver {
  readonly walls: WallSet;
  readonly periodic: PeriodicX;
  readonly params: LiveParams;
  /** Contacts of the current step (after detectContacts or computeForces) */
  readonly contacts: ContactList;
  /**
   * Contact dynamics: the contacts at the committed configuration (copied into e*, velocities into
   * ev*) with gap below gapMax [m], history slots carried by pair key (docs/model.md#contact-history).
   */
  detectContacts(gapMax: number): ContactList;
  /** Contact dynamics: power fed in by walls and pistons [W] and the largest overlap/radius, for the health check. */
  recordContactStats(power: number, maxOverlapRatio: number): void;
}

export interface Integrator {
  id: IntegratorId;
  /** 'force': calls computeForces; 'impulse': contact dynamics, owns contact forces */
  readonly kind: 'force' | 'impulse';
  /** Constraint-solver sweeps done in the last step (0 for force integrators) */
  readonly sweepsDone: number;
  /** One line for the GUI and --help */
  description: string;
  /** Largest stable Ω = ω Δt on a contact with damping ratio ζ (docs/model.md#stability-of-gear-on-a-damped-contact, docs/model.md#gssss-stability-with-damping) */
  stableOmega(zeta: number): number;
  /**
   * Largest stable c Δt on a pure dashpot ẍ = −c ẋ, the spring gone (Ω → 0; docs/model.md#gears-dashpot-rate-limit):
   * a packing whose dashpots' fastest rate is c_max (diagnostics/dashpot-rate.ts) needs Δt below this over c_max.
   * Infinity without one (contact dynamics).
   */
  dashpotRateLimit(): number;
  /**
   * GSSSS markers for the tangential update (docs/model.md#traditional-and-consistent-updates); null for Gear, whose
   * forces are evaluated at the predicted state t + Δt, and for contact dynamics (no spring).
   */
  readonly markers: GssssMarkers | null;
  /**
   * The stored accelerations (ax, ay, alpha) belong to t − φΔt with φ = accelerationShift
   * (docs/model.md#explicit-gssss-family; 0 for Gear, central difference and contact dynamics).
   */
  readonly accelerationShift: number;
  /** Makes room for `capacity` bodies (called when bodies are added) */
  reserve(capacity: number): void;
  /** Start-up from the committed x, v (computes initial accelerations) */
  init(w: StepDriver): void;
  step(w: ImpulseDriver): void;
  /**
   * Δt changed between steps (the driver already holds the new Δt): Gear rescales its scaled
   * derivatives, GSSSS restarts from the committed state, contact dynamics needs nothing.
   */
  changeDt(w: StepDriver, oldDt: number, newDt: number): void;
  /** Re-initialises one body's internal state from its x, v (after a drag or teleport) */
  resetBody(w: StepDriver, k: number): void;
  /** Internal state arrays that a snapshot must copy */
  stateArrays(): Float64Array[];
  /** The world moved body k by dx along x (periodic wrap) */
  shiftX(k: number, dx: number): void;
  /** A run of steps stopped after a step taken with predictAhead (a divergence): its state back to the committed step */
  settle?(): void;
}

/** Linear interpolation in a stability table (ζ grid → Ω limit); beyond the last ζ it extrapolates down. */
export function interpolateStability(zetas: readonly number[], omegas: readonly number[], zeta: number): number {
  if (zeta <= zetas[0]) return omegas[0];
  for (let k = 1; k < zetas.length; k++) {
    if (zeta <= zetas[k]) {
      const f = (zeta - zetas[k - 1]) / (zetas[k] - zetas[k - 1]);
      return omegas[k - 1] + f * (omegas[k] - omegas[k - 1]);
    }
  }
  const n = zetas.length;
  const slope = (omegas[n - 1] - omegas[n - 2]) / (zetas[n - 1] - zetas[n - 2]);
  return Math.max(0.05, omegas[n - 1] + slope * (zeta - zetas[n - 1]));
}
