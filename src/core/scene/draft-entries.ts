/**
 * The entries of a scene draft (scene-draft.ts): a body or a wall as a scenario spec, remembering which of the
 * world's it was and whether its state is the spec's or carried (carried-state.ts).
 */
import type { ParticleSpec, WallSpec } from '../scenarios/schema';

export type DraftWallSpec = Exclude<WallSpec, { type: 'box' }>;

export interface DraftBody {
  spec: ParticleSpec;
  /** The world's index of this body, or −1 for a new one */
  from: number;
  /** Its motion is the spec's, not carried (pinned, unpinned) */
  fresh: boolean;
}

export interface DraftWall {
  spec: DraftWallSpec;
  /** The world's index of this wall, or −1 for a new one */
  from: number;
  /** Its place and motion are the spec's, not carried (moved, turned, given a velocity) */
  fresh: boolean;
}
