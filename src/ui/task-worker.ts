/**
 * A worker that runs one long task per call (a convergence ladder, a point of the t_R(Δt) sweep): started on the
 * first call, ended by stop() and started afresh by the next call. A worker that fails — an uncaught error (out of
 * memory, a module that does not load), a message the page cannot read — rejects the call it was running with what
 * happened and is ended, so the next call starts a fresh one; a task that throws rejects its call through Comlink.
 * Nothing waits for it forever (issue 39). No watchdog: one task may rightly take minutes, and Stop ends it.
 */
import * as Comlink from 'comlink';

/** What TaskWorker needs of a Worker (a fake in the unit tests) */
export type TaskEndpoint = Comlink.Endpoint & { terminate(): void };

export class TaskWorker<Api> {
  private worker: TaskEndpoint | null = null;
  private api: Comlink.Remote<Api> | null = null;
  /** rejects when the current worker fails */
  private failed: Promise<never> = new Promise<never>(() => { /* no worker yet */ });

  /** `start`: makes the worker (a `new Worker(new URL(…), …)` where Vite can see it); `name`: for the messages */
  constructor(private readonly start: () => TaskEndpoint, private readonly name: string) {}

  /** Runs `task` on the worker (started if need be); rejects with what happened if the worker fails meanwhile. */
  call<R>(task: (api: Comlink.Remote<Api>) => Promise<R>): Promise<R> {
    if (!this.api) this.open();
    return Promise.race([task(this.api!), this.failed]);
  }

  /** Ends the worker and whatever task it is running; a pending call never settles. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.api = null;
  }

  private open(): void {
    const w = this.start();
    this.worker = w;
    this.api = Comlink.wrap<Api>(w);
    this.failed = new Promise<never>((_resolve, reject) => {
      const fail = (what: string): void => {
        if (this.worker !== w) return; // stopped meanwhile: nobody waits for it
        this.stop();
        reject(new Error(`The ${this.name} worker stopped: ${what}. Run again to start a fresh one.`));
      };
      w.addEventListener('error', (e: Event) => {
        e.preventDefault();
        const message = (e as Event & { message?: string }).message;
        fail(message ? message : 'an error it did not describe');
      });
      w.addEventListener('messageerror', () => fail('it sent a message the page cannot read'));
    });
    this.failed.catch(() => { /* a failure with no call waiting is not an unhandled rejection */ });
  }
}
