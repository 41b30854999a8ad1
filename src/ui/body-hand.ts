/**
 * A body held by the hand, whichever hand it is — the pointer's (pointer-input.ts) or the keyboard's
 * (a11y/keyboard-hand.ts): grabbed, held at each place the hand takes it to (sent to the worker at most once per
 * animation frame, with zero velocity), and on release thrown with the hand's velocity from its recent path
 * (hand-velocity.ts) or dropped when the hand was at rest.
 */
import { HandTracker, type ThrowEstimate } from './hand-velocity';
import type { SimRemote } from './sim-client';

export class BodyHand {
  /** the velocity the last released body was given (null: none yet) */
  lastThrow: ThrowEstimate | null = null;
  /** the held body (−1: none) */
  private i = -1;
  private pos: [number, number] = [0, 0];
  private moved = false;
  /** false while a move waits for the next animation frame */
  private sent = true;
  private readonly tracker = new HandTracker();

  constructor(private readonly api: Pick<SimRemote, 'moveBody' | 'releaseBody'>) {}

  /** The body held, or −1. */
  get held(): number {
    return this.i;
  }

  /** Where the held body is [m]. */
  get at(): readonly [number, number] {
    return this.pos;
  }

  /** Takes body i at (x, y) [m] at time t [ms]. */
  grab(i: number, t: number, x: number, y: number): void {
    this.i = i;
    this.pos = [x, y];
    this.moved = false;
    this.tracker.start(t, x, y);
  }

  /** One sample of the hand's path (t [ms], x, y [m]) that does not move the body yet (a busy page's coalesced samples). */
  sample(t: number, x: number, y: number): void {
    this.tracker.add(t, x, y);
  }

  /**
   * Holds the body at (x, y) [m], the hand there at time t [ms]: placed with zero velocity. The worker moves a
   * dragged body with its velocity in simulated time, which may run hundreds of times faster than the hand (or
   * slower), so the hand's velocity would carry it far past the hand between frames and keep it drifting when the
   * hand stops; the hand's velocity is given on release (a throw).
   */
  moveTo(t: number, x: number, y: number): void {
    if (this.i < 0) return;
    this.tracker.add(t, x, y);
    this.pos = [x, y];
    this.moved = true;
    if (!this.sent) return;
    this.sent = false;
    requestAnimationFrame(() => {
      this.sent = true;
      if (this.i >= 0) void this.api.moveBody(this.i, this.pos[0], this.pos[1], 0, 0);
    });
  }

  /** Sends the held body to where the hand is now, at once (the hand moved while the worker answered a pick). */
  moveNow(t: number, x: number, y: number): void {
    if (this.i < 0) return;
    this.tracker.add(t, x, y);
    this.pos = [x, y];
    this.moved = true;
    void this.api.moveBody(this.i, x, y, 0, 0);
  }

  /** Lets go at time t [ms]: thrown with the hand's velocity if it was still moving, dropped if it was at rest. */
  release(t: number): ThrowEstimate | null {
    const i = this.i;
    this.i = -1;
    if (i < 0 || !this.moved) return null;
    const thrown = this.tracker.release(t);
    this.lastThrow = thrown;
    void this.api.moveBody(i, this.pos[0], this.pos[1], thrown.vx, thrown.vy);
    void this.api.releaseBody(i);
    return thrown;
  }
}
