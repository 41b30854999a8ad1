/**
 * Drawing on demand: while the simulation is paused and nothing changes, the page draws IDLE_FPS frames a second
 * instead of every animation frame. Every frame costs the browser a render and a composite even when the picture is
 * the same (without a GPU, a paused 400-disc pile kept both cores busy: 184 % of one core); an idle page should cost
 * next to nothing. Idle, Pixi's ticker (which also asks the worker for frames) is stopped, so that no animation frame
 * is asked for at all, and stepped by a timer; any sign of change starts it again at once: a user's input (pointer,
 * wheel, key, form input, a dropped file, the window or the canvas resized), the test hook's calls, a frame with other content (step, time, bodies, statics)
 * or the run going.
 */
import type { Ticker } from 'pixi.js';

/** Frames a second while idle: a heartbeat that catches any change not signalled */
export const IDLE_FPS = 1;
/** Quiet time after the last sign of change before the page goes idle [ms] */
export const IDLE_AFTER_MS = 1500;

export class IdleFrames {
  private lastActivity = -Infinity;
  private contentKey = '';
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly ticker: Ticker) {}

  /** Something may have changed the picture: draw every animation frame again (up to max frames/s), now. */
  wake(now = performance.now()): void {
    this.lastActivity = now;
    if (this.heartbeat !== null) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
      this.ticker.start();
    }
  }

  /** Once a tick: the content of the frame applied (any string that differs when the picture may) and whether the run goes. */
  tick(now: number, content: string, running: boolean): void {
    if (running || content !== this.contentKey) {
      this.contentKey = content;
      this.wake(now);
    } else if (this.heartbeat === null && this.ticker.started && now - this.lastActivity > IDLE_AFTER_MS) {
      this.ticker.stop();
      this.heartbeat = setInterval(() => { if (!document.hidden) this.ticker.update(); }, 1000 / IDLE_FPS);
    }
  }

  get idle(): boolean {
    return this.heartbeat !== null;
  }
}
