/**
 * The convergence worker's control plane (Comlink): it runs the core's Δt ladder (runConvergence)
 * for one scenario spec per call, so the simulation worker never waits for it.
 * Imports core *types* only, so the UI can depend on this file without bundling the core.
 */
import type { LadderResult } from '../core/convergence/ladder';
import type { Checked } from './checked';

export type { LadderResult, QuantityConvergence, Quantity } from '../core/convergence/ladder';

/** One finished ladder and the wall time it took in the worker. */
export interface LadderRun {
  result: LadderResult;
  ms: number;
}

export interface ConvergenceApi {
  /** Validates the scenario spec (same format the CLI reads) and runs its whole Δt ladder. */
  runLadder(spec: unknown): Checked<LadderRun>;
}
