/**
 * Rewind (issue 11, the Δt lecture): snapshots of the run every `every` steps within a memory budget (the
 * oldest go first), so a user can go back to an earlier state and run again from there with another Δt.
 * Going back forgets the entries after the point returned to (the run branches from there). The oldest
 * entry's buffers are reused for the next capture, so a long run at the budget allocates nothing more.
 */
import { Snapshot } from './snapshot';
import type { World } from './world';

/** Default memory for the snapshots [bytes] */
export const TIMELINE_BUDGET = 64 * 1024 * 1024;

export class Timeline {
  private readonly entries: Snapshot[] = [];
  private spare: Snapshot | null = null;
  private lastStep = -Infinity;

  constructor(readonly every: number, readonly budgetBytes = TIMELINE_BUDGET) {}

  get count(): number {
    return this.entries.length;
  }

  /** Bytes the kept snapshots hold */
  get bytes(): number {
    let b = 0;
    for (const s of this.entries) b += s.bytes;
    return b;
  }

  /** Simulated time of entry k (0 = oldest) [s] */
  time(k: number): number {
    return this.entries[k].t;
  }

  /** Captures the world when `every` steps have passed since the last entry (healthy states only). */
  record(w: World): void {
    if (w.stepCount - this.lastStep < this.every || w.health.status !== 'ok') return;
    const s = this.spare ?? new Snapshot();
    this.spare = null;
    s.capture(w);
    this.entries.push(s);
    this.lastStep = w.stepCount;
    while (this.entries.length > 2 && this.bytes > this.budgetBytes) this.spare = this.entries.shift() as Snapshot;
  }

  /** Puts the world back to entry k and forgets the later ones. */
  restore(w: World, k: number): void {
    if (!(k >= 0 && k < this.entries.length)) throw new RangeError(`timeline: no entry ${k} (0 to ${this.entries.length - 1})`);
    w.restoreSnapshot(this.entries[k]);
    this.entries.length = k + 1;
    this.lastStep = w.stepCount;
  }
}
