/**
 * The fused disc pass (contacts/disc-force-pass.ts) on a worker pool (issue 9), giving the serial pass's
 * numbers bit for bit, for any number of threads:
 *   1–2. the candidate list is dealt out in blocks of chunks, large first and single chunks last (guidedBlocks;
 *      pairForcesBlock). A block counts the touching pairs of its chunks (countTouching), takes where
 *      its contacts start from the block before it once that one has counted (a look-back prefix sum: blocks
 *      are taken in order, so it is counting or done), publishes where the next starts, and runs the pair loop
 *      chunk by chunk from those offsets while the count has left its bodies in cache, each chunk with its
 *      own sums. A body whose candidate pairs all lie in one block is
 *      that block's alone: it gets its forces there and then, in list order, as in the serial scatter;
 *   3. the other bodies (those near a block's edge: 4–8 % on the bench piles) add the forces of their pairs, left in
 *      the record, in candidate-list order (gatherPairForces, over per-body lists of pairs rebuilt with
 *      the candidate list). For the collision monitor both note each body's partner. The gather's chunks follow
 *      the blocks in the same command (pairPass): a thread that finds no block left gathers, each chunk once the
 *      blocks holding its bodies' pairs are done, so the last blocks' threads do not wait for each other.
 * Then the walls: chunks of each wall's candidate bodies (contacts/wall-candidates.ts) find which touch it
 * (countWallTouches, writeWallTouches),
 * and their forces follow on the calling thread. Only the energy-account sums differ from the serial pass:
 * they are added chunk by chunk (fixed chunks, so still the same bits for 1 or more threads).
 * After a rebuild of the candidate list a worker sorts the new list by body and finds the gather's bodies
 * (pairAdjacencyChunk, KernelPool.start) while the calling thread indexes last step's contacts by body (for their
 * history) and lists the walls' candidates.
 * With the World's WebAssembly arena the pass's own columns live there too, and the count, the pair loop
 * and the gather run in WebAssembly on every thread (wasm/kernels.ts; the same bits). The threads' kernels are in
 * contacts/parallel-disc-kernels.ts, the layout both share in contacts/parallel-disc-layout.ts.
 */
import { PAIR_ADJACENCY, PAIR_FORCES, WALL_COUNT, WALL_WRITE } from '../columns/kernel-ids';
import { bindBodies, BODY_CHUNK } from '../columns/body-columns';
import { bindWalls } from '../columns/wall-columns';
import type { PoolContext } from '../columns/pool-context';
import { grownCapacity, growF64, growI32, growU8 } from '../math/grow';
import { sharedCopy } from '../columns/shared-memory';
import type { PairBuffer } from '../neighbors/pair-buffer';
import type { ContactList } from '../state/contact-list';
import { beginWalls, MAX_RATIO, PASS_SUMS, wallContacts, wallPass } from './disc-force-pass';
import type { MaterialCoefficients } from '../laws/material';
import type { NarrowPhase } from './narrow-phase';
import { MANY, PARTNER_COLUMN } from '../diagnostics/collision-monitor';
import type { WasmArena } from '../wasm/wasm-arena';
import {
  A_BLOCKS, A_BODIES, A_BY_SLOT, A_CHUNKS, A_CLAMP, A_COMMIT, A_DT, A_ELASTIC, A_FROM_RATIO, A_GATHERED, A_KN, A_KT, A_L, A_MU, A_OUT, A_PAIRS,
  A_PARTNER, A_PERIODIC, A_RATIO, A_WALLS, A_ZN, A_ZT, GATHER_CHUNK, LIST_FIELDS, LIST_KEYS, A_SHIFT, pairChunkShift, UNCOUNTED,
} from './parallel-disc-layout';

/**
 * A block takes 1/(GUIDED · threads) of the chunks not yet dealt (at least one; the first block half that): few
 * blocks, so that most bodies have all their pairs in one, and small ones last, so that the threads finish together.
 * The first is smaller than the second so that the second's thread, which needs the first's count, does not wait for
 * it (100k discs, 2 threads: the calling thread waited 0.11 ms a step there with the two the same size). The bits
 * do not depend on the blocks: a body adds its pairs' forces in list order, in its block or in the gather.
 */
