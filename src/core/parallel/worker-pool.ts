/**
 * A pool of threads that run kernels over chunks of shared columns (issue 9): the calling thread posts a
 * kernel and a chunk count in a shared control block, wakes the workers, takes chunks itself, and waits
 * until every chunk is done. Threads take chunks in any order; each chunk writes only its own outputs,
 * so the results are the same bits for any number of threads. Workers are whatever the host gives
 * (worker_threads in Node: cli/node-pool.ts; Web Workers in the page), each running serveJobs.
 * A worker helps when it is there: the calling thread waits for the chunks a worker took, never for a worker to come
 * (one that another process keeps off its core finds the command over and takes nothing), so a command costs no
 * handshake with a worker that is not running, and one chunk is a command for the calling thread alone.
 * The columns (columns/shared-memory.ts) are handed to the workers by message when any of them changes
 * (an array grew): the workers leave their wait loop for their event loop, take the message, and return.
 * When the columns live in a WebAssembly arena (wasm/wasm-arena.ts) the workers are sent its memory too,
 * and each runs the kernels' WebAssembly twins (wasm/kernels.ts) on it, as the calling thread does.
 * The pool knows no physics: its host hands it the kernel table (core/pool-kernels.ts, the composition root),
 * and a worker's serveJobs is given the same table.
 */
import { POOL_ARGS, type Columns, type Kernel, type KernelPool } from '../columns/kernel-pool';
import { WasmKernels } from '../wasm/kernels';
import { arenaOf, WasmArena, type WasmMemory } from '../wasm/wasm-arena';
import { MAX_THREADS } from './max-threads';

/** Kernels that may wait for the next command (defer): a step defers up to three (the predictor, the body forces, the polygons' outlines) */
const MAX_DEFERRED = 3;
/**
 * Control block: a sequence number bumped per command (SEQ); the command, its chunk count, and how many chunks it
 * deals in all (with its deferred kernels'); the ticket a thread takes a chunk with (TICKET: the command's sequence
 * number in the high bits, the next chunk in the low ones, so that a thread still reading the last command takes
 * nothing of this one); chunks finished; 1 + the kernel a thread failed in (0: none); the columns' generation (bumped
 * by each bind: a worker with older columns goes back for its message); how many workers sleep on SEQ, and 1 while
 * the calling thread sleeps: a thread wakes another (Atomics.notify, a system call on a futex) only when that one
 * sleeps, so a command whose threads all spin costs no call into the kernel.
 */
const SEQ = 0, CMD = 1, CHUNKS = 2, UNITS = 3, TICKET = 4, FINISHED = 5, FAILED = 6, GENERATION = 7, SLEEPERS = 8, CALLER_SLEEPS = 9;
/**
 * Then the kernels deferred to the command (defer): how many, and each one's kernel and chunk count; then per worker,
 * the generation of columns it runs the WebAssembly kernels on, and the last PING or STOP it answered (its SEQ)
 */
const DEFERRED = 10, DEFERRED_KERNELS = 11, WORKER_WASM = DEFERRED_KERNELS + 2 * MAX_DEFERRED, ANSWERED = WORKER_WASM + MAX_THREADS;
/**
 * Then the command's ordered stage (runOrdered): its kernel (−1: none), the next chunk it runs, 1 while a thread runs it;
 * then per chunk the SEQ of the last command whose chunk of the kernel is done (so nothing needs clearing)
 */
const ORDERED = ANSWERED + MAX_THREADS, ORDER_NEXT = ORDERED + 1, ORDER_LOCK = ORDERED + 2, DONE = ORDERED + 3;
/** Chunks a command with an ordered stage may have for the stage to overlap its chunks (more: it runs after them, on the calling thread) */
const MAX_ORDERED = 4096;
const CONTROL_INTS = DONE + MAX_ORDERED;
/** A ticket's low bits: the next chunk (a command deals fewer than INDEX_MASK chunks); its high bits: the sequence number's low ones */
const INDEX_BITS = 16, INDEX_MASK = (1 << INDEX_BITS) - 1, SEQ_MASK = (1 << (31 - INDEX_BITS)) - 1;
/** A chunk is at most a few thousand bodies or pairs: no answer in this long means a worker is gone [ms] */
const ANSWER_TIMEOUT_MS = 30_000;
/** Commands besides kernel indices: go back to the event loop for new columns, stop, just answer, or run the deferred kernels alone */
const REBIND = -1, STOP = -2, PING = -3, FLUSH = -4;
/**
 * Before sleeping on a futex, a thread waiting for the next command (or for the chunks others took) checks this many
 * times (≈ 0.1 ms): a step sends several commands, and a wake-up from sleep costs tens of microseconds each.
 */
