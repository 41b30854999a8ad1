/**
 * A pool of threads that run kernels over chunks of shared columns (issue 9): the calling thread posts a
 * kernel and a chunk count in a shared control block, wakes the workers, takes chunks itself, and waits
 * until every thread is done. Threads take chunks in any order; each chunk writes only its own outputs,
 * so the results are the same bits for any number of threads. Workers are whatever the host gives
 * (worker_threads in Node: cli/node-pool.ts; Web Workers in the page), each running serveJobs.
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

/**
 * Control block: a sequence number bumped per command, the command, the next chunk, the chunk count,
 * threads done, 1 + the kernel a worker failed in (0: none), how many workers run the WebAssembly kernels, and
 * how many took a thread number (for their kernels' table, wasm/kernels.ts)
 */
const SEQ = 0, CMD = 1, NEXT = 2, CHUNKS = 3, DONE = 4, FAILED = 5, WASM_WORKERS = 6, THREADS = 7, CONTROL_INTS = 8;
/** A chunk is at most a few thousand bodies or pairs: no answer in this long means a worker is gone [ms] */
const ANSWER_TIMEOUT_MS = 30_000;
/** Commands besides kernel indices: go back to the event loop for new columns, stop, or just answer */
const REBIND = -1, STOP = -2, PING = -3;
/**
 * Before sleeping on a futex, a thread waiting for the next command (or for the workers) checks this many
 * times (≈ 0.1 ms): a step sends a dozen commands, and a wake-up from sleep costs tens of microseconds each.
 */
const SPINS = 20_000;
/**
 * What a worker is sent: the control block and arguments once, and the columns whenever they change;
 * with the WebAssembly memory the kernels run on and which of the columns are in it (else null and none)
 */
export interface PoolMessage {
  control: Int32Array;
  args: Float64Array;
  columns: Columns;
  seq: number;
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
  readonly args = new Float64Array(new SharedArrayBuffer(8 * POOL_ARGS));
  private readonly control = new Int32Array(new SharedArrayBuffer(4 * CONTROL_INTS));
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
    this.threads = workers.length + 1;
    for (const w of workers) w.postMessage({ control: this.control, args: this.args, columns: this.bound, seq: 0, memory: null, inMemory: [] });
  }

  /** Runs the kernels in WebAssembly on `kernels`' memory (every thread), or with null in JavaScript; from the next bind on. */
  useWasm(kernels: WasmKernels | null): void {
    if (kernels === this.wasm) return;
    this.wasm = kernels;
    this.bound = {};
    this.boundFrom = null;
  }

  /** Whether `columns` is the record bound last (its columns may have changed since: the caller knows) */
  isBound(columns: Columns): boolean {
    return this.boundFrom === columns;
  }

  /** 'WebAssembly' when every thread runs the kernels there (as of the last command), else 'JavaScript' */
  get kernels(): 'WebAssembly' | 'JavaScript' {
    return this.wasm && Atomics.load(this.control, WASM_WORKERS) === this.workers.length ? 'WebAssembly' : 'JavaScript';
  }

  /** Makes `columns` the kernels' columns; the workers are sent them only if an array changed. */
  bind(columns: Columns): void {
    let same = true;
    for (const key in columns) if (this.bound[key] !== columns[key]) same = false;
    if (same) { this.boundFrom = columns; return; }
    this.refuseWhileStarted();
    this.boundFrom = columns;
    this.bound = { ...columns };
    if (this.workers.length === 0) return;
    this.command(REBIND, 0);
    const seq = Atomics.load(this.control, SEQ), arena = this.wasm?.arena ?? null;
    const inMemory = arena ? Object.keys(this.bound).filter((key) => arenaOf(this.bound[key]) === arena) : [];
    const memory = arena?.memory ?? null;
    Atomics.store(this.control, WASM_WORKERS, 0);
    Atomics.store(this.control, THREADS, 0);
    for (const w of this.workers) w.postMessage({ control: this.control, args: this.args, columns: this.bound, seq, memory, inMemory });
  }

  /** Runs kernel `kernel` (a row of the table) on chunks 0 … chunks − 1 and returns when all are done. */
  run(kernel: number, chunks: number): void {
    this.refuseWhileStarted();
    // one chunk: the calling thread takes it without waking the workers (the same work, the same bits)
    if (this.workers.length === 0 || chunks <= 1) {
      const f = this.table[kernel];
      for (let c = 0; c < chunks; c++) f(this.bound, this.args, c, this.wasm);
      return;
    }
    this.command(kernel, chunks);
  }

  /**
   * Posts kernel `kernel` on chunks 0 … chunks − 1 for the workers alone and returns at once, so that the calling
   * thread can do other work meanwhile; finish() waits for them, and no other command may come in between.
   * Without workers the calling thread runs the chunks here.
   */
  start(kernel: number, chunks: number): void {
    if (this.workers.length === 0) { this.run(kernel, chunks); return; }
    this.post(kernel, chunks);
    this.started = kernel;
  }

  /** Waits until the command start() posted is done (returns at once if there is none). */
  finish(): void {
    const cmd = this.started;
    if (cmd === null) return;
    this.started = null;
    this.awaitWorkers(cmd, null);
  }

  /** A round trip through every worker: returns once each has answered, throws if one does not. */
  ping(): void {
    if (this.workers.length > 0) this.command(PING, 0);
  }

  /** Stops the workers' loops (the host then ends them; after a failure it just ends them). */
  close(): void {
    if (this.workers.length > 0 && !this.broken) this.command(STOP, 0);
  }

  private command(cmd: number, chunks: number): void {
    this.post(cmd, chunks);
    let own: unknown = null;
    try {
      if (cmd >= 0) takeChunks(this.control, this.table[cmd], this.bound, this.args, this.wasm);
    } catch (e) {
      own = e; // thrown once the workers are done with this command, so the next one starts clean
    }
    this.awaitWorkers(cmd, own);
  }

  /** Throws while a command start() posted is not finished: the workers are still on it */
  private refuseWhileStarted(): void {
    if (this.started !== null) throw new Error(`worker pool: kernel ${this.started} was started and not finished`);
  }

  /** Wakes the workers on command `cmd` over `chunks` chunks. */
  private post(cmd: number, chunks: number): void {
    if (this.broken) throw new Error(`worker pool: stopped after an earlier failure (${this.broken})`);
    this.refuseWhileStarted();
    const ctl = this.control;
    ctl[CMD] = cmd;
    ctl[CHUNKS] = chunks;
    Atomics.store(ctl, NEXT, 0);
    Atomics.store(ctl, DONE, 0);
    Atomics.add(ctl, SEQ, 1);
    Atomics.notify(ctl, SEQ);
  }

  /** Waits until every worker is done with command `cmd`; throws `own` (the calling thread's failure in it) or a worker's. */
  private awaitWorkers(cmd: number, own: unknown): void {
    const ctl = this.control, workers = this.workers.length;
    for (let d = spinWhile(ctl, DONE, 0); d < workers; d = Atomics.load(ctl, DONE)) {
      if (Atomics.wait(ctl, DONE, d, ANSWER_TIMEOUT_MS) === 'timed-out') throw new Error(this.broken = `worker pool: no answer from ${workers - d} of its ${workers} worker threads in ${ANSWER_TIMEOUT_MS / 1000} s`);
    }
    const failed = Atomics.exchange(ctl, FAILED, 0);
    if (own !== null || failed > 0) this.broken = `kernel ${cmd} failed`; // a failed worker has left its loop
    if (own !== null) throw own;
    if (failed > 0) throw new Error(`worker pool: a worker thread failed in kernel ${failed - 1} (the host reports its error)`);
  }
}

