/**
 * The scenario file format (JSON), validated with zod. The CLI, the app's export/import and the
 * built-in scenarios all use it. Every numeric field names its unit and allowed range; a bad file
 * is rejected with messages of the form `material.mu: must be a number from 0 to 1000, got 5000`.
 * docs/cli.md#scenario-files documents the format field by field. Its parts are in the files beside it (bodies and
 * generators, walls, the run section, the shared field builders, the issues' wording); the scene edits a file may
 * list are edit-schema.ts's.
 */
import { z } from 'zod';
import { checkConvexPolygon } from '../shapes/polygon-mass';
import { DISC, POLYGON } from '../shapes/shape-kind';
import { combinationProblem } from '../models/combination';
import { checkPatch } from '../config/param-check';
import { PARAMS as P } from '../config/param-table';
import { MAX_EDITS, sceneEditSchema } from './edit-schema';
import { generatedCount, generatorSchema, type grainWallGeneratorSchema, particleSchema } from './body-schemas';
import { MAX_SPACE_TIME_BINS, runSchema } from './run-schema';
import { describeIssue, protoKeys } from './schema-issues';
import { lawFields, liveChoice, liveFlag, liveNumber, oneLine, pair, physical, R, ranged } from './schema-fields';
import { MAX_WALLS, wallSchema } from './wall-schema';

export { MAX_POLYGON_VERTICES } from './schema-fields';
export {
  generatedCount, generatorSchema, grainWallGeneratorSchema, latticeGeneratorSchema, particleSchema, randomGeneratorSchema,
} from './body-schemas';
export { boxWallSchema, lineWallSchema, MAX_WALLS, segmentWallSchema, wallSchema } from './wall-schema';
export { MAX_SCHEDULE, MAX_SPACE_TIME_BINS, MAX_TRACKED, runSchema } from './run-schema';

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

/** Most polygon vertices in all (explicit polygons, and polygon generators at their largest side count) */
export const MAX_POLYGON_VERTICES_TOTAL = 4_000_000;

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
  /**
   * Scene edits (edit-schema.ts), applied in order after the scene is built: those at time 0 at once, a
   * later one when the run reaches its time `at` [s] (scene/scene-editor.ts). The page's build mode records its edits here.
   */
  edits: z.array(sceneEditSchema).max(MAX_EDITS).default([]),
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
