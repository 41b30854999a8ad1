/**
 * Columns in a WebAssembly memory, for the kernels that read them in place (wasm/kernels.ts).
 * Where SharedArrayBuffer is allowed (Node; a cross-origin isolated page) the memory is shared: growing it never
 * moves or detaches what is already allocated, so a column taken from the arena stays valid for good, and growth
 * keeps a grown column in its arena (math/grow.ts). Elsewhere (a page without cross-origin isolation) it is a plain
 * memory, which growing would detach with every column on it: it is reserved whole at the start, sized by the scene,
 * and never grows; a column that no longer fits leaves the arena (the disc pass then goes stage by stage, the other
 * kernels run their JavaScript twins, but for the polygon colliders, which have none: contacts/polygon-wasm.ts says so
 * by name).
 * Allocation is a bump pointer (with a small gap after each column): a column that grows leaves its old space unused (geometric growth wastes
 * at most as much as it keeps).
 */

/** The WebAssembly API the core uses (the core's types have no DOM): reached through globalThis */
export interface WasmMemory { readonly buffer: ArrayBufferLike; grow(pages: number): number }
interface WasmApi {
  Memory: new (d: { initial: number; maximum: number; shared?: boolean }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (m: object, imports: object) => { exports: Record<string, unknown> };
}
export const wasmApi = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly ?? null;

/** at most 2 GB, so that every byte offset is a positive 32-bit integer */
const PAGE = 65536, MAX_PAGES = 32768;
/**
 * What a disc scene's columns take in a plain memory, per disc, with room for its contacts to grow (a settled pile's
 * ≈ 2 contacts per disc, two lists of 19 columns, the bump allocator's old copies) [bytes]
 */
export const PLAIN_BYTES_PER_DISC = 4096;
/**
 * The same per polygon and per vertex. A polygon's contact lists are sized by its candidate pairs (about 2.5 a polygon
 * in the settled bench pile), each row 30 columns in two lists, and the outlines' reach makes more candidates than a
 * disc's: the bench's 1,000-polygon pile filled 4096 bytes a polygon (4.26 MB) after 9,800 steps of settling and its
 * colliders left the kernels there; with 16 KB it peaks at 5.0 MB of its 16.7 MB over the 20,000 steps (lists of 4096
 * rows, every step in the kernels), a margin of 3.3. A vertex: its two doubles in the body frame and two in the world
 * outline (the rotations', wasm/assembly/polygon-rotations.ts), and their old copies.
 */
export const PLAIN_BYTES_PER_POLYGON = 16384, PLAIN_BYTES_PER_VERTEX = 64;
/** A plain memory is at least 1 MB and at most 512 MB (the largest of those sizes the runtime then grants) [pages] */
const PLAIN_MIN_PAGES = 16, PLAIN_MAX_PAGES = 8192;
/** The first page is left to the kernels' own statics: each thread's disc-kernel table (wasm/kernels.ts) */
export const FIRST_PAGE = PAGE;
/**
 * Bytes left after each column, five cache lines: columns of one power-of-two capacity would otherwise start
 * at the same address modulo 4 KB and compete for the same L1 cache sets (Gear's corrector streams 16 columns:
 * 14.4 → 11.2 ns per body at 10k with the gap; the whole Gear step +3–9 %, cdm +5–7 %)
 */
const STAGGER = 320;

/**
 * Which arena each column handed out belongs to. By the column, not its buffer: a shared memory's buffer
 * object is not kept, and a later read of memory.buffer may give a new one over the same bytes.
 */
const owners = new WeakMap<ArrayBufferView, WasmArena>();

export class WasmArena {
  private top = FIRST_PAGE;

  /**
   * `attached`: a worker's view of another thread's arena (it allocates nothing, and only names the columns it was
   * sent); `shared`: the memory is shared (else plain, and it never grows beyond its first size)
   */
  private constructor(readonly memory: WasmMemory, readonly attached = false, readonly shared = true) {}

