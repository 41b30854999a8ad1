/**
 * Rewind (issue 11, src/core/sim/timeline.ts): go back to an earlier state and run again, with another Δt.
 */
import { describe, expect, it } from 'vitest';
import { Timeline } from '../../src/core/sim/timeline';
import { worldOf } from '../helpers';

describe('rewind timeline', () => {
  it('going back restores the state exactly: the rerun repeats the first run to the bit', () => {
    const w = worldOf('pile');
    const tl = new Timeline(500);
    for (let k = 0; k < 8; k++) { w.step(500); tl.record(w); }
    expect(tl.count).toBe(8);
    const k = 3, t3 = tl.time(k);
    // the state 1000 steps after entry 3, first time round
    const again = worldOf('pile');
    again.step(4 * 500 + 1000);
    tl.restore(w, k);
    expect(w.t).toBe(t3);
    expect(tl.count).toBe(k + 1); // the later entries are gone: the run branches here
    w.step(1000);
    for (let b = 0; b < w.bodies.n; b++) {
      expect(w.bodies.x[b]).toBe(again.bodies.x[b]);
      expect(w.bodies.omega[b]).toBe(again.bodies.omega[b]);
    }
  });

  it('back, smaller Δt, again: a run that diverged at Δt = 2 tc goes on healthily from the restored state', () => {
    const w = worldOf('pile');
    const tl = new Timeline(200);
    for (let k = 0; k < 10; k++) { w.step(200); tl.record(w); }
    w.setParams({ dtOverTc: 2 });
    w.step(2000);
    expect(w.health.status).toBe('diverged');
    tl.restore(w, 5);
    expect(w.health.status).toBe('ok');
    expect(w.params.dtOverTc).toBe(2); // the parameters stay: restoring brings back the state only
    w.setParams({ dtOverTc: 0.02 });
    w.step(2000);
    expect(w.health.status).toBe('ok');
  });

  it('memory stays within the budget: the oldest entries go', () => {
    const w = worldOf('pile');
    const tl = new Timeline(10, 2_000_000);
    for (let k = 0; k < 300; k++) { w.step(10); tl.record(w); }
    expect(tl.bytes).toBeLessThanOrEqual(2_000_000);
    expect(tl.count).toBeGreaterThan(2);
    expect(tl.count).toBeLessThan(300);
    expect(tl.time(tl.count - 1)).toBe(w.t); // the newest is kept
  });
});
