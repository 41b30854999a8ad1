/**
 * Scene edits: the operations of the page's build mode and of a scenario file's `edits` list, as readable JSON
 * (walls as segments, poured grains as a seeded generator with its parameters). Each names its kind in `op`;
 * bodies and walls are named by their index in the scene at the time of the edit (what the page draws and picks).
 * `at` [s]: when the edit applies (a file's edit at 0 or without it applies when the scene is built; a later one
 * when the run reaches it). scene-editor.ts applies them; docs/cli.md#scene-edits documents them.
 */
import { z } from 'zod';
import { particleSchema } from './body-schemas';
import { MAX_POLYGON_VERTICES, oneLine, pair, physical, R } from './schema-fields';
import { MAX_WALLS } from './wall-schema';

/** Most edits in one scenario file */
export const MAX_EDITS = 100_000;
/** Most grains one pour places */
export const MAX_POUR = 100_000;

const point = () => pair(R.coordinate);
const wall = () => z.int().min(0).max(MAX_WALLS - 1);
const body = () => z.int().min(0).max(2 ** 24 - 1);
const gateName = () => oneLine().min(1).max(100);
/** When the edit applies [s]; absent: at once (in a file, when the scene is built) */
const at = { at: z.number().min(0).max(1e9).optional() };

export const addSegmentEdit = z.strictObject({ op: z.literal('add-segment'), a: point(), b: point(), ...at });
/** A chain of segments through the points (a funnel, a hopper, a ramp) */
export const addPolylineEdit = z.strictObject({ op: z.literal('add-polyline'), points: z.array(point()).min(2).max(MAX_WALLS + 1), ...at });
/** Three segments (open top) or four */
export const addBoxEdit = z.strictObject({
  op: z.literal('add-box'),
  xmin: physical(R.coordinate), ymin: physical(R.coordinate), xmax: physical(R.coordinate), ymax: physical(R.coordinate),
  openTop: z.boolean().default(true),
  ...at,
});
export const removeWallEdit = z.strictObject({ op: z.literal('remove-wall'), wall: wall(), ...at });
/** Shifts the wall by `by` [m] */
export const moveWallEdit = z.strictObject({ op: z.literal('move-wall'), wall: wall(), by: point(), ...at });
/** Turns the wall counter-clockwise about its midpoint (a line wall: about its point) by `degrees` */
export const rotateWallEdit = z.strictObject({ op: z.literal('rotate-wall'), wall: wall(), degrees: z.number().min(-360).max(360), ...at });
/** The wall moves with this velocity [m/s] from now on (a piston's push, a shear plate), from where it is */
export const wallVelocityEdit = z.strictObject({ op: z.literal('wall-velocity'), wall: wall(), velocity: pair(R.speed), ...at });
/** Names the wall a gate, which open-gate removes */
export const markGateEdit = z.strictObject({ op: z.literal('mark-gate'), wall: wall(), gate: gateName(), ...at });
export const openGateEdit = z.strictObject({ op: z.literal('open-gate'), gate: gateName(), ...at });
/** One body, as a scenario's particle */
export const placeEdit = z.strictObject({ op: z.literal('place'), body: particleSchema, ...at });
/**
 * `count` grains placed at random without overlap (bodies, walls, each other) in `region` [xmin, ymin, xmax, ymax] —
 * or from a hopper: the square of side `width` above its `mouth` — radii uniform in [rMin, rMax] (or a Gaussian
 * truncated to it), a fraction `polygons` of them convex polygons of `sides` sides (circumradius the drawn radius),
 * from the generator seeded with `seed`; with `rate` [grains/s], in batches every `every` seconds (scene-editor.ts)
 */
export const pourEdit = z.strictObject({
  op: z.literal('pour'),
  region: z.tuple([physical(R.coordinate), physical(R.coordinate), physical(R.coordinate), physical(R.coordinate)]).optional(),
  hopper: z.strictObject({ mouth: point(), width: physical(R.length) }).optional(),
  count: z.int().min(1).max(MAX_POUR),
  rate: z.number().min(1e-3).max(1e7).optional(),
  every: z.number().min(1e-6).max(1e6).default(0.02),
  rMin: physical(R.radius),
  rMax: physical(R.radius),
  gaussian: z.strictObject({ mean: physical(R.radius), sd: physical(R.radius) }).optional(),
  polygons: z.number().min(0).max(1).default(0),
  sides: z.tuple([z.int().min(3).max(MAX_POLYGON_VERTICES), z.int().min(3).max(MAX_POLYGON_VERTICES)]).default([4, 8]),
  seed: z.int().min(0).max(2 ** 32 - 1).default(1),
  vx: physical(R.speed).default(0), vy: physical(R.speed).default(0),
  /** Positions tried per grain before the pour is refused */
  maxTries: z.int().min(1).max(100_000).default(1000),
  ...at,
});
/** Removes the bodies whose centre lies within `radius` [m] of `center`; with `walls`, also the walls that cross the circle */
export const eraseEdit = z.strictObject({
  op: z.literal('erase'), center: point(), radius: physical(R.length), walls: z.boolean().default(false), ...at,
});
/** Fixes the body where it is (at rest); unpin lets it move again */
export const pinEdit = z.strictObject({ op: z.literal('pin'), body: body(), ...at });
export const unpinEdit = z.strictObject({ op: z.literal('unpin'), body: body(), ...at });
/** Gravity of `magnitude` [m/s²] pointing `degrees` counter-clockwise from +x (−90: down) */
export const gravityEdit = z.strictObject({ op: z.literal('gravity'), magnitude: z.number().min(0).max(1e6), degrees: z.number().min(-360).max(360), ...at });

export const sceneEditSchema = z.discriminatedUnion('op', [
  addSegmentEdit, addPolylineEdit, addBoxEdit, removeWallEdit, moveWallEdit, rotateWallEdit, wallVelocityEdit,
  markGateEdit, openGateEdit, placeEdit, pourEdit, eraseEdit, pinEdit, unpinEdit, gravityEdit,
]);

/** An edit as applied (defaults filled) */
export type SceneEdit = z.output<typeof sceneEditSchema>;
/** An edit as written (defaults may be left out) */
export type SceneEditInput = z.input<typeof sceneEditSchema>;
export type EditOf<K extends SceneEdit['op']> = Extract<SceneEdit, { op: K }>;
