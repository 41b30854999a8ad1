/**
 * The page's handle on the convergence worker (src/worker/convergence.worker.ts): a ladder is one synchronous call
 * in the worker, so stop() ends the worker and the next run starts a fresh one (task-worker.ts: a worker that fails
 * rejects the ladder it was running).
 */
import type { Checked } from '../../protocol/api';
import type { ConvergenceApi, LadderRun } from '../../protocol/convergence';
import { TaskWorker } from '../task-worker';

export class LadderClient {
  private readonly worker = new TaskWorker<ConvergenceApi>(
    () => new Worker(new URL('../../worker/convergence.worker.ts', import.meta.url), { type: 'module', name: 'convergence' }),
    'convergence',
  );

  runLadder(spec: unknown): Promise<Checked<LadderRun>> {
    return this.worker.call<Checked<LadderRun>>((api) => api.runLadder(spec));
  }

  /** Ends the worker and whatever ladder it is running; a pending runLadder() never settles. */
  stop(): void {
    this.worker.stop();
  }
}
