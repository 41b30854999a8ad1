/**
 * The banner that says the simulation worker failed or stopped answering (#worker-fault; worker-watch.ts), what
 * the page kept of the run, and the ways on: Restart from that state, or Start fresh.
 */
import { fmtNum } from './controls/format';
import { $ } from './dom';
import type { WorkerFault } from './worker-watch';

export interface FaultActions {
  /** the simulated time of the state the page kept, or null: none (Restart begins the scene again) */
  keptTime(): number | null;
  restart(): void;
  startFresh(): void;
}

export class WorkerFaultBanner {
  private readonly box = $('worker-fault');

  constructor(private readonly actions: FaultActions) {
    $('worker-restart').addEventListener('click', () => actions.restart());
    $('worker-fresh').addEventListener('click', () => actions.startFresh());
  }

  show(f: WorkerFault): void {
    const t = this.actions.keptTime();
    $('worker-fault-text').textContent = f.message;
    $('worker-fault-detail').textContent = t === null
      ? 'The page kept the scenario and its parameters: Restart begins the scene again with them.'
      : `The page kept the state at t = ${fmtNum(t)} s, with its parameters: Restart goes on from there (paused).`;
    this.box.hidden = false;
  }
}
