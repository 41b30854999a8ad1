/**
 * Space–time density of a periodic pipe (paper 003 Fig. 6; docs/validation.md#e10-pipe-flow): at each sample (the
 * world takes one every run.spaceTime.every seconds) the movable grains are counted in bins along x. Rows wait in a bounded queue
 * until a reader (the CLI's writer, the worker's frame) takes them; when nobody reads, the oldest are
 * dropped. Also the flow: mean velocity along the pipe and the number flux through a cross-section.
 * Allocation-free after construction.
 */
import type { PeriodicX } from '../boundaries/periodic';
import type { BodyState } from '../state/body-state';

/** Rows kept unread at most (a reader that stops for a long time loses the oldest) */
const QUEUE_ROWS = 1024;

export class SpaceTime {
  readonly bins: number;
  /** Bin width [m] (the box length over the whole number of bins nearest the asked width) */
  readonly binWidth: number;
  private readonly x0: number;
  private readonly queue: Float64Array;
  private readonly times = new Float64Array(QUEUE_ROWS);
  private head = 0;
  /** Unread rows */
  pending = 0;
  /** Standard deviation of the counts in the latest row and in the first row ever recorded */
  sd = NaN;
  sdInitial = NaN;

  constructor(periodic: PeriodicX, binWidth: number) {
    this.x0 = periodic.xmin;
    this.bins = Math.max(1, Math.round(periodic.length / binWidth));
    this.binWidth = periodic.length / this.bins;
    this.queue = new Float64Array(QUEUE_ROWS * this.bins);
  }

  /** Counts the movable grains (by centre) into a new row at time t. */
  record(b: BodyState, t: number): void {
    const slot = (this.head + this.pending) % QUEUE_ROWS;
    if (this.pending === QUEUE_ROWS) this.head = (this.head + 1) % QUEUE_ROWS;
    else this.pending++;
    const bins = this.bins, off = slot * bins, q = this.queue, inv = 1 / this.binWidth, x0 = this.x0;
    q.fill(0, off, off + bins);
    let n = 0;
    for (let k = 0; k < b.n; k++) {
      if (b.invMass[k] === 0) continue;
      let bin = Math.floor((b.x[k] - x0) * inv);
      if (bin < 0) bin = 0; else if (bin >= bins) bin = bins - 1;
      q[off + bin]++;
      n++;
    }
    const mean = n / bins;
    let v = 0;
    for (let i = 0; i < bins; i++) v += (q[off + i] - mean) ** 2;
    this.sd = Math.sqrt(v / bins);
    if (Number.isNaN(this.sdInitial)) this.sdInitial = this.sd;
    this.times[slot] = t;
  }

  /** Hands each unread row (time, counts per bin; a view valid during the call) to `take`, oldest first. */
  drain(take: (t: number, row: Float64Array) => void): void {
    while (this.pending > 0) {
      const slot = this.head;
      take(this.times[slot], this.queue.subarray(slot * this.bins, (slot + 1) * this.bins));
      this.head = (this.head + 1) % QUEUE_ROWS;
      this.pending--;
    }
  }
}

/** Mean velocity along x of the movable grains [m/s] and their number flux through a cross-section [1/s]. */
export function pipeFlow(b: BodyState, length: number): { meanVx: number; flux: number } {
  let sum = 0, n = 0;
  for (let k = 0; k < b.n; k++) {
    if (b.invMass[k] === 0) continue;
    sum += b.vx[k];
    n++;
  }
  return { meanVx: n > 0 ? sum / n : NaN, flux: sum / length };
}
