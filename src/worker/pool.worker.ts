/// <reference lib="webworker" />
/**
 * A Web Worker of the page's worker pool (web-pool.ts), started by the simulation worker: serves the
 * pool's jobs (parallel/worker-pool.ts) until told to stop, as cli/pool-worker.ts does in Node.
 */
import { serveJobs, type PoolMessage } from '../core/parallel/worker-pool';
import { POOL_KERNELS } from '../core/pool-kernels';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let started = false;
scope.onmessage = (e: MessageEvent<PoolMessage>) => {
  // the pool's first message has arrived: only now may the caller block waiting for this worker (web-pool.ts)
  if (!started) scope.postMessage('listening');
  started = true;
  if (serveJobs(e.data, POOL_KERNELS)) scope.close();
};