const SPINS = 20_000;
/**
 * What a worker is sent: the control block and arguments once, and the columns whenever they change (with their
 * generation); with the WebAssembly memory the kernels run on and which of the columns are in it (else null and
 * none); `worker`: its index among the pool's workers (its thread number is 1 + that: wasm/kernels.ts)
 */
export interface PoolMessage {
  control: Int32Array;
  /** The running kernel's arguments (POOL_ARGS), then each deferred kernel's */
  args: Float64Array;
  columns: Columns;
  generation: number;
  seq: number;
  worker: number;
  memory: WasmMemory | null;
  inMemory: string[];
}

/** The host's handle on one worker */
export interface PoolEndpoint {
  postMessage(message: PoolMessage): void;
}

export class WorkerPool implements KernelPool {
  /** Threads that take chunks: the workers and the caller */
  readonly threads: number;
  /** The running kernel's scalar arguments, written before run() */
  readonly args: Float64Array;
  /** args, then each deferred kernel's copy of them: what the workers are sent */
  private readonly allArgs = new Float64Array(new SharedArrayBuffer(8 * POOL_ARGS * (1 + MAX_DEFERRED)));
  private readonly deferredArgs: Float64Array[];
  private readonly control = new Int32Array(new SharedArrayBuffer(4 * CONTROL_INTS));
  /** Kernels deferred to the next command (defer) */
  private deferred = 0;
  private bound: Columns = {};
  /** The record bound last (its columns are those of `bound`), or null after useWasm */
  private boundFrom: Columns | null = null;
  /** The calling thread's WebAssembly kernels (the World's), or null: the JavaScript kernels everywhere */
  private wasm: WasmKernels | null = null;
  /** Why the pool stopped working (a kernel threw), or null */
  private broken: string | null = null;
  /** The command start() posted that finish() has not waited for, or null */
  private started: number | null = null;

  /** `kernels`: the kernel table, by columns/kernel-ids.ts (the workers' serveJobs get the same one) */
  constructor(private readonly workers: readonly PoolEndpoint[], private readonly table: readonly Kernel[]) {
    if (workers.length >= MAX_THREADS) throw new Error(`worker pool: at most ${MAX_THREADS - 1} workers`);
    this.threads = workers.length + 1;
    [this.args, ...this.deferredArgs] = argViews(this.allArgs);
    this.control.fill(-1, WORKER_WASM, WORKER_WASM + MAX_THREADS);
    this.control[ORDERED] = -1;
    this.control.fill(-1, DONE, DONE + MAX_ORDERED);
    this.sendColumns(null, false);
  }

  /** Runs the kernels in WebAssembly on `kernels`' memory (every thread), or with null in JavaScript; from the next bind on. */
  useWasm(kernels: WasmKernels | null): void {
    if (kernels === this.wasm) return;
    this.flush();
    this.wasm = kernels;
    this.bound = {};
    this.boundFrom = null;
  }

  /** Whether `columns` is the record bound last (its columns may have changed since: the caller knows) */
  isBound(columns: Columns): boolean {
    return this.boundFrom === columns;
  }

  /** 'WebAssembly' when every thread runs the kernels there (once each worker has taken its last columns), else 'JavaScript' */
  get kernels(): 'WebAssembly' | 'JavaScript' {
    if (!this.wasm) return 'JavaScript';
    if (!this.workersOnWasm()) this.ping(); // a worker answers once it has taken its last message
    return this.workersOnWasm() ? 'WebAssembly' : 'JavaScript';
  }

