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
import { LINEAR } from '../laws/law-ids';
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import { PairBuffer } from '../neighbors/pair-buffer';
import { BoundaryCrossings } from '../shapes/boundary-crossings';
import { PolygonClipper } from '../shapes/polygon-clip';
import { AXIAL } from '../plane/plane-ids';
import { DISC, POLYGON, SHAPE_KINDS, SHAPES } from '../shapes/shape-kind';
import type { BodyState } from '../state/body-state';
import { ALL_HISTORY, carryHistory, ContactHistoryIndex, ContactList } from '../state/contact-list';
import { PairHistoryIndex } from '../state/pair-history-index';
import { collideDiscDisc, collideWallDisc } from './collide-disc';
import { collidePolygonPair, collideWallPolygon, DISC_SIDES } from './collide-polygon';
import { collidePolygonPairRigid, collideWallPolygonRigid } from './collide-polygon-rigid';
import { contactVelocities } from './contact-velocity';
import { WallCandidates } from './wall-candidates';
import type { WasmKernels } from '../wasm/kernels';

/**
 * Appends the contacts among the candidate pairs (i, j) of `pairs` (all of one kind pair), skipping
 * two immovable bodies.
 */
export type PairCollider = (np: NarrowPhase, pairs: PairBuffer) => void;
/** Appends the contacts of wall w (body i) with every movable body of shape kind `kind`. */
export type WallCollider = (np: NarrowPhase, w: number, kind: number) => void;

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

export class NarrowPhase {
  /** The bodies near each wall (the fused disc pass tests only these) */
  readonly wallCandidates = new WallCandidates();
  bodies!: BodyState;
  walls!: WallSet;
  periodic!: PeriodicX;
  out!: ContactList;
  /** Last step's contacts (history; the previous normal of a polygon contact) */
  previous!: ContactList;
  /** cos φ and sin φ of each polygon at the evaluation configuration, for this search (rotations) */
  cosPhi = new Float64Array(0);
  sinPhi = new Float64Array(0);
  /** Scratch for polygon colliders: the two outlines in world coordinates, the clipper, the crossings */
  outlineI = new Float64Array(2 * DISC_SIDES);
  outlineJ = new Float64Array(2 * DISC_SIDES);
  readonly clipper = new PolygonClipper(DISC_SIDES);
  readonly crossings = new BoundaryCrossings();
  /** Largest gap still kept as a contact [m] (0: touching only) */
  gapMax = 0;
  /** The law disc–disc and disc–wall contacts follow (laws/law-ids.ts: LINEAR or HERTZ) */
  discLaw = LINEAR;
  /**
   * Contact dynamics: rigid bodies meet at points (polygons: the rigid colliders; disc lever arms to the
   * contact point) instead of soft DEM's overlaps (the area law; disc lever arms to the surface points)
   */
  rigid = false;
  /** Scratch of the rigid polygon collider: largest separation and its face, for each body */
  readonly separation = new Float64Array(4);
  /** The history fields the active models declare (a mask over HISTORY_FIELDS): the ones carried over */
  carried = ALL_HISTORY;
  /** The keys of last step's contacts (built at the start of every search) */
  readonly index = new ContactHistoryIndex();
  /** Last step's disc–disc contacts by body, for the fused disc pass (contacts/disc-force-pass.ts) */
  readonly pairHistory = new PairHistoryIndex();
  /** The WebAssembly kernels the fused disc pass's pair loop runs on, where the state lives in their arena (sim/force-pipeline.ts) */
  kernels: WasmKernels | null = null;
  /** The candidate pairs split by kind pair, when a scene mixes shape kinds */
  private readonly byKind: PairBuffer[] = Array.from({ length: SHAPE_KINDS * SHAPE_KINDS }, () => new PairBuffer());
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
    carryHistory(out, prev, this.index, bySlot, this.carried);
    this.planeChanged = false;
  }

  /** Scratch: the normal a plane definition found, and the edge average's direction θ and axial anisotropy ρ */
  readonly normal = new Float64Array(2);
  readonly axis = new Float64Array(2);
  /** Contact-plane definition of polygon contacts (plane/plane-ids.ts index) and its flip hysteresis [rad] */
  plane = AXIAL;
  hysteresis = 0;
  /**
   * The plane definition changed since last step: last step's normals and flip choices belong to another
   * definition, so polygon contacts start afresh (as new ones) for one search
   */
  planeChanged = false;

  /** Index of the key (i, j, feature) in last step's contacts, or −1 (a new contact). */
  previousContact(i: number, j: number, feature: number): number {
    return this.index.find(i, j, feature);
  }

  /** cos φ and sin φ of every polygon at the evaluation configuration, once a search, not once a pair (outline) */
  private rotations(b: BodyState): void {
    if (this.cosPhi.length < b.n) {
      this.cosPhi = new Float64Array(b.n);
      this.sinPhi = new Float64Array(b.n);
    }
    const shape = b.shape, phi = b.ephi, c = this.cosPhi, s = this.sinPhi;
    for (let k = 0; k < b.n; k++) {
      if (shape[k] !== POLYGON) continue;
      c[k] = Math.cos(phi[k]);
      s[k] = Math.sin(phi[k]);
    }
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
