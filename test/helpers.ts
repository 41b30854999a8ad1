/** Shared test helpers: build worlds from built-ins with overrides. */
import { getBuiltInInput } from '../src/core/scenarios/registry';
import { applyOverrides } from '../src/core/scenarios/overrides';
import { World } from '../src/core/sim/world';
import type { ScenarioSpec } from '../src/core/scenarios/schema';

export function builtIn(name: string, ...sets: string[]): ScenarioSpec {
  return applyOverrides(getBuiltInInput(name), sets);
}

export function worldOf(name: string, ...sets: string[]): World {
  return new World(builtIn(name, ...sets));
}

/** Observed convergence order from errors at step sizes h and h/2. */
export function order(errCoarse: number, errFine: number): number {
  return Math.log2(errCoarse / errFine);
}
