/**
 * A worker pool on Node's worker_threads (parallel/worker-pool.ts): `threads` threads in all, the caller
 * and threads − 1 workers running cli/pool-worker.ts (through tsx's API, as the CLI itself runs through tsx).
 */
import { Worker } from 'node:worker_threads';
import { WorkerPool } from '../core/parallel/worker-pool';
import { POOL_KERNELS } from '../core/pool-kernels';

export { MAX_THREADS } from '../core/parallel/max-threads';

export interface NodePool {
  pool: WorkerPool;
  /** Stops and ends the workers */
  close(): Promise<void>;
}

/**
 * The pool for a thread count the user chose (`sim run --threads`, the bench's): none for 1 — one thread runs the
 * serial path, since a pool of one thread does the serial loop's work plus its chunks' glue (and a separate count of
 * the touching pairs) and ran at 0.8–0.9× of it (docs/benchmarks.md#threads); the same bits but for the energy sums'
 * rounding, as on any pool. Otherwise nodePool(threads). (A pool of one thread is still built by nodePool(1) where a
 * test wants the chunked path on one thread.)
 */
export async function poolForThreads(threads: number): Promise<NodePool | null> {
  return threads > 1 ? nodePool(threads) : null;
}

/**
 * Resolves once every worker has loaded: the pool's caller blocks in Atomics.wait, and a worker still
 * loading its modules through tsx needs the calling thread's event loop.
 */
export async function nodePool(threads: number): Promise<NodePool> {
  const entry = new URL('./pool-worker.ts', import.meta.url).href;
  // A worker does not inherit tsx's loader: it loads tsx's API (resolved here, whatever the working
  // directory), which then loads the TypeScript entry.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  const workers = Array.from({ length: Math.max(0, threads - 1) }, () => new Worker(boot, { eval: true }));
  await Promise.all(workers.map((w) => new Promise<void>((resolve, reject) => {
    w.once('message', () => resolve());
    w.once('error', reject);
  })));
  // after loading, a worker's error has already failed the pool's command (WorkerPool.command): report it
  for (const w of workers) w.on('error', (e) => process.stderr.write(`worker pool: ${(e as Error).stack ?? e}\n`));
  const pool = new WorkerPool(workers, POOL_KERNELS);
  return {
    pool,
    close: async () => {
      pool.close();
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
