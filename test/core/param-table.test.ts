/**
 * One parameter table (src/core/config/param-table.ts): every row's scenario path is a field of the schema and
 * round-trips (`--set <short name>=v` → World.params → toSpec), the lists derived from the rows name only rows
 * (and the same names the hand-kept lists had), and a row added to a table shows up in every list it belongs to.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { num, choice, type ParamInfo, type ParamValues } from '../../src/core/param-rows/param-info';
import {
  CD_PARAMS, GSSSS_PARAMS, LAW_PARAMS, LECTURE_ADVANCED, paramLists, PISTON_PARAMS, RESTART_PARAMS, SOFT_ONLY_PARAMS,
} from '../../src/core/config/param-lists';
import { PARAM_NAMES, PARAMS, type ParamName } from '../../src/core/config/param-table';
import { paramsOfSpec } from '../../src/core/scenarios/live-params';
import { applyOverrides, checkOverridePath, SHORT_KEYS, shortKeys } from '../../src/core/scenarios/overrides';
import { getBuiltInInput } from '../../src/core/scenarios/registry';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';

const at = (root: unknown, path: string): unknown => path.split('.').reduce<unknown>((n, s) => (n as Record<string, unknown>)[s], root);

/** A value the row allows that is not its default (one the default model accepts: 'geometric' works with gear5). */
function otherValue(info: ParamInfo): number | boolean | string {
  if (info.kind === 'boolean') return !info.default;
  if (info.kind === 'choice') return info.options.find((o) => o !== info.default)!;
  return info.default === info.sliderMax ? info.sliderMin : info.sliderMax;
}

describe('the parameter table', () => {
  it('every row has a scenario path the schema knows, and a short name there unless the path is its name', () => {
    for (const name of PARAM_NAMES) {
      const path = PARAMS[name].path;
      expect(() => checkOverridePath(name, path.split('.')), name).not.toThrow();
      expect(path === name ? undefined : SHORT_KEYS[name], name).toBe(path === name ? undefined : path);
    }
  });

  it('a scenario that sets nothing gives every row its default', () => {
    const spec = parseScenario({ name: 'defaults', particles: [{ x: 0, y: 0, r: 0.01 }] });
    expect(paramsOfSpec(spec)).toEqual(Object.fromEntries(PARAM_NAMES.map((n) => [n, PARAMS[n].default])));
  });

  it.each(PARAM_NAMES)('%s: set with --set by its short name, read back from World.params and from toSpec', (name) => {
    const v = otherValue(PARAMS[name]);
    const spec = applyOverrides(getBuiltInInput('two-disc'), [`${name}=${String(v)}`]);
    expect(at(spec, PARAMS[name].path)).toBe(v);
    const w = new World(spec);
    expect(w.params[name]).toBe(v);
    const out = w.toSpec();
    expect(at(out, PARAMS[name].path)).toBe(v);
    expect(paramsOfSpec(parseScenario(JSON.parse(JSON.stringify(out))))).toEqual(w.params);
  });

  it('toSpec writes the solver in the order it always has, Δt last', () => {
    const w = new World(applyOverrides(getBuiltInInput('two-disc'), []));
    expect(Object.keys(w.toSpec().solver)).toEqual([
      'integrator', 'tangential', 'rotation', 'plane', 'planeHysteresis', 'gssssFamily', 'rhoMin', 'rhoMax', 'rhoS', 'eta',
      'iterations', 'sweep', 'tolerance', 'cdRestitution', 'dtOverTc',
    ]);
    expect(Object.keys(w.toSpec().material)).toEqual(Object.keys(w.spec.material));
  });
});

