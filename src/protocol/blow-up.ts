/**
 * "Let it blow up" (issue 36): the worker's bounded run past the divergence detector (src/worker/blow-up-watch.ts),
 * the growth factor it measures (src/worker/growth-fit.ts) and the integrator's amplification factor it is set
 * against (src/worker/growth-theory.ts; docs/model.md#amplification-factor).
 */

/** Why a blow-up stopped: Ek grew by BLOW_UP_GROWTH, a body left the scene, BLOW_UP_STEPS of growth, or a value became NaN/∞. */
export type BlowUpReason = 'growth' | 'left' | 'steps' | 'non-finite';

/** A least-squares line through ln Ek over the steps of the growth (growth-fit.ts). */
export interface GrowthFit {
  /** Measured growth factor per step of the growing mode's amplitude: exp(slope/2) (Ek grows by its square) */
  rho: number;
  /** The line's slope: d ln Ek per step */
  slope: number;
  /** Coefficient of determination of the line (1: a straight line on the log axis) */
  r2: number;
  /** Points fitted: Ek's local maxima, or every step when there are too few of them */
  points: number;
  /** The first and last step fitted (the world's step count) */
  fromStep: number;
  toStep: number;
  /** How many times Ek grows along the fitted line between them: exp(slope (toStep − fromStep)) */
  span: number;
}

/** The amplification factor the integrator gives the scene's contact modes (growth-theory.ts). */
export interface GrowthTheory {
  /** The integrator's id (LiveParams.integrator) */
  integrator: string;
  /** Δt the theory is for [s] */
  dt: number;
  /** The softest single contact and the network's stiffest mode [rad/s] */
  omegaSoftest: number;
  omegaStiffest: number;
  /** The stiffest mode's damping ratio, and the range of ζ the modes can have at the softest and stiffest ω */
  zetaStiffest: number;
  zetaRange: { atSoftest: [number, number]; atStiffest: [number, number] };
  /** One mode (softest = stiffest: a disc on a floor, a single contact): ρ is a number, not a range */
  single: boolean;
  /** ρ at the stiffest mode with its own damping */
  rhoStiffest: number;
  /** ρ over the modes' frequencies and damping ratios: the measured growth lies in it */
  band: { low: number; high: number };
  /** Ω_s at the stiffest mode's damping, and the Δt [s] at which the stiffest mode reaches it */
  omegaLimit: number;
  dtLimit: number;
}

/** The blow-up watch's state (SimStatus.blowUp; null while the switch is off). */
export interface BlowUpStatus {
  /** 'watching': the run goes on past the detector; 'stopped': the blow-up ended (reason) and the run is paused */
  state: 'watching' | 'stopped';
  reason: BlowUpReason | null;
  /** The lowest value since the run (re)started of Ek's envelope (its largest value over the last 64 steps) [J], and its step */
  low: number;
  lowStep: number;
  /** Ek now [J], and Ek / low */
  ek: number;
  growth: number;
  /** The step at which Ek passed FIT_FROM × low (the growth under way), or −1 */
  growthStep: number;
  /** The divergence detector's first verdict passed over ('' none) */
  detector: string;
  /** Bodies outside the scene's bounds now */
  left: number;
  /** The scene's bounds a body may not leave [m]: xmin, ymin, xmax, ymax */
  bounds: [number, number, number, number];
  /** The fit of ln Ek so far (null before the growth has enough points) */
  fit: GrowthFit | null;
  /** The integrator's amplification factor for the scene's contacts (null: no contacts, or not the linear law) */
  theory: GrowthTheory | null;
  /** Limits: Ek growth and steps of growth before the run stops */
  maxGrowth: number;
  maxSteps: number;
}
