/**
 * Loading a scene: the scenario a load names (a built-in by name, or a scenario file's JSON, as text or
 * parsed: the format the CLI reads), and its world, built on the worker pool if there is one, with the
 * caller's parameter overrides applied one by one (a refused one is reported and the scenario's value kept).
 */
import type { Checked, ScenarioInfo } from '../protocol/api';
import type { ScenarioSpec } from '../core/scenarios/schema';
import type { WorkerPool } from '../core/parallel/worker-pool';
import { createWorld, describeError, getBuiltIn, listBuiltIns, parseScenario, type WorldLike } from './core-adapter';

export function scenarioList(): ScenarioInfo[] {
  return listBuiltIns().map((s) => ({ name: s.name, title: s.title, description: s.description }));
}

export function builtInSpec(name: string): Checked<ScenarioSpec> {
  try {
    return { ok: true, value: getBuiltIn(name) };
  } catch (e) {
    return { ok: false, problems: [`scenario: ${describeError(e).join('; ')}`] };
  }
}

export function fileSpec(json: unknown): Checked<ScenarioSpec> {
  try {
    const data = typeof json === 'string' ? JSON.parse(json) : json;
    return { ok: true, value: parseScenario(data) };
  } catch (e) {
    return { ok: false, problems: describeError(e) };
  }
}

/** The world of `spec` (on `pool` if given) with `overrides` applied; `rejected`: the refused ones' problems. */
export function buildWorld(spec: ScenarioSpec, pool: WorkerPool | undefined, overrides: Record<string, unknown>): Checked<{ world: WorldLike; rejected: string[] }> {
  let world: WorldLike;
  try {
    world = createWorld(spec, pool);
  } catch (e) {
    return { ok: false, problems: describeError(e) };
  }
  const rejected: string[] = [];
  for (const [k, v] of Object.entries(overrides ?? {})) {
    try {
      world.setParams({ [k]: v });
    } catch (e) {
      rejected.push(...describeError(e));
    }
  }
  return { ok: true, value: { world, rejected } };
}
