/**
 * The throw velocity from the hand's recent pointer samples (src/ui/hand-velocity.ts): exact for
 * uniform motion however coarse the event stream, the recent velocity of a hand that speeds up, and a
 * drop (velocity 0) for a hand that was still before letting go.
 */
import { describe, expect, it } from 'vitest';
import { FIT_WINDOW_MS, HAND_REST_MS, HandTracker } from '../../src/ui/hand-velocity';

/** Samples of a hand moving at (vx, vy) [units/s] at the given times [ms] from (x0, y0). */
function path(h: HandTracker, times: number[], vx: number, vy: number, x0 = 0, y0 = 0): void {
  for (const t of times) h.add(t, x0 + (vx * t) / 1000, y0 + (vy * t) / 1000);
}

describe('HandTracker: the throw velocity from pointer timestamps', () => {
  it('uniform motion at 125 Hz gives the hand velocity to round-off', () => {
    const h = new HandTracker();
    h.start(0, 0, 0);
    path(h, Array.from({ length: 40 }, (_, k) => 8 * (k + 1)), 0.7, -0.35);
    const r = h.release(320 + 8);
    expect(r.moving).toBe(true);
    expect(r.samples).toBe(1 + Math.floor(FIT_WINDOW_MS / 8));
    expect(r.vx).toBeCloseTo(0.7, 12);
    expect(r.vy).toBeCloseTo(-0.35, 12);
  });

  it('a coarse event stream (a loaded page: moves 60–130 ms apart) still throws, at the hand velocity', () => {
    // the spacing seen when CI failed; the release comes 110 ms after the last move, which the old
    // fixed 100 ms rule took for a hand at rest
    const times = [0, 95, 160, 290, 350, 470, 560];
    const h = new HandTracker();
    h.start(0, 1, 2);
    path(h, times.slice(1), 1.5, 0.5, 1, 2);
    const r = h.release(560 + 110);
    expect(r.moving).toBe(true);
    expect(r.samples).toBe(2);
    expect(r.vx).toBeCloseTo(1.5, 12);
    expect(r.vy).toBeCloseTo(0.5, 12);
  });

  it('a hand that speeds up is thrown with its recent velocity, not its average', () => {
    const h = new HandTracker();
    h.start(0, 0, 0);
    path(h, Array.from({ length: 50 }, (_, k) => 10 * (k + 1)), 1, 0);
    // then 3 units/s for the last 150 ms (longer than the fit window)
    for (let k = 1; k <= 15; k++) h.add(500 + 10 * k, 0.5 + 0.03 * k, 0);
    const r = h.release(660);
    expect(r.vx).toBeCloseTo(3, 12);
  });

  it('a hand still before letting go drops the disc', () => {
    const h = new HandTracker();
    h.start(0, 0, 0);
    path(h, Array.from({ length: 30 }, (_, k) => 16 * (k + 1)), 2, 2);
    const last = 16 * 30;
    expect(h.release(last + HAND_REST_MS - 1).moving).toBe(true);
    const r = h.release(last + HAND_REST_MS + 50);
    expect(r).toMatchObject({ moving: false, vx: 0, vy: 0 });
    expect(r.stillMs).toBe(HAND_REST_MS + 50);
  });

  it('a press without moves, and samples out of time order, give no spurious velocity', () => {
    const h = new HandTracker();
    h.start(100, 5, 5);
    expect(h.release(120)).toMatchObject({ moving: false, vx: 0, vy: 0 });
    // a sample stamped earlier than the last one replaces it instead of making a negative interval
    h.start(0, 0, 0);
    h.add(10, 0.01, 0);
    h.add(20, 0.02, 0);
    h.add(15, 0.015, 0);
    h.add(30, 0.03, 0);
    const r = h.release(40);
    expect(r.vx).toBeCloseTo(1, 12);
    expect(r.samples).toBe(4);
  });
});