/** ctl[index] once it is no longer `value`, or `value` after SPINS checks (the caller then sleeps) */
function spinWhile(ctl: Int32Array, index: number, value: number): number {
  for (let s = 0; s < SPINS; s++) {
    const v = Atomics.load(ctl, index);
    if (v !== value) return v;
  }
  return value;
}

function takeChunks(ctl: Int32Array, f: Kernel, columns: Columns, args: Float64Array, wasm: WasmKernels | null): void {
  const chunks = ctl[CHUNKS];
  for (let c = Atomics.add(ctl, NEXT, 1); c < chunks; c = Atomics.add(ctl, NEXT, 1)) f(columns, args, c, wasm);
}

/**
 * The kernels a worker runs for `message`: on its memory (a new instance per message: a posted memory arrives
 * as a new object, over the same bytes), the columns there claimed; null without a memory
 */
function kernelsFor(message: PoolMessage): WasmKernels | null {
  if (!message.memory) return null;
  const kernels = WasmKernels.create(WasmArena.attach(message.memory), 1 + Atomics.add(message.control, THREADS, 1));
  if (!kernels) return null;
  kernels.arena.claim(message.inMemory.map((key) => message.columns[key]));
  Atomics.add(message.control, WASM_WORKERS, 1);
  return kernels;
}

/**
 * A worker's loop: waits for commands and takes chunks of the kernels of `table` (the caller's table) until
 * told to rebind or stop. Returns true to stop; on false the worker waits for its next message (new columns)
 * and calls this again.
 */
export function serveJobs(message: PoolMessage, table: readonly Kernel[]): boolean {
  const { control: ctl, args, columns } = message;
  const wasm = kernelsFor(message);
  let seen = message.seq;
  for (;;) {
    if (spinWhile(ctl, SEQ, seen) === seen) Atomics.wait(ctl, SEQ, seen);
    seen = Atomics.load(ctl, SEQ);
    const cmd = ctl[CMD];
    let failure: unknown = null;
    try {
      if (cmd >= 0) takeChunks(ctl, table[cmd], columns, args, wasm);
    } catch (e) {
      failure = e;
      Atomics.store(ctl, FAILED, cmd + 1);
    }
    Atomics.add(ctl, DONE, 1);
    Atomics.notify(ctl, DONE);
    if (failure !== null) throw failure; // to the host, which reports it (cli/node-pool.ts)
    if (cmd === STOP) return true;
    if (cmd === REBIND) return false;
  }
}

