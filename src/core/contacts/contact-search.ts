/**
 * What a collider reads and writes while the narrow phase (contacts/narrow-phase.ts) runs a search: the bodies, walls and
 * boundary, the record being filled and last step's, the rigid polygon colliders' scratch, the contact-plane settings,
 * the kernels. The colliders take
 * this, not the narrow phase that calls them, so they import nothing of the table that lists them.
 */
import { LINEAR } from '../laws/law-ids';
import { growF64 } from '../math/grow';
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import { DISC_SIDES } from '../shapes/disc-outline';
import { AXIAL } from '../plane/plane-ids';
import type { BodyState } from '../state/body-state';
import { ALL_HISTORY, ContactHistoryIndex, type ContactList } from '../state/contact-list';
import { PairHistoryIndex } from '../state/pair-history-index';
import { WallCandidates } from './wall-candidates';
import type { WasmKernels } from '../wasm/kernels';
import type { PairBuffer } from '../neighbors/pair-buffer';
import { rotatePolygons, type RotationColumns } from './polygon-rotations';

/**
 * The worker pool's polygon stages as the search calls them (contacts/parallel-polygon-pairs.ts implements them; this
 * file does not import it): each returns false, having done nothing, where it does not run (one thread, one chunk)
 */
export interface PolygonPool {
  /** The contacts of candidate pairs `pairs`, appended to np.out; with `forces` (the fused polygon pass's flags) their forces too */
  run(np: ContactSearch, pairs: PairBuffer, forces?: number): boolean;
  /** Each polygon's cos φ, sin φ and world outline into np's columns; `later`: with the pool's next command */
  rotations(np: ContactSearch, b: BodyState, later?: boolean): boolean;
  /** How many times each ran on the pool: the tests' counts */
  readonly runs: number;
  readonly rotationRuns: number;
  readonly stops: number;
}

export class ContactSearch {
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
  /** Each polygon's world outline x + Rot(φ) X at the evaluation configuration, at the vertex pool's offsets (rotations) */
  worldVertices = new Float64Array(0);
  /** Scratch for the rigid polygon colliders: the two outlines in world coordinates */
  outlineI = new Float64Array(2 * DISC_SIDES);
  outlineJ = new Float64Array(2 * DISC_SIDES);
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
  /**
   * The WebAssembly kernels the fused disc pass's pair loop and the polygon colliders (soft DEM: in WebAssembly only) run
   * on, where the state lives in their arena (sim/force-pipeline.ts)
   */
  kernels: WasmKernels | null = null;
  /** The worker pool polygon pairs run on (contacts/parallel-polygon-pairs.ts, set by sim/force-pipeline.ts), or null */
  polygonPool: PolygonPool | null = null;

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

  /**
   * cos φ and sin φ of every polygon at the evaluation configuration, and its world outline, once a search, not once a
   * pair (contacts/polygon-rotations.ts); on the worker pool where there is one, `later` with its next command
   * (KernelPool.defer: nothing may read them before that command or a flush)
   */
  rotations(b: BodyState, later = false): void {
    if (this.cosPhi.length < b.n) { // in the kernels' arena if they were there (math/grow.ts)
      this.cosPhi = growF64(this.cosPhi, b.n);
      this.sinPhi = growF64(this.sinPhi, b.n);
    }
    if (this.worldVertices.length < b.vertices.length) this.worldVertices = growF64(this.worldVertices, b.vertices.length);
    if (this.polygonPool?.rotations(this, b, later)) return;
    const r = ROTATIONS;
    r.shape = b.shape; r.ephi = b.ephi; r.ex = b.ex; r.ey = b.ey; r.vertexStart = b.vertexStart; r.vertexCount = b.vertexCount; r.vertices = b.vertices;
    r.cosPhi = this.cosPhi; r.sinPhi = this.sinPhi; r.worldVertices = this.worldVertices;
    rotatePolygons(r, 0, b.n, this.kernels);
  }
}

/** The serial rotations' view of the columns (re-pointed at each call: no allocation) */
const ROTATIONS: RotationColumns = {
  shape: new Uint8Array(0), ephi: new Float64Array(0), ex: new Float64Array(0), ey: new Float64Array(0), vertexStart: new Int32Array(0),
  vertexCount: new Int32Array(0), vertices: new Float64Array(0), cosPhi: new Float64Array(0), sinPhi: new Float64Array(0), worldVertices: new Float64Array(0),
};
