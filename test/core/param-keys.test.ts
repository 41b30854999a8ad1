/**
 * Parameter names from input (issue 8, item 4): a key every object inherits is not a parameter, and a
 * schedule's parameters keep the order the scenario gives them (the app's schedule note quotes them).
 */
import { describe, expect, it } from 'vitest';
import { checkParam, ParamError } from '../../src/core/config/param-check';
import { getBuiltInInput } from '../../src/core/scenarios/registry';
import { parseScenario } from '../../src/core/scenarios/schema';

describe('parameter keys from input', () => {
  it("checkParam refuses inherited names ('toString', 'constructor', 'hasOwnProperty') as unknown parameters", () => {
    for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      expect(() => checkParam(name, 1)).toThrow(ParamError);
      expect(() => checkParam(name, 1)).toThrow(/unknown parameter; known: /);
    }
    expect(checkParam('mu', 0.3)).toBe(0.3);
  });

  it('a schedule entry keeps its keys in the order written', () => {
    const spec = parseScenario(getBuiltInInput('cd-piston'));
    expect(Object.keys(spec.run.schedule[0].set)).toEqual(['pistonMass', 'pistonForce', 'iterations']);
    const input = { ...(getBuiltInInput('head-on') as object), run: { duration: 0.01, schedule: [{ at: 0, set: { mu: 0.1, dtOverTc: 0.02, kn: 1e5 } }] } };
    expect(Object.keys(parseScenario(input).run.schedule[0].set)).toEqual(['mu', 'dtOverTc', 'kn']);
  });
});
