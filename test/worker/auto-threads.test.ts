/**
 * Automatic threads (worker/web-pool.ts): every logical core but one is left to the pool, at least 1 (no
 * pool) and at most 4, and a browser that does not say how many cores it has gets no pool.
 */
import { describe, expect, it } from 'vitest';
import { autoThreads } from '../../src/worker/web-pool';

describe('automatic threads', () => {
  it('leave one core to the page, and stay within 1 to 4', () => {
    expect([1, 2, 3, 4, 6, 8, 32].map(autoThreads)).toEqual([1, 1, 2, 3, 4, 4, 4]);
    expect(autoThreads(Number.NaN)).toBe(1);
    expect(autoThreads(0)).toBe(1);
  });
});
