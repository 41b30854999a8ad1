/**
 * The worker pool's kernel of the polygon pairs (contacts/parallel-polygon-pairs.ts runs it, and shares this layout):
 * chunk c of the candidate pairs through the pair kernel (wasm/assembly/polygon-pairs.ts) on the thread's own copy of
 * the kernels' table, with its own scratch; its rows from row k0 + c · POLYGON_CHUNK on (a pair has at most one
 * contact); where they end and the pair it left (else the chunk's end) into the ends column.
 */
import type { Columns } from '../columns/kernel-pool';
import { LEFT, TABLE_BYTES } from '../wasm/assembly/polygon-table';
import type { WasmKernels } from '../wasm/kernels';

/** Candidate pairs per chunk (≈ 50 µs of clipping): the rows are merged in order, so the bits do not depend on it */
export const POLYGON_CHUNK = 256;
/** Scalar arguments: the candidate pairs, the record's first row */
export const A_PAIRS = 0, A_K0 = 1;
/** The threads' tables (TABLE_INTS each, thread by thread) and the chunks' ends (two each), by name among the pool's columns */
export const TABLES = 'polygonTables', ENDS = 'polygonEnds';
/** A thread's table, in i32s */
export const TABLE_INTS = TABLE_BYTES / 4;

/** Kernel: chunk `chunk` of the polygon candidate pairs; ends[2c] the row after its last contact, ends[2c + 1] the pair it left */
export function polygonPairsChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  if (!wasm) throw new Error('polygon pairs: a pool thread has no WebAssembly kernels (the pool runs them in WebAssembly alone)');
  const tables = c[TABLES] as Int32Array, ends = c[ENDS] as Int32Array, t = wasm.thread * TABLE_INTS;
  const p0 = chunk * POLYGON_CHUNK, p1 = Math.min(a[A_PAIRS], p0 + POLYGON_CHUNK);
  ends[2 * chunk] = wasm.polygonPairs(tables.byteOffset + 4 * t, p0, p1, a[A_K0] + p0);
  ends[2 * chunk + 1] = tables[t + LEFT];
}
