/**
 * What a stage sees of a worker pool (parallel/worker-pool.ts implements it): named shared columns, the kernel
 * signature, and the pool's face — run a kernel over chunks, with its scalar arguments. A leaf: the stages
 * (physics) import this, never the pool itself, and the pool gets its kernel table from the composition root
 * (core/pool-kernels.ts).
 */
import type { WasmKernels } from '../wasm/kernels';

export type Column = Float64Array | Int32Array | Uint8Array;
/**
 * Named columns the kernels read and write; keys and order fixed by the caller. The record a kernel is
 * given is never changed afterwards (bind makes a new one), so a kernel may keep views of it by identity.
 */
export type Columns = Record<string, Column>;

/**
 * A kernel does chunk `chunk` of its work on the pool's columns with the scalar arguments `args`, writing only
 * what belongs to that chunk, so any thread may take any chunk; with `wasm` (the thread's kernels on the
 * columns' memory) it runs its WebAssembly twin where every column it reads is there.
 */
export type Kernel = (columns: Columns, args: Float64Array, chunk: number, wasm: WasmKernels | null) => void;

/** Scalar arguments of a kernel (doubles) */
export const POOL_ARGS = 64;

/** A pool of threads running kernels (rows of its kernel table, by columns/kernel-ids.ts) over chunks of shared columns */
export interface KernelPool {
  /** Threads that take chunks: the workers and the caller */
  readonly threads: number;
  /** The running kernel's scalar arguments (POOL_ARGS doubles), written before run() */
  readonly args: Float64Array;
  /** 'WebAssembly' when every thread runs the kernels there (as of the last command), else 'JavaScript' */
  readonly kernels: 'WebAssembly' | 'JavaScript';
  /** Runs the kernels in WebAssembly on `kernels`' memory (every thread), or with null in JavaScript; from the next bind on */
  useWasm(kernels: WasmKernels | null): void;
  /** Whether `columns` is the record bound last */
  isBound(columns: Columns): boolean;
  /** Makes `columns` the kernels' columns */
  bind(columns: Columns): void;
  /** Runs kernel `kernel` on chunks 0 … chunks − 1 and returns when all are done */
  run(kernel: number, chunks: number): void;
  /**
   * Runs kernel `kernel` on chunks 0 … chunks − 1, and kernel `then` on each chunk in chunk order, one thread at a time,
   * each as soon as that chunk of `kernel` is done (a serial stage overlapping the chunks still running)
   */
  runOrdered(kernel: number, then: number, chunks: number): void;
  /**
   * Kernel `kernel` on chunks 0 … chunks − 1 goes out with the next command, chunk c right before that command's chunk c
   * on the same thread (one handshake for both): that chunk may read what this one wrote for its own bodies, and no one
   * else may read its outputs before the next command
   */
  defer(kernel: number, chunks: number): void;
  /** Runs the deferred kernels now, if any */
  flush(): void;
  /** Posts kernel `kernel` for the workers alone and returns at once; finish() waits for it */
  start(kernel: number, chunks: number): void;
  /** Waits until the command start() posted is done */
  finish(): void;
}
