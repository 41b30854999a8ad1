/**
 * The dragging hand's recent path, from pointer events' own timestamps (`PointerEvent.timeStamp`, and
 * every sample of `getCoalescedEvents()`), and the velocity a disc is thrown with on release.
 *
 * Event timestamps say when the hand moved, not when a busy page got round to handling the event, so
 * the throw does not depend on how loaded the page or the machine is.
 *
 * - Velocity: least-squares slope of x(t) and y(t) over the samples of the last FIT_WINDOW_MS before
 *   the last move (at least the last two samples, so a coarse event stream still gives a slope).
 * - At rest: the hand has not moved for longer than HAND_REST_MS and than twice its own recent sample
 *   interval before the release; then the disc is dropped (velocity 0).
 */

/** The fit window [ms] before the hand's last move. */
export const FIT_WINDOW_MS = 100;
/** A hand still for this long [ms] (and for two of its own move intervals) before letting go is at rest. */
export const HAND_REST_MS = 100;
const CAPACITY = 64;

export interface ThrowEstimate {
  /** velocity given to the released body [world units per second] */
  vx: number;
  vy: number;
  /** false when the hand was at rest before letting go (the body is dropped) */
  moving: boolean;
  /** samples in the fit and the still time before the release [ms] */
  samples: number;
  stillMs: number;
}

export class HandTracker {
  private readonly t = new Float64Array(CAPACITY);
  private readonly x = new Float64Array(CAPACITY);
  private readonly y = new Float64Array(CAPACITY);
  private count = 0;

  /** Starts a new path at the grab point. */
  start(t: number, x: number, y: number): void {
    this.count = 0;
    this.add(t, x, y);
  }

  /** One sample of the hand; samples out of time order (or at the same time) replace the last one. */
  add(t: number, x: number, y: number): void {
    let k = this.count;
    if (k > 0 && t <= this.t[(k - 1) % CAPACITY]) k--;
    const j = k % CAPACITY;
    this.t[j] = t; this.x[j] = x; this.y[j] = y;
    this.count = k + 1;
  }

  /** The velocity to throw with when the hand lets go at time tUp. */
  release(tUp: number): ThrowEstimate {
    const n = Math.min(this.count, CAPACITY);
    const last = (this.count - 1) % CAPACITY;
    const tLast = this.t[last];
    // samples in the window before the last move, at least two
    let m = 1;
    while (m < n && (m < 2 || tLast - this.t[(this.count - 1 - m) % CAPACITY] <= FIT_WINDOW_MS)) m++;
    const stillMs = tUp - tLast;
    if (m < 2) return { vx: 0, vy: 0, moving: false, samples: m, stillMs };
    let st = 0, sx = 0, sy = 0;
    for (let k = 0; k < m; k++) {
      const j = (this.count - 1 - k) % CAPACITY;
      st += this.t[j] - tLast; sx += this.x[j]; sy += this.y[j];
    }
    const tm = st / m, xm = sx / m, ym = sy / m;
    let stt = 0, stx = 0, sty = 0;
    for (let k = 0; k < m; k++) {
      const j = (this.count - 1 - k) % CAPACITY;
      const dt = this.t[j] - tLast - tm;
      stt += dt * dt; stx += dt * (this.x[j] - xm); sty += dt * (this.y[j] - ym);
    }
    const first = (this.count - m) % CAPACITY;
    const interval = (tLast - this.t[first]) / (m - 1);
    const moving = stillMs <= Math.max(HAND_REST_MS, 2 * interval);
    if (!moving || stt === 0) return { vx: 0, vy: 0, moving: false, samples: m, stillMs };
    // ms → s
    return { vx: (1000 * stx) / stt, vy: (1000 * sty) / stt, moving, samples: m, stillMs };
  }
}
