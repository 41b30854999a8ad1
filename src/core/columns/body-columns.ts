/**
 * The bodies' columns on a worker pool: bound under their BodyState names, and seen by a worker's
 * kernels through one BodyState whose columns point at them (no copy).
 */
import { BodyState, F64_FIELDS } from '../state/body-state';
import type { PoolContext } from './pool-context';
import type { Columns } from './kernel-pool';

/**
 * Bodies per chunk of the per-body kernels that give something per chunk (the collision monitor's, the walls'), and the
 * least of spanOf: fixed, so the work's split never depends on the threads
 */
export const BODY_CHUNK = 1024;

/** Puts the bodies' columns into the pool's record under their own names. */
export function bindBodies(pool: PoolContext, b: BodyState): void {
  for (const f of F64_FIELDS) pool.put(f, b[f]);
  pool.put('flags', b.flags);
}

const view = new BodyState(0);
/** The columns the view points at: a pool's bound columns are never changed (a rebind makes new ones) */
let viewed: Columns | null = null;

/** A BodyState over the bound columns of n bodies (one per thread, re-pointed when the columns are new). */
export function bodiesOf(columns: Columns, n: number): BodyState {
  if (viewed !== columns) {
    for (const f of F64_FIELDS) view[f] = columns[f] as Float64Array<ArrayBuffer>;
    view.flags = columns.flags as Uint8Array<ArrayBuffer>;
    viewed = columns;
  }
  view.n = n;
  return view;
}

/**
 * Bodies per chunk of n bodies for the per-body kernels that give nothing per chunk (the integrators' steps, the body
 * forces, the reuse test): BODY_CHUNK, doubled up to four times that while there are at least 16 chunks, so that two
 * threads still finish together and each chunk's call (its glue) serves more bodies (100k: 25 chunks, not 98). A
 * function of n alone, never of the threads.
 */
export function spanOf(n: number): number {
  let span = BODY_CHUNK;
  while (span < 4 * BODY_CHUNK && n >= 32 * span) span *= 2;
  return span;
}

/** How many chunks of spanOf(n) bodies n bodies make */
export function spans(n: number): number {
  return Math.ceil(n / spanOf(n));
}

/** The bodies [spanStart, spanEnd) of chunk `chunk` of spanOf(n) bodies */
export function spanStart(chunk: number, n: number): number {
  return chunk * spanOf(n);
}
export function spanEnd(chunk: number, n: number): number {
  return Math.min(n, (chunk + 1) * spanOf(n));
}

/** The bodies [first, end) of chunk `chunk` of n bodies */
export function chunkStart(chunk: number): number {
  return chunk * BODY_CHUNK;
}
export function chunkEnd(chunk: number, n: number): number {
  return Math.min(n, (chunk + 1) * BODY_CHUNK);
}
