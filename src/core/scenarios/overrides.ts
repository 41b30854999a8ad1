/**
 * `--set key=value` overrides, applied to a scenario's raw JSON before validation, so the schema
 * checks the result and names the field on error. Keys are dotted paths (`material.mu`,
 * `generators.0.count`) or the short names below. Values are read as JSON when they parse
 * (numbers, true/false, arrays), otherwise as strings.
 */
import { cloneJson } from '../math/grow';
import { parseScenario, ScenarioError, type ScenarioSpec } from './schema';

export const SHORT_KEYS: Record<string, string> = {
  kn: 'material.kn', ktOverKn: 'material.ktOverKn', en: 'material.en', tangentialDamping: 'material.tangentialDamping',
  nuTOverNuN: 'material.nuTOverNuN', etOverEn: 'material.etOverEn', mu: 'material.mu', capMode: 'material.capMode',
  clampNormal: 'material.clampNormal', density: 'material.density', normalLaw: 'material.normalLaw', gammaN: 'material.gammaN',
  hertzSpeed: 'material.hertzSpeed', gammaS: 'material.gammaS',
  integrator: 'solver.integrator', tangential: 'solver.tangential', dtOverTc: 'solver.dtOverTc', dt: 'solver.dt',
  rotation: 'solver.rotation', plane: 'solver.plane', planeHysteresis: 'solver.planeHysteresis', gssssFamily: 'solver.gssssFamily', rhoMin: 'solver.rhoMin', rhoMax: 'solver.rhoMax',
  rhoS: 'solver.rhoS', eta: 'solver.eta', iterations: 'solver.iterations', sweep: 'solver.sweep',
  tolerance: 'solver.tolerance', cdRestitution: 'solver.cdRestitution', gravityX: 'gravity.0', gravityY: 'gravity.1',
  duration: 'run.duration', durationOverTc: 'run.durationOverTc', outputEvery: 'run.outputEvery',
};

/** Setting one of a pair removes the other (they are alternatives). */
const EXCLUSIVE: Record<string, string> = {
  'solver.dtOverTc': 'solver.dt', 'solver.dt': 'solver.dtOverTc',
  'run.duration': 'run.durationOverTc', 'run.durationOverTc': 'run.duration',
};

export function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Splits `key=value`; throws ScenarioError naming the argument if malformed. */
export function splitAssignment(arg: string): [string, string] {
  const eq = arg.indexOf('=');
  if (eq <= 0) throw new ScenarioError([`--set ${arg}: expected key=value`]);
  return [arg.slice(0, eq).trim(), arg.slice(eq + 1).trim()];
}

export function setPath(root: Record<string, unknown>, key: string, value: unknown): void {
  const path = (SHORT_KEYS[key] ?? key).split('.');
  let node: Record<string, unknown> = root;
  for (let d = 0; d < path.length - 1; d++) {
    const seg = path[d];
    let next = node[seg];
    if (next === undefined) {
      if (path[d] === 'gravity') next = node[seg] = [0, 0];
      else next = node[seg] = {};
    }
    if (typeof next !== 'object' || next === null) {
      throw new ScenarioError([`--set ${key}: ${path.slice(0, d + 1).join('.')} is not an object`]);
    }
    if (Array.isArray(next) && !(Number(path[d + 1]) >= 0 && Number(path[d + 1]) < next.length)) {
      throw new ScenarioError([`--set ${key}: ${path.slice(0, d + 2).join('.')}: no such entry (${next.length} present)`]);
    }
    node = next as Record<string, unknown>;
  }
  const full = path.join('.');
  const other = EXCLUSIVE[full];
  if (other) {
    const parts = other.split('.');
    const parent = parts.slice(0, -1).reduce<Record<string, unknown> | undefined>((o, s) => o?.[s] as Record<string, unknown> | undefined, root);
    if (parent) delete parent[parts[parts.length - 1]];
  }
  node[path[path.length - 1]] = value;
}

/** Applies `key=value` assignments to raw scenario JSON and validates the result. */
export function applyOverrides(raw: unknown, assignments: string[]): ScenarioSpec {
  const root = cloneJson(raw) as Record<string, unknown>;
  for (const a of assignments) {
    const [k, v] = splitAssignment(a);
    setPath(root, k, parseValue(v));
  }
  return parseScenario(root);
}
