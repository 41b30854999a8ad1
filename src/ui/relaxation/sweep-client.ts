/**
 * The page's handle on the t_R(Δt) sweep worker (src/worker/relaxation-sweep.worker.ts): started on the
 * first point, terminated by stop() (a point is one synchronous run in the worker) and started afresh by
 * the next sweep. The convergence panel's LadderClient, for relaxation runs.
 */
import * as Comlink from 'comlink';
import type { Checked } from '../../protocol/api';
import type { RelaxationSweepApi, SweepPoint } from '../../protocol/relaxation';

export class SweepClient {
  private worker: Worker | null = null;
  private api: Comlink.Remote<RelaxationSweepApi> | null = null;

  runPoint(scenario: string, assignments: string[]): Promise<Checked<SweepPoint>> {
    if (!this.api) {
      this.worker = new Worker(new URL('../../worker/relaxation-sweep.worker.ts', import.meta.url), { type: 'module', name: 'relaxation-sweep' });
      this.api = Comlink.wrap<RelaxationSweepApi>(this.worker);
    }
    return this.api.runPoint(scenario, assignments);
  }

  /** Ends the worker and the point it is running; a pending runPoint() never settles. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
  }
}
