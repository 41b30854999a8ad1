/**
 * Loading a scene: the scenario a load names (a built-in by name, or a scenario file's JSON, as text or
 * parsed: the format the CLI reads), and its world, built on the worker pool if there is one, with the
 * caller's parameter overrides applied one by one (a refused one is reported and the scenario's value kept), and
 * the scenario's edits due at the start.
 */
import type { Checked, ScenarioInfo } from '../protocol/api';
import type { ScenarioSpec } from '../core/scenarios/schema';
import type { WorkerPool } from '../core/parallel/worker-pool';
import { describeError, getBuiltIn, listBuiltIns, parseScenario, SceneEditor } from './core-adapter';

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

/**
 * The scene of `spec` (on `pool` if given): its world, with `overrides` applied as the scene's own live parameters
 * and the edits due at the start applied after them (core/scene/scene-editor.ts); `rejected`: the refused overrides' problems.
 */
export function buildScene(spec: ScenarioSpec, pool: WorkerPool | undefined, overrides: Record<string, unknown>): Checked<{ editor: SceneEditor; rejected: string[] }> {
  try {
    const editor = new SceneEditor(spec, { pool, overrides: overrides ?? {} });
    return { ok: true, value: { editor, rejected: editor.rejected } };
  } catch (e) {
    return { ok: false, problems: describeError(e) };
  }
}
