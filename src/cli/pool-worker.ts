/** A worker_threads worker of a Node worker pool (cli/node-pool.ts): serves the pool's jobs until told to stop. */
import { parentPort } from 'node:worker_threads';
import { serveJobs, type PoolMessage } from '../core/parallel/worker-pool';
import { POOL_KERNELS } from '../core/pool-kernels';

const port = parentPort;
if (!port) throw new Error('pool-worker.ts runs as a worker thread');
port.on('message', (message: PoolMessage) => {
  if (serveJobs(message, POOL_KERNELS)) port.close();
});
port.postMessage('ready');
