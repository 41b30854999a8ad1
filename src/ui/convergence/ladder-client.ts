/**
 * The page's handle on the convergence worker (src/worker/convergence.worker.ts): started on the
 * first ladder, terminated by stop() (a ladder cannot be interrupted any other way, it is one
 * synchronous call in the worker) and started afresh by the next run.
 */
import * as Comlink from 'comlink';
import type { Checked } from '../../protocol/api';
import type { ConvergenceApi, LadderRun } from '../../protocol/convergence';

export class LadderClient {
  private worker: Worker | null = null;
  private api: Comlink.Remote<ConvergenceApi> | null = null;

  runLadder(spec: unknown): Promise<Checked<LadderRun>> {
    if (!this.api) {
      this.worker = new Worker(new URL('../../worker/convergence.worker.ts', import.meta.url), { type: 'module', name: 'convergence' });
      this.api = Comlink.wrap<ConvergenceApi>(this.worker);
    }
    return this.api.runLadder(spec);
  }

  /** Ends the worker and whatever ladder it is running; a pending runLadder() never settles. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
  }
}
