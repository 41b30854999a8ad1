/**
 * Playback in simulated time (src/worker/pacer.ts): the run may be at t₀ + s·(wall time) and no
 * further; a machine that falls behind is not made to catch up more than 0.25 s of playback; full
 * speed is unlimited.
 */
import { describe, expect, it } from 'vitest';
import { Pacer } from '../../src/worker/pacer';

describe('Pacer', () => {
  it('allows exactly the steps that keep t at speed × wall time', () => {
    const p = new Pacer(() => {});
    p.setSpeed(0.01); // 10 ms of simulated time per wall second
    const dt = 1e-4;
    expect(p.allowedSteps(0, dt, 5000)).toBe(0); // anchored now
    expect(p.allowedSteps(0, dt, 5100)).toBe(10); // 0.1 s later: 1 ms = 10 steps
    expect(p.allowedSteps(10 * dt, dt, 5100)).toBe(0); // taken: none until more wall time passes
    expect(p.allowedSteps(10 * dt, dt, 5200)).toBe(10);
  });

  it('a machine that falls behind owes at most 0.25 s of playback', () => {
    const p = new Pacer(() => {});
    p.setSpeed(1);
    const dt = 1e-3;
    expect(p.allowedSteps(0, dt, 0)).toBe(0);
    // 10 s of wall time passed with no step done: only 250 steps are due, not 10,000
    expect(p.allowedSteps(0, dt, 10_000)).toBe(250);
    expect(p.allowedSteps(0.25, dt, 10_000)).toBe(0);
  });

  it('slow motion with steps longer than the lag cap still advances, one step per Δt/speed', () => {
    // head-on at Δt/tc = 0.5 and speed 0.005: a step of 3.5 ms of simulated time every 0.7 s
    const p = new Pacer(() => {});
    p.setSpeed(0.005);
    const dt = 0.0035;
    let t = 0, done = 0;
    for (let now = 0; now <= 7000; now += 50) {
      const k = p.allowedSteps(t, dt, now);
      t += k * dt; done += k;
    }
    expect(done).toBe(10);
  });

  it('full speed (0) is unlimited; restart anchors the clock where the run is', () => {
    const p = new Pacer(() => {});
    expect(p.allowedSteps(3, 1e-3, 123)).toBe(Infinity);
    p.setSpeed(0.5);
    expect(p.allowedSteps(3, 1e-3, 1000)).toBe(0);
    expect(p.allowedSteps(3, 1e-3, 1100)).toBe(50);
    p.restart();
    expect(p.allowedSteps(7, 1e-3, 1100)).toBe(0);
    expect(p.allowedSteps(7, 1e-3, 1120)).toBe(10);
  });

  it('sleeps until the next step is due, then wakes the run loop once', async () => {
    let woke = 0;
    const p = new Pacer(() => { woke++; });
    p.setSpeed(1);
    const now = performance.now();
    expect(p.allowedSteps(0, 0.02, now)).toBe(0);
    p.wakeForNextStep(0, 0.02, now); // due in 20 ms
    p.wakeForNextStep(0, 0.02, now); // one timer at a time
    await new Promise((r) => setTimeout(r, 60));
    expect(woke).toBe(1);
  });
});