  /** A worker's view of the arena over `memory` (parallel/worker-pool.ts): it allocates nothing; claim() names its columns. */
  static attach(memory: WasmMemory): WasmArena {
    return new WasmArena(memory, true);
  }

  /** Marks `columns`, views of this memory sent by the thread that allocated them, as this arena's. */
  claim(columns: readonly ArrayBufferView[]): void {
    for (const c of columns) owners.set(c, this);
  }

  /**
   * A new arena, on a shared memory where SharedArrayBuffer is allowed, else on a plain one of `plainBytes` (the
   * largest the runtime grants of that and its halves down to 1 MB, reserved, not touched: the system gives the
   * pages as the columns first write them); null without WebAssembly
   */
  static create(plainBytes = 0): WasmArena | null {
    if (!wasmApi) return null;
    if (typeof SharedArrayBuffer !== 'undefined') {
      try {
        return new WasmArena(new wasmApi.Memory({ initial: 2, maximum: MAX_PAGES, shared: true }));
      } catch { /* a plain one then */ }
    }
    const wanted = 1 + Math.ceil((FIRST_PAGE + plainBytes) / PAGE);
    for (let pages = Math.min(PLAIN_MAX_PAGES, Math.max(PLAIN_MIN_PAGES, wanted)); pages >= PLAIN_MIN_PAGES; pages >>= 1) {
      try {
        return new WasmArena(new wasmApi.Memory({ initial: pages, maximum: pages }), false, false);
      } catch { /* a smaller one */ }
    }
    return null;
  }

  /** `bytes` of zeros aligned to 8, as a byte offset into the memory; −1 when the memory is full */
  private allocate(bytes: number): number {
    if (this.attached) return -1;
    const at = this.top, end = at + ((bytes + 7) & ~7) + STAGGER;
    const size = this.memory.buffer.byteLength;
    if (end > size) {
      if (!this.shared) return -1;
      const pages = Math.min(MAX_PAGES - size / PAGE, Math.max(Math.ceil((end - size) / PAGE), size / PAGE));
      if (size + pages * PAGE < end) return -1;
      this.memory.grow(pages);
    }
    this.top = end;
    return at;
  }

  f64(length: number): Float64Array<ArrayBuffer> | null {
    const at = this.allocate(8 * length);
    return at < 0 ? null : this.owned(new Float64Array(this.memory.buffer as ArrayBuffer, at, length));
  }

  i32(length: number): Int32Array<ArrayBuffer> | null {
    const at = this.allocate(4 * length);
    return at < 0 ? null : this.owned(new Int32Array(this.memory.buffer as ArrayBuffer, at, length));
  }

  u8(length: number): Uint8Array<ArrayBuffer> | null {
    const at = this.allocate(length);
    return at < 0 ? null : this.owned(new Uint8Array(this.memory.buffer as ArrayBuffer, at, length));
  }

  private owned<T extends ArrayBufferView>(a: T): T {
    owners.set(a, this);
    return a;
  }

  /** a's byte offset in this memory, or −1 if it is not one of this arena's columns */
  offsetOf(a: ArrayBufferView): number {
    return owners.get(a) === this ? a.byteOffset : -1;
  }

  /**
   * Moves the named columns of `owner` into the arena (copies of the same length and contents); a column that does not
   * fit stays, and one already here is left as it is.
   */
  adopt(owner: object, keys: readonly string[]): void {
    const o = owner as Record<string, unknown>;
    for (const key of keys) {
      const v = o[key];
      if (ArrayBuffer.isView(v) && this.offsetOf(v) >= 0) continue;
      const copy = v instanceof Float64Array ? this.f64(v.length) : v instanceof Int32Array ? this.i32(v.length) : v instanceof Uint8Array ? this.u8(v.length) : null;
      if (!copy) continue;
      copy.set(v as never);
      o[key] = copy;
    }
  }
}

/** The arena a column was taken from, if any */
export function arenaOf(a: ArrayBufferView): WasmArena | null {
  return owners.get(a) ?? null;
}