describe('lists derived from the table', () => {
  it('name only rows of the table, and the names the hand-kept lists had', () => {
    const lists = { RESTART_PARAMS, GSSSS_PARAMS, SOFT_ONLY_PARAMS, CD_PARAMS, PISTON_PARAMS, LECTURE_ADVANCED };
    for (const [list, names] of Object.entries(lists)) for (const n of names) expect(PARAM_NAMES, `${list}: ${n}`).toContain(n);
    // the contact laws' own rows (Hertz's gammaN and hertzSpeed, …) restart, are soft DEM's and lecture mode hides
    // them: they come from the laws' declarations (laws/registry.ts), not from a list here
    expect(LAW_PARAMS).toEqual(expect.arrayContaining(['gammaN', 'hertzSpeed']));
    const sorted = (a: readonly string[]) => [...a].sort();
    expect(sorted(RESTART_PARAMS)).toEqual(sorted(['normalLaw', ...LAW_PARAMS, 'gammaS', 'kn', 'ktOverKn', 'en', 'tangentialDamping',
      'nuTOverNuN', 'etOverEn', 'mu', 'capMode', 'clampNormal', 'integrator', 'rotation', 'gravityX', 'gravityY', 'plane', 'planeHysteresis']));
    expect(GSSSS_PARAMS).toEqual(['gssssFamily', 'rhoMin', 'rhoMax', 'rhoS', 'eta']);
    expect(sorted(SOFT_ONLY_PARAMS)).toEqual(sorted(['normalLaw', 'kn', ...LAW_PARAMS, 'ktOverKn', 'en', 'tangentialDamping',
      'nuTOverNuN', 'etOverEn', 'gammaS', 'capMode', 'clampNormal', 'tangential']));
    expect(CD_PARAMS).toEqual(['iterations', 'sweep', 'tolerance', 'cdRestitution']);
    expect(PISTON_PARAMS).toEqual(['pistonForce', 'pistonMass']);
    expect(sorted(LECTURE_ADVANCED)).toEqual(sorted(['normalLaw', ...LAW_PARAMS, 'tangentialDamping', 'nuTOverNuN', 'etOverEn',
      'gammaS', 'capMode', 'clampNormal']));
  });

  it('every short name is a row or a scenario field, and its path one the schema knows', () => {
    for (const [key, path] of Object.entries(SHORT_KEYS)) {
      expect(() => checkOverridePath(key, path.split('.')), key).not.toThrow();
      if (Object.hasOwn(PARAMS, key)) expect(path).toBe(PARAMS[key as ParamName].path);
    }
  });

  it('a row added to a table appears in every list it belongs to, and in its values type', () => {
    const table = {
      ...PARAMS,
      dummyCd: num({ path: 'solver.dummyCd', default: 1, restarts: true, solver: 'cd', group: 'piston', advanced: true },
        'dummy', '', 0, 2, false, 'a row only this test has'),
      dummySoft: choice({ path: 'material.dummySoft', default: 'a', restarts: false, solver: 'soft' }, 'dummy', ['a', 'b'] as const, 'another'),
    };
    const lists = paramLists(table);
    for (const list of [lists.restart, lists.cd, lists.piston, lists.lectureAdvanced]) expect(list).toContain('dummyCd');
    expect(lists.softOnly).toContain('dummySoft');
    for (const list of [lists.restart, lists.cd, lists.piston, lists.gssss, lists.lectureAdvanced]) expect(list).not.toContain('dummySoft');
    expect(shortKeys(table)).toMatchObject({ dummyCd: 'solver.dummyCd', dummySoft: 'material.dummySoft' });
    expect(Object.keys(shortKeys(table)).slice(0, -2)).toEqual(Object.keys(SHORT_KEYS));
    expectTypeOf<ParamValues<typeof table>['dummyCd']>().toEqualTypeOf<number>();
    expectTypeOf<ParamValues<typeof table>['dummySoft']>().toEqualTypeOf<'a' | 'b'>();
  });
});

describe('a schedule entry by path (--set run.schedule.N.set.<name>)', () => {
  it('takes a live parameter by its name and refuses any other key, naming the known ones', () => {
    const spec = applyOverrides(getBuiltInInput('cd-piston'), ['run.schedule.0.set.iterations=20']);
    expect(spec.run.schedule[0].set.iterations).toBe(20);
    for (const key of ['toString', '__proto__', 'constructor', 'nope']) {
      expect(() => checkOverridePath(key, ['run', 'schedule', '0', 'set', key])).toThrow(/unknown field\(s\) .* in run\.schedule\.0\.set; known: .*iterations/);
    }
  });
});