const GUIDED = 2;

export class ParallelDiscPass {
  /** Touching pairs per chunk, then each chunk's first contact index */
  private offsets: Int32Array<ArrayBuffer>;
  /** Per block, where its contacts end (UNCOUNTED until it has counted) */
  private blockEnds: Int32Array<ArrayBuffer>;
  /** Per block, 1 once its pair loop is done */
  private blockDone: Int32Array<ArrayBuffer>;
  /** How many threads sleep waiting for a block (parallel-disc-kernels.ts: awaitBlock) */
  private readonly blockSleepers: Int32Array<ArrayBuffer>;
  /** Per chunk of the gather, the first and last block holding its bodies' pairs */
  private gatherBlocks: Int32Array<ArrayBuffer>;
  /** The touching pairs of each chunk c, from c · 2^shift on (written by the WebAssembly count) */
  private touching: Int32Array<ArrayBuffer>;
  private chunkSums: Float64Array<ArrayBuffer>;
  /** Per body, its candidate pairs in list order: pair index × 2 + (1 if the body is j) */
  private adjStart: Int32Array<ArrayBuffer>;
  private adj: Int32Array<ArrayBuffer>;
  /** Per body, 1 if its candidate pairs all lie in one block (it gets its forces in the pair loop) */
  private inner: Uint8Array<ArrayBuffer>;
  /** The other bodies, ascending: the gather's */
  private gathered: Int32Array<ArrayBuffer>;
  private gatheredCount = 0;
  /** Block b's chunks are blockFirst[b] … blockFirst[b + 1] − 1; chunk c is in block blockOf[c] */
  private blockFirst: Int32Array<ArrayBuffer>;
  private blockOf: Int32Array<ArrayBuffer>;
  private blocks = 0;
  /** The chunks hold 2^shift candidate pairs (pairChunkShift, at the list's rebuild) */
  private shift = 12;
  /** Per wall and chunk of bodies: the chunk's touches of the wall, then where they go in the record */
  private wallOffsets: Int32Array<ArrayBuffer>;
  /** Where each wall's contacts end in the record */
  private wallEnds = new Int32Array(0);
  private adjGeneration = -1;
  private adjPairs: PairBuffer | null = null;
  private lists: [ContactList | null, ContactList | null] = [null, null];
  /**
   * Wall candidates from which the walls' geometry goes to the pool (two commands, over every chunk of bodies): below,
   * the calling thread does it in one loop per wall, as the serial pass, in less time than the commands' chunks take
   * (the bench piles have ≈ 300 at 10k discs, 3,000 at 1M). A field: a test shares a small pile's walls.
   */
  wallShareFrom = 8192;
  /**
   * Chunks of 4,096 candidate pairs from this many pairs on (16 chunks), of 2,048 below (pairChunkShift). 10k discs
   * (29k pairs), 2 threads: the step ≈ 5 % faster with 15 chunks than with 8; 100k discs ≈ 5 % slower with 2,048. A field:
   * a test runs a small pile in large chunks.
   */
  largeChunksFrom = 16 << 12;

  /** `arena`: the World's WebAssembly arena, where the pass's columns go (they grow there), or null: shared memory */
  constructor(private readonly ctx: PoolContext, arena: WasmArena | null) {
    const i32 = (): Int32Array<ArrayBuffer> => arena?.i32(16) ?? sharedCopy(new Int32Array(16));
    this.offsets = i32(); this.blockEnds = i32(); this.blockDone = i32(); this.gatherBlocks = i32(); this.touching = i32(); this.adjStart = i32(); this.adj = i32(); this.gathered = i32(); this.wallOffsets = i32();
    this.blockFirst = i32(); this.blockOf = i32(); this.blockSleepers = i32();
    this.chunkSums = arena?.f64(16) ?? sharedCopy(new Float64Array(16));
    this.inner = arena?.u8(16) ?? sharedCopy(new Uint8Array(16));
  }

