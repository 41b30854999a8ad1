/**
 * The narrow phase: a table of colliders indexed by the shape kinds of the two bodies (the Box2D v3
 * idea), each filling one contact record (state/contact-list.ts) with normal, overlap, characteristic
 * length, lever arms and contact point; then the history carried from the previous step, and the
 * relative velocity of the contact points (contacts/contact-velocity.ts). Adding a shape = its
 * colliders and their rows here.
 *
 * `gapMax` > 0 also keeps pairs whose gap g = −δ is below it (contact dynamics detects contacts at the
 * start of the step with a gap threshold, docs/model.md#contact-dynamics); δ is then negative.
 */
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import { PairBuffer } from '../neighbors/pair-buffer';
import { DISC, POLYGON, SHAPE_KINDS, SHAPES } from '../shapes/shape-kind';
import type { BodyState } from '../state/body-state';
import { carryHistory, type ContactList } from '../state/contact-list';
import { collideDiscDisc, collideWallDisc } from './collide-disc';
import { collidePolygonPair, collideWallPolygon } from './collide-polygon';
import { collidePolygonPairRigid, collideWallPolygonRigid } from './collide-polygon-rigid';
import { ContactSearch } from './contact-search';
import { contactVelocities } from './contact-velocity';

/**
 * Appends the contacts among the candidate pairs (i, j) of `pairs` (all of one kind pair), skipping
 * two immovable bodies.
 */
export type PairCollider = (np: ContactSearch, pairs: PairBuffer) => void;
/** Appends the contacts of wall w (body i) with every movable body of shape kind `kind`. */
export type WallCollider = (np: ContactSearch, w: number, kind: number) => void;

/** Body pair colliders, row-major [kind of i][kind of j] (i < j): soft DEM, and rigid (contact dynamics). */
const PAIR_COLLIDERS: readonly PairCollider[] = table(SHAPE_KINDS * SHAPE_KINDS, [
  [DISC * SHAPE_KINDS + DISC, collideDiscDisc],
  [DISC * SHAPE_KINDS + POLYGON, collidePolygonPair],
  [POLYGON * SHAPE_KINDS + DISC, collidePolygonPair],
  [POLYGON * SHAPE_KINDS + POLYGON, collidePolygonPair],
]);
const RIGID_PAIR_COLLIDERS: readonly PairCollider[] = table(SHAPE_KINDS * SHAPE_KINDS, [
  [DISC * SHAPE_KINDS + DISC, collideDiscDisc],
  [DISC * SHAPE_KINDS + POLYGON, collidePolygonPairRigid],
  [POLYGON * SHAPE_KINDS + DISC, collidePolygonPairRigid],
  [POLYGON * SHAPE_KINDS + POLYGON, collidePolygonPairRigid],
]);
/** Wall colliders by the body's kind (the wall is always body i). */
const WALL_COLLIDERS: readonly WallCollider[] = table(SHAPE_KINDS, [[DISC, collideWallDisc], [POLYGON, collideWallPolygon]]);
const RIGID_WALL_COLLIDERS: readonly WallCollider[] = table(SHAPE_KINDS, [[DISC, collideWallDisc], [POLYGON, collideWallPolygonRigid]]);

/** Why bodies of these shape kinds cannot be stepped (no colliders in these tables for one of them), or null */
export function collidersMissing(kinds: readonly number[]): string | null {
  const k = kinds.find((kind) => kind >= SHAPE_KINDS);
  return k === undefined ? null : `the narrow phase has no colliders for ${SHAPES[k].name}s (contacts/narrow-phase.ts)`;
}

function table<F>(size: number, rows: [number, F][]): F[] {
  const t: F[] = new Array(size);
  for (const [at, f] of rows) t[at] = f;
  for (let k = 0; k < size; k++) if (!t[k]) throw new Error(`narrow phase: no collider for slot ${k}`);
  return t;
}

/** The search's driver: splits the candidates by kind pair and runs each through its collider, then the walls. */
export class NarrowPhase extends ContactSearch {
  /** The candidate pairs split by kind pair, when a scene mixes shape kinds (in the kernels' arena with the pair list: sim/force-pipeline.ts) */
  readonly byKind: PairBuffer[] = Array.from({ length: SHAPE_KINDS * SHAPE_KINDS }, () => new PairBuffer());
  private readonly present = new Uint8Array(SHAPE_KINDS);

  /** Fills `out` with this step's contacts among `pairs` and against every wall; history from `prev`. */
  findContacts(b: BodyState, pairs: PairBuffer, walls: WallSet, periodic: PeriodicX, prev: ContactList, out: ContactList): void {
    this.bodies = b; this.walls = walls; this.periodic = periodic; this.out = out; this.previous = prev;
    if (this.outlineI.length < 2 * b.maxVertices) {
      this.outlineI = new Float64Array(2 * b.maxVertices);
      this.outlineJ = new Float64Array(2 * b.maxVertices);
    }
    out.count = 0;
    out.reserve(pairs.count + 16);
    out.reservePairSlots(pairs.count);
    const kinds = this.kindsPresent();
    if (this.present[POLYGON]) this.rotations(b);
    // discs alone: the disc collider fills the pair slots, and while the pair list is last step's the
    // history is found through them; polygon colliders look up last step's contacts by key as they go
    const discsOnly = kinds === 1 && this.present[DISC] === 1;
    out.pairStamp = discsOnly ? pairs.generation : -1;
    const bySlot = discsOnly && prev.pairStamp === pairs.generation;
    this.index.build(prev, bySlot ? prev.pairContacts : 0);
    const pairColliders = this.rigid ? RIGID_PAIR_COLLIDERS : PAIR_COLLIDERS, wallColliders = this.rigid ? RIGID_WALL_COLLIDERS : WALL_COLLIDERS;
    if (kinds === 1) {
      pairColliders[b.n > 0 ? b.shape[0] * (SHAPE_KINDS + 1) : 0](this, pairs);
    } else {
      this.splitByKind(pairs);
      for (let kk = 0; kk < SHAPE_KINDS * SHAPE_KINDS; kk++) if (this.byKind[kk].count > 0) pairColliders[kk](this, this.byKind[kk]);
    }
    out.pairContacts = out.count;
    for (let w = 0; w < walls.count; w++) {
      for (let kind = 0; kind < SHAPE_KINDS; kind++) if (this.present[kind]) wallColliders[kind](this, w, kind);
    }
    contactVelocities(out, b, walls);
    // polygons alone under the area law: the pair colliders wrote each contact's row in last step's list (prevIndex)
    const known = kinds === 1 && this.present[POLYGON] === 1 && !this.rigid ? out.pairContacts : 0;
    carryHistory(out, prev, this.index, bySlot, this.carried, known);
    this.planeChanged = false;
  }

  /** Marks the shape kinds present and returns how many there are. */
  private kindsPresent(): number {
    const shape = this.bodies.shape, present = this.present;
    present.fill(0);
    for (let k = 0; k < this.bodies.n; k++) present[shape[k]] = 1;
    let count = 0;
    for (let kind = 0; kind < SHAPE_KINDS; kind++) count += present[kind];
    return count;
  }

  private splitByKind(pairs: PairBuffer): void {
    const shape = this.bodies.shape, byKind = this.byKind, pi = pairs.i, pj = pairs.j;
    for (const l of byKind) l.count = 0;
    for (let p = 0; p < pairs.count; p++) {
      const i = pi[p], j = pj[p];
      byKind[shape[i] * SHAPE_KINDS + shape[j]].push(i, j);
    }
  }
}
