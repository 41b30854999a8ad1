/**
 * `--set key=value` overrides, applied to a scenario's raw JSON before validation, so the schema
 * checks the result and names the field on error. Keys are dotted paths (`material.mu`,
 * `generators.0.count`) or the short names below (a live parameter's from its row of config/param-table.ts);
 * every segment of a path must be a field of the
 * scenario schema (or an entry number of a list), so a key like `__proto__.x` or `constructor` is refused
 * before anything is written. Values are read as JSON when they parse (numbers, true/false, arrays),
 * otherwise as strings.
 */
import { z } from 'zod';
import { cloneJson } from '../math/grow';
import { PARAMS } from '../config/param-table';
import { parseScenario, scenarioSchema, ScenarioError, type ScenarioSpec } from './schema';

/** Scenario fields with a short name that are not live parameters (set once, before the run starts). */
const FIELD_SHORT_KEYS: Record<string, string> = {
  density: 'material.density', dt: 'solver.dt', duration: 'run.duration', durationOverTc: 'run.durationOverTc', outputEvery: 'run.outputEvery',
};

/** The order `sim --help` has always listed the short names in; a short name not listed here comes after them. */
const SHORT_KEY_ORDER = [
  'kn', 'ktOverKn', 'en', 'tangentialDamping', 'nuTOverNuN', 'etOverEn', 'mu', 'capMode', 'clampNormal', 'density', 'normalLaw', 'gammaN',
  'hertzSpeed', 'gammaS', 'integrator', 'tangential', 'dtOverTc', 'dt', 'rotation', 'plane', 'planeHysteresis', 'gssssFamily', 'rhoMin', 'rhoMax',
  'rhoS', 'eta', 'iterations', 'sweep', 'tolerance', 'cdRestitution', 'gravityX', 'gravityY', 'duration', 'durationOverTc', 'outputEvery',
];

/**
 * Short name → scenario path: every row of a live-parameter table whose path is not its own name (pistonForce's
 * path is already 'pistonForce'), and the fields above.
 */
export function shortKeys(table: Record<string, { path: string }>): Record<string, string> {
  const paths: Record<string, string> = { ...FIELD_SHORT_KEYS };
  for (const [name, row] of Object.entries(table)) if (row.path !== name) paths[name] = row.path;
  const names = [...SHORT_KEY_ORDER.filter((k) => Object.hasOwn(paths, k)), ...Object.keys(paths).filter((k) => !SHORT_KEY_ORDER.includes(k))];
  return Object.fromEntries(names.map((k) => [k, paths[k]]));
}

export const SHORT_KEYS = shortKeys(PARAMS);

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

/** The schemas a value at this node may match: defaults, optionals and unions unwrapped. */
function concrete(s: z.ZodType): z.ZodType[] {
  const out: z.ZodType[] = [], todo = [s];
  while (todo.length) {
    const t = todo.pop()!;
    if (t instanceof z.ZodDefault || t instanceof z.ZodOptional || t instanceof z.ZodNullable) todo.push(t.unwrap() as z.ZodType);
    else if (t instanceof z.ZodUnion) todo.push(...(t.options as z.ZodType[]));
    else out.push(t);
  }
  return out;
}

const INDEX = /^(0|[1-9]\d{0,8})$/;

/**
 * Checks a dotted path against the scenario schema: each segment must be a field of an object there or an
 * entry number of a list. Throws ScenarioError `--set <key>: unknown field(s) '<segment>' …` otherwise.
 */
export function checkOverridePath(key: string, path: string[]): void {
  let nodes: z.ZodType[] = [scenarioSchema];
  for (let d = 0; d < path.length; d++) {
    const seg = path[d], here = path.slice(0, d).join('.');
    const next: z.ZodType[] = [];
    const fields = new Set<string>();
    let lists = false;
    for (const n of nodes.flatMap(concrete)) {
      if (n instanceof z.ZodObject) {
        const shape = n.shape as Record<string, z.ZodType>;
        for (const f of Object.keys(shape)) fields.add(f);
        if (Object.hasOwn(shape, seg)) next.push(shape[seg]);
      } else if (n instanceof z.ZodArray) {
        lists = true;
        if (INDEX.test(seg)) next.push(n.element as z.ZodType);
      } else if (n instanceof z.ZodRecord) {
        // run.schedule.N.set: keys from an enum (the live parameters' names)
        const keys = n.keyType as z.ZodType;
        if (keys instanceof z.ZodEnum) for (const f of keys.options as string[]) fields.add(f);
        if (keys.safeParse(seg).success) next.push(n.valueType as z.ZodType);
      } else if (n instanceof z.ZodTuple) {
        lists = true;
        const items = n.def.items as z.ZodType[];
        if (INDEX.test(seg) && Number(seg) < items.length) next.push(items[Number(seg)]);
      }
    }
    if (next.length) {
      nodes = next;
      continue;
    }
    if (fields.size) {
      const short = d === 0 ? `, or a short name: ${Object.keys(SHORT_KEYS).join(', ')}` : '';
      throw new ScenarioError([`--set ${key}: unknown field(s) '${seg}'${here ? ` in ${here}` : ''}; known: ${[...fields].join(', ')}${short}`]);
    }
    if (lists) throw new ScenarioError([`--set ${key}: '${seg}' is not an entry number of ${here}`]);
    throw new ScenarioError([`--set ${key}: ${here} has no fields`]);
  }
}

export function setPath(root: Record<string, unknown>, key: string, value: unknown): void {
  const path = (Object.hasOwn(SHORT_KEYS, key) ? SHORT_KEYS[key] : key).split('.');
  checkOverridePath(key, path);
  let node: Record<string, unknown> = root;
  for (let d = 0; d < path.length - 1; d++) {
    const seg = path[d];
    let next = Object.hasOwn(node, seg) ? node[seg] : undefined;
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
  const other = Object.hasOwn(EXCLUSIVE, full) ? EXCLUSIVE[full] : undefined;
  if (other) {
    const parts = other.split('.');
    const parent = parts.slice(0, -1).reduce<Record<string, unknown> | undefined>((o, s) => (o && Object.hasOwn(o, s) ? o[s] : undefined) as Record<string, unknown> | undefined, root);
    if (parent && typeof parent === 'object') delete parent[parts[parts.length - 1]];
  }
  // the path is checked: the last segment is a schema field or an entry number, never '__proto__'
  if (Array.isArray(node) && !(Number(path[path.length - 1]) <= node.length)) {
    throw new ScenarioError([`--set ${key}: ${path.join('.')}: no such entry (${node.length} present)`]);
  }
  node[path[path.length - 1]] = value;
}

/** Applies `key=value` assignments to raw scenario JSON and validates the result. */
export function applyOverrides(raw: unknown, assignments: string[]): ScenarioSpec {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ScenarioError([`(scenario): must be a JSON object, got ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}`]);
  }
  const root = cloneJson(raw) as Record<string, unknown>;
  for (const a of assignments) {
    const [k, v] = splitAssignment(a);
    setPath(root, k, parseValue(v));
  }
  return parseScenario(root);
}
