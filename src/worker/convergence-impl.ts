/**
 * The worker-side implementation of ConvergenceApi (src/protocol/convergence.ts): validates a
 * scenario spec and runs the core's Δt ladder on it. One ladder per call, so the page can report
 * progress between ladders and stop the worker between (or during) them.
 */
import type { Checked } from '../protocol/api';
import type { ConvergenceApi, LadderRun } from '../protocol/convergence';
import { describeError, parseScenario, runConvergence } from './core-adapter';

export class ConvergenceWorker implements ConvergenceApi {
  runLadder(spec: unknown): Checked<LadderRun> {
    try {
      const parsed = parseScenario(spec);
      const t0 = performance.now();
      const result = runConvergence(parsed);
      return { ok: true, value: { result, ms: performance.now() - t0 } };
    } catch (e) {
      return { ok: false, problems: describeError(e) };
    }
  }
}
