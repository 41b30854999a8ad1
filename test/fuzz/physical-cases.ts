/**
 * The fuzz family `physical` (issue 39): physical inputs at their ranges' bounds, just past them and at the
 * doubles' edges (5e-324, 1e308, 1e999 → Infinity) — in a file and through --set, on the built-ins' own
 * physical fields, and on the quantities derived from several fields: a mass whose areal density leaves
 * material.density's range, a moment of inertia far from m r², a spin whose rim outruns the velocity range, a
 * wall across the whole coordinate range, polygons that cross themselves, collapse to a line or a point, or
 * span 1e200. Each must be refused naming the field, or run with every output number finite.
 */
import { PARAMS } from '../../src/core/config/param-table';
import { RANGES } from '../../src/core/scenarios/physical-ranges';
import type { FuzzCase } from './fuzz-lib';
import type { Rng } from './prng';
import { BUILT_INS, EXTREMES, getAt, nodes, scenarioCommand, setAt, shortBuiltIn, unraw, type Json, type Path } from './scene-mutation';

type Bounds = { min: number; max: number };

/** The range a scenario field takes, by its last named segment (its live parameter's, or its physical range) */
const FIELD_RANGES: Record<string, Bounds> = {
  x: RANGES.coordinate, y: RANGES.coordinate, point: RANGES.coordinate, a: RANGES.coordinate, b: RANGES.coordinate,
  origin: RANGES.coordinate, region: RANGES.coordinate, periodicX: RANGES.coordinate,
  xmin: RANGES.coordinate, xmax: RANGES.coordinate, ymin: RANGES.coordinate, ymax: RANGES.coordinate,
  r: RANGES.radius, rMin: RANGES.radius, rMax: RANGES.radius, mean: RANGES.radius, sd: RANGES.radius,
  vertices: RANGES.vertex, spacing: RANGES.length, binWidth: RANGES.length, positionJitter: RANGES.jitter,
  normal: RANGES.direction, density: RANGES.density, vx: RANGES.speed, vy: RANGES.speed, velocity: RANGES.speed,
  speedJitter: { min: 0, max: RANGES.speed.max }, theta: RANGES.angle, force: RANGES.force, torque: RANGES.torque,
  ...Object.fromEntries(Object.values(PARAMS).filter((p) => p.kind === 'number').map((p) => [p.path.split('.').pop()!, p])),
};

function rangeOf(path: Path): Bounds | null {
  const name = [...path].reverse().find((s) => typeof s === 'string' && Object.hasOwn(FIELD_RANGES, s));
  return name === undefined ? null : FIELD_RANGES[name as string];
}

/** A value at a bound, just past one, inside, or at a double's edge */
function probe(r: Rng, b: Bounds): Json {
  const past = (v: number, up: boolean) => (v === 0 ? (up ? 5e-324 : -5e-324) : v * (up === v > 0 ? 1 + 1e-9 : 1 - 1e-9));
  return r.pick<Json>([b.min, b.max, past(b.min, false), past(b.max, true), (b.min + b.max) / 2, r.pick(EXTREMES)]);
}

const text = (v: Json) => (typeof v === 'string' ? v.replace(/^@@RAW:|@@$/g, '') : JSON.stringify(v));

/** A disc with one derived quantity pushed: its areal density, its moment in units of m r², its rim speed */
function derivedDisc(r: Rng): [string, Record<string, Json>] {
  const radius = r.pick([0.01, RANGES.radius.min, 1e-8, RANGES.radius.max]), area = Math.PI * radius * radius;
  const base: Record<string, Json> = { x: 0.2, y: 0.3, r: radius };
  switch (r.int(5)) {
    case 0: {
      const rho = r.pick([RANGES.density.min, RANGES.density.max, RANGES.density.min * 0.999, RANGES.density.max * 1.001, 1e-300, 1e300]);
      return [`m = ${rho} kg/m² × area`, { ...base, m: rho * area }];
    }
    case 1: {
      const m = 1000 * area, ratio = r.pick([RANGES.inertia.min, RANGES.inertia.max, RANGES.inertia.min * 0.999, 1.001, 5e-324 / (m * radius * radius), 1e10]);
      return [`inertia = ${ratio} m r²`, { ...base, m, inertia: ratio * m * radius * radius }];
    }
    case 2: {
      const rim = r.pick([RANGES.rimSpeed.max, RANGES.rimSpeed.max * 1.001, 1e300]);
      return [`omega: rim speed ${rim} m/s`, { ...base, omega: rim / radius }];
    }
    case 3: {
      const torque = probe(r, RANGES.torque);
      return [`torque = ${text(torque)}`, { ...base, torque, inertia: r.pick([RANGES.inertia.min, 0.5]) * 1000 * area * radius * radius }];
    }
    default: {
      const f = probe(r, RANGES.force);
      return [`force = [0, ${text(f)}]`, { ...base, force: [0, f] }];
    }
  }
}

