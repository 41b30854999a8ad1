/**
 * The scenario spec the convergence panel hands to the ladder: the loaded scenario's start state
 * (not the current state: the ladder restarts from t = 0 at every Δt) with the solver choice the
 * user made in the panel (integrator, tangential scheme, GSSSS settings). Material and gravity stay
 * as the scenario defines them, so an analytic reference (case-i) still applies.
 */
import type { Checked } from '../protocol/api';
import { GSSSS_PARAMS } from '../core/config/param-lists';
import type { LiveParams } from '../core/config/param-table';
import type { ScenarioSpec } from '../core/scenarios/schema';

/** The panel's solver choice: all at solver.<name> in a scenario */
const SOLVER_KEYS = ['integrator', 'tangential', ...GSSSS_PARAMS] as const;

export function ladderSpec(spec: ScenarioSpec, scenario: string, params: LiveParams, ladderScenarios: string[]): Checked<unknown> {
  if (!spec.run.convergence) {
    return {
      ok: false,
      problems: [`Scenario '${scenario}' has no Δt ladder configured (run.convergence in its JSON). `
        + `The convergence scenarios are ${ladderScenarios.map((s) => `'${s}'`).join(', ')}.`],
    };
  }
  const out = JSON.parse(JSON.stringify(spec)) as ScenarioSpec;
  for (const k of SOLVER_KEYS) (out.solver as Record<string, unknown>)[k] = params[k];
  return { ok: true, value: out };
}
