/**
 * The rewind scrubber's restore queue (src/ui/rewind/latest-wins.ts): one restore at a time, the asks
 * made meanwhile collapse into the latest, and an ask that arrives while the strip settles (refreshes
 * and redraws) after the last restore is still served. The last case is the one a loaded machine hit:
 * the drag's final position arrived during the settle step and was dropped, so the run stayed at an
 * intermediate snapshot while the thumb showed another.
 */
import { describe, expect, it } from 'vitest';
import { LatestWins } from '../../src/ui/rewind/latest-wins';

/** A promise the test resolves by hand */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => { open = r; });
  return { promise, open };
}

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

describe('LatestWins (the rewind scrubber)', () => {
  it('serves one request at a time; asks made meanwhile collapse into the latest; one made while settling is served after it', async () => {
    const applied: number[] = [];
    const applying: ReturnType<typeof gate>[] = [];
    const settling: ReturnType<typeof gate>[] = [];
    const q = new LatestWins<number>(
      (v) => { applied.push(v); const g = gate(); applying.push(g); return g.promise; },
      () => { const g = gate(); settling.push(g); return g.promise; },
    );
    void q.ask(1);
    expect(applied).toEqual([1]);
    expect(q.busy).toBe(true);
    void q.ask(2);
    void q.ask(3);
    expect(applied).toEqual([1]); // still one in flight
    applying[0].open();
    await tick();
    expect(applied).toEqual([1, 3]); // 2 was superseded
    applying[1].open();
    await tick();
    expect(settling.length).toBe(1); // the last request is done: the strip settles
    void q.ask(4); // the drag's last position arrives while it settles
    settling[0].open();
    await tick();
    expect(applied).toEqual([1, 3, 4]);
    applying[2].open();
    await tick();
    expect(settling.length).toBe(2);
    settling[1].open();
    await tick();
    expect(q.busy).toBe(false);
    expect(applied[applied.length - 1]).toBe(4);
  });

  it('a lone ask applies once and settles once', async () => {
    let applies = 0, settles = 0;
    const q = new LatestWins<string>(async () => { applies++; }, async () => { settles++; });
    await q.ask('a');
    expect([applies, settles, q.busy]).toEqual([1, 1, false]);
  });
});
