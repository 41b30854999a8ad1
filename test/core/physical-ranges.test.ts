/**
 * Issue 39, physical plausibility: every physical input of a scenario has a range (scenarios/physical-ranges.ts)
 * and is refused outside it naming the field and the range, in a file as through --set; the quantities derived
 * from several fields (areal density, moment of inertia, rim speed, a polygon's size, t_c, Δt) are checked on
 * the built bodies before the first step (derived-check.ts). Every example the issue names, then each range at
 * its bounds, then the windows of the analyses.
 */
import { describe, expect, it } from 'vitest';
import { buildInitialState } from '../../src/core/scenarios/build';
import { derivedProblems } from '../../src/core/scenarios/derived-check';
import { applyOverrides } from '../../src/core/scenarios/overrides';
import { describePhysical, RANGES } from '../../src/core/scenarios/physical-ranges';
import { getBuiltInInput, listBuiltIns } from '../../src/core/scenarios/registry';
import { parseScenario, type ScenarioInput, type ScenarioSpec } from '../../src/core/scenarios/schema';
import { builtIn } from '../helpers';

const disc = { x: 0, y: 0.02, r: 0.01 };
const scene = (input: Omit<ScenarioInput, 'name'>) => ({ name: 'ranges', gravity: [0, -9.81], walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }], ...input }) as ScenarioInput;
/** The problems of a scenario: the schema's, else the derived checks' on its built state; [] when it would run */
function problems(input: unknown): string[] {
  try {
    buildInitialState(parseScenario(input));
    return [];
  } catch (e) {
    return (e as { problems?: string[] }).problems ?? [String(e)];
  }
}

describe('the examples of issue 39 are refused with the field and its range', () => {
  const cases: [string, unknown, RegExp][] = [
    ['a subnormal radius', scene({ particles: [{ ...disc, r: 5e-324 }] }), /^particles\.0\.r: must be a radius from 1e-9 to 1000 m, got 5e-324$/],
    ['a radius of 1e-300', scene({ particles: [{ ...disc, r: 1e-300 }] }), /^particles\.0\.r: must be a radius from 1e-9 to 1000 m, got 1e-300$/],
    ['a subnormal inertia', scene({ particles: [{ ...disc, inertia: 5e-324 }] }), /^particles\.0\.inertia: 4\.94e-324 kg m² is .* m r² .*; it must be from 0\.001 to 1 m r²/],
    ['a polygon\'s inertia of 1e-300', scene({ particles: [{ x: 0, y: 0.1, vertices: [[-0.01, -0.01], [0.01, -0.01], [0.01, 0.01], [-0.01, 0.01]], inertia: 1e-300 }] }),
      /^particles\.0\.inertia: 1\.00e-300 kg m² is .* m r²/],
    ['a torque of 1e308', scene({ particles: [{ ...disc, torque: 1e308 }] }), /^particles\.0\.torque: must be a torque from -1e23 to 1e23 N m, got 1e\+308$/],
    ['a wall from x = −1e308 to 1e308', scene({ walls: [{ type: 'segment', a: [-1e308, 0], b: [1e308, 0] }], particles: [disc] }),
      /^walls\.0\.a\.0: must be a coordinate from -1e6 to 1e6 m, got -1e\+308$/],
    ['vertices at 1e200 (once "collinear")', scene({ particles: [{ x: 0, y: 0, vertices: [[0, 0], [1e200, 0], [1e200, 1e200], [0, 1e200]] }] }),
      /^particles\.0\.vertices\.1\.0: must be a vertex coordinate from -1000 to 1000 m, got 1e\+200$/],
    ['a self-intersecting polygon (once "collinear")', scene({ particles: [{ x: 0, y: 0.1, vertices: [[0, 0], [0.01, 0.01], [0.01, 0], [0, 0.01]] }] }),
      /^particles\.0\.vertices: the boundary crosses itself: edges 0 and 2 cross/],
    ['a speed of 1e300', scene({ particles: [{ ...disc, vx: 1e300 }] }), /^particles\.0\.vx: must be a velocity component from -1e5 to 1e5 m\/s, got 1e\+300$/],
  ];
  for (const [name, input, pattern] of cases) {
    it(name, () => {
      const found = problems(input);
      expect(found.length, found.join('\n')).toBeGreaterThan(0);
      expect(found[0]).toMatch(pattern);
    });
  }

  it('a density of 1e-300 in pipe flow (once Ek = Infinity and "tc": 0), through --set', () => {
    expect(() => applyOverrides(getBuiltInInput('pipe-flow'), ['density=1e-300'])).toThrow(/^material\.density: must be an areal density from 1e-9 to 1e9 kg\/m², got 1e-300$/);
  });
});

