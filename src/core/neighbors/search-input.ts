/** What every neighbour search reads: positions at the evaluation configuration and radii. */
import type { PeriodicX } from '../boundaries/periodic';
import type { PoolContext } from '../columns/pool-context';
import type { WasmKernels } from '../wasm/kernels';

export interface SearchInput {
  n: number;
  x: Float64Array;
  y: Float64Array;
  radius: Float64Array;
  periodic: PeriodicX;
  /** Extra distance beyond touching for a pair to be a candidate [m] */
  skin: number;
  /**
   * The last pair list may be reused until some particle has moved this far from where it was at the
   * last build (a Verlet skin, docs/model.md#conflicts-and-the-linked-cell-fallback); 0 rebuilds every time. Must not exceed
   * skin/2, or touching pairs could be missed.
   */
  reuseDistance?: number;
  /** A worker pool the reuse test runs on (its columns shared) */
  pool?: PoolContext | null;
  /** Else the WebAssembly kernels it runs on, where the positions are in their arena (wasm/kernels.ts) */
  wasm?: WasmKernels | null;
}
