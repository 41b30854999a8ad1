/**
 * The kernels a worker pool runs (parallel/worker-pool.ts), by index (parallel/kernel-ids.ts): one row
 * per kernel. A kernel does chunk `chunk` of its work on the pool's shared columns with the scalar
 * arguments `args`, writing only what belongs to that chunk, so any thread may take any chunk; with `wasm`
 * (the thread's kernels on the columns' memory) it runs its WebAssembly twin where every column it reads is there.
 */
import { countWallTouches, pairAdjacencyChunk, pairPass, writeWallTouches } from '../contacts/parallel-disc-pass';
import { collisionEventsChunk, freeFlightChunk } from '../diagnostics/collision-monitor';
import { bodyEnergiesChunk } from '../diagnostics/energy';
import { gearCorrectChunk, gearPredictChunk } from '../integrators/gear';
import { gssssPredictChunk, gssssUpdateChunk } from '../integrators/gssss';
import { bodyForcesChunk } from '../sim/body-forces';
import { maskPairsChunk, maskPairsCopyChunk } from '../neighbors/cell-mask';
import { reuseTestChunk } from '../neighbors/verlet-reuse';
import type { WasmKernels } from '../wasm/kernels';
import type { Columns } from './worker-pool';

export type Kernel = (columns: Columns, args: Float64Array, chunk: number, wasm: WasmKernels | null) => void;

export const KERNELS: readonly Kernel[] = [
  pairPass, bodyForcesChunk, gssssPredictChunk, gssssUpdateChunk, bodyEnergiesChunk,
  countWallTouches, writeWallTouches, reuseTestChunk, collisionEventsChunk, freeFlightChunk, pairAdjacencyChunk,
  gearPredictChunk, gearCorrectChunk, maskPairsChunk, maskPairsCopyChunk,
];