describe('each range, at its bounds: inside accepted, outside refused naming the field', () => {
  // a field that takes each range, the scenario it sits in, and a value just outside each bound
  const fields: [keyof typeof RANGES, string, ScenarioInput, (v: number) => unknown][] = [
    ['coordinate', 'particles.0.x', scene({ particles: [disc] }), (v) => v],
    ['radius', 'particles.0.r', scene({ particles: [disc], material: { density: 1 } }), (v) => v],
    ['vertex', 'particles.0.vertices.0.0', scene({ particles: [{ x: 0, y: 0.1, vertices: [[-0.01, -0.01], [0.01, -0.01], [0.01, 0.01]] }] }), (v) => v],
    ['length', 'generators.0.spacing', scene({ generators: [{ type: 'lattice', origin: [0, 0.02], nx: 1, ny: 1, spacing: 0.02, r: 0.01 }] }), (v) => v],
    ['jitter', 'generators.0.positionJitter', scene({ generators: [{ type: 'lattice', origin: [0, 0.02], nx: 1, ny: 1, spacing: 0.02, r: 0.01 }] }), (v) => v],
    ['direction', 'walls.0.normal.1', scene({ particles: [disc] }), (v) => v],
    ['density', 'material.density', scene({ particles: [disc] }), (v) => v],
    ['speed', 'particles.0.vy', scene({ particles: [disc] }), (v) => v],
    ['angle', 'particles.0.theta', scene({ particles: [disc] }), (v) => v],
    ['force', 'particles.0.force.0', scene({ particles: [{ ...disc, force: [0, 0] }] }), (v) => v],
    ['torque', 'particles.0.torque', scene({ particles: [disc] }), (v) => v],
  ];
  for (const [range, path, input, value] of fields) {
    const r = RANGES[range];
    it(`${range} (${path}): ${r.min} to ${r.max} ${r.unit}`, () => {
      // the problems naming this field (a bound may break another check: a clockwise polygon, a scene too wide)
      const at = (v: number) => {
        try {
          applyOverrides(input, [`${path}=${JSON.stringify(value(v))}`]);
          return [];
        } catch (e) {
          return ((e as { problems: string[] }).problems).filter((p) => p.startsWith(`${path}:`));
        }
      };
      expect(at(r.min)).toEqual([]);
      expect(at(r.max)).toEqual([]);
      const below = r.min === 0 ? -1e-300 : r.min - Math.abs(r.min) * 1e-6, above = r.max + Math.abs(r.max) * 1e-6;
      for (const v of [below, above]) expect(at(v)).toEqual([`${path}: must be ${r.what} ${describePhysical(r)}, got ${v}`]);
    });
  }

  it('the built-in scenarios lie inside every range and pass the derived checks', () => {
    for (const { name } of listBuiltIns()) {
      if (name === 'silo') continue; // 100,000 discs: the same generator as pile, only larger
      expect(problems(getBuiltInInput(name)), name).toEqual([]);
    }
  });
});

