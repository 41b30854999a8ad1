/**
 * What the solver controls offer: the core's integrators and tangential schemes with their one-line
 * descriptions, the built-in scenarios with a Δt ladder (run.convergence), and the core's verdict
 * (combinationProblem) on each tangential scheme with given integrator settings.
 */
import type { SchemeProblems, SolverCatalog } from '../protocol/api';
import type { LiveParams } from '../core/config/param-table';
import { combinationProblem, describeError, getBuiltIn, listBuiltIns, solverDescriptions, TANGENTIAL_IDS } from './core-adapter';

export function buildSolverCatalog(): SolverCatalog {
  const convergenceScenarios = listBuiltIns().map((s) => s.name).filter(hasLadder);
  return { ...solverDescriptions(), convergenceScenarios };
}

function hasLadder(name: string): boolean {
  try {
    return !!getBuiltIn(name).run.convergence;
  } catch {
    return false;
  }
}

/** Each tangential scheme's refusal with `params` in a scene of shape kinds `shapes` (a polygon scene refuses the disc-only schemes); null: selectable. */
export function schemeProblems(params: LiveParams, shapes: readonly number[]): SchemeProblems {
  const out = {} as SchemeProblems;
  for (const id of TANGENTIAL_IDS) {
    try {
      out[id] = combinationProblem({ ...params, tangential: id }, shapes);
    } catch (e) {
      out[id] = describeError(e).join('; '); // e.g. a bad GSSSS parameter: not selectable either
    }
  }
  return out;
}
