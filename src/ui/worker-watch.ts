/**
 * The page's watch on its simulation worker (issue 39): every call to the worker goes through it, so that a
 * worker that fails — an uncaught exception (a step that throws), a call that fails, a message the page cannot
 * read — or stops answering — an endless loop, out of memory, ended — is noticed and said once, and the page
 * goes on without it: the worker is terminated, the calls waiting for it fail with WorkerLost, and so does
 * every call after. Nothing on the page waits for it forever (docs/user-guide.md#if-the-simulation-stops).
 */

export type WorkerFaultKind = 'error' | 'rejected' | 'unreadable' | 'hung';

export interface WorkerFault {
  kind: WorkerFaultKind;
  /** what happened, in plain words */
  message: string;
}

/** A call the worker will never answer: it failed, or it was made after the worker failed. */
export class WorkerLost extends Error {
  constructor(readonly fault: WorkerFault) {
    super(fault.message);
  }
}

/** A call unanswered this long means the worker is hung [ms]; the tests shorten it (watchdogMs) */
export const WATCHDOG_MS = 15_000;
/** The same while a scene is being built or the threads change: a 100,000-grain scene takes seconds on a slow machine [ms] */
export const SLOW_CALL_WATCHDOG_MS = 120_000;
const SLOW_CALLS = new Set(['loadScenario', 'loadSpec', 'reload', 'setThreads', 'setComparison']);
/** How often the watchdog looks [ms] */
export const WATCHDOG_TICK_MS = 250;
/** A longer gap between two looks means the page itself was asleep (a background tab, a suspended laptop): the clocks start again [ms] */
const PAGE_ASLEEP_MS = 5_000;

/** What the watch needs of a Worker */
export interface WatchedWorker {
  addEventListener(type: 'error' | 'messageerror', listener: (e: Event) => void): void;
  terminate(): void;
}

interface Pending {
  name: string;
  since: number;
  reject(e: Error): void;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class WorkerWatch {
  /** the fault, once there is one (the worker is then terminated) */
  fault: WorkerFault | null = null;
  /** a call unanswered this long means the worker is hung [ms] */
  watchdogMs = WATCHDOG_MS;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private lastLook: number;
  private readonly listeners: ((f: WorkerFault) => void)[] = [];

  /** `now`: a clock in ms (performance.now in the page) */
  constructor(private readonly worker: WatchedWorker, private readonly now: () => number) {
    worker.addEventListener('error', (e) => {
      e.preventDefault(); // said on the page, not as an uncaught error
      const text = (e as ErrorEvent).message;
      this.fail('error', text ? `The simulation stopped with an error: ${text.replace(/^Uncaught (Error: )?/, '')}` : 'The simulation could not start or stopped with an error.');
    });
    worker.addEventListener('messageerror', () => this.fail('unreadable', 'The simulation sent a message the page could not read.'));
    this.lastLook = now();
  }

  get alive(): boolean {
    return this.fault === null;
  }

  /** Calls `listener` with the fault when there is one (at once if there is one already). */
  onFault(listener: (f: WorkerFault) => void): void {
    this.listeners.push(listener);
    if (this.fault) listener(this.fault);
  }

  /** `remote` (a Comlink proxy) with every method call watched; the functions are made once per name. */
  guard<T extends object>(remote: T): T {
    const calls = new Map<string, (...args: unknown[]) => Promise<unknown>>();
    return new Proxy(remote, {
      get: (target, prop) => {
        if (typeof prop !== 'string') return Reflect.get(target, prop);
        if (prop === 'then') return undefined; // not a promise itself
        let f = calls.get(prop);
        if (!f) {
          f = (...args: unknown[]) => this.call(prop, () => (target as Record<string, (...a: unknown[]) => Promise<unknown>>)[prop](...args));
          calls.set(prop, f);
        }
        return f;
      },
    });
  }

  /** `send`'s answer, watched: a failed call is a fault; after a fault every call fails at once. */
  call<T>(name: string, send: () => Promise<T>): Promise<T> {
    if (this.fault) return Promise.reject(new WorkerLost(this.fault));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { name, since: this.now(), reject });
      send().then((v) => {
        if (this.pending.delete(id)) resolve(v);
      }, (e: unknown) => {
        if (!this.pending.has(id)) return;
        this.fail('rejected', `The simulation failed while answering ${name}: ${messageOf(e)}`);
      });
    });
  }

  /** The watchdog's look: the oldest unanswered call older than the limit means the worker is hung. */
  look(): void {
    const now = this.now();
    if (now - this.lastLook > PAGE_ASLEEP_MS) for (const p of this.pending.values()) p.since = now;
    this.lastLook = now;
    if (this.fault || this.pending.size === 0) return;
    let oldest = Infinity, slow = false;
    for (const p of this.pending.values()) {
      oldest = Math.min(oldest, p.since);
      slow ||= SLOW_CALLS.has(p.name);
    }
    const limit = slow ? Math.max(this.watchdogMs, SLOW_CALL_WATCHDOG_MS) : this.watchdogMs;
    if (now - oldest > limit) {
      this.fail('hung', `The simulation stopped answering (no answer for ${Math.round(limit / 1000)} s): it may be stuck in an endless loop, out of memory, or ended.`);
    }
  }

  /** Looks every WATCHDOG_TICK_MS from now on. */
  start(): void {
    setInterval(() => this.look(), WATCHDOG_TICK_MS);
  }

  private fail(kind: WorkerFaultKind, message: string): void {
    if (this.fault) return;
    const fault = { kind, message };
    this.fault = fault;
    this.worker.terminate();
    const lost = new WorkerLost(fault);
    for (const p of this.pending.values()) p.reject(lost);
    this.pending.clear();
    for (const l of this.listeners) l(fault);
  }
}

/** Keeps the calls that fail because the worker is gone out of the console: the page says it once, in its banner. */
export function quietLostCalls(): void {
  window.addEventListener('unhandledrejection', (e) => {
    if (e.reason instanceof WorkerLost) e.preventDefault();
  });
}