  /**
   * discForcePass's work, same arguments, on the pool; with `partner` (the collision monitor's column,
   * diagnostics/collision-monitor.ts: NONE for every body on entry) it also writes each body's partner: the one
   * body it touches, none, or MANY (several, or a wall).
   */
  run(
    np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array,
    partner: Int32Array | null = null, commit = false,
  ): void {
    const P = pairs.count, n = np.bodies.n;
    out.count = 0;
    out.reserve(P + 16);
    out.reservePairSlots(P);
    out.pairStamp = pairs.generation;
    const bySlot = prev.pairStamp === pairs.generation;
    np.index.build(prev, prev.pairContacts);
    // after a rebuild of the pair list: the new list sorted by body on a worker (pairAdjacencyChunk) while this thread
    // indexes last step's contacts by body, for their history, and finds the walls' candidates
    const rebuilt = this.adjGeneration !== pairs.generation || this.adjPairs !== pairs;
    if (rebuilt) this.startAdjacency(np, pairs, prev, out);
    try {
      if (!bySlot) np.pairHistory.build(prev, n, np.kernels);
      np.wallCandidates.update(np.bodies, np.walls, pairs.generation);
    } finally {
      this.ctx.pool.finish();
    }
    if (rebuilt) this.gatherRanges(pairs);
    sums.fill(0);
    const shift = this.shift, chunks = Math.ceil(P / (1 << shift));
    if (this.touching.length < P) this.touching = growI32(this.touching, grownCapacity(P, this.touching.length));
    if (this.offsets.length < chunks) this.offsets = growI32(this.offsets, grownCapacity(chunks, this.offsets.length));
    if (this.chunkSums.length < chunks * PASS_SUMS) this.chunkSums = growF64(this.chunkSums, grownCapacity(chunks * PASS_SUMS, this.chunkSums.length));
    const blocks = this.blocks;
    if (this.blockEnds.length < blocks) this.blockEnds = growI32(this.blockEnds, grownCapacity(blocks, this.blockEnds.length));
    if (this.blockDone.length < blocks) this.blockDone = growI32(this.blockDone, grownCapacity(blocks, this.blockDone.length));
    this.blockEnds.fill(UNCOUNTED, 0, blocks);
    this.blockDone.fill(0, 0, blocks);
    if (partner) this.ctx.put(PARTNER_COLUMN, partner);
    this.bindColumns(np, pairs, prev, out);
    const a = this.ctx.pool.args;
    a[A_PARTNER] = partner ? 1 : 0;
    a[A_COMMIT] = commit ? 1 : 0;
    a[A_CHUNKS] = chunks; a[A_SHIFT] = shift; a[A_GATHERED] = this.gatheredCount; a[A_BLOCKS] = blocks;
    a[A_PAIRS] = P; a[A_BODIES] = n; a[A_OUT] = this.lists[0] === out ? 0 : 1;
    a[A_PERIODIC] = np.periodic.enabled ? 1 : 0; a[A_L] = np.periodic.length; a[A_BY_SLOT] = bySlot ? 1 : 0; a[A_DT] = dt;
    a[A_KN] = m.kn; a[A_KT] = m.kt; a[A_MU] = m.mu; a[A_ZN] = m.zetaN; a[A_ZT] = m.zetaT;
    a[A_FROM_RATIO] = m.gtFromRatio ? 1 : 0; a[A_RATIO] = m.gtRatio; a[A_ELASTIC] = m.capElastic ? 1 : 0; a[A_CLAMP] = m.clampNormal ? 1 : 0;
    this.ctx.pool.run(PAIR_FORCES, blocks + Math.ceil(this.gatheredCount / GATHER_CHUNK));
    out.count = blocks > 0 ? this.blockEnds[blocks - 1] : 0;
    const cs = this.chunkSums;
    for (let c = 0; c < chunks; c++) {
      for (let s = 0; s < PASS_SUMS; s++) if (s !== MAX_RATIO) sums[s] += cs[c * PASS_SUMS + s];
      if (cs[c * PASS_SUMS + MAX_RATIO] > sums[MAX_RATIO]) sums[MAX_RATIO] = cs[c * PASS_SUMS + MAX_RATIO];
    }
    this.walls(np, pairs, prev, out, m, dt, sums, commit, partner);
  }

