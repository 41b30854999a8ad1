/**
 * A scenario's live parameters, read and written at each row's path in the table (config/param-table.ts):
 * the World starts from `paramsOfSpec` and its `toSpec` writes the current values back with `withParams`.
 */
import { PARAM_NAMES, PARAMS, type LiveParams } from '../config/param-table';
import type { ScenarioSpec } from './schema';

type Node = Record<string, unknown>;

/** The live parameters a scenario starts with: each read at its path, the row's default where the scenario has none (dtOverTc when it gives dt). */
export function paramsOfSpec(spec: ScenarioSpec): LiveParams {
  const out: Node = {};
  for (const name of PARAM_NAMES) {
    const value = PARAMS[name].path.split('.').reduce<unknown>((node, seg) => (node as Node | undefined)?.[seg], spec);
    out[name] = value ?? PARAMS[name].default;
  }
  return out as LiveParams;
}

/**
 * `spec` with every live parameter written at its path. The objects and lists on the way are copies (`spec` is
 * not changed) whose keys stay where they were, so a written scenario lists its fields in the same order.
 */
export function withParams(spec: ScenarioSpec, params: LiveParams): ScenarioSpec {
  const out: Node = { ...spec };
  const copied = new Set<Node>([out]);
  for (const name of PARAM_NAMES) {
    const path = PARAMS[name].path.split('.');
    let node = out;
    for (const seg of path.slice(0, -1)) {
      let next = node[seg] as Node;
      if (!copied.has(next)) {
        next = node[seg] = (Array.isArray(next) ? [...next] : { ...next }) as Node;
        copied.add(next);
      }
      node = next;
    }
    node[path[path.length - 1]] = params[name];
  }
  return out as ScenarioSpec;
}
