/**
 * The page's handle on the t_R(Δt) sweep worker (src/worker/relaxation-sweep.worker.ts): a point is one synchronous
 * run in the worker, so stop() ends the worker and the next sweep starts a fresh one (task-worker.ts: a worker that
 * fails rejects the point it was running).
 */
import type { Checked } from '../../protocol/api';
import type { RelaxationSweepApi, SweepPoint } from '../../protocol/relaxation';
import { TaskWorker } from '../task-worker';

export class SweepClient {
  private readonly worker = new TaskWorker<RelaxationSweepApi>(
    () => new Worker(new URL('../../worker/relaxation-sweep.worker.ts', import.meta.url), { type: 'module', name: 'relaxation-sweep' }),
    'relaxation sweep',
  );

  runPoint(scenario: string, assignments: string[]): Promise<Checked<SweepPoint>> {
    return this.worker.call<Checked<SweepPoint>>((api) => api.runPoint(scenario, assignments));
  }

  /** Ends the worker and the point it is running; a pending runPoint() never settles. */
  stop(): void {
    this.worker.stop();
  }
}
