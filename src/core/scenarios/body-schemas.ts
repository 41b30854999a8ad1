/**
 * The scenario's bodies: explicit particles (discs or convex polygons) and the generators that make many
 * (a lattice, random placement without overlap, a rough wall of fixed grains). Part of schema.ts.
 */
import { z } from 'zod';
import { MAX_POLYGON_VERTICES, pair, physical, positive, R } from './schema-fields';

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

/** How many particles a generator makes (known before anything is allocated). */
export function generatedCount(g: z.output<typeof generatorSchema>): number {
  if (g.type === 'lattice') return g.nx * g.ny;
  if (g.type === 'random') return g.count;
  return g.count ?? Math.max(1, Math.floor(Math.hypot(g.b[0] - g.a[0], g.b[1] - g.a[1]) / (2 * g.r)));
}
