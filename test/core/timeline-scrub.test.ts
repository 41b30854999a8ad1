/**
 * Rewind scrubbing (src/core/sim/timeline.ts show/branch): the app's scrubber looks back and forward again
 * before the run branches, and the memory held stays within the stated bound.
 */
import { describe, expect, it } from 'vitest';
import { Timeline } from '../../src/core/sim/timeline';
import { worldOf } from '../helpers';

describe('rewind scrubbing', () => {
  it('show keeps the later entries (back, then forward again to the same state); branch forgets them', () => {
    const w = worldOf('pile');
    const tl = new Timeline(300);
    for (let k = 0; k < 6; k++) { w.step(300); tl.record(w); }
    const x5 = w.bodies.x.slice(0, w.bodies.n), t5 = w.t;
    tl.show(w, 1);
    expect(w.t).toBe(tl.time(1));
    expect(tl.count).toBe(6);
    expect(tl.viewing).toBe(1);
    tl.show(w, 5); // forward again: the newest entry, bit for bit
    expect(w.t).toBe(t5);
    for (let b = 0; b < w.bodies.n; b++) expect(w.bodies.x[b]).toBe(x5[b]);
    tl.show(w, 2);
    tl.branch();
    expect(tl.count).toBe(3);
    expect(tl.viewing).toBe(-1);
    w.step(300);
    expect(tl.record(w)).toBe(true);
    expect(tl.count).toBe(4);
    expect(tl.time(3)).toBe(w.t);
  });

  it('record branches a run that stepped on from a shown entry', () => {
    const w = worldOf('two-disc');
    const tl = new Timeline(100);
    for (let k = 0; k < 5; k++) { w.step(100); tl.record(w); }
    tl.show(w, 0);
    w.step(100);
    tl.record(w);
    expect(tl.count).toBe(2);
    expect(tl.time(1)).toBe(w.t);
  });

  it('memory held (spare included) stays within budget + one snapshot, and the entry cap holds', () => {
    const w = worldOf('pile');
    const probe = new Timeline(1);
    probe.record(w);
    const one = probe.bytes;
    const budget = 20 * one + one / 2;
    const tl = new Timeline(10, budget);
    let worst = 0;
    for (let k = 0; k < 200; k++) { w.step(10); tl.record(w); worst = Math.max(worst, tl.heldBytes); }
    expect(tl.bytes).toBeLessThanOrEqual(budget);
    expect(tl.count).toBe(20);
    // snapshots of one scene grow only with the contact list: a 1.5 × margin for that
    expect(worst).toBeLessThanOrEqual(budget + 1.5 * one);
    const capped = new Timeline(10, Infinity, 7);
    for (let k = 0; k < 30; k++) { w.step(10); capped.record(w); }
    expect(capped.count).toBe(7);
  });

  it('refuses an entry that does not exist, naming the range', () => {
    const w = worldOf('two-disc');
    const tl = new Timeline(10);
    w.step(10); tl.record(w);
    expect(() => tl.show(w, 3)).toThrow(/no entry 3 \(0 to 0\)/);
    expect(() => tl.show(w, 0.5)).toThrow(RangeError);
  });
});
