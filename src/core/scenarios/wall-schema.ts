/**
 * The scenario's walls: a line (a half-plane, or a piston), a segment, a box of lines. Part of schema.ts.
 */
import { z } from 'zod';
import { oneLine, pair, physical, R } from './schema-fields';

/** Most walls (each is tested against every particle at every step) */
export const MAX_WALLS = 1000;

const wallCommon = {
  /** Velocity [m/s] of a moving wall (the initial velocity of a piston) */
  velocity: pair(R.speed).optional(),
  /** A gate's name: the wall an `open-gate` edit removes (scene/gate-edits.ts) */
  gate: oneLine().min(1).max(100).optional(),
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

/** The gate name of each wall a world builds from `walls` (a box is three or four walls, none of them a gate) */
export function wallGates(walls: readonly z.output<typeof wallSchema>[]): (string | undefined)[] {
  return walls.flatMap((w) => (w.type === 'box' ? Array<undefined>(w.openTop ? 3 : 4).fill(undefined) : [w.gate]));
}
