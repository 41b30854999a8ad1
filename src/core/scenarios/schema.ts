/**
 * The scenario file format (JSON), validated with zod. The CLI, the app's export/import and the
 * built-in scenarios all use it. Every numeric field names its unit and allowed range; a bad file
 * is rejected with messages of the form `material.mu: must be a number from 0 to 1000, got 5000`.
 * docs/cli.md#scenario-files documents the format field by field.
 */
import { z } from 'zod';
import { checkConvexPolygon } from '../shapes/polygon-mass';
import { DISC, POLYGON } from '../shapes/shape-kind';
import { combinationProblem } from '../models/combination';
import { checkPatch } from '../config/param-check';
import type { BooleanParamInfo, ChoiceParamInfo, NumericParamInfo, ParamInfo, ParamValue } from '../config/param-info';
import { LAW_PARAMS, type LawParam } from '../config/param-lists';
import { PARAM_NAMES, PARAMS as P, type ParamName } from '../config/param-table';
import { physicalProblem, RANGES, type PhysicalRange } from './physical-ranges';

function ranged(info: NumericParamInfo) {
  return (info.integer ? z.int() : z.number()).min(info.min).max(info.max);
}
/** A live parameter's field: its range or options and its default, from its row of the parameter table */
const liveNumber = (info: NumericParamInfo) => ranged(info).default(info.default);
const liveChoice = <const O extends readonly string[]>(info: ChoiceParamInfo<O>) => z.enum(info.options).default(info.default as never);
const liveFlag = (info: BooleanParamInfo) => z.boolean().default(info.default);
/** The contact laws' own parameters (laws/contact-law.ts): material fields, each from its row */
const lawFields = Object.fromEntries(LAW_PARAMS.map((name) => {
  const info = P[name] as ParamInfo;
  return [name, info.kind === 'number' ? liveNumber(info) : info.kind === 'choice' ? liveChoice(info) : liveFlag(info)];
})) as unknown as { [K in LawParam]: z.ZodDefault<z.ZodType<ParamValue<(typeof P)[K]>, ParamValue<(typeof P)[K]>>> };
/** Most vertices of one polygon (the narrow phase's scratch and the clipping cost grow with it). */
export const MAX_POLYGON_VERTICES = 64;
const positive = () => z.number().positive();
/** A number within its physical range (physical-ranges.ts), refused naming both */
const physical = (r: PhysicalRange) => z.number().check((ctx) => {
  const problem = physicalProblem(r, ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});
/** An x, y pair, each within the range */
const pair = (r: PhysicalRange) => z.tuple([physical(r), physical(r)]);
const R = RANGES;
/** Control characters (C0, DEL, C1): a name must print as one line and become a file name safely */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const oneLine = () => z.string().refine((s) => !CONTROL.test(s), 'must not contain control characters');

export const materialSchema = z.strictObject({
  /** Normal law of disc contacts: a registered law's id (laws/registry.ts), which may read kn in its own unit */
  normalLaw: liveChoice(P.normalLaw),
  /** [N/m], or the chosen law's unit */
  kn: liveNumber(P.kn),
  ktOverKn: liveNumber(P.ktOverKn),
  en: liveNumber(P.en),
  /** The chosen laws' own parameters (Hertz: gammaN [1/s], hertzSpeed [m/s]) */
  ...lawFields,
  /** Haff–Werner shear friction per unit reduced mass [1/s] (paper 003: 300) */
  gammaS: liveNumber(P.gammaS),
  tangentialDamping: liveChoice(P.tangentialDamping),
  nuTOverNuN: liveNumber(P.nuTOverNuN),
  etOverEn: liveNumber(P.etOverEn),
  mu: liveNumber(P.mu),
  capMode: liveChoice(P.capMode),
  clampNormal: liveFlag(P.clampNormal),
  /** Areal density [kg/m²] for particles that give no mass. */
  density: physical(R.density).default(1000),
});

/** The solver's fields, in the order World.toSpec writes them (Δt last: dtOverTc or dt). */
export const solverSchema = z.strictObject({
  integrator: liveChoice(P.integrator),
  tangential: liveChoice(P.tangential),
  rotation: liveFlag(P.rotation),
  /** Contact plane of polygon contacts (docs/model.md#contact-plane-for-polygons) and the flip hysteresis [°] */
  plane: liveChoice(P.plane),
  planeHysteresis: liveNumber(P.planeHysteresis),
  /** Parameters of integrator 'gssss', U0/V0(ρmin, ρmax, ρs; η); the default equals central difference. */
  gssssFamily: liveChoice(P.gssssFamily),
  rhoMin: liveNumber(P.rhoMin),
  rhoMax: liveNumber(P.rhoMax),
  rhoS: liveNumber(P.rhoS),
  eta: liveNumber(P.eta),
  /** Contact dynamics (docs/model.md#contact-dynamics): sweeps per step N_I, or the cap when tolerance > 0 */
  iterations: liveNumber(P.iterations),
  sweep: liveChoice(P.sweep),
  /** [Sho12] convergence test α; 0 = always N_I sweeps */
  tolerance: liveNumber(P.tolerance),
  /** Newton restitution of the CD shock law (docs/model.md#local-solvers) */
  cdRestitution: liveNumber(P.cdRestitution),
  /** Δt in units of the contact time tc (used unless `dt` is given; without either, the table's default). */
  dtOverTc: ranged(P.dtOverTc).optional(),
  /** Absolute Δt [s]; overrides dtOverTc. */
  dt: z.number().positive().max(1e3).optional(),
});

const flags = {
  /** Does not move or rotate. */
  fixed: z.boolean().optional(),
  lockX: z.boolean().optional(),
  lockY: z.boolean().optional(),
  lockRotation: z.boolean().optional(),
  /** Moves forever with its initial velocity and spin, whatever the forces. */
  prescribed: z.boolean().optional(),
};

export const particleSchema = z.strictObject({
  x: physical(R.coordinate), y: physical(R.coordinate),
  /** Disc radius [m] (give r or vertices) */
  r: physical(R.radius).optional(),
  /**
   * A convex polygon instead of a disc: its vertices [m] counter-clockwise, relative to (x, y) before the
   * rotation theta; the body's centre is the polygon's centroid.
   */
  vertices: z.array(pair(R.vertex)).min(3).max(MAX_POLYGON_VERTICES).optional(),
  /** Mass [kg]; default density × area; its areal density m/A is checked against material.density's range (derived-check.ts) */
  m: positive().optional(),
  /** Moment of inertia [kg m²]; default that of the uniform shape (½ m r² for a disc); 10⁻³ to 1 m r² (derived-check.ts) */
  inertia: positive().optional(),
  theta: physical(R.angle).optional(),
  vx: physical(R.speed).optional(), vy: physical(R.speed).optional(),
  /** [rad/s]; the rim speed |ω| r is checked against the velocity range (derived-check.ts) */
  omega: z.number().optional(),
  /** Constant external force [N] through the centre */
  force: pair(R.force).optional(),
  /** Constant external torque [N m] */
  torque: physical(R.torque).optional(),
  ...flags,
});

const generatorCommon = {
  /** Discs, or random convex polygons whose circumradius is the drawn radius */
  shape: z.enum(['disc', 'polygon']).default('disc'),
  /** Polygons: the number of sides is drawn uniformly from this range */
  sides: z.tuple([z.int().min(3).max(MAX_POLYGON_VERTICES), z.int().min(3).max(MAX_POLYGON_VERTICES)]).default([4, 8]),
  seed: z.int().min(0).max(2 ** 32 - 1).default(1),
  vx: physical(R.speed).optional(), vy: physical(R.speed).optional(),
  /** Random velocity amplitude [m/s] (uniform in a disc of this radius) */
  speedJitter: physical({ ...R.speed, what: 'a speed', min: 0 }).default(0),
  ...flags,
};

export const latticeGeneratorSchema = z.strictObject({
  type: z.literal('lattice'),
  lattice: z.enum(['square', 'hex']).default('square'),
  /** Centre of the first particle [m] */
  origin: pair(R.coordinate),
  nx: z.int().min(1).max(100_000),
  ny: z.int().min(1).max(100_000),
  /** Centre-to-centre spacing [m] */
  spacing: physical(R.length),
  /** Largest radius [m]; radii are uniform in [r(1 − radiusJitter), r] */
  r: physical(R.radius),
  radiusJitter: z.number().min(0).max(0.9).default(0),
  /** Random position offset [m] added to each site */
  positionJitter: physical(R.jitter).default(0),
  ...generatorCommon,
});

export const randomGeneratorSchema = z.strictObject({
  type: z.literal('random'),
  count: z.int().min(1).max(1_000_000),
  /** [xmin, ymin, xmax, ymax] of the region the centres are placed in [m] */
  region: z.tuple([physical(R.coordinate), physical(R.coordinate), physical(R.coordinate), physical(R.coordinate)]),
  rMin: physical(R.radius),
  rMax: physical(R.radius),
  /** Placement attempts per particle before giving up */
  maxTries: z.int().min(1).max(100_000).default(1000),
  /** Radii from a Gaussian of this mean and standard deviation [m], truncated to [rMin, rMax] (default: uniform) */
  gaussian: z.strictObject({ mean: physical(R.radius), sd: physical(R.radius) }).optional(),
  ...generatorCommon,
});

/**
 * A rough wall of fixed grains (paper 003's pipe): `count` discs of radius r evenly spaced from a to b, the
 * first half a spacing from a, so a wall along a periodic direction closes on itself when |b − a| is the box.
 * Without count, as many as fit touching (spacing ≥ 2r). They interact with the other grains as grains do.
 */
export const grainWallGeneratorSchema = z.strictObject({
  type: z.literal('grain-wall'),
  a: pair(R.coordinate),
  b: pair(R.coordinate),
  r: physical(R.radius),
  count: z.int().min(1).max(1_000_000).optional(),
  /** Radii uniform in [r(1 − radiusJitter), r] */
  radiusJitter: z.number().min(0).max(0.9).default(0),
  seed: z.int().min(0).max(2 ** 32 - 1).default(1),
  fixed: z.boolean().default(true),
});

export const generatorSchema = z.discriminatedUnion('type', [latticeGeneratorSchema, randomGeneratorSchema, grainWallGeneratorSchema]);

const wallCommon = {
  /** Velocity [m/s] of a moving wall (the initial velocity of a piston) */
  velocity: pair(R.speed).optional(),
};
export const lineWallSchema = z.strictObject({
  type: z.literal('line'),
  point: pair(R.coordinate),
  /** Inward normal (towards the particles); normalised on load */
  normal: pair(R.direction),
  /**
   * A piston: the wall moves only along its normal, with the scenario's pistonMass, pushed inwards by
   * pistonForce and by the contact forces (docs/model.md#the-w-matrix).
   */
  piston: z.boolean().optional(),
  ...wallCommon,
});
export const segmentWallSchema = z.strictObject({
  type: z.literal('segment'),
  a: pair(R.coordinate),
  b: pair(R.coordinate),
  ...wallCommon,
});
/** Expands to three (open top) or four line walls. */
export const boxWallSchema = z.strictObject({
  type: z.literal('box'),
  xmin: physical(R.coordinate), xmax: physical(R.coordinate), ymin: physical(R.coordinate), ymax: physical(R.coordinate),
  openTop: z.boolean().default(true),
});
export const wallSchema = z.discriminatedUnion('type', [lineWallSchema, segmentWallSchema, boxWallSchema]);

/** Most entries of run.track (tracks.csv gets 6 columns per entry) */
export const MAX_TRACKED = 1000;
/** Most entries of run.schedule */
export const MAX_SCHEDULE = 1000;
/** Most walls (each is tested against every particle at every step) */
export const MAX_WALLS = 1000;
/** Most polygon vertices in all (explicit polygons, and polygon generators at their largest side count) */
export const MAX_POLYGON_VERTICES_TOTAL = 4_000_000;

/**
 * The parameters of one run.schedule entry: the live parameters' names (config/param-table.ts, the table `--help`
 * prints) and no other key — 'toString' or '__proto__' is an unknown field; values are checked by checkPatch.
 * A record, not an object, so the keys keep the scenario's order (the app's schedule note quotes them).
 */
const scheduleSetSchema = z.partialRecord(z.enum(PARAM_NAMES), z.unknown());

export const runSchema = z.strictObject({
  /** Simulated time [s] (or give durationOverTc) */
  duration: positive().optional(),
  durationOverTc: positive().optional(),
  /** Write a row every this many steps (default: about 2000 rows per run) */
  outputEvery: z.int().min(1).optional(),
  /**
   * Playback speed in the app: simulated seconds per wall-clock second, chosen so that the scene's
   * event is watchable (default: as fast as the machine goes). The headless runner ignores it.
   */
  speed: z.number().min(1e-9).max(1e6).optional(),
  /** Particle indices written to tracks.csv (6 columns each) */
  track: z.array(z.int().min(0)).max(MAX_TRACKED).default([]),
  /** The contact (i, j) whose normal angle is charted; j = -1-w for wall w */
  selectContact: z.tuple([z.int(), z.int()]).optional(),
  /**
   * Damped-sine fit (paper 004 Eq. 21) of a particle coordinate or of the first piston's position
   * (along its normal) between the times from and to [s]; reported in the run summary.
   */
  oscillation: z.strictObject({
    of: z.union([z.int().min(0), z.literal('piston')]),
    coordinate: z.enum(['x', 'y']).default('x'),
    from: z.number().min(0),
    to: z.number().positive().optional(),
  }).optional(),
  /**
   * Live-parameter changes during the run (e.g. the force step of paper 004 §IV): at time `at` [s]
   * the parameters of `set` (names and ranges as for sliders and --set) take effect, in order.
   */
  schedule: z.array(z.strictObject({ at: z.number().min(0), set: scheduleSetSchema })).max(MAX_SCHEDULE).default([]),
  /** Window for the relaxation fit Ek ∝ exp(−t/tR): Ek peaks between from·max and to·max */
  relaxation: z.strictObject({
    from: z.number().gt(0).lt(1).default(1e-2),
    to: z.number().gt(0).lt(1).default(1e-6),
    /** Stop the run once an Ek peak falls below to·max */
    stopWhenRelaxed: z.boolean().default(true),
  }).optional(),
  /**
   * Space–time density of a periodic pipe (docs/validation.md#e10-pipe-flow): every `every` seconds the movable
   * grains are counted in bins of `binWidth` along x; `sim run` writes spacetime.csv and spacetime.png,
   * the app draws the rows as an image. Needs domain.periodicX.
   */
  spaceTime: z.strictObject({
    every: z.number().min(1e-9).max(1e6).default(0.05),
    binWidth: physical(R.length),
  }).optional(),
  /** Δt ladder for `sim convergence` (docs/validation.md#e5-and-e6-gssss-orders) */
  convergence: z.strictObject({
    /** Window [s] (default run.duration) */
    duration: positive().optional(),
    /** Step counts over the window, coarse to fine */
    steps: z.array(z.int().min(1).max(1e8)).min(2).max(64),
    /** Errors are the maximum over this many equally spaced times; must divide every step count */
    samples: z.int().min(1).default(64),
    /** Without an analytic solution the reference runs this many times finer than the finest step */
    referenceFactor: z.int().min(2).max(1024).default(16),
  }).optional(),
});

/** Most bins of a space–time row (the image's width) */
export const MAX_SPACE_TIME_BINS = 8192;

/** How many particles a generator makes (known before anything is allocated). */
export function generatedCount(g: z.output<typeof generatorSchema>): number {
  if (g.type === 'lattice') return g.nx * g.ny;
  if (g.type === 'random') return g.count;
  return g.count ?? Math.max(1, Math.floor(Math.hypot(g.b[0] - g.a[0], g.b[1] - g.a[1]) / (2 * g.r)));
}

/** How many particles a scenario makes: its explicit ones and every generator's. */
export function particleCount(spec: Pick<ScenarioSpec, 'particles' | 'generators'>): number {
  return spec.particles.length + spec.generators.reduce((n, g) => n + generatedCount(g), 0);
}

/** Most particles a scenario may make (explicit ones plus every generator's), checked before allocating. */
export const MAX_PARTICLES = 1_000_000;

/**
 * Widest scene, in largest diameters: the particles' bounding box (or the periodic box) along x or y. A
 * scene wider than this cannot be filled with MAX_PARTICLES, and the neighbour search's cell grid of a
 * thin, tall scene grows with its extent over the cell size.
 */
export const MAX_SPREAD_DIAMETERS = 1e6;

/** The extent [m] of the start state along x and y and the largest radius, from the spec (nothing built). */
export function startExtent(spec: Pick<ScenarioSpec, 'particles' | 'generators' | 'domain'>): { width: number; height: number; rMax: number } {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity, rMax = 0;
  const add = (xa: number, xb: number, ya: number, yb: number, r: number) => {
    x0 = Math.min(x0, xa - r); x1 = Math.max(x1, xb + r); y0 = Math.min(y0, ya - r); y1 = Math.max(y1, yb + r);
    rMax = Math.max(rMax, r);
  };
  for (const p of spec.particles) {
    const r = p.r ?? Math.max(0, ...(p.vertices ?? []).map(([vx, vy]) => Math.hypot(vx, vy)));
    add(p.x, p.x, p.y, p.y, r);
  }
  for (const g of spec.generators) {
    if (g.type === 'lattice') {
      const hex = g.lattice === 'hex', dy = hex ? (g.spacing * Math.sqrt(3)) / 2 : g.spacing, j = g.positionJitter;
      add(g.origin[0] - j, g.origin[0] + (g.nx - 1) * g.spacing + (hex && g.ny > 1 ? g.spacing / 2 : 0) + j, g.origin[1] - j, g.origin[1] + (g.ny - 1) * dy + j, g.r);
    } else if (g.type === 'random') add(g.region[0], g.region[2], g.region[1], g.region[3], g.rMax);
    else add(Math.min(g.a[0], g.b[0]), Math.max(g.a[0], g.b[0]), Math.min(g.a[1], g.b[1]), Math.max(g.a[1], g.b[1]), g.r);
  }
  const px = spec.domain.periodicX;
  const width = px ? px[1] - px[0] : x1 - x0;
  return { width: Math.max(0, width), height: Math.max(0, y1 - y0), rMax };
}

export const scenarioSchema = z.strictObject({
  format: z.literal('granular-sandbox/scenario@1').default('granular-sandbox/scenario@1'),
  name: oneLine().min(1).max(100),
  title: oneLine().max(200).optional(),
  description: z.string().max(5000).optional(),
  paperRef: oneLine().max(200).optional(),
  material: materialSchema.default(materialSchema.parse({})),
  solver: solverSchema.default(solverSchema.parse({})),
  /** [m/s²], each component in the range of the live parameters gravityX, gravityY */
  gravity: z.tuple([ranged(P.gravityX), ranged(P.gravityY)]).default([P.gravityX.default, P.gravityY.default]),
  /** Force [N] pushing each piston wall along its inward normal */
  pistonForce: liveNumber(P.pistonForce),
  /** Mass [kg] of each piston wall */
  pistonMass: liveNumber(P.pistonMass),
  domain: z.strictObject({
    /** Periodic in x between these bounds [m] */
    periodicX: pair(R.coordinate).optional(),
  }).default({}),
  walls: z.array(wallSchema).max(MAX_WALLS).default([]),
  particles: z.array(particleSchema).max(MAX_PARTICLES).default([]),
  generators: z.array(generatorSchema).max(1000).default([]),
  run: runSchema.default(runSchema.parse({})),
});

export type ScenarioSpec = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ParticleSpec = z.output<typeof particleSchema>;
export type GeneratorSpec = z.output<typeof generatorSchema>;
export type GrainWallSpec = z.output<typeof grainWallGeneratorSchema>;
export type WallSpec = z.output<typeof wallSchema>;

/** A scenario that failed validation: one line per problem, each naming the field. */
export class ScenarioError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ScenarioError';
  }
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length ? issue.path.map(String).join('.') : '(scenario)';
  switch (issue.code) {
    case 'too_small': {
      const i = issue as z.core.$ZodIssueTooSmall;
      return `${path}: must be ${i.inclusive ? '≥' : '>'} ${String(i.minimum)}${rangeHint(path)}`;
    }
    case 'too_big': {
      const i = issue as z.core.$ZodIssueTooBig;
      if (i.origin === 'array') return `${path}: must have at most ${String(i.maximum)} entries`;
      if (i.origin === 'string') return `${path}: must be at most ${String(i.maximum)} characters long`;
      return `${path}: must be ${i.inclusive ? '≤' : '<'} ${String(i.maximum)}${rangeHint(path)}`;
    }
    case 'unrecognized_keys':
      return `${path}: unknown field(s) ${(issue as z.core.$ZodIssueUnrecognizedKeys).keys.map((k) => `'${k}'`).join(', ')}`;
    default:
      return `${path}: ${issue.message}`;
  }
}