describe('derived quantities are checked on the built bodies before the first step', () => {
  it('a mass whose areal density leaves material.density\'s range', () => {
    expect(problems(scene({ particles: [{ ...disc, m: 1e-300 }] }))[0]).toMatch(/^particles\.0\.m: 1\.00e-300 kg over its area 0\.000314 m² is an areal density of .* kg\/m²; it must be from 1e-9 to 1e9 kg\/m²/);
    expect(problems(scene({ particles: [{ ...disc, m: 1e8 }] }))[0]).toMatch(/^particles\.0\.m: 1\.00e\+8 kg .* areal density of 3\.18e\+11 kg\/m²/);
    expect(problems(scene({ particles: [{ ...disc, m: 1e-7 }] }))).toEqual([]);
  });

  it('a moment of inertia above m r² (mass outside the radius) or far below it', () => {
    expect(problems(scene({ particles: [{ ...disc, m: 0.1, inertia: 2e-5 }] }))[0]).toMatch(/^particles\.0\.inertia: 0\.0000200 kg m² is 2\.00 m r² \(m = 0\.100 kg, r = 0\.0100 m\); it must be from 0\.001 to 1 m r²/);
    expect(problems(scene({ particles: [{ ...disc, m: 0.1, inertia: 1e-5 }] }))).toEqual([]); // a ring
    expect(problems(scene({ particles: [{ ...disc, m: 0.1, inertia: 1e-8 }] }))).toEqual([]);
  });

  it('a spin whose rim outruns the velocity range', () => {
    expect(problems(scene({ particles: [{ ...disc, omega: 1e8 }] }))[0]).toMatch(/^particles\.0\.omega: 1\.00e\+8 rad\/s at its radius 0\.0100 m is a rim speed of 1\.00e\+6 m\/s; it must be from 0 to 1e5 m\/s/);
    expect(problems(scene({ particles: [{ ...disc, omega: -1e7 }] }))).toEqual([]);
  });

  it('a polygon smaller than the radius range (its vertices are in range, its circumradius is not)', () => {
    const tiny: [number, number][] = [[-1e-12, -1e-12], [1e-12, -1e-12], [0, 1e-12]];
    expect(problems(scene({ particles: [{ x: 0, y: 0.1, vertices: tiny }] }))[0]).toMatch(/^particles\.0\.vertices: its circumradius 1\.\d+e-12 m must be a radius from 1e-9 to 1000 m/);
  });

  it('generated bodies are named by their index: a lattice whose jittered radii fall below the range', () => {
    const lattice = scene({ generators: [{ type: 'lattice', origin: [0, 1e-8], nx: 2, ny: 1, spacing: 1e-8, r: 1e-9, radiusJitter: 0.5, seed: 3 }] });
    expect(problems(lattice)[0]).toMatch(/^body 0 \(made by a generator\): its radius .* m must be a radius from 1e-9 to 1000 m/);
  });

  it('t_c and Δt: positive and finite, or refused (the last line behind the ranges, checked on a spec past the schema)', () => {
    const spec = builtIn('head-on');
    const { bodies, walls } = buildInitialState(spec);
    expect(derivedProblems(spec, bodies, walls.count > 0)).toEqual([]);
    const softest: ScenarioSpec = { ...spec, material: { ...spec.material, kn: 0 } };
    expect(derivedProblems(softest, bodies, walls.count > 0)).toEqual([expect.stringMatching(/^material\.kn: the contact time t_c = Infinity s of the lightest contact \(kn = 0, reduced mass .* kg\) is not a positive number/)]);
    const frozen: ScenarioSpec = { ...spec, solver: { ...spec.solver, dt: 0 } };
    expect(derivedProblems(frozen, bodies, walls.count > 0)).toEqual([expect.stringMatching(/^solver: the time step Δt = 0 s \(t_c = .* s\) is not a positive number/)]);
  });
});

describe('analysis windows must not be empty or inverted', () => {
  it('run.oscillation: to after from', () => {
    expect(problems(scene({ particles: [disc], run: { oscillation: { of: 0, from: 0.5, to: 0.2 } } }))).toEqual([
      "run.oscillation.to: must be later than run.oscillation.from (0.5 s), got 0.2; the fit's window would be empty",
    ]);
    expect(problems(scene({ particles: [disc], run: { oscillation: { of: 0, from: 0.5, to: 0.5 } } }))[0]).toMatch(/^run\.oscillation\.to: must be later/);
    expect(problems(scene({ particles: [disc], run: { oscillation: { of: 0, from: 0.2, to: 0.5 } } }))).toEqual([]);
  });

  it('run.relaxation: to below from (fractions of the largest Ek peak)', () => {
    expect(problems(scene({ particles: [disc], run: { relaxation: { from: 1e-6, to: 1e-2 } } }))[0]).toMatch(/^run\.relaxation\.to: must be below run\.relaxation\.from \(0\.000001\).*got 0\.01; the window would be empty$/);
    expect(problems(scene({ particles: [disc], run: { relaxation: { from: 1e-3, to: 1e-3 } } }))[0]).toMatch(/^run\.relaxation\.to: must be below/);
    expect(problems(scene({ particles: [disc], run: { relaxation: {} } }))).toEqual([]);
  });
});
