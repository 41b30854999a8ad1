/**
 * Polygon candidate pairs on a worker pool (issue 38): the pair kernel (wasm/assembly/polygon-pairs.ts) over chunks of
 * POLYGON_CHUNK pairs, any thread any chunk (contacts/parallel-polygon-kernel.ts), each thread on its own copy of the
 * kernels' table (the calling thread's, contacts/polygon-wasm.ts) with its own scratch. Chunk c writes its contacts
 * from row k0 + c · POLYGON_CHUNK on (a pair gives at most one); as the chunks finish, the pool's ordered stage moves
 * each chunk's rows down behind the last one's, in chunk order (its pair slots shifted with them;
 * wasm/assembly/polygon-rows.ts), and in the fused pass gives them their forces (contacts/polygon-force-pass.ts), row
 * after row: the serial run's record and sums, so the same bits for any number of threads, with the merge and the
 * forces overlapping the clipping. A pair a kernel left (a clip that would outgrow its scratch) stops the stage at its
 * chunk; the calling thread goes on from there (collidePolygonRange: the kernel on a scratch twice the size). The walls'
 * contacts follow on the calling thread, as serially. Before the pairs, each polygon's rotation and world outline are
 * found on the pool too (rotations; contacts/polygon-rotations.ts).
 */
import { bindBodies, spans } from '../columns/body-columns';
import { POLYGON_PAIRS, POLYGON_ROTATIONS, POLYGON_ROWS } from '../columns/kernel-ids';
import type { PoolContext } from '../columns/pool-context';
import { grownCapacity, growI32 } from '../math/grow';
import type { PairBuffer } from '../neighbors/pair-buffer';
import { UNIT_OUTLINE } from '../shapes/disc-outline';
import { FLAGS, PARAMS_AT, ROOM, SCRATCH, SCRATCH_FIXED, SCRATCH_PER_ROOM } from '../wasm/assembly/polygon-table';
import type { WasmKernels } from '../wasm/kernels';
import type { WasmArena } from '../wasm/wasm-arena';
import { collidePolygonRange } from './collide-polygon';
import type { ContactSearch, PolygonPool } from './contact-search';
import { A_FORCES, A_K0, A_PAIRS, A_TABLE, CHUNK_ENDS, ENDS, MERGED, POLYGON_CHUNK, polygonRowsChunk, STOPPED, TABLE_INTS, TABLES } from './parallel-polygon-kernel';
import { polygonPairsTable } from './polygon-wasm';
import type { BodyState } from '../state/body-state';

export class ParallelPolygonPairs implements PolygonPool {
  /** How many times the pairs, and the rotations, ran on the pool, and a chunk's left pair stopped the merge: the tests' counts */
  runs = 0;
  rotationRuns = 0;
  stops = 0;
  /** The threads' tables (TABLE_INTS each), and their parameters over the same bytes */
  private readonly tables: Int32Array<ArrayBuffer> | null;
  private readonly params: Float64Array<ArrayBuffer> | null;
  /** The threads' scratch, `stride` doubles each, for polygons of up to `room` vertices */
  private scratch: Float64Array<ArrayBuffer> | null = null;
  private room = 0;
  private stride = 0;
  /** The merge's state, then per chunk the row after its last contact and the pair it left (parallel-polygon-kernel.ts ENDS) */
  private ends: Int32Array<ArrayBuffer> | null;

  /** `arena`: the World's WebAssembly arena, where the threads' tables, scratch and the chunks' ends go */
  constructor(private readonly ctx: PoolContext, private readonly arena: WasmArena) {
    const threads = ctx.pool.threads;
    this.tables = arena.i32(threads * TABLE_INTS);
    this.params = this.tables && new Float64Array(this.tables.buffer, this.tables.byteOffset, this.tables.length / 2);
    this.ends = arena.i32(CHUNK_ENDS + 16);
  }