/** The live parameter set at each scenario path (`gravity.0` is gravityX) */
const PARAM_AT_PATH = new Map<string, ParamName>(PARAM_NAMES.map((name) => [P[name].path, name]));

function rangeHint(path: string): string {
  const name = PARAM_AT_PATH.get(path);
  const info = name === undefined ? undefined : P[name];
  return info?.kind === 'number' ? ` (allowed ${info.min} to ${info.max})` : '';
}

/**
 * Every object key '__proto__' in parsed input (JSON.parse makes it an own property; copied by plain
 * assignment it would set a prototype instead), reported like any unknown field. Iterative, so deep input
 * cannot overflow the stack.
 */
function protoKeys(input: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[input, '']];
  for (let seen = 0; stack.length && seen < 10_000_000; seen++) {
    const [v, path] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (!Array.isArray(v) && Object.hasOwn(v, '__proto__')) found.push(`${path || '(scenario)'}: unknown field(s) '__proto__'`);
    for (const [k, c] of Object.entries(v)) if (typeof c === 'object' && c !== null) stack.push([c, path ? `${path}.${k}` : k]);
  }
  return found.reverse();
}

/** Validates and fills defaults; throws ScenarioError naming every bad field. */
export function parseScenario(input: unknown): ScenarioSpec {
  const proto = protoKeys(input);
  if (proto.length) throw new ScenarioError(proto);
  const r = scenarioSchema.safeParse(input);
  if (!r.success) throw new ScenarioError(r.error.issues.map(describeIssue));
  const spec = r.data;
  const problems: string[] = [];
  let polygons = spec.generators.some((g) => g.type !== 'grain-wall' && g.shape === 'polygon');
  spec.particles.forEach((p, k) => {
    if ((p.r === undefined) === (p.vertices === undefined)) problems.push(`particles.${k}: give either r (a disc) or vertices (a polygon)`);
    if (p.vertices) {
      polygons = true;
      const bad = checkConvexPolygon(p.vertices.flat());
      if (bad) problems.push(`particles.${k}.vertices: ${bad}`);
    }
  });
  spec.generators.forEach((g, k) => {
    if (g.type === 'grain-wall') {
      if (g.a[0] === g.b[0] && g.a[1] === g.b[1]) problems.push(`generators.${k}: a and b must differ`);
      return;
    }
    if (g.sides[0] > g.sides[1]) problems.push(`generators.${k}.sides: must be [min, max] with min ≤ max`);
    if (g.type === 'random' && g.rMin > g.rMax) problems.push(`generators.${k}.rMin: must be ≤ rMax (${g.rMax})`);
    if (g.type === 'random' && g.gaussian && (g.gaussian.mean < g.rMin || g.gaussian.mean > g.rMax)) {
      problems.push(`generators.${k}.gaussian.mean: must lie in [rMin, rMax] = [${g.rMin}, ${g.rMax}]`);
    }
    if (g.type === 'random' && (g.region[2] <= g.region[0] || g.region[3] <= g.region[1])) {
      problems.push(`generators.${k}.region: must be [xmin, ymin, xmax, ymax] with xmax > xmin and ymax > ymin`);
    }
  });
  const total = particleCount(spec);
  const vertices = spec.particles.reduce((n, p) => n + (p.vertices?.length ?? 0), 0)
    + spec.generators.reduce((n, g) => n + (g.type !== 'grain-wall' && g.shape === 'polygon' ? generatedCount(g) * g.sides[1] : 0), 0);
  if (vertices > MAX_POLYGON_VERTICES_TOTAL) {
    problems.push(`generators: ${vertices.toLocaleString('en-US')} polygon vertices in all (counting each generator's polygons at its largest side count); allowed at most ${MAX_POLYGON_VERTICES_TOTAL.toLocaleString('en-US')}`);
  }
  if (total > MAX_PARTICLES) {
    const parts = spec.generators.map((g, k) => `generators.${k}: ${g.type === 'lattice' ? `${g.nx} × ${g.ny} = ${g.nx * g.ny}` : generatedCount(g)}`);
    problems.push(`generators: ${total.toLocaleString('en-US')} particles in all (${[`particles: ${spec.particles.length}`, ...parts].join(', ')}); allowed at most ${MAX_PARTICLES.toLocaleString('en-US')}`);
  }
  const extent = startExtent(spec);
  if (extent.rMax > 0 && !(Math.max(extent.width, extent.height) <= MAX_SPREAD_DIAMETERS * 2 * extent.rMax)) {
    problems.push(`particles: the scene spans ${extent.width.toPrecision(3)} × ${extent.height.toPrecision(3)} m, more than ${MAX_SPREAD_DIAMETERS.toLocaleString('en-US')} times its largest diameter (${(2 * extent.rMax).toPrecision(3)} m); so wide a scene cannot be filled with the particles allowed`);
  }
  spec.walls.forEach((w, k) => {
    if (w.type === 'line' && Math.hypot(w.normal[0], w.normal[1]) === 0) problems.push(`walls.${k}.normal: must not be zero`);
    if (w.type === 'segment' && w.a[0] === w.b[0] && w.a[1] === w.b[1]) problems.push(`walls.${k}: a and b must differ`);
    if (w.type === 'box' && (w.xmax <= w.xmin || w.ymax <= w.ymin)) problems.push(`walls.${k}: box needs xmax > xmin and ymax > ymin`);
  });
  if (polygons) {
    spec.walls.forEach((w, k) => {
      if (w.type === 'segment') problems.push(`walls.${k}: segment walls meet discs only; with polygons use line or box walls`);
    });
  }
  const shapes = polygons ? [DISC, POLYGON] : [DISC];
  const combination = combinationProblem({ ...spec.solver, normalLaw: spec.material.normalLaw }, shapes);
  if (combination) problems.push(`solver.tangential: ${combination}`);
  const p = spec.domain.periodicX;
  if (p && p[1] <= p[0]) problems.push(`domain.periodicX: must be [xmin, xmax] with xmax > xmin`);
  if (spec.run.spaceTime && !p) problems.push('run.spaceTime: needs a periodic pipe (domain.periodicX)');
  if (spec.run.spaceTime && p && p[1] > p[0] && (p[1] - p[0]) / spec.run.spaceTime.binWidth > MAX_SPACE_TIME_BINS) {
    problems.push(`run.spaceTime.binWidth: the box would have ${Math.ceil((p[1] - p[0]) / spec.run.spaceTime.binWidth)} bins; allowed at most ${MAX_SPACE_TIME_BINS}`);
  }
  const cv = spec.run.convergence;
  if (cv) {
    const bad = cv.steps.filter((n) => n % cv.samples !== 0);
    if (bad.length) problems.push(`run.convergence.samples: ${cv.samples} must divide every step count (not ${bad.join(', ')})`);
  }
  // The solver the schedule leads to, entry by entry: a combination it refuses is named before the run.
  let live: Parameters<typeof combinationProblem>[0] = { ...spec.solver, normalLaw: spec.material.normalLaw };
  spec.run.schedule.forEach((e, k) => {
    try {
      const patch = checkPatch(e.set);
      live = { ...live, ...patch };
      const refused = combinationProblem(live, shapes);
      if (refused && !combination) problems.push(`run.schedule.${k}.set: ${refused}`);
    } catch (err) {
      problems.push(`run.schedule.${k}.set.${(err as Error).message}`);
    }
    if (k > 0 && e.at < spec.run.schedule[k - 1].at) problems.push(`run.schedule.${k}.at: must not be earlier than the entry before`);
  });
  const osc = spec.run.oscillation, relax = spec.run.relaxation;
  if (osc?.to !== undefined && !(osc.to > osc.from)) {
    problems.push(`run.oscillation.to: must be later than run.oscillation.from (${osc.from} s), got ${osc.to}; the fit's window would be empty`);
  }
  if (relax && !(relax.to < relax.from)) {
    problems.push(`run.relaxation.to: must be below run.relaxation.from (${relax.from}): the fit takes the Ek peaks from \`from\` down to \`to\` times the largest, got ${relax.to}; the window would be empty`);
  }
  if (spec.run.duration !== undefined && spec.run.durationOverTc !== undefined) {
    problems.push('run: give duration or durationOverTc, not both');
  }
  if (problems.length) throw new ScenarioError(problems);
  return spec;
}
