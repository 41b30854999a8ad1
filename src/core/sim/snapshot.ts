/**
 * A copy of everything that defines a world's state at t: body state, integrator state and the
 * contact history. Buffers are allocated on the first capture and reused (grown if bodies were added).
 * Used for the divergence detector's "last good state" and the rewind timeline (timeline.ts).
 */
import type { WallSet } from '../boundaries/walls';
import { STATE_FIELDS, type BodyState } from '../state/body-state';
import { HISTORY_FIELDS, type ContactList } from '../state/contact-list';

/** A contact's carried state: its history slots, and the normal a polygon contact reads back next step */
const CARRIED = [...HISTORY_FIELDS, 'nx', 'ny'] as const;

const WALL_FIELDS = ['ox', 'oy', 'vx', 'vy'] as const;

/** The numbers a snapshot keeps besides the arrays */
export interface SnapshotScalars {
  workIn: number;
  workHand: number;
  stepCount: number;
  t: number;
  dt: number;
}

/** The arrays a snapshot copies besides the bodies' (integrator state, contact history, walls), and its numbers */
export interface SnapshotParts extends SnapshotScalars {
  integrator: Float64Array[];
  contacts: ContactList;
  walls: WallSet;
}

/** What a snapshot is taken of and put back into (the World) */
export interface Snapshotted {
  readonly bodies: BodyState;
  snapshotParts(): SnapshotParts;
  /** After the arrays are back: the numbers */
  restoreParts(p: SnapshotScalars): void;
}

export class Snapshot {
  private body: Float64Array[] = [];
  private flags = new Uint8Array(0);
  private integrator: Float64Array[] = [];
  private contactI = new Int32Array(0);
  private contactJ = new Int32Array(0);
  private contactFeature = new Int32Array(0);
  private contactChoice = new Uint8Array(0);
  private history: Float64Array[] = [];
  private contactCount = 0;
  /** how many of them are between bodies (the rest are with walls: ContactList.pairContacts) */
  private pairContactCount = 0;
  /** Wall displacements and velocities (pistons move) */
  private walls: Float64Array[] = [];
  private n = 0;
  private scalars: SnapshotScalars = { workIn: 0, workHand: 0, stepCount: 0, t: 0, dt: 0 };

  /** Simulated time of the captured state [s] */
  get t(): number {
    return this.scalars.t;
  }

  /** Memory the buffers hold [bytes] */
  get bytes(): number {
    let b = this.flags.byteLength + this.contactI.byteLength + this.contactJ.byteLength + this.contactFeature.byteLength + this.contactChoice.byteLength;
    for (const list of [this.body, this.integrator, this.history, this.walls]) for (const a of list) b += a.byteLength;
    return b;
  }

  capture(w: Snapshotted): void {
    const b = w.bodies, n = b.n;
    this.n = n;
    STATE_FIELDS.forEach((f, k) => {
      if (!this.body[k] || this.body[k].length < n) this.body[k] = new Float64Array(b.capacity);
      this.body[k].set(b[f].subarray(0, n));
    });
    if (this.flags.length < n) this.flags = new Uint8Array(b.capacity);
    this.flags.set(b.flags.subarray(0, n));
    const parts = w.snapshotParts();
    parts.integrator.forEach((a, k) => {
      if (!this.integrator[k] || this.integrator[k].length !== a.length) this.integrator[k] = new Float64Array(a.length);
      this.integrator[k].set(a);
    });
    const c = parts.contacts, m = c.count;
    if (this.contactI.length < m) {
      this.contactI = new Int32Array(c.capacity);
      this.contactJ = new Int32Array(c.capacity);
      this.contactFeature = new Int32Array(c.capacity);
      this.history = CARRIED.map(() => new Float64Array(c.capacity));
      this.contactChoice = new Uint8Array(c.capacity);
    }
    if (this.history.length === 0) {
      this.history = CARRIED.map(() => new Float64Array(Math.max(16, m)));
      this.contactChoice = new Uint8Array(Math.max(16, m));
    }
    this.contactI.set(c.i.subarray(0, m));
    this.contactJ.set(c.j.subarray(0, m));
    this.contactFeature.set(c.feature.subarray(0, m));
    CARRIED.forEach((f, k) => this.history[k].set(c[f].subarray(0, m)));
    this.contactChoice.set(c.planeChoice.subarray(0, m));
    this.contactCount = m;
    this.pairContactCount = c.pairContacts;
    const W = parts.walls;
    WALL_FIELDS.forEach((f, k) => {
      if (!this.walls[k] || this.walls[k].length !== W.count) this.walls[k] = new Float64Array(W.count);
      this.walls[k].set(W[f].subarray(0, W.count));
    });
    const { workIn, workHand, stepCount, t, dt } = parts;
    this.scalars = { workIn, workHand, stepCount, t, dt };
  }

  restore(w: Snapshotted): void {
    const b = w.bodies, n = this.n;
    b.n = n;
    STATE_FIELDS.forEach((f, k) => b[f].set(this.body[k].subarray(0, n)));
    b.flags.set(this.flags.subarray(0, n));
    const parts = w.snapshotParts();
    parts.integrator.forEach((a, k) => a.set(this.integrator[k]));
    const c = parts.contacts, m = this.contactCount;
    c.reserve(m);
    c.count = m;
    c.pairContacts = this.pairContactCount;
    c.i.set(this.contactI.subarray(0, m));
    c.j.set(this.contactJ.subarray(0, m));
    c.feature.set(this.contactFeature.subarray(0, m));
    CARRIED.forEach((f, k) => c[f].set(this.history[k].subarray(0, m)));
    c.planeChoice.set(this.contactChoice.subarray(0, m));
    WALL_FIELDS.forEach((f, k) => parts.walls[f].set(this.walls[k]));
    w.restoreParts(this.scalars);
  }
}
