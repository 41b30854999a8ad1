/**
 * A pool gets at most the machine's logical cores (parallel/max-threads.ts): its waiting threads spin, so more
 * threads than cores only wait on one another (bench, 10,000 discs on 2 cores: 4 threads 0.41×, 8 threads 0.19× of one).
 * One thread asked for is the serial path, no pool (a pool of one thread ran at 0.8–0.9× of the serial loop): the CLI's
 * poolForThreads (sim run --threads, the bench) and the page's poolFor (the `threads` setting) give none, and a World
 * built with that steps serially; two threads do give a pool of two.
 */
import { describe, expect, it } from 'vitest';
import { MAX_THREADS, threadsForCores } from '../../src/core/parallel/max-threads';
import { poolForThreads } from '../../src/cli/node-pool';
import { poolFor } from '../../src/worker/web-pool';
import { benchPileSpec } from '../../src/cli/bench';
import { World } from '../../src/core/sim/world';

describe('threadsForCores', () => {
  it('keeps what was asked for up to the cores, without a note', () => {
    for (const [asked, cores] of [[1, 1], [1, 2], [2, 2], [3, 8], [MAX_THREADS, MAX_THREADS]]) {
      expect(threadsForCores(asked, cores)).toEqual({ threads: asked, note: '' });
    }
  });

  it('uses the cores when more are asked for, and says why with both numbers', () => {
    expect(threadsForCores(8, 2)).toEqual({
      threads: 2,
      note: '8 threads asked for; this machine has 2 logical cores, so 2 are used (more threads than cores only wait on one another)',
    });
    expect(threadsForCores(64, 6).threads).toBe(6);
    expect(threadsForCores(2, 1)).toEqual({
      threads: 1,
      note: '2 threads asked for; this machine has 1 logical core, so 1 is used (more threads than cores only wait on one another)',
    });
  });

  it('takes an unknown or odd core count as one core', () => {
    for (const cores of [0, NaN, -3, 0.5]) expect(threadsForCores(4, cores).threads).toBe(1);
    expect(threadsForCores(4, 3.7).threads).toBe(3);
  });
});

describe('one thread is the serial path', () => {
  it('the CLI gives no pool for 1 thread, and the World built with it steps serially; 2 threads get a pool of two', async () => {
    const one = await poolForThreads(1);
    expect(one).toBeNull();
    const w = new World(benchPileSpec(30), one?.pool);
    expect(w.pool).toBeNull();
    const two = await poolForThreads(2);
    try {
      expect(two?.pool.threads).toBe(2);
      expect(new World(benchPileSpec(30), two?.pool).pool).not.toBeNull();
    } finally {
      await two?.close();
    }
  });

  it('the page gives no pool for 1 thread (explicit or automatic), without a note', async () => {
    expect(await poolFor(1, null)).toEqual({ pool: null, note: '' });
  });
});
