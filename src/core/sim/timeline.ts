/**
 * Rewind (issue 11, the Δt lecture): snapshots of the run every `every` steps within a memory budget (the
 * oldest go first), so a user can go back to an earlier state and run again from there with another Δt.
 * Going back forgets the entries after the point returned to (the run branches from there); `show` only
 * looks (the later entries stay, so a scrubber can go forward again) until `branch` is called. The oldest
 * entry's buffers are reused for the next capture, so a long run at the budget allocates nothing more.
 * Memory held: at most budgetBytes in the entries (or two entries, if one is larger than half the budget)
 * plus one spare snapshot.
 */
import { Snapshot } from './snapshot';
import type { World } from './world';

/** Default memory for the snapshots [bytes] */
export const TIMELINE_BUDGET = 64 * 1024 * 1024;

export class Timeline {
  private readonly entries: Snapshot[] = [];
  private spare: Snapshot | null = null;
  private lastStep = -Infinity;
  private total = 0;
  /** Entry the world was last put back to by `show` while the later ones are kept (-1: none) */
  private shown = -1;

  constructor(readonly every: number, readonly budgetBytes = TIMELINE_BUDGET, readonly maxEntries = Infinity) {}

  get count(): number {
    return this.entries.length;
  }

  /** Bytes the kept snapshots hold */
  get bytes(): number {
    return this.total;
  }

  /** Bytes held in all, the spare snapshot included */
  get heldBytes(): number {
    return this.total + (this.spare ? this.spare.bytes : 0);
  }

  /** The entry last shown while the later ones are kept, or -1 */
  get viewing(): number {
    return this.shown;
  }

  /** Simulated time of entry k (0 = oldest) [s] */
  time(k: number): number {
    return this.entries[k].t;
  }

  /** Captures the world when `every` steps have passed since the last entry (healthy states only); true if it did. */
  record(w: World): boolean {
    if (w.stepCount - this.lastStep < this.every || w.health.status !== 'ok') return false;
    this.branch();
    const s = this.spare ?? new Snapshot();
    this.spare = null;
    s.capture(w);
    this.entries.push(s);
    this.total += s.bytes;
    this.lastStep = w.stepCount;
    while (this.entries.length > 2 && (this.total > this.budgetBytes || this.entries.length > this.maxEntries)) {
      this.spare = this.entries.shift() as Snapshot;
      this.total -= this.spare.bytes;
    }
    return true;
  }

  /** Puts the world back to entry k and keeps the later entries (a look back; `branch` forgets them). */
  show(w: World, k: number): void {
    if (!(Number.isInteger(k) && k >= 0 && k < this.entries.length)) throw new RangeError(`timeline: no entry ${k} (0 to ${this.entries.length - 1})`);
    w.restoreSnapshot(this.entries[k]);
    this.shown = k;
    this.lastStep = w.stepCount;
  }

  /** The run goes on from the entry shown: the entries after it are forgotten. */
  branch(): void {
    if (this.shown < 0) return;
    for (let k = this.shown + 1; k < this.entries.length; k++) this.total -= this.entries[k].bytes;
    this.entries.length = this.shown + 1;
    this.shown = -1;
  }

  /** Puts the world back to entry k and forgets the later ones. */
  restore(w: World, k: number): void {
    this.show(w, k);
    this.branch();
  }

  /** Forgets every entry (a new scene) */
  clear(): void {
    this.entries.length = 0;
    this.total = 0;
    this.shown = -1;
    this.lastStep = -Infinity;
  }
}
