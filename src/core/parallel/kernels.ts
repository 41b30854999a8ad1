/**
 * The kernels a worker pool runs (parallel/worker-pool.ts), by index (parallel/kernel-ids.ts): one row
 * per kernel. A kernel does chunk `chunk` of its work on the pool's shared columns with the scalar
 * arguments `args`, writing only what belongs to that chunk, so any thread may take any chunk.
 */
import { countTouchingPairs, countWallTouches, gatherPairForces, pairForcesBlock, writeWallTouches } from '../contacts/parallel-disc-pass';
import { collisionEventsChunk, freeFlightChunk } from '../diagnostics/collision-monitor';
import { bodyEnergiesChunk } from '../diagnostics/energy';
import { gssssPredictChunk, gssssUpdateChunk } from '../integrators/gssss';
import { bodyForcesChunk } from '../sim/body-forces';
import { reuseTestChunk } from '../neighbors/verlet-reuse';
import type { Columns } from './worker-pool';

export type Kernel = (columns: Columns, args: Float64Array, chunk: number) => void;

export const KERNELS: readonly Kernel[] = [
  countTouchingPairs, pairForcesBlock, gatherPairForces, bodyForcesChunk, gssssPredictChunk, gssssUpdateChunk, bodyEnergiesChunk,
  countWallTouches, writeWallTouches, reuseTestChunk, collisionEventsChunk, freeFlightChunk,
];
