/**
 * Resolves a scenario argument (a JSON file path or a built-in name), applies `--set` overrides and
 * validates. Every failure is a ScenarioError whose lines name the field and the allowed range.
 */
import { existsSync, readFileSync } from 'node:fs';
import { getBuiltInInput } from '../core/scenarios/registry';
import { applyOverrides } from '../core/scenarios/overrides';
import { ScenarioError, type ScenarioSpec } from '../core/scenarios/schema';

export function loadScenarioInput(arg: string): unknown {
  if (arg.endsWith('.json') || existsSync(arg)) {
    if (!existsSync(arg)) throw new ScenarioError([`scenario: file '${arg}' not found`]);
    const text = readFileSync(arg, 'utf8');
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new ScenarioError([`scenario: '${arg}' is not valid JSON (${(e as Error).message})`]);
    }
  }
  return getBuiltInInput(arg);
}

export function loadScenario(arg: string, sets: string[]): ScenarioSpec {
  return applyOverrides(loadScenarioInput(arg), sets);
}
