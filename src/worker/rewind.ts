/**
 * The worker's rewind (issue 11, the Δt lecture): the core's Timeline (core/sim/timeline.ts) of the running
 * world, captured at series rows every 1/SNAPSHOTS_PER_PLAN of the scenario's planned duration (simulated
 * time, so a smaller Δt does not crowd the scrubber), at most MAX_SNAPSHOTS entries within TIMELINE_BUDGET
 * bytes (the oldest go first). `show` puts the world back to an entry and keeps the later ones (the scrubber
 * can go forward again); the run branches from there when it next steps (`resume`).
 */
import type { TimelineInfo } from '../protocol/timeline';
import { coreWorld, Timeline, TIMELINE_BUDGET, type WorldLike } from './core-adapter';

/** Snapshots over the scenario's planned duration */
export const SNAPSHOTS_PER_PLAN = 400;
/** Entries kept at most (besides the byte budget) */
export const MAX_SNAPSHOTS = 1000;

export class Rewind {
  private timeline = new Timeline(1, TIMELINE_BUDGET, MAX_SNAPSHOTS);
  /** simulated seconds between snapshots */
  private every = 0;
  private nextT = -Infinity;

  /** A new scene: no entries; snapshots every plannedEnd / SNAPSHOTS_PER_PLAN simulated seconds. */
  reset(plannedEnd: number): void {
    this.timeline.clear();
    this.every = plannedEnd / SNAPSHOTS_PER_PLAN;
    this.nextT = -Infinity;
  }

  /** At a series row: a snapshot when `every` has passed since the last one. */
  record(w: WorldLike): void {
    if (w.t < this.nextT) return;
    if (this.timeline.record(coreWorld(w))) this.nextT = w.t + this.every * (1 - 1e-9);
  }

  /** Puts the world back to entry k (later entries kept until the run goes on); returns its t. */
  show(w: WorldLike, k: number): number {
    this.timeline.show(coreWorld(w), k);
    this.nextT = w.t + this.every * (1 - 1e-9);
    return w.t;
  }

  /** True while the world shows an earlier entry and the later ones are still kept. */
  get viewing(): boolean {
    return this.timeline.viewing >= 0;
  }

  /** The run goes on from the entry shown: the later entries are forgotten. */
  resume(): void {
    this.timeline.branch();
  }

  info(disabled: string): TimelineInfo {
    const tl = this.timeline, times = new Float64Array(tl.count);
    for (let k = 0; k < tl.count; k++) times[k] = tl.time(k);
    return { disabled, times, viewing: tl.viewing, bytes: tl.heldBytes, budgetBytes: tl.budgetBytes, maxEntries: tl.maxEntries };
  }
}