/** A polygon that is degenerate, crosses itself, or sits at an extreme scale */
function oddPolygon(r: Rng): [string, Json] {
  const s = r.pick([1e-12, RANGES.radius.min, 1e-3, 0.01, RANGES.vertex.max, 1e200, 1e308]);
  const shapes: [string, number[][]][] = [
    ['a bowtie', [[0, 0], [1, 1], [1, 0], [0, 1]]],
    ['collinear vertices', [[0, 0], [1, 0], [2, 0]]],
    ['clockwise', [[0, 0], [0, 1], [1, 1], [1, 0]]],
    ['a square', [[-1, -1], [1, -1], [1, 1], [-1, 1]]],
    ['a dart', [[0, 0], [2, 0], [1, 0.5], [2, 2], [0, 2]]],
    ['two loops touching', [[0, 0], [6, 0], [6, 6], [0, 6], [2, 2], [5, 2], [5, 5], [1, 4]]],
  ];
  const [name, v] = r.pick(shapes);
  return [`${name} at scale ${s}`, v.map(([x, y]) => [x * s, y * s])];
}

export function physicalCase(r: Rng, k: number): FuzzCase {
  const family = 'physical';
  switch (k % 5) {
    case 0: {
      // a derived quantity out of range, in a scene that would otherwise run
      const scene = r.pick(['head-on', 'pile', 'two-disc', 'incline']);
      const [what, disc] = derivedDisc(r);
      return { family, name: `${scene} + a disc with ${what}`, setup: [], args: ['run', scene, '--set', `particles=${unraw(JSON.stringify([disc]))}`, '--set', 'run.track=[0]', '--set', 'durationOverTc=20', '--out', '$S/o'] };
    }
    case 1: {
      // a built-in's physical field at or past its range, in a file, under any command
      const scene = r.pick(BUILT_INS);
      const raw = shortBuiltIn(scene);
      const fields = nodes(raw).filter((p) => typeof getAt(raw, p) === 'number' && rangeOf(p));
      const p = r.pick(fields.length ? fields : nodes(raw));
      const v = probe(r, rangeOf(p) ?? RANGES.coordinate);
      setAt(raw, p, v);
      return { family, name: `${scene}: ${p.join('.')} = ${text(v)}`, setup: [{ path: 'in/s.json', text: unraw(JSON.stringify(raw)) }], args: scenarioCommand(r, '$S/in/s.json') };
    }
    case 2: {
      // walls across the coordinate range, or with a vanishing or huge normal
      const X = r.pick([RANGES.coordinate.max, RANGES.coordinate.max * 1.000001, 1e308]);
      const n = r.pick([5e-324, 1e-300, RANGES.direction.max, 1e308]);
      // below head-on's discs (at y = 0), so a wall in range leaves them free
      const wall = r.chance(0.5) ? { type: 'segment', a: [-X, -0.5], b: [X, -0.5] } : { type: 'line', point: [0, -0.5], normal: [0, n] };
      return { family, name: `head-on with the wall ${JSON.stringify(wall)}`, setup: [], args: ['run', 'head-on', '--set', `walls=${JSON.stringify([wall])}`, '--out', '$S/o'] };
    }
    case 3: {
      // the density or stiffness of a scene at its range's edge (pipe flow: once Ek = Infinity, "tc": 0)
      const scene = r.pick(['pipe-flow', 'pile', 'two-disc', 'heap']);
      const [key, b] = r.pick<[string, Bounds]>([['density', RANGES.density], ['kn', PARAMS.kn], ['dt', { min: 1e-300, max: 1e3 }], ['gravityY', PARAMS.gravityY]]);
      const v = probe(r, b);
      return { family, name: `${scene} --set ${key}=${text(v)}`, setup: [], args: ['run', scene, '--set', `${key}=${text(v)}`, '--set', 'durationOverTc=20', '--out', '$S/o'] };
    }
    default: {
      const [what, vertices] = oddPolygon(r);
      const raw = shortBuiltIn('two-polygon') as { particles: Json[]; run: Record<string, Json> };
      raw.particles[1] = { x: 0.2, y: 0.3, vertices };
      return { family, name: `two-polygon, its second body ${what}`, setup: [{ path: 'in/s.json', text: JSON.stringify(raw) }], args: scenarioCommand(r, '$S/in/s.json') };
    }
  }
}