  /** Makes `columns` the kernels' columns; the workers are sent them only if an array changed. */
  bind(columns: Columns): void {
    let same = true;
    for (const key in columns) if (this.bound[key] !== columns[key]) same = false;
    if (same) { this.boundFrom = columns; return; }
    this.refuseWhileStarted();
    this.flush(); // the deferred kernels run on the columns they were deferred with
    this.boundFrom = columns;
    this.bound = { ...columns };
    if (this.workers.length === 0) return;
    this.sendColumns(this.wasm?.arena ?? null, true);
  }

  /** Runs kernel `kernel` (a row of the table) on chunks 0 … chunks − 1 and returns when all are done. */
  run(kernel: number, chunks: number): void {
    this.refuseWhileStarted();
    // one chunk: the calling thread takes it without waking the workers (the same work, the same bits)
    if (this.workers.length === 0 || (chunks <= 1 && this.deferred === 0)) {
      const f = this.table[kernel];
      for (let c = 0; c < chunks; c++) f(this.bound, this.args, c, this.wasm);
      return;
    }
    this.command(kernel, chunks);
  }

  /**
   * Runs kernel `kernel` on chunks 0 … chunks − 1 as run() does, and kernel `then` on each chunk in chunk order: a
   * serial stage, each chunk of it as soon as that chunk of `kernel` is done and the chunk before it has had its turn,
   * on whichever thread gets there first, one thread at a time — so it overlaps the chunks still running, and its
   * results are those of running it chunk after chunk on one thread. `then`'s chunk c may read what `kernel`'s chunks
   * 0 … c wrote, and what its own earlier chunks wrote; `kernel`'s chunks may not read what `then` writes.
   */
  runOrdered(kernel: number, then: number, chunks: number): void {
    this.refuseWhileStarted();
    if (this.workers.length === 0 || chunks <= 1 || chunks > MAX_ORDERED) {
      this.run(kernel, chunks);
      for (let c = 0; c < chunks; c++) this.table[then](this.bound, this.args, c, this.wasm);
      return;
    }
    const ctl = this.control;
    Atomics.store(ctl, ORDER_NEXT, 0);
    Atomics.store(ctl, ORDER_LOCK, 0);
    Atomics.store(ctl, ORDERED, then);
    try {
      this.command(kernel, chunks);
    } finally {
      Atomics.store(ctl, ORDERED, -1);
    }
    // every chunk counted as finished only after its thread's turn at the stage: the last one ran it to the end
    if (Atomics.load(ctl, ORDER_NEXT) !== chunks) throw new Error(this.broken = `worker pool: the ordered stage of kernel ${kernel} stopped at chunk ${ctl[ORDER_NEXT]} of ${chunks}`);
  }

  /**
   * Kernel `kernel` on chunks 0 … chunks − 1, with the arguments as they are now, goes out with the next command
   * (run or flush; bind, start and close flush first): chunk c on the same thread right before that command's
   * chunk c, so one handshake serves both. That command's chunk c may read what this kernel's chunk c wrote, and
   * nothing else of it; nothing may read its outputs before that command. Without workers it runs now.
   */
  defer(kernel: number, chunks: number): void {
    this.refuseWhileStarted();
    if (this.workers.length === 0) { this.run(kernel, chunks); return; }
    if (this.deferred === MAX_DEFERRED) this.flush();
    const q = this.deferred++, ctl = this.control;
    this.deferredArgs[q].set(this.args);
    Atomics.store(ctl, DEFERRED_KERNELS + 2 * q, kernel);
    Atomics.store(ctl, DEFERRED_KERNELS + 2 * q + 1, chunks);
  }

  /** Runs the deferred kernels now, if any. */
  flush(): void {
    if (this.deferred > 0) this.command(FLUSH, 0);
  }

  /**
   * Posts kernel `kernel` on chunks 0 … chunks − 1 for the workers and returns at once, so that the calling
   * thread can do other work meanwhile; finish() takes what no worker has and waits for the rest, and no other
   * command may come in between. Without workers the calling thread runs the chunks here.
   */
  start(kernel: number, chunks: number): void {
    if (this.workers.length === 0) { this.run(kernel, chunks); return; }
    this.flush();
    this.post(kernel, chunks);
    this.started = kernel;
  }

