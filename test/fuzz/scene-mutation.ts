/**
 * The fuzz suites' scenario material (fuzz-lib.ts and its case families): raw built-in scenarios shortened to
 * a few tc, paths into their JSON, and the command a mutated scenario file is run with.
 */
import { getBuiltInInput, listBuiltIns } from '../../src/core/scenarios/registry';
import type { Rng } from './prng';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Path = (string | number)[];

/** Every node below the root (objects, arrays and leaves), as paths. */
export function nodes(v: Json, path: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(v)) v.forEach((c, k) => { out.push([...path, k]); nodes(c, [...path, k], out); });
  else if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) { out.push([...path, k]); nodes(c, [...path, k], out); }
  return out;
}

export function getAt(root: Json, path: Path): Json {
  return path.reduce<Json>((o, k) => (o as Record<string, Json>)[k as string], root);
}

export function setAt(root: Json, path: Path, value: Json): void {
  const parent = getAt(root, path.slice(0, -1)) as Record<string, Json>;
  parent[path[path.length - 1] as string] = value;
}

export function deleteAt(root: Json, path: Path): void {
  const parent = getAt(root, path.slice(0, -1));
  const k = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(k as number, 1);
  else delete (parent as Record<string, Json>)[k as string];
}

/** Raw number text spliced into the JSON (1e999 parses as Infinity, -0, 1e-400 underflows). */
export const RAW = (text: string) => `@@RAW:${text}@@`;
export const unraw = (json: string) => json.replace(/"@@RAW:([^@]*)@@"/g, '$1');

/** Numbers at and past every double's edge: the `extremes` and `physical` families' values */
export const EXTREMES: Json[] = [0, -1, 0.5, 1e-300, -1e-300, 1e300, -1e300, 1.7976931348623157e308, -1.7976931348623157e308, 5e-324, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e6, 1e9, 1e15, 100_000, 1_000_000, 1_000_001, RAW('1e999'), RAW('-1e999'), RAW('-0'), RAW('1e-400'), RAW('123456789012345678901234567890')];

/** The scale preset (100,000 discs) is left out: a case on it would only measure the time budget. */
export const BUILT_INS = listBuiltIns().map((s) => s.name).filter((name) => name !== 'silo');
export const BIG_SCENES = new Set(['pipe-flow-long']);

/** A built-in's raw input, shortened to 30 tc so most mutated runs end within the budget. */
export function shortBuiltIn(name: string): Json {
  const raw = getBuiltInInput(name) as unknown as { run?: Record<string, Json> } & Record<string, Json>;
  raw.run ??= {};
  delete raw.run.duration;
  raw.run.durationOverTc = BIG_SCENES.has(name) ? 3 : 30;
  return JSON.parse(JSON.stringify(raw)) as Json;
}

/** The command a mutated scenario file is run with (mostly run; sometimes the other commands). */
export function scenarioCommand(r: Rng, file: string): string[] {
  const k = r.next();
  if (k < 0.7) return ['run', file, '--out', '$S/o'];
  if (k < 0.8) return ['export', 'lammps', file, '--out', '$S/o'];
  if (k < 0.9) return ['delta-ek', file, '--dt-over-tc', '0.02,0.04', '--out', '$S/o/d.csv'];
  if (k < 0.93) return ['convergence', file, '--steps', '64,128', '--json'];
  if (k < 0.96) return ['compare', file, '--variant', '', '--variant', 'dtOverTc=0.05', '--out', '$S/o'];
  return ['sweep', file, '--set', 'mu=0.1,0.3', '--json'];
}
