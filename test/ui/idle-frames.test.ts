/**
 * Drawing on demand (src/ui/render/idle-frames.ts) against a stand-in for Pixi's ticker: a paused page with
 * unchanged frames stops the ticker after IDLE_AFTER_MS and steps it once a second (not in a hidden tab); new frame
 * content, the run or wake() start it again at once. The page itself is tested in Chromium (test/e2e/app.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticker } from 'pixi.js';
import { IDLE_AFTER_MS, IDLE_FPS, IdleFrames } from '../../src/ui/render/idle-frames';

class FakeTicker {
  started = true;
  updates = 0;
  start(): void { this.started = true; }
  stop(): void { this.started = false; }
  update(): void { this.updates++; }
}

describe('IdleFrames', () => {
  let ticker: FakeTicker, idle: IdleFrames;
  const doc = { hidden: false };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('document', doc);
    doc.hidden = false;
    ticker = new FakeTicker();
    idle = new IdleFrames(ticker as unknown as Ticker);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes idle only after IDLE_AFTER_MS of the same content while paused, then beats IDLE_FPS a second', () => {
    idle.tick(0, 'step 5', false);
    idle.tick(IDLE_AFTER_MS - 1, 'step 5', false);
    expect(idle.idle).toBe(false);
    idle.tick(IDLE_AFTER_MS + 1, 'step 5', false);
    expect(idle.idle).toBe(true);
    expect(ticker.started).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(ticker.updates).toBe(10 * IDLE_FPS);
    doc.hidden = true;
    vi.advanceTimersByTime(10_000);
    expect(ticker.updates).toBe(10 * IDLE_FPS); // a hidden tab is not drawn
  });

  it('never idles while the run goes, and new content restarts the quiet time', () => {
    for (let t = 0; t < 10_000; t += 100) idle.tick(t, 'step 5', true);
    expect(idle.idle).toBe(false);
    idle.tick(10_000, 'step 5', false);
    idle.tick(10_000 + IDLE_AFTER_MS / 2, 'step 6', false);
    idle.tick(10_000 + IDLE_AFTER_MS + 1, 'step 6', false);
    expect(idle.idle).toBe(false);
    idle.tick(10_000 + 2 * IDLE_AFTER_MS, 'step 6', false);
    expect(idle.idle).toBe(true);
  });

  it('new content or wake() starts the ticker again at once and ends the heartbeat', () => {
    idle.tick(0, 'a', false);
    idle.tick(2 * IDLE_AFTER_MS, 'a', false);
    expect(idle.idle).toBe(true);
    idle.tick(2 * IDLE_AFTER_MS + 1, 'b', false);
    expect([idle.idle, ticker.started]).toEqual([false, true]);
    idle.tick(4 * IDLE_AFTER_MS, 'b', false);
    expect(idle.idle).toBe(true);
    idle.wake(4 * IDLE_AFTER_MS + 1);
    expect([idle.idle, ticker.started]).toEqual([false, true]);
    vi.advanceTimersByTime(10_000);
    expect(ticker.updates).toBe(0);
  });

  it('does not take over a ticker stopped by someone else (the benchmark stops drawing)', () => {
    ticker.stop();
    idle.tick(0, 'a', false);
    idle.tick(2 * IDLE_AFTER_MS, 'a', false);
    expect(idle.idle).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(ticker.updates).toBe(0);
  });
});