  /** Takes the chunks of the command start() posted that no worker has taken, and waits for the rest (returns at once if there is none). */
  finish(): void {
    const cmd = this.started;
    if (cmd === null) return;
    this.started = null;
    this.takeAndAwait(cmd);
  }

  /** A round trip through every worker: returns once each has answered (with its last columns taken), throws if one does not. */
  ping(): void {
    if (this.workers.length > 0) this.command(PING, 0);
  }

  /** Stops the workers' loops (the host then ends them; after a failure it just ends them). */
  close(): void {
    if (this.workers.length > 0 && !this.broken) { this.flush(); this.command(STOP, 0); }
  }

  /** Every worker has taken its last columns and runs the WebAssembly kernels on them */
  private workersOnWasm(): boolean {
    const generation = this.control[GENERATION];
    for (let k = 0; k < this.workers.length; k++) if (Atomics.load(this.control, WORKER_WASM + k) !== generation) return false;
    return true;
  }

  /**
   * A new generation of columns (the bound ones, in `arena` or in shared memory) to every worker; with `wake`, a
   * command tells them to go back to their event loop for it (nothing to wait for: a worker with older columns takes no chunk).
   */
  private sendColumns(arena: WasmArena | null, wake: boolean): void {
    const ctl = this.control, generation = ctl[GENERATION] + 1;
    Atomics.store(ctl, GENERATION, generation);
    if (wake) this.post(REBIND, 0);
    const inMemory = arena ? Object.keys(this.bound).filter((key) => arenaOf(this.bound[key]) === arena) : [];
    const seq = ctl[SEQ], memory = arena?.memory ?? null;
    this.workers.forEach((w, worker) => w.postMessage({ control: ctl, args: this.allArgs, columns: this.bound, generation, seq, worker, memory, inMemory }));
  }

  private command(cmd: number, chunks: number): void {
    this.post(cmd, chunks);
    this.takeAndAwait(cmd);
  }

  /** Takes chunks of the posted command `cmd` until none is left, waits for those others took (and, for PING and STOP, every worker's answer); throws the first failure. */
  private takeAndAwait(cmd: number): void {
    const ctl = this.control, seq = ctl[SEQ];
    const own = takeChunks(ctl, seq, this.table, this.bound, this.args, this.deferredArgs, this.wasm);
    this.awaitCount(FINISHED, ctl[UNITS], 'finish their chunks');
    if (cmd === PING || cmd === STOP) for (let k = 0; k < this.workers.length; k++) this.awaitCount(ANSWERED + k, seq, 'answer');
    const failed = Atomics.exchange(ctl, FAILED, 0);
    if (own !== null || failed > 0) this.broken = `kernel ${failed - 1} failed`; // a failed worker has left its loop
    if (own !== null) throw own;
    if (failed > 0) throw new Error(`worker pool: a worker thread failed in kernel ${failed - 1} (the host reports its error)`);
  }

  /** Throws while a command start() posted is not finished: the workers are still on it */
  private refuseWhileStarted(): void {
    if (this.started !== null) throw new Error(`worker pool: kernel ${this.started} was started and not finished`);
  }

  /** Opens command `cmd` over `chunks` chunks (and the deferred kernels') and wakes the workers that sleep. */
  private post(cmd: number, chunks: number): void {
    if (this.broken) throw new Error(`worker pool: stopped after an earlier failure (${this.broken})`);
    this.refuseWhileStarted();
    const ctl = this.control, seq = ctl[SEQ] + 1, deferred = this.deferred;
    let units = cmd >= 0 ? chunks : 0;
    for (let q = 0; q < deferred; q++) units = Math.max(units, ctl[DEFERRED_KERNELS + 2 * q + 1]);
    if (units >= INDEX_MASK) throw new Error(`worker pool: ${units} chunks in one command, more than ${INDEX_MASK - 1}`);
    // closed first: a thread still on the last command, which may read the fields below, takes no chunk of this one
    Atomics.store(ctl, TICKET, ticket(seq, INDEX_MASK));
    Atomics.store(ctl, CMD, cmd);
    Atomics.store(ctl, CHUNKS, chunks);
    Atomics.store(ctl, UNITS, units);
    Atomics.store(ctl, DEFERRED, deferred); // (their kernels and chunks were stored by defer, before the last SEQ)
    this.deferred = 0;
    Atomics.store(ctl, FINISHED, 0);
    Atomics.store(ctl, TICKET, ticket(seq, 0));
    Atomics.store(ctl, SEQ, seq);
    // a worker counts itself among the sleepers before it sleeps on SEQ, and Atomics.wait compares SEQ as it goes
    // to sleep: one that this thread sees awake sees the new SEQ (sequentially consistent atomics)
    if (Atomics.load(ctl, SLEEPERS) > 0) Atomics.notify(ctl, SEQ);
  }

