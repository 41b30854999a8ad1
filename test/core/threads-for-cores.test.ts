/**
 * A pool gets at most the machine's logical cores (parallel/max-threads.ts): its waiting threads spin, so more
 * threads than cores only wait on one another (bench, 10,000 discs on 2 cores: 4 threads 0.41×, 8 threads 0.19× of one).
 */
import { describe, expect, it } from 'vitest';
import { MAX_THREADS, threadsForCores } from '../../src/core/parallel/max-threads';

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
