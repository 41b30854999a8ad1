/**
 * The composition root of the worker pool: the kernels it runs, one row per kernel at its index
 * (columns/kernel-ids.ts). The pool (parallel/worker-pool.ts) knows no physics: its hosts (cli/node-pool.ts,
 * worker/web-pool.ts, and their workers' serveJobs) hand it this table, and the stages that post these
 * kernels know the pool only through columns/ — so nothing below imports the pool, and the pool imports none of them.
 */
import * as K from './columns/kernel-ids';
import type { Kernel } from './columns/kernel-pool';
import { countWallTouches, pairAdjacencyChunk, pairPass, writeWallTouches } from './contacts/parallel-disc-kernels';
import { polygonPairsChunk, polygonRowsChunk } from './contacts/parallel-polygon-kernel';
import { polygonRotationsChunk } from './contacts/polygon-rotations';
import { collisionEventsChunk, freeFlightChunk } from './diagnostics/collision-monitor';
import { bodyEnergiesChunk } from './diagnostics/energy';
import { gearCorrectChunk, gearPredictChunk } from './integrators/gear';
import { gssssPredictChunk, gssssUpdateChunk } from './integrators/gssss';
import { maskPairsChunk, maskPairsCopyChunk } from './neighbors/cell-mask';
import { reuseTestChunk } from './neighbors/verlet-reuse';
import { bodyForcesChunk } from './sim/body-forces';

const ROWS: readonly (readonly [number, Kernel])[] = [
  [K.PAIR_FORCES, pairPass], [K.BODY_FORCES, bodyForcesChunk], [K.GSSSS_PREDICT, gssssPredictChunk],
  [K.GSSSS_UPDATE, gssssUpdateChunk], [K.BODY_ENERGIES, bodyEnergiesChunk], [K.WALL_COUNT, countWallTouches],
  [K.WALL_WRITE, writeWallTouches], [K.REUSE_TEST, reuseTestChunk], [K.COLLISION_EVENTS, collisionEventsChunk],
  [K.FREE_FLIGHT, freeFlightChunk], [K.PAIR_ADJACENCY, pairAdjacencyChunk], [K.GEAR_PREDICT, gearPredictChunk],
  [K.GEAR_CORRECT, gearCorrectChunk], [K.MASK_PAIRS, maskPairsChunk], [K.MASK_PAIRS_COPY, maskPairsCopyChunk],
  [K.POLYGON_PAIRS, polygonPairsChunk], [K.POLYGON_ROTATIONS, polygonRotationsChunk], [K.POLYGON_ROWS, polygonRowsChunk],
];

/** The table, indexed by kernel id (every id has its row: checked here, once) */
export const POOL_KERNELS: readonly Kernel[] = ROWS.map((_, k) => {
  const row = ROWS.find(([id]) => id === k);
  if (!row) throw new Error(`pool kernels: no kernel at index ${k}`);
  return row[1];
});
