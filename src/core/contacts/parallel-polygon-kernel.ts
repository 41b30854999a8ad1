/**
 * The worker pool's kernels of the polygon pairs (contacts/parallel-polygon-pairs.ts runs them, and shares this layout):
 * chunk c of the candidate pairs through the pair kernel (wasm/assembly/polygon-pairs.ts) on the thread's own copy of
 * the kernels' table, with its own scratch; its rows from row k0 + c · POLYGON_CHUNK on (a pair has at most one
 * contact); where they end and the pair it left (else the chunk's end) into the ends column. Then, in chunk order (the
 * pool's ordered stage), each chunk's rows moved down behind the rows before them, and in the fused pass their forces,
 * row after row: the serial pass's record and sums.
 */
import type { Columns } from '../columns/kernel-pool';
import { LEFT, TABLE_BYTES } from '../wasm/assembly/polygon-table';
import type { WasmKernels } from '../wasm/kernels';

/** Candidate pairs per chunk (≈ 50 µs of clipping): the rows are merged in order, so the bits do not depend on it */
export const POLYGON_CHUNK = 256;
/** Scalar arguments: the candidate pairs, the record's first row, the calling thread's table (its byte address), 1 if the rows get their forces */
export const A_PAIRS = 0, A_K0 = 1, A_TABLE = 2, A_FORCES = 3;
/** The threads' tables (TABLE_INTS each, thread by thread) and the chunks' ends, by name among the pool's columns */
export const TABLES = 'polygonTables', ENDS = 'polygonEnds';
/**
 * The ends column: the row after the merged rows, the chunk the merge stopped at (a chunk whose kernel left a pair: the
 * calling thread goes on from there; −1: none), then per chunk the row after its last contact and the pair it left
 */
export const MERGED = 0, STOPPED = 1, CHUNK_ENDS = 2;
/** A thread's table, in i32s */
export const TABLE_INTS = TABLE_BYTES / 4;

/** Kernel: chunk `chunk` of the polygon candidate pairs; its row end and the pair it left into the ends column */
export function polygonPairsChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  if (!wasm) throw new Error('polygon pairs: a pool thread has no WebAssembly kernels (the pool runs them in WebAssembly alone)');
  const tables = c[TABLES] as Int32Array, ends = c[ENDS] as Int32Array, t = wasm.thread * TABLE_INTS;
  const p0 = chunk * POLYGON_CHUNK, p1 = Math.min(a[A_PAIRS], p0 + POLYGON_CHUNK);
  ends[CHUNK_ENDS + 2 * chunk] = wasm.polygonPairs(tables.byteOffset + 4 * t, p0, p1, a[A_K0] + p0);
  ends[CHUNK_ENDS + 2 * chunk + 1] = tables[t + LEFT];
}

/**
 * Ordered stage of polygonPairsChunk: chunk `chunk`'s rows moved down to the merged rows' end (wasm/assembly/polygon-rows.ts,
 * its pair slots shifted with them) and, with A_FORCES, their forces in row order (polygonRowForces) on the calling
 * thread's table, its sums carried from chunk to chunk there. A chunk whose kernel left a pair stops the merge.
 */
export function polygonRowsChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  if (!wasm) throw new Error('polygon rows: a pool thread has no WebAssembly kernels (the pool runs them in WebAssembly alone)');
  const ends = c[ENDS] as Int32Array;
  if (ends[STOPPED] >= 0) return;
  const p0 = chunk * POLYGON_CHUNK, p1 = Math.min(a[A_PAIRS], p0 + POLYGON_CHUNK), from = a[A_K0] + p0;
  const end = ends[CHUNK_ENDS + 2 * chunk], k = ends[MERGED], t = a[A_TABLE];
  if (ends[CHUNK_ENDS + 2 * chunk + 1] < p1) { ends[STOPPED] = chunk; return; }
  if (from > k) wasm.polygonMoveRows(t, from, end, k, p0, p1);
  if (a[A_FORCES] === 1 && end > from) wasm.polygonRowForces(t, k, k + end - from);
  ends[MERGED] = k + end - from;
}