  /**
   * The walls: each chunk of bodies counts its touches of every wall, a prefix sum in wall-then-body order
   * (the serial pass's) places them, each chunk writes their geometry; the forces follow here, wall by wall.
   * With fewer than wallShareFrom candidates the calling thread does them alone, as the serial pass (the same bits).
   */
  private walls(
    np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array, commit: boolean,
    partner: Int32Array | null,
  ): void {
    const W = np.walls.count, n = np.bodies.n, chunks = Math.ceil(n / BODY_CHUNK);
    // the walls' candidates were updated in run()
    if (W === 0 || np.wallCandidates.end(W - 1) - np.wallCandidates.first(0) < this.wallShareFrom) {
      wallPass(np, pairs.generation, prev, out, m, dt, sums, commit);
      if (partner) for (let k = out.pairContacts, oj = out.j; k < out.count; k++) partner[oj[k]] = MANY; // a wall: not a binary collision
      return;
    }
    beginWalls(np, out);
    if (this.wallOffsets.length < W * chunks) this.wallOffsets = growI32(this.wallOffsets, grownCapacity(W * chunks, this.wallOffsets.length));
    if (this.wallEnds.length < W) this.wallEnds = new Int32Array(grownCapacity(W, this.wallEnds.length));
    this.bindColumns(np, pairs, prev, out);
    this.ctx.pool.args[A_WALLS] = W;
    this.ctx.pool.run(WALL_COUNT, chunks);
    const off = this.wallOffsets, ends = this.wallEnds;
    let k = out.count;
    for (let w = 0; w < W; w++) {
      for (let c = 0; c < chunks; c++) {
        const count = off[w * chunks + c];
        off[w * chunks + c] = k;
        k += count;
      }
      ends[w] = k;
    }
    out.reserve(k);
    this.bindColumns(np, pairs, prev, out);
    this.ctx.pool.run(WALL_WRITE, chunks);
    for (let w = 0, start = out.count; w < W; start = ends[w], w++) wallContacts(np, w, prev, out, m, dt, sums, start, ends[w], commit);
    np.planeChanged = false;
  }

  /**
   * Starts the per-body pair lists (a counting sort over the candidate list, pairs in list order) and which bodies
   * have pairs in more than one block (the gather's) on the pool (pairAdjacencyChunk); the blocks are dealt here.
   */
  private startAdjacency(np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList): void {
    const P = pairs.count, n = np.bodies.n, shift = pairChunkShift(P, this.largeChunksFrom), chunks = Math.ceil(P / (1 << shift));
    this.shift = shift;
    if (this.adjStart.length < n + 1) this.adjStart = growI32(this.adjStart, grownCapacity(n + 1, this.adjStart.length));
    if (this.adj.length < 2 * P) this.adj = growI32(this.adj, grownCapacity(2 * P, this.adj.length));
    if (this.blockFirst.length < chunks + 1) this.blockFirst = growI32(this.blockFirst, grownCapacity(chunks + 1, this.blockFirst.length));
    if (this.blockOf.length < chunks) this.blockOf = growI32(this.blockOf, grownCapacity(chunks, this.blockOf.length));
    if (this.inner.length < n) this.inner = growU8(this.inner, grownCapacity(n, this.inner.length));
    if (this.gathered.length < n) this.gathered = growI32(this.gathered, grownCapacity(n, this.gathered.length));
    this.blocks = guidedBlocks(chunks, this.ctx.pool.threads, this.blockFirst, this.blockOf);
    this.bindColumns(np, pairs, prev, out);
    const a = this.ctx.pool.args;
    a[A_PAIRS] = P; a[A_BODIES] = n; a[A_SHIFT] = shift;
    this.ctx.pool.start(PAIR_ADJACENCY, 1);
  }

