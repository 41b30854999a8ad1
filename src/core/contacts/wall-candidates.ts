/**
 * A Verlet list for the walls (docs/model.md#conflicts-and-the-linked-cell-fallback, as for the pairs): between two builds of the
 * pair list no body moves farther than the reuse distance from where it was at the build, so a body whose
 * gap to a static wall was then larger cannot touch it before the next build. The walls' pass tests only the
 * bodies within `margin` of each wall. The lists are made again whenever the pair list is, and whenever a
 * wall has moved or changed since (pistons, driven walls: then every step, as a full test would) or the
 * margin has.
 * Per wall the candidates are in body order, and `chunkStart` says where each chunk of bodies
 * (columns/body-columns.ts) begins among them, so that a worker pool can take them chunk by chunk in the
 * serial order.
 */
import { LINE, type WallSet } from '../boundaries/walls';
import { grownCapacity, growF64, growI32 } from '../math/grow';
import { BODY_CHUNK } from '../columns/body-columns';
import type { BodyState } from '../state/body-state';

/** What pins a wall down: a + o, b, n (compared each step; a change rebuilds the lists) */
const WALL_KEYS = 6;

export class WallCandidates {
  /** The candidate bodies, wall after wall, ascending within a wall */
  bodies = new Int32Array(0);
  /**
   * Per wall w and chunk c of bodies, where chunk c's candidates start in `bodies`:
   * chunkStart[w·(chunks + 1) + c], the wall's end at c = chunks
   */
  chunkStart = new Int32Array(0);
  /** Gap to a wall below which a body is a candidate [m]: at least the reuse distance of the pair list */
  margin = 0;
  private generation = -1;
  private n = -1;
  private count = -1;
  private builtMargin = Number.NaN;
  /** Each wall's a + o, b and n when the lists were made */
  private pinned = new Float64Array(0);

  /** Chunks of bodies the lists are cut into */
  get chunks(): number {
    return Math.ceil(this.n / BODY_CHUNK);
  }

  /** Wall w's candidates are bodies[first(w) … end(w)). */
  first(w: number): number {
    return this.chunkStart[w * (this.chunks + 1)];
  }

  end(w: number): number {
    return this.chunkStart[w * (this.chunks + 1) + this.chunks];
  }

  /** Makes the lists current for a step whose pair list has generation `generation`. */
  update(b: BodyState, walls: WallSet, generation: number): void {
    if (generation === this.generation && b.n === this.n && walls.count === this.count && this.margin === this.builtMargin && !this.wallsMoved(walls)) return;
    this.generation = generation;
    this.builtMargin = this.margin;
    this.n = b.n;
    this.count = walls.count;
    this.pin(walls);
    const chunks = this.chunks, W = walls.count;
    if (this.chunkStart.length < W * (chunks + 1)) this.chunkStart = growI32(this.chunkStart, grownCapacity(W * (chunks + 1), this.chunkStart.length));
    let e = 0;
    for (let w = 0; w < W; w++) {
      if (this.bodies.length < e + b.n) this.bodies = growI32(this.bodies, grownCapacity(e + b.n, this.bodies.length));
      e = walls.kind[w] === LINE ? this.nearLine(b, walls, w, e) : this.nearSegment(b, walls, w, e);
    }
  }

  /** The bodies within `margin` of line wall w, from bodies[e] on; returns the new end. */
  private nearLine(b: BodyState, walls: WallSet, w: number, e: number): number {
    const ex = b.ex, ey = b.ey, rad = b.radius, list = this.bodies, starts = this.chunkStart, s0 = w * (this.chunks + 1);
    const ax = walls.ax[w] + walls.ox[w], ay = walls.ay[w] + walls.oy[w], nx = walls.nx[w], ny = walls.ny[w], margin = this.margin;
    for (let c = 0, n = b.n; c * BODY_CHUNK < n; c++) {
      starts[s0 + c] = e;
      for (let j = c * BODY_CHUNK, j1 = Math.min(n, j + BODY_CHUNK); j < j1; j++) {
        if (!((ex[j] - ax) * nx + (ey[j] - ay) * ny - rad[j] >= margin)) list[e++] = j; // a NaN position stays in (the divergence check sees it)
      }
    }
    starts[s0 + this.chunks] = e;
    return e;
  }

  /** The same for segment wall w (distance to the segment's nearest point). */
  private nearSegment(b: BodyState, walls: WallSet, w: number, e: number): number {
    const ex = b.ex, ey = b.ey, rad = b.radius, list = this.bodies, starts = this.chunkStart, s0 = w * (this.chunks + 1);
    const ax = walls.ax[w] + walls.ox[w], ay = walls.ay[w] + walls.oy[w], margin = this.margin;
    const sx = walls.bx[w] - walls.ax[w], sy = walls.by[w] - walls.ay[w], sl2 = sx * sx + sy * sy;
    for (let c = 0, n = b.n; c * BODY_CHUNK < n; c++) {
      starts[s0 + c] = e;
      for (let j = c * BODY_CHUNK, j1 = Math.min(n, j + BODY_CHUNK); j < j1; j++) {
        let u = ((ex[j] - ax) * sx + (ey[j] - ay) * sy) / sl2;
        u = u < 0 ? 0 : u > 1 ? 1 : u;
        const dx = ex[j] - (ax + u * sx), dy = ey[j] - (ay + u * sy);
        if (!(Math.sqrt(dx * dx + dy * dy) - rad[j] >= margin)) list[e++] = j;
      }
    }
    starts[s0 + this.chunks] = e;
    return e;
  }

  private pin(walls: WallSet): void {
    if (this.pinned.length < WALL_KEYS * walls.count) this.pinned = growF64(this.pinned, grownCapacity(WALL_KEYS * walls.count, this.pinned.length));
    for (let w = 0; w < walls.count; w++) {
      const p = WALL_KEYS * w;
      this.pinned[p] = walls.ax[w] + walls.ox[w]; this.pinned[p + 1] = walls.ay[w] + walls.oy[w];
      this.pinned[p + 2] = walls.bx[w]; this.pinned[p + 3] = walls.by[w];
      this.pinned[p + 4] = walls.nx[w]; this.pinned[p + 5] = walls.ny[w];
    }
  }

  private wallsMoved(walls: WallSet): boolean {
    const q = this.pinned;
    for (let w = 0; w < walls.count; w++) {
      const p = WALL_KEYS * w;
      if (q[p] !== walls.ax[w] + walls.ox[w] || q[p + 1] !== walls.ay[w] + walls.oy[w] || q[p + 2] !== walls.bx[w] || q[p + 3] !== walls.by[w]
        || q[p + 4] !== walls.nx[w] || q[p + 5] !== walls.ny[w]) return true;
    }
    return false;
  }
}
