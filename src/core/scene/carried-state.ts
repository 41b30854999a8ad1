/**
 * The state an edit carries from the world before it to the world it builds (scene-draft.ts): each kept body's
 * motion (x, y, φ, their rates and accelerations) and shape columns, each kept contact with its history (the slots
 * and the normal a snapshot keeps), renumbered, each kept wall's place and motion, and the time, step and work.
 * A contact of a removed body or wall goes with it. Put back as a snapshot is (World.restoreSnapshot): the
 * integrator then starts again from the carried state, as after a parameter change that restarts it.
 */
import type { WallSet } from '../boundaries/walls';
import { POLYGON } from '../shapes/shape-kind';
import { Snapshot, type Snapshotted } from '../sim/snapshot';
import type { World } from '../sim/world';
import { HISTORY_FIELDS } from '../state/contact-list';
import type { DraftBody, DraftWall } from './draft-entries';

/** A body's motion, carried unless the edit set it (a pinned body is at rest) */
const MOTION = ['vx', 'vy', 'omega', 'ax', 'ay', 'alpha'] as const;
/** Where it is and what shape it has, always carried (a polygon's rebuilt centroid could differ in the last bit) */
const PLACE = ['x', 'y', 'phi', 'radius', 'eqRadius'] as const;
/** The snapshot's contact columns (snapshot.ts CARRIED) */
const CONTACT = [...HISTORY_FIELDS, 'nx', 'ny'] as const;
const WALL = ['ax', 'ay', 'bx', 'by', 'nx', 'ny', 'vx', 'vy', 'ox', 'oy'] as const;

export class CarriedState extends Snapshot {
  constructor(private readonly source: World, private readonly draftBodies: readonly DraftBody[], private readonly draftWalls: readonly DraftWall[]) {
    super();
  }

  override restore(w: Snapshotted): void {
    const old = this.source.bodies, b = w.bodies;
    const bodyTo = new Int32Array(old.n).fill(-1), wallTo = new Int32Array(this.source.walls.count).fill(-1);
    this.draftBodies.forEach((d, k) => {
      if (d.from < 0) return;
      bodyTo[d.from] = k;
      for (const f of PLACE) b[f][k] = old[f][d.from];
      if (!d.fresh) for (const f of MOTION) b[f][k] = old[f][d.from];
      if (old.shape[d.from] === POLYGON) {
        const o = 2 * old.vertexStart[d.from];
        b.vertices.set(old.vertices.subarray(o, o + 2 * old.vertexCount[d.from]), 2 * b.vertexStart[k]);
      }
    });
    const parts = w.snapshotParts();
    this.draftWalls.forEach((d, k) => {
      if (d.from < 0) return;
      wallTo[d.from] = k;
      if (!d.fresh) copyWall(this.source.walls, d.from, parts.walls, k);
    });
    const src = this.source.snapshotParts(), oc = src.contacts, c = parts.contacts;
    c.reserve(oc.count);
    let m = 0, pairs = 0;
    for (let q = 0; q < oc.count; q++) {
      const i = oc.i[q], j = bodyTo[oc.j[q]];
      const ni = i >= 0 ? bodyTo[i] : wallTo[-1 - i] >= 0 ? -1 - wallTo[-1 - i] : NaN;
      if (j < 0 || (i >= 0 && ni < 0) || Number.isNaN(ni)) continue;
      c.i[m] = ni; c.j[m] = j; c.feature[m] = oc.feature[q]; c.planeChoice[m] = oc.planeChoice[q];
      for (const f of CONTACT) c[f][m] = oc[f][q];
      if (q < oc.pairContacts) pairs++;
      m++;
    }
    c.count = m;
    c.pairContacts = pairs;
    const { workIn, workHand, stepCount, t, dt } = src;
    w.restoreParts({ workIn, workHand, stepCount, t, dt });
  }
}

function copyWall(from: WallSet, w: number, to: WallSet, k: number): void {
  for (const f of WALL) to[f][k] = from[f][w];
}
