/** Geometric growth of typed arrays: used only when capacity is exceeded, never inside a step's loops. */
import { arenaOf } from '../wasm/wasm-arena';

export function grownCapacity(needed: number, current: number): number {
  let c = Math.max(16, current);
  while (c < needed) c *= 2;
  return c;
}

/**
 * A buffer of `bytes` of the same kind as `a`'s: shared memory stays shared when it grows, so the arrays a
 * worker pool reads (parallel/worker-pool.ts) keep being SharedArrayBuffers, and a column in a WebAssembly
 * arena (wasm/wasm-arena.ts) grows in it (the *Like functions below). Typed as ArrayBuffer: nothing
 * in the core uses what tells the two apart (a SharedArrayBuffer is never transferred).
 */
function bufferLike(a: ArrayBufferView, bytes: number): ArrayBuffer {
  return isShared(a) ? (new SharedArrayBuffer(bytes) as unknown as ArrayBuffer) : new ArrayBuffer(bytes);
}

/** Whether a typed array lives in shared memory */
export function isShared(a: ArrayBufferView): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && a.buffer instanceof SharedArrayBuffer;
}

/** An empty array of a's kind of memory, sized for `capacity` elements (zeros) */
export function int32Like(a: ArrayBufferView, capacity: number): Int32Array<ArrayBuffer> {
  return arenaOf(a)?.i32(capacity) ?? new Int32Array(bufferLike(a, 4 * capacity));
}

export function growF64(a: Float64Array, capacity: number): Float64Array<ArrayBuffer> {
  const b = arenaOf(a)?.f64(capacity) ?? new Float64Array(bufferLike(a, 8 * capacity));
  b.set(a.subarray(0, Math.min(a.length, capacity)));
  return b;
}

export function growI32(a: Int32Array, capacity: number, fill = 0): Int32Array<ArrayBuffer> {
  const b = int32Like(a, capacity);
  if (fill !== 0) b.fill(fill);
  b.set(a.subarray(0, Math.min(a.length, capacity)));
  return b;
}

export function growU8(a: Uint8Array, capacity: number): Uint8Array<ArrayBuffer> {
  const b = arenaOf(a)?.u8(capacity) ?? new Uint8Array(bufferLike(a, capacity));
  b.set(a.subarray(0, Math.min(a.length, capacity)));
  return b;
}

/** dst[0..n) = src[0..n) without a subarray view (a view is an object: one per call inside a step adds up). */
export function copyPrefix(dst: Float64Array, src: Float64Array, n: number): void {
  for (let k = 0; k < n; k++) dst[k] = src[k];
}

/** Deep copy of plain JSON data (scenario specs); structuredClone is not in the ES library types. */
export function cloneJson<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
