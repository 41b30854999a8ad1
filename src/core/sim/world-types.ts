/**
 * What a running simulation exposes to its drivers (CLI, worker, tests). Plain data only, so it
 * crosses a worker boundary by structured clone.
 */

/** Cheap per-step diagnostics at the committed time t (docs/architecture.md#one-step). */
export interface Diagnostics {
  /** [s] */
  t: number;
  /**
   * Time level of the stored accelerations: t − φΔt for a GSSSS member with shift φ
   * (docs/model.md#explicit-gssss-family); t for Gear and central difference [s]
   */
  tAcceleration: number;
  step: number;
  /** [s] */
  dt: number;
  /** Contact time of the reference contact (smallest reduced mass) [s], paper 000 Eq. 10 */
  tc: number;
  dtOverTc: number;
  /** Translational and rotational kinetic energy [J] */
  ekTrans: number;
  ekRot: number;
  ek: number;
  /** Elastic energy ½kn δ² + ½kt ξ² over contacts at the committed positions [J] */
  eElastic: number;
  /** Its normal (½kn δ², Hertz ⅖ k_N δ^{5/2}) and tangential (½kt ξ²) parts [J] */
  eElasticNormal: number;
  eElasticTangential: number;
  /** Kinetic energy of moving walls and pistons [J] */
  ekWalls: number;
  /** −Σ (m g + F_ext)·x [J] */
  ePotential: number;
  /** Work done on the particles from outside so far: moving walls, pistons, prescribed bodies, the periodic seam and the hand [J] */
  workIn: number;
  /** The hand's part of workIn: dragging, holding and throwing bodies [J] */
  workHand: number;
  contacts: number;
  /** max over contacts of δ / min(a_i, a_j) */
  maxOverlapRatio: number;
  /** Normal angle atan2(ny, nx) of the selected contact [rad]; NaN when it is not in contact */
  planeAngle: number;
  /**
   * A selected polygon pair seen through every plane definition (PLANE_IDS order: usual, literal-signed,
   * literal-abs, axial) [rad], and its number of boundary crossings; NaN otherwise (contacts/plane-probe.ts)
   */
  planeAngles: ArrayLike<number>;
  crossings: number;
  /** Contact dynamics: constraint-solver sweeps done in the last step (0 for force integrators) */
  sweeps: number;
  /** Position of the first piston along its inward normal [m]; NaN without a piston */
  pistonPosition: number;
  /**
   * Pipe scenes (run.spaceTime): mean velocity along x of the movable grains [m/s], their number flux
   * through a cross-section [1/s], and the standard deviation of the latest space–time row's counts; NaN otherwise
   */
  meanVx: number;
  flux: number;
  densitySd: number;
  /** Largest overlap ratio (δ / min(a_i, a_j)) seen at any step since the start */
  peakOverlapRatio: number;
  /**
   * Energy ledger since the last baseline (run start, restart or parameter change) [J]: dissipated by the
   * normal dashpots, the tangential dashpots and Coulomb sliding, and the residual
   * E_now − E_baseline − W_in + dissipated (energy from nowhere when > 0). NaN for polygons and contact dynamics.
   */
  dissipatedNormal: number;
  dissipatedTangential: number;
  dissipatedSlip: number;
  energyResidual: number;
  /**
   * The energy the ledger has to account for: E at the baseline + the work done from outside since (walls,
   * pistons, prescribed bodies, the hand) [J]. E_now + dissipated = energySupplied + energyResidual. NaN where the
   * residual is.
   */
  energySupplied: number;
}

export interface Health {
  status: 'ok' | 'diverged';
  /** One sentence a lecturer can read out: what went wrong and the likely cause */
  message: string;
  /** Step and time at which the problem was detected */
  step: number;
  t: number;
}

/** How the neighbour search chose its method (neighbors/neighbor-search.ts) */
export type { SearchReport } from '../neighbors/neighbor-search';

/** Time scales of the current material, reported in the UI and the CLI summary. */
export interface TimeScales {
  /** Contact duration of the law's reference contact, the smallest reduced mass [s]: paper 000 Eq. 10; Hertz: undamped, at the impact speed hertzSpeed */
  tc: number;
  /**
   * The impact speed [m/s] tc (and so Δt/tc and the step limit) is quoted at, for a law whose tc depends on it
   * (laws/contact-law.ts, LawCoefficients.speed; the Hertz law's hertzSpeed, the name it has kept)
   */
  hertzSpeed?: number;
  /** 2π√(m_min/kn) [s], paper 000 Eq. 9 */
  ts: number;
  /** Reduced mass used for tc [kg] */
  mr: number;
  /** Normal damping ratio ζn from εn (docs/model.md#damping-from-restitution) */
  zetaN: number;
  /**
   * Largest stable Δt/tc of the current integrator: the smaller of the spring limit (one reference contact with this
   * damping, docs/model.md#stability-of-gear-on-a-damped-contact) and, with contacts, the dashpot-rate limit of the
   * packing as it is (docs/model.md#gears-dashpot-rate-limit)
   */
  stableDtOverTc: number;
  /** Which of the two sets stableDtOverTc */
  stableLimit: 'spring' | 'dashpot-rate';
  /** The spring limit alone [Δt/tc] */
  springDtOverTc: number;
  /**
   * The dashpots' fastest rate in the current contacts (diagnostics/dashpot-rate.ts; estimated every few hundred
   * steps at most, at the step `step`) and the integrator's bound on c Δt; absent without contacts, dashpots or bound
   */
  dashpotRate?: { cMax: number; bound: number; dtOverTc: number; step: number };
}

/** One contact as the inspector shows it (World.selectedContactDetail) */
export interface ContactDetail {
  /** The pair; i = −1 − w for wall w */
  i: number;
  j: number;
  /** Tangential spring ξ [m] (0 for Haff–Werner), and its force k_t ξ [N] */
  xi: number;
  springForce: number;
  /** Normal and tangential force on j [N] */
  fn: number;
  ft: number;
  /** μ f_n (total cap) or μ f_n^e (elastic cap): the Coulomb cone's edge [N] */
  coulombLimit: number;
  /** At the cone's edge: the contact slides */
  sliding: boolean;
  /** Overlap measure (depth, or area for polygons) and δ / l_c */
  delta: number;
  overlapRatio: number;
  /** Normal (from i to j) and contact point [m] */
  nx: number;
  ny: number;
  cx: number;
  cy: number;
}
