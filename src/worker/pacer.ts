/**
 * Playback in simulated time: at speed s (simulated seconds per wall-clock second) the run may be at
 * t₀ + s·(now − wall₀), and no further. Between due steps the worker sleeps (a timer), so slow motion
 * costs no CPU. A machine that cannot keep up runs as fast as it can without piling up a debt to
 * catch up later: the lag is capped at MAX_LAG_MS of wall time (or one step, if a step is longer).
 */
const MAX_LAG_MS = 250;
/** Longest sleep before looking again (keeps a speed change felt at once). */
const MAX_SLEEP_MS = 50;

export class Pacer {
  /** simulated seconds per wall second; 0 = as fast as possible */
  speed = 0;
  private wall0 = 0;
  private t0 = 0;
  private anchored = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly wake: () => void) {}

  setSpeed(speed: number): void {
    this.speed = speed;
    this.restart();
  }

  /** The run's clock starts again from where the simulation is (run, step, load, going back). */
  restart(): void {
    this.anchored = false;
  }

  /** Steps allowed now at time step dt; Infinity at full speed. */
  allowedSteps(t: number, dt: number, nowMs: number): number {
    if (this.speed <= 0) return Infinity;
    if (!this.anchored) { this.wall0 = nowMs; this.t0 = t; this.anchored = true; }
    let target = this.t0 + (this.speed * (nowMs - this.wall0)) / 1000;
    // at least one step of lead, or a step longer than the lag cap would never come due
    const maxLead = Math.max((this.speed * MAX_LAG_MS) / 1000, dt);
    if (target - t > maxLead) {
      // behind by more than MAX_LAG_MS of playback: forget the rest of the debt
      this.t0 = t + maxLead;
      this.wall0 = nowMs;
      target = this.t0;
    }
    return Math.floor((target - t) / dt + 1e-9);
  }

  /** Sleeps until the next step is due, then calls wake. */
  wakeForNextStep(t: number, dt: number, nowMs: number): void {
    if (this.timer !== null || this.speed <= 0) return;
    const due = this.wall0 + ((t + dt - this.t0) / this.speed) * 1000;
    const ms = Math.min(MAX_SLEEP_MS, Math.max(1, due - nowMs));
    this.timer = setTimeout(() => { this.timer = null; this.wake(); }, ms);
  }
}