  /** Waits until ctl[index] reaches `target` (spinning, then sleeping); `what` the workers did not do if it does not. */
  private awaitCount(index: number, target: number, what: string): void {
    const ctl = this.control;
    for (let v = spinWhileBelow(ctl, index, target); v < target; v = Atomics.load(ctl, index)) {
      Atomics.store(ctl, CALLER_SLEEPS, 1);
      const answer = Atomics.wait(ctl, index, v, ANSWER_TIMEOUT_MS);
      Atomics.store(ctl, CALLER_SLEEPS, 0);
      if (answer === 'timed-out') throw new Error(this.broken = `worker pool: the worker threads did not ${what} in ${ANSWER_TIMEOUT_MS / 1000} s`);
    }
  }
}

/** The ticket of chunk `index` of command `seq` */
function ticket(seq: number, index: number): number {
  return ((seq & SEQ_MASK) << INDEX_BITS) | index;
}

/** ctl[index] once it is no longer `value`, or `value` after SPINS checks (the caller then sleeps) */
function spinWhile(ctl: Int32Array, index: number, value: number): number {
  for (let s = 0; s < SPINS; s++) {
    const v = Atomics.load(ctl, index);
    if (v !== value) return v;
  }
  return value;
}

/** ctl[index] once it reaches `target`, or what it is after SPINS checks */
function spinWhileBelow(ctl: Int32Array, index: number, target: number): number {
  let v = Atomics.load(ctl, index);
  for (let s = 0; s < SPINS && v < target; s++) v = Atomics.load(ctl, index);
  return v;
}

/** The next chunk of command `seq` for this thread, or −1 when it has none left (or is over) */
function claim(ctl: Int32Array, seq: number, units: number): number {
  for (;;) {
    const t = Atomics.load(ctl, TICKET), index = t & INDEX_MASK;
    if (t >>> INDEX_BITS !== (seq & SEQ_MASK) || index >= units) return -1;
    if (Atomics.compareExchange(ctl, TICKET, t, t + 1) === t) return index;
  }
}

/**
 * Takes chunks of command `seq` until none is left: chunk c of each deferred kernel in turn, then the command's own
 * chunk c (none for the commands below 0). Every chunk taken counts as finished, failed or not (so no thread waits
 * for it); returns the first failure (its kernel noted in FAILED), or null.
 */
function takeChunks(ctl: Int32Array, seq: number, table: readonly Kernel[], columns: Columns, args: Float64Array, deferredArgs: readonly Float64Array[], wasm: WasmKernels | null): unknown {
  const cmd = Atomics.load(ctl, CMD), own = cmd >= 0 ? Atomics.load(ctl, CHUNKS) : 0, units = Atomics.load(ctl, UNITS), deferred = Atomics.load(ctl, DEFERRED);
  let failure: unknown = null;
  for (let c = claim(ctl, seq, units); c >= 0; c = claim(ctl, seq, units)) {
    let k = -1;
    try {
      for (let q = 0; q < deferred; q++) {
        k = Atomics.load(ctl, DEFERRED_KERNELS + 2 * q);
        if (c < Atomics.load(ctl, DEFERRED_KERNELS + 2 * q + 1)) table[k](columns, deferredArgs[q], c, wasm);
      }
      k = cmd;
      if (c < own) {
        table[k](columns, args, c, wasm);
        const then = Atomics.load(ctl, ORDERED);
        if (then >= 0) {
          Atomics.store(ctl, DONE + c, seq);
          k = then;
          takeOrdered(ctl, seq, own, table[then], columns, args, wasm);
        }
      }
    } catch (e) {
      if (failure === null) failure = e;
      Atomics.compareExchange(ctl, FAILED, 0, k + 1);
    }
    Atomics.add(ctl, FINISHED, 1);
    if (Atomics.load(ctl, CALLER_SLEEPS) === 1) Atomics.notify(ctl, FINISHED); // as for SEQ (post)
  }
  return failure;
}

