/** Run / pause, a single step and back to the last good state: the worker's call, then a fresh status. */
import type { PageState } from './page-state';
import type { SimRemote } from './sim-client';

export interface RunCommands {
  /** pauses a running run; runs a paused one unless it diverged */
  toggleRun(): Promise<void>;
  /** pauses, then one step */
  singleStep(): Promise<void>;
  /** after a divergence: the last state the health check passed */
  restoreLastGood(): Promise<void>;
}

export function runCommands(api: SimRemote, state: PageState, poll: () => Promise<void>): RunCommands {
  return {
    async toggleRun() {
      if (state.status?.running) await api.pause();
      else if (state.status?.health.status !== 'diverged') await api.run();
      await poll();
    },
    async singleStep() {
      await api.pause();
      await api.stepN(1);
      await poll();
    },
    async restoreLastGood() {
      await api.restoreLastGood();
      await poll();
    },
  };
}
