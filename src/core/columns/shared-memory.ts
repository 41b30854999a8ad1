/**
 * Moving a state object's typed arrays into SharedArrayBuffers, once, before a worker pool reads them
 * (parallel/worker-pool.ts). Growth keeps them shared (math/grow.ts), so this is done when a World is built.
 */
import { isShared } from '../math/grow';

type Column = Float64Array | Int32Array | Uint8Array;

/** A copy of `a` in shared memory (the same length and contents), typed as `a` is */
export function sharedCopy<T extends Column>(a: T): T {
  const b = new (a.constructor as new (buffer: ArrayBuffer) => T)(new SharedArrayBuffer(a.byteLength) as unknown as ArrayBuffer);
  b.set(a as never);
  return b;
}

/** Replaces every typed-array property of `owner` that is not shared yet by a shared copy. */
export function shareColumns(owner: object): void {
  const o = owner as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    const v = o[key];
    if ((v instanceof Float64Array || v instanceof Int32Array || v instanceof Uint8Array) && !isShared(v)) o[key] = sharedCopy(v);
  }
}
