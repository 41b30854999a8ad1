/**
 * The convergence and t_R(Δt) sweep workers (src/ui/task-worker.ts, issue 39): a worker that fails while a task
 * runs rejects that task with what happened and is ended, and the next call starts a fresh one; a task that throws
 * rejects its call and keeps the worker. Workers are faked by a MessageChannel port that Comlink serves, on which
 * the test fires the events a failing Worker fires.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { TaskWorker, type TaskEndpoint } from '../../src/ui/task-worker';

interface Api { double(x: number): number; hang(): Promise<never>; fail(): never }
const api: Api = {
  double: (x) => 2 * x,
  hang: () => new Promise<never>(() => { /* never answers: an endless ladder */ }),
  fail: () => { throw new Error('no scenario named x'); },
};

/** Fake workers made so far, each with how often it was terminated */
let made: { port: MessagePort; terminated: number }[] = [];
const ports: MessagePort[] = [];
function fakeWorker(): TaskEndpoint {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(api, port2);
  ports.push(port1, port2);
  const rec = { port: port1, terminated: 0 };
  made.push(rec);
  return Object.assign(port1, { terminate: () => { rec.terminated++; port1.close(); port2.close(); } }) as unknown as TaskEndpoint;
}
/** The event a Worker fires on an uncaught error in it (an ErrorEvent; Node has none, so an Event with its message) */
const errorEvent = (message: string): Event => Object.assign(new Event('error', { cancelable: true }), { message });

afterEach(() => {
  for (const p of ports.splice(0)) p.close();
  made = [];
});

describe('TaskWorker', () => {
  it('answers a call, starting the worker once', async () => {
    const w = new TaskWorker<Api>(fakeWorker, 'convergence');
    expect(await w.call((a) => a.double(21))).toBe(42);
    expect(await w.call((a) => a.double(2))).toBe(4);
    expect(made.length).toBe(1);
  });

  it('an uncaught error in the worker rejects the task it runs with its message, ends it, and the next call starts a fresh one', async () => {
    const w = new TaskWorker<Api>(fakeWorker, 'convergence');
    const pending = w.call((a) => a.hang());
    made[0].port.dispatchEvent(errorEvent('Out of memory'));
    await expect(pending).rejects.toThrow('The convergence worker stopped: Out of memory. Run again to start a fresh one.');
    expect(made[0].terminated).toBe(1);
    expect(await w.call((a) => a.double(5))).toBe(10);
    expect(made.length).toBe(2);
    expect(made[1].terminated).toBe(0);
  });

  it('a message the page cannot read does the same, with its own words', async () => {
    const w = new TaskWorker<Api>(fakeWorker, 'relaxation sweep');
    const pending = w.call((a) => a.hang());
    made[0].port.dispatchEvent(new Event('messageerror'));
    await expect(pending).rejects.toThrow('The relaxation sweep worker stopped: it sent a message the page cannot read.');
    expect(made[0].terminated).toBe(1);
  });

  it('an error without a message still says the worker stopped', async () => {
    const w = new TaskWorker<Api>(fakeWorker, 'convergence');
    const pending = w.call((a) => a.hang());
    made[0].port.dispatchEvent(errorEvent(''));
    await expect(pending).rejects.toThrow('The convergence worker stopped: an error it did not describe.');
  });

  it('a task that throws rejects its call and keeps the worker', async () => {
    const w = new TaskWorker<Api>(fakeWorker, 'convergence');
    await expect(w.call((a) => a.fail())).rejects.toThrow('no scenario named x');
    expect(await w.call((a) => a.double(3))).toBe(6);
    expect(made.length).toBe(1);
    expect(made[0].terminated).toBe(0);
  });

  it('after stop(), an error from the old worker rejects nothing and the next call starts a fresh one', async () => {
    const w = new TaskWorker<Api>(fakeWorker, 'convergence');
    let settled = false;
    void w.call((a) => a.hang()).then(() => { settled = true; }, () => { settled = true; });
    const old = made[0];
    w.stop();
    expect(old.terminated).toBe(1);
    old.port.dispatchEvent(errorEvent('late'));
    expect(await w.call((a) => a.double(1))).toBe(2);
    expect(made.length).toBe(2);
    expect(settled).toBe(false);
  });
});
