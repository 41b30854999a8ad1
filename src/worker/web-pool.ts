/**
 * The page's worker pool (parallel/worker-pool.ts on Web Workers): the simulation worker is the pool's
 * caller and starts threads − 1 nested workers (pool.worker.ts). Shared memory needs a cross-origin
 * isolated page (COOP/COEP headers, vite.config.ts); without it there is no pool, and the reason says so.
 */
import { WorkerPool } from '../core/parallel/worker-pool';
import { POOL_KERNELS } from '../core/pool-kernels';
import { describeError } from './core-adapter';

/** A worker that has not loaded in this long is taken as unable to start [ms] */
const START_TIMEOUT_MS = 20_000;

export interface WebPool {
  pool: WorkerPool;
  threads: number;
  close(): void;
}

/** Why this context cannot run a pool, or null if it can */
export function poolUnavailable(): string | null {
  if (typeof SharedArrayBuffer === 'undefined' || !globalThis.crossOriginIsolated) {
    return 'the page is not cross-origin isolated (the host must send Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)';
  }
  if (typeof Worker === 'undefined') return 'this browser cannot start workers from a worker';
  return null;
}

/**
 * Starts `threads − 1` workers and resolves once every one has taken the pool's first message (rejects,
 * with them ended, if one cannot). Not sooner: Chromium holds a message to a worker in the sender's queue
 * until it has seen the worker's script finish, which it learns by a task on the sender's thread; a caller
 * blocked in Atomics.wait before then never hands the message over (the pool's answer timeout under load).
 */
export async function webPool(threads: number): Promise<WebPool> {
  const workers = Array.from({ length: threads - 1 }, () => new Worker(new URL('./pool.worker.ts', import.meta.url), { type: 'module' }));
  const end = () => { for (const w of workers) w.terminate(); };
  const listening = workers.map((w) => new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a pool worker did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    w.onmessage = () => { clearTimeout(timer); resolve(); };
    w.onerror = (e) => { clearTimeout(timer); reject(new Error(`a pool worker failed to start: ${e.message}`)); };
  }));
  const pool = new WorkerPool(workers, POOL_KERNELS);
  try {
    await Promise.all(listening);
    pool.ping(); // every worker answers a blocked caller: a failure shows here, not in a scene's first step
  } catch (e) {
    end();
    throw e;
  }
  // after starting, a worker's error has already failed the pool's command (WorkerPool.command): report it
  for (const w of workers) w.onerror = (e) => console.error('worker pool:', e.message);
  return { pool, threads, close: () => { pool.close(); end(); } };
}

/**
 * The pool for `threads` (null for one thread: every scene steps on the simulation worker alone): `current`
 * if it has them, else a new one; when none can start, null and `note` says why.
 */
export async function poolFor(threads: number, current: WebPool | null): Promise<{ pool: WebPool | null; note: string }> {
  if (threads === 1) return { pool: null, note: '' };
  if (current?.threads === threads) return { pool: current, note: '' };
  const note = poolUnavailable();
  if (note) return { pool: null, note };
  try {
    return { pool: await webPool(threads), note: '' };
  } catch (e) {
    return { pool: null, note: describeError(e).join('; ') };
  }
}
