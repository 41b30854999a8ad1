/**
 * The page's watch on its worker (src/ui/worker-watch.ts), on a fake worker and clock: a call unanswered past
 * the watchdog's limit is a hang (longer for a scene being built), a page that was itself asleep restarts the
 * clocks, a failed call and an uncaught error are faults; after a fault the worker is terminated and every
 * call, waiting or new, fails with WorkerLost.
 */
import { describe, expect, it } from 'vitest';
import { SLOW_CALL_WATCHDOG_MS, WATCHDOG_MS, WATCHDOG_TICK_MS, WorkerLost, WorkerWatch } from '../../src/ui/worker-watch';

function setup() {
  const clock = { t: 0 };
  const listeners = new Map<string, (e: Event) => void>();
  const worker = { terminated: false, addEventListener: (type: string, l: (e: Event) => void) => { listeners.set(type, l); }, terminate() { this.terminated = true; } };
  const watch = new WorkerWatch(worker, () => clock.t);
  /** advances the clock by `ms`, the watchdog looking every tick as it does in the page */
  const wait = (ms: number): void => {
    for (let k = 0; k < ms / WATCHDOG_TICK_MS; k++) { clock.t += WATCHDOG_TICK_MS; watch.look(); }
  };
  return { clock, listeners, worker, watch, wait };
}

const never = (): Promise<never> => new Promise(() => undefined);
const settled = async (p: Promise<unknown>): Promise<unknown> => p.then((v) => ({ value: v }), (e: unknown) => e);

describe('worker watch', () => {
  it('an answered call passes its answer on; an unanswered one past the limit is a hang', async () => {
    const { watch, worker, wait } = setup();
    expect(await watch.call('getStatus', () => Promise.resolve(42))).toBe(42);
    const waiting = settled(watch.call('getStatus', never));
    wait(WATCHDOG_MS - WATCHDOG_TICK_MS);
    expect(watch.alive).toBe(true);
    wait(2 * WATCHDOG_TICK_MS);
    expect(watch.fault?.kind).toBe('hung');
    expect(watch.fault?.message).toMatch(/stopped answering \(no answer for 15 s\)/);
    expect(worker.terminated).toBe(true);
    expect(await waiting).toBeInstanceOf(WorkerLost);
    expect(await settled(watch.call('getStatus', () => Promise.resolve(1)))).toBeInstanceOf(WorkerLost);
  });

  it('a scene being built has the longer limit; a shortened limit is kept', () => {
    const { watch, wait } = setup();
    void watch.call('loadScenario', never).catch(() => undefined);
    wait(WATCHDOG_MS * 2);
    expect(watch.alive).toBe(true);
    wait(SLOW_CALL_WATCHDOG_MS);
    expect(watch.fault?.kind).toBe('hung');
    const short = setup();
    short.watch.watchdogMs = 1000;
    void short.watch.call('getStatus', never).catch(() => undefined);
    short.wait(1500);
    expect(short.watch.fault?.kind).toBe('hung');
  });

  it('a page that was itself asleep starts the clocks again', () => {
    const { watch, clock, wait } = setup();
    void watch.call('getStatus', never).catch(() => undefined);
    clock.t += 60_000; // a background tab: the watchdog's timer did not run for a minute
    watch.look();
    expect(watch.alive).toBe(true);
    wait(WATCHDOG_MS + WATCHDOG_TICK_MS);
    expect(watch.alive).toBe(false);
  });

  it('a failed call and an uncaught error in the worker are faults, said once', async () => {
    const a = setup();
    const seen: string[] = [];
    a.watch.onFault((f) => seen.push(f.kind));
    const other = settled(a.watch.call('getStatus', never));
    const failed = await settled(a.watch.call('stepN', () => Promise.reject(new Error('boom'))));
    expect(failed).toBeInstanceOf(WorkerLost);
    expect(a.watch.fault).toEqual({ kind: 'rejected', message: 'The simulation failed while answering stepN: boom' });
    expect(await other).toBeInstanceOf(WorkerLost);
    a.listeners.get('error')!(Object.assign(new Event('error', { cancelable: true }), { message: 'Uncaught Error: later' }));
    expect(seen).toEqual(['rejected']);

    const b = setup();
    const e = Object.assign(new Event('error', { cancelable: true }), { message: 'Uncaught Error: injected fault: an exception inside a step' });
    b.listeners.get('error')!(e);
    expect(e.defaultPrevented).toBe(true);
    expect(b.watch.fault).toEqual({ kind: 'error', message: 'The simulation stopped with an error: injected fault: an exception inside a step' });
    expect(b.worker.terminated).toBe(true);
    const late: string[] = [];
    b.watch.onFault((f) => late.push(f.kind)); // a listener added after the fault hears of it at once
    expect(late).toEqual(['error']);
  });

  it('guards every method of a remote and is not itself a promise', async () => {
    const { watch } = setup();
    const remote = { getStatus: (x: number) => Promise.resolve(x + 1) };
    const api = watch.guard(remote);
    expect(await api.getStatus(1)).toBe(2);
    expect((api as unknown as { then?: unknown }).then).toBeUndefined();
    expect(api.getStatus).toBe(api.getStatus);
  });
});