  /**
   * The contacts of candidate pairs `pairs`, appended to np.out, on the pool; with `forces` (the fused pass's flags,
   * polygon-table.ts ROW_FORCE_FLAGS, its force columns in the calling thread's table) each row's forces too, added to
   * the bodies and the table's sums in row order. False (nothing done) where it does not run: one thread or one chunk, no
   * kernels (or not this arena's), a column outside the arena.
   */
  run(np: ContactSearch, pairs: PairBuffer, forces = 0): boolean {
    const w = np.kernels, P = pairs.count, out = np.out, k0 = out.count, chunks = Math.ceil(P / POLYGON_CHUNK);
    if (!w || w.arena !== this.arena || this.ctx.pool.threads < 2 || chunks < 2 || !this.ends) return false;
    out.reserve(k0 + P); // before the table: its columns' offsets
    if (!this.threadTables(w, np, pairs)) return false;
    if (this.ends.length < CHUNK_ENDS + 2 * chunks) this.ends = growI32(this.ends, grownCapacity(CHUNK_ENDS + 2 * chunks, this.ends.length));
    const ctx = this.ctx, ends = this.ends, a = ctx.pool.args, own = w.polygonTable, at = w.polygonTableAt;
    own[FLAGS] |= forces;
    ends[MERGED] = k0; ends[STOPPED] = -1;
    ctx.put(TABLES, this.tables as Int32Array); ctx.put(ENDS, ends);
    ctx.bind();
    a[A_PAIRS] = P; a[A_K0] = k0; a[A_TABLE] = at; a[A_FORCES] = forces !== 0 ? 1 : 0;
    ctx.pool.runOrdered(POLYGON_PAIRS, POLYGON_ROWS, chunks);
    w.polygonRuns++;
    this.runs++;
    // the chunks from one whose kernel left a pair on, here: that pair and the rest of its chunk by the kernel on a scratch
    // twice the size (collidePolygonRange), then the ordered stage's own turn at the chunk
    if (ends[STOPPED] >= 0) {
      this.stops++;
      for (let c = ends[STOPPED]; c < chunks; c++) {
        const p1 = Math.min(P, (c + 1) * POLYGON_CHUNK), left = ends[CHUNK_ENDS + 2 * c + 1];
        if (left < p1) {
          out.count = ends[CHUNK_ENDS + 2 * c];
          collidePolygonRange(np, pairs, left, p1);
          own[FLAGS] |= forces; // (the collider filled the table again)
          ends[CHUNK_ENDS + 2 * c] = out.count;
          ends[CHUNK_ENDS + 2 * c + 1] = p1;
        }
        ends[STOPPED] = -1;
        polygonRowsChunk(ctx.columns, a, c, w);
      }
    }
    out.count = ends[MERGED];
    return true;
  }

  /**
   * Each polygon's cos φ, sin φ and world outline (contacts/polygon-rotations.ts) on the pool, into np's columns (grown
   * already); `later`: with the pool's next command (KernelPool.defer: chunk c after the predictor's chunk c of the same
   * bodies, one handshake for both), else now; false (nothing done) with one thread or one chunk
   */
  rotations(np: ContactSearch, b: BodyState, later = false): boolean {
    const chunks = spans(b.n), ctx = this.ctx;
    if (ctx.pool.threads < 2 || chunks < 2) return false;
    bindBodies(ctx, b);
    ctx.put('shape', b.shape); ctx.put('vertexStart', b.vertexStart); ctx.put('vertexCount', b.vertexCount); ctx.put('vertices', b.vertices);
    ctx.put('cosPhi', np.cosPhi); ctx.put('sinPhi', np.sinPhi); ctx.put('worldVertices', np.worldVertices);
    ctx.bind();
    ctx.pool.args[0] = b.n;
    if (later) ctx.pool.defer(POLYGON_ROTATIONS, chunks);
    else ctx.pool.run(POLYGON_ROTATIONS, chunks);
    this.rotationRuns++;
    return true;
  }

  /** Each thread's copy of the calling thread's table for `pairs`, with the thread's scratch; false if it cannot be had */
  private threadTables(w: WasmKernels, np: ContactSearch, pairs: PairBuffer): boolean {
    const tables = this.tables, params = this.params, threads = this.ctx.pool.threads;
    if (!tables || !params || !polygonPairsTable(w, np, pairs)) return false;
    const own = w.polygonTable, room = own[ROOM];
    if (room > this.room) {
      const stride = SCRATCH_FIXED + SCRATCH_PER_ROOM * room + 2 * room * room;
      this.scratch = this.arena.f64(threads * stride);
      this.room = this.scratch ? room : 0;
      this.stride = stride;
      for (let t = 0; t < threads; t++) this.scratch?.set(UNIT_OUTLINE, t * stride);
    }
    if (!this.scratch) return false;
    for (let t = 0; t < threads; t++) {
      tables.set(own, t * TABLE_INTS);
      params.set(w.polygonParams, (t * TABLE_INTS * 4 + PARAMS_AT) / 8);
      tables[t * TABLE_INTS + SCRATCH] = this.scratch.byteOffset + 8 * t * this.stride;
    }
    return true;
  }
}
