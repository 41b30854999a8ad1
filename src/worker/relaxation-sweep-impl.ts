/**
 * The worker-side implementation of RelaxationSweepApi (src/protocol/relaxation.ts): one point of the E1
 * sweep per call — the built-in scenario with the `sim sweep` assignments applied (applyOverrides), run and
 * fitted by the core's runRelaxation, the code `sim sweep` runs — so the page can plot each point as it
 * finishes and stop the worker between (or during) points.
 */
import type { Checked } from '../protocol/api';
import type { RelaxationSweepApi, SweepPoint } from '../protocol/relaxation';
import { applyOverrides, describeError, getBuiltInInput, runRelaxation } from './core-adapter';

export class RelaxationSweepWorker implements RelaxationSweepApi {
  runPoint(scenario: string, assignments: string[]): Checked<SweepPoint> {
    try {
      const spec = applyOverrides(getBuiltInInput(String(scenario)), assignments.map(String));
      const t0 = performance.now();
      const row = runRelaxation(spec);
      return { ok: true, value: { row, ms: performance.now() - t0 } };
    } catch (e) {
      return { ok: false, problems: describeError(e) };
    }
  }
}