  /** Once the pool's pairAdjacencyChunk is done: per chunk of the gather, the first and last block holding its bodies' pairs */
  private gatherRanges(pairs: PairBuffer): void {
    this.gatheredCount = this.ctx.pool.args[A_GATHERED];
    const gatherChunks = Math.ceil(this.gatheredCount / GATHER_CHUNK);
    if (this.gatherBlocks.length < 2 * gatherChunks) this.gatherBlocks = growI32(this.gatherBlocks, grownCapacity(2 * gatherChunks, this.gatherBlocks.length));
    const ranges = this.gatherBlocks, gathered = this.gathered, start = this.adjStart, adj = this.adj, blockOf = this.blockOf;
    const pairShift = 1 + this.shift; // adj holds 2p + (1 if the body is j)
    for (let g = 0; g < gatherChunks; g++) {
      let first = Infinity, last = 0;
      for (let e = g * GATHER_CHUNK, end = Math.min(this.gatheredCount, e + GATHER_CHUNK); e < end; e++) {
        const b = gathered[e];
        first = Math.min(first, blockOf[adj[start[b]] >> pairShift]);
        last = Math.max(last, blockOf[adj[start[b + 1] - 1] >> pairShift]);
      }
      ranges[2 * g] = first;
      ranges[2 * g + 1] = last;
    }
    this.adjGeneration = pairs.generation;
    this.adjPairs = pairs;
  }

  private bindColumns(np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList): void {
    const c = this.ctx, x = np.pairHistory;
    bindBodies(c, np.bodies);
    c.put('pi', pairs.i); c.put('pj', pairs.j);
    // both lists by a fixed name, A and B, so their swapping each step does not rebind the workers
    if (this.lists[0] !== out && this.lists[0] !== prev) this.lists = [out, prev];
    for (let l = 0; l < 2; l++) {
      const list = this.lists[l] as ContactList, keys = LIST_KEYS[l];
      for (let f = 0; f < LIST_FIELDS.length; f++) c.put(keys[f], list[LIST_FIELDS[f]]);
    }
    c.put('hStart', x.start); c.put('hPartner', x.partner); c.put('hContact', x.contact);
    c.put('offsets', this.offsets); c.put('blockEnds', this.blockEnds); c.put('blockDone', this.blockDone); c.put('blockSleepers', this.blockSleepers); c.put('blockFirst', this.blockFirst); c.put('blockOf', this.blockOf); c.put('gatherBlocks', this.gatherBlocks); c.put('touching', this.touching); c.put('sums', this.chunkSums);
    c.put('adjStart', this.adjStart); c.put('adj', this.adj); c.put('wallOffsets', this.wallOffsets);
    c.put('inner', this.inner); c.put('gathered', this.gathered);
    c.put('nearWalls', np.wallCandidates.bodies); c.put('nearWallStarts', np.wallCandidates.chunkStart);
    bindWalls(c, np.walls);
    c.bind();
  }
}

/**
 * The chunks' blocks, guided (GUIDED): block b is chunks first[b] … first[b + 1] − 1, and chunk c is in block
 * blockOf[c]; returns how many blocks. 74 chunks (100k discs) on 2 threads: 10, 16, 12, 9, 7, 5, 4, 3, 2, 2, 1, 1, 1, 1.
 */
export function guidedBlocks(chunks: number, threads: number, first: Int32Array, blockOf: Int32Array): number {
  let blocks = 0;
  for (let c = 0; c < chunks; blocks++) {
    const size = Math.max(1, Math.ceil((chunks - c) / (GUIDED * threads) / (blocks === 0 ? 2 : 1)));
    first[blocks] = c;
    for (const end = c + size; c < end; c++) blockOf[c] = blocks;
  }
  first[blocks] = chunks;
  return blocks;
}
