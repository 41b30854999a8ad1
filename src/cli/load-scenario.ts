/**
 * Resolves a scenario argument (a JSON file path or a built-in name), applies `--set` overrides and
 * validates. Every failure is a ScenarioError or UsageError whose lines name the field and the allowed
 * range. Files must be regular files (a FIFO, device or socket is refused before a byte is read) and are read
 * with a bounded reader (at most 16 MiB) and checked for nesting depth before they are parsed; --set values
 * likewise (limits.ts).
 */
import { existsSync } from 'node:fs';
import { getBuiltInInput } from '../core/scenarios/registry';
import { applyOverrides } from '../core/scenarios/overrides';
import type { ScenarioSpec } from '../core/scenarios/schema';
import { UsageError } from './errors';
import { MAX_SCENARIO_BYTES } from '../core/scenarios/file-limit';
import { MAX_JSON_DEPTH, jsonDepth, parseJsonText, readBounded } from './limits';

export function loadScenarioInput(arg: string): unknown {
  if (arg === '') throw new UsageError('scenario: the scenario argument is empty; give a .json file or a built-in name');
  if (arg.endsWith('.json') || arg.includes('/') || existsSync(arg)) {
    if (!existsSync(arg)) throw new UsageError(`scenario: file '${arg}' not found`);
    const text = readBounded(arg, MAX_SCENARIO_BYTES, 'scenario');
    return parseJsonText(text, 'scenario', `'${arg}'`);
  }
  return getBuiltInInput(arg);
}

/** Refuses a --set value nested deeper than the JSON limit before anything parses it. */
export function checkAssignments(sets: string[]): void {
  for (const a of sets) {
    const eq = a.indexOf('=');
    if (eq > 0 && jsonDepth(a.slice(eq + 1)) > MAX_JSON_DEPTH) {
      throw new UsageError(`--set ${a.slice(0, eq).trim()}: the value is nested deeper than ${MAX_JSON_DEPTH} levels (${jsonDepth(a.slice(eq + 1))}; a scenario nests at most 5 deep)`);
    }
  }
}

export function loadScenario(arg: string, sets: string[]): ScenarioSpec {
  checkAssignments(sets);
  return applyOverrides(loadScenarioInput(arg), sets);
}