/**
 * The ordered stage's turn for this thread (runOrdered): unless another thread has it, runs it on each chunk from
 * ORDER_NEXT on whose chunk of the command is done, in order. The lock is let go before the last look at the next
 * chunk, and a chunk is marked done before its thread asks for the lock: a chunk finished meanwhile is either seen
 * here or finds the lock free. A failure ends the stage: its thread keeps the lock (ORDER_NEXT stays short).
 */
function takeOrdered(ctl: Int32Array, seq: number, chunks: number, then: Kernel, columns: Columns, args: Float64Array, wasm: WasmKernels | null): void {
  while (Atomics.compareExchange(ctl, ORDER_LOCK, 0, 1) === 0) {
    let next = Atomics.load(ctl, ORDER_NEXT);
    for (; next < chunks && Atomics.load(ctl, DONE + next) === seq; next++) then(columns, args, next, wasm); // a throw keeps the lock
    Atomics.store(ctl, ORDER_NEXT, next);
    Atomics.store(ctl, ORDER_LOCK, 0);
    if (next >= chunks || Atomics.load(ctl, DONE + next) !== seq) return;
  }
}

/** The views of a pool's arguments: the running kernel's, then each deferred kernel's */
function argViews(all: Float64Array): Float64Array[] {
  return Array.from({ length: 1 + MAX_DEFERRED }, (_, q) => all.subarray(q * POOL_ARGS, (q + 1) * POOL_ARGS));
}

/**
 * The kernels a worker runs for `message`: on its memory (a new instance per message: a posted memory arrives
 * as a new object, over the same bytes), the columns there claimed; null without a memory
 */
function kernelsFor(message: PoolMessage): WasmKernels | null {
  if (!message.memory) return null;
  const kernels = WasmKernels.create(WasmArena.attach(message.memory), 1 + message.worker);
  if (!kernels) return null;
  kernels.arena.claim(message.inMemory.map((key) => message.columns[key]));
  Atomics.store(message.control, WORKER_WASM + message.worker, message.generation);
  return kernels;
}

/**
 * A worker's loop: waits for commands and takes chunks of the kernels of `table` (the caller's table) until
 * told to stop, or until the columns are newer than its message's. Returns true to stop; on false the worker waits
 * for its next message (new columns) and calls this again.
 */
export function serveJobs(message: PoolMessage, table: readonly Kernel[]): boolean {
  const { control: ctl, columns, generation } = message;
  if (Atomics.load(ctl, GENERATION) !== generation) return false; // a newer message is on its way
  const [args, ...deferredArgs] = argViews(message.args);
  const wasm = kernelsFor(message);
  for (let seen = message.seq; ;) {
    if (spinWhile(ctl, SEQ, seen) === seen) {
      Atomics.add(ctl, SLEEPERS, 1);
      Atomics.wait(ctl, SEQ, seen);
      Atomics.sub(ctl, SLEEPERS, 1);
    }
    seen = Atomics.load(ctl, SEQ);
    if (Atomics.load(ctl, GENERATION) !== generation) return false;
    const cmd = Atomics.load(ctl, CMD);
    // a post closes the ticket before it writes the command: a command read while the next was being posted is skipped
    if (Atomics.load(ctl, TICKET) >>> INDEX_BITS !== (seen & SEQ_MASK)) continue;
    const failure = takeChunks(ctl, seen, table, columns, args, deferredArgs, wasm);
    if (failure !== null) throw failure; // to the host, which reports it (cli/node-pool.ts); FAILED names the kernel
    if (cmd === PING || cmd === STOP) {
      Atomics.store(ctl, ANSWERED + message.worker, seen);
      if (Atomics.load(ctl, CALLER_SLEEPS) === 1) Atomics.notify(ctl, ANSWERED + message.worker);
      if (cmd === STOP) return true;
    }
  }
}
