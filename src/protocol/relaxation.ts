/**
 * The relaxation fit Ek(t) = E₀ exp(−t/t_R) (paper 000 Eq. 12, docs/validation.md#e1-two-disc-relaxation): live in the
 * simulation worker (SimApi.relaxationFit) and as the E1 sweep in its own worker (RelaxationSweepApi).
 * Imports core *types* only, so the UI can depend on this file without bundling the core.
 */
import type { RelaxationRow } from '../core/diagnostics/relaxation-row';
import type { Checked } from './checked';

export type { RelaxationRow };

/** The fit through the Ek peaks recorded so far (since the scene was loaded or put back). */
export interface LiveRelaxationFit {
  /** [s]; NaN with fewer than 3 peaks in the window */
  tR: number;
  tROverTc: number;
  /** E₀ [J] of the fitted line */
  e0: number;
  peaks: number;
  decaying: boolean;
  /** The window: peaks between `to` and `from` times the largest */
  from: number;
  to: number;
  /** Times of the first and last peak used [s] (NaN: none) */
  t0: number;
  t1: number;
}

/** One finished sweep point and the wall time it took in the worker. */
export interface SweepPoint {
  row: RelaxationRow;
  ms: number;
}

export interface RelaxationSweepApi {
  /**
   * Runs one point of the sweep: the built-in `scenario` with the `key=value` assignments applied as
   * `sim sweep --set` / `--dt-over-tc` apply them, to relaxed, and fits t_R (core runRelaxation).
   */
  runPoint(scenario: string, assignments: string[]): Checked<SweepPoint>;
}
