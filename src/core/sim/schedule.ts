/**
 * A scenario's run.schedule: live-parameter changes at given times (e.g. the force step of paper 004
 * §IV in cd-piston). A change takes effect before the first step that starts at or after its time, and
 * stepping is cut at that boundary. The headless runner and the worker both drive it, so a scene
 * behaves the same in the CLI and in the page. Going back in time (last good state) re-arms the
 * entries later than the new t.
 */

/** One scheduled change as reported to the page. */
export interface ScheduledChange {
  /** [s] */
  at: number;
  /** Live parameters (names and ranges of config/param-table.ts) */
  set: Record<string, unknown>;
  /** Already applied */
  done: boolean;
}

export class ParameterSchedule {
  private entries: { at: number; set: Record<string, unknown> }[] = [];
  /** Index of the next entry to apply */
  private next = 0;

  constructor(entries: readonly { at: number; set: Record<string, unknown> }[] = []) {
    this.entries = entries.map((e) => ({ at: e.at, set: { ...e.set } }));
  }

  /** After time went back to t: entries with at > t apply again. */
  rewind(t: number, dt: number): void {
    this.next = 0;
    while (this.next < this.entries.length && this.entries[this.next].at < t - 1e-9 * dt) this.next++;
  }

  /** The patches due at time t, in order; marks them applied. */
  due(t: number, dt: number): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    while (this.next < this.entries.length && t >= this.entries[this.next].at - 1e-9 * dt) out.push(this.entries[this.next++].set);
    return out;
  }

  /** At most this many steps may be taken from t before the next entry is due (at least 1). */
  stepsAllowed(t: number, dt: number, want: number): number {
    if (this.next >= this.entries.length) return want;
    return Math.max(1, Math.min(want, Math.ceil((this.entries[this.next].at - t) / dt - 1e-9)));
  }

  list(): ScheduledChange[] {
    return this.entries.map((e, k) => ({ at: e.at, set: { ...e.set }, done: k < this.next }));
  }
}
