/**
 * The space–time rows' trip to the page (src/worker/space-time-pack.ts): the worker drains the pipe
 * world's queue of unread rows into one chunk, every row once, oldest first, with the counts the core
 * recorded; the next chunk holds only what came after; a scene without a pipe gives an empty chunk.
 */
import { describe, expect, it } from 'vitest';
import { createWorld, getBuiltIn } from '../../src/worker/core-adapter';
import { packSpaceTimeRows } from '../../src/worker/space-time-pack';

describe('packSpaceTimeRows', () => {
  it('hands over every unread row of the pipe once, in time order, with the counts of the movable grains', () => {
    const world = createWorld(getBuiltIn('pipe-flow'));
    const st = world.spaceTime!;
    world.step(Math.round(0.2 / world.dt)); // rows at t = 0, 0.05, …, 0.2
    const chunk = packSpaceTimeRows(st, 7);
    expect(chunk.version).toBe(7);
    expect(chunk.bins).toBe(100);
    expect(Array.from(chunk.t, (t) => Number(t.toFixed(9)))).toEqual([0, 0.05, 0.1, 0.15, 0.2]);
    expect(chunk.counts.length).toBe(5 * 100);
    const grains = 300;
    for (let r = 0; r < 5; r++) {
      const row = chunk.counts.subarray(r * 100, (r + 1) * 100);
      expect(row.reduce((a, b) => a + b, 0)).toBe(grains);
      expect(row.every((c) => Number.isInteger(c) && c >= 0)).toBe(true);
    }
    expect(chunk.sd).toBe(st.sd);
    expect(chunk.sdInitial).toBe(st.sdInitial);
    expect(st.pending).toBe(0);

    // the next chunk: only the rows recorded since
    expect(packSpaceTimeRows(st, 7).t.length).toBe(0);
    world.step(Math.round(0.1 / world.dt));
    expect(Array.from(packSpaceTimeRows(st, 7).t, (t) => Number(t.toFixed(9)))).toEqual([0.25, 0.3]);
  });

  it('gives an empty chunk without a pipe', () => {
    const world = createWorld(getBuiltIn('pile'));
    expect(world.spaceTime).toBeNull();
    const chunk = packSpaceTimeRows(world.spaceTime, 3);
    expect({ version: chunk.version, bins: chunk.bins, rows: chunk.t.length, counts: chunk.counts.length }).toEqual({ version: 3, bins: 0, rows: 0, counts: 0 });
    expect(chunk.sd).toBeNaN();
  });
});
