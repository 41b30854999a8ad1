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
 * and the gather run in WebAssembly on every thread (wasm/kernels.ts; the same bits).
 */
import { PAIR_ADJACENCY, PAIR_FORCES, WALL_COUNT, WALL_WRITE } from '../columns/kernel-ids';
import { bindBodies, bodiesOf, BODY_CHUNK } from '../columns/body-columns';
import { bindWalls, wallsOf } from '../columns/wall-columns';
import type { PoolContext } from '../columns/pool-context';
import type { Column, Columns } from '../columns/kernel-pool';
import { grownCapacity, growF64, growI32, growU8 } from '../math/grow';
import { sharedCopy } from '../columns/shared-memory';
import type { PairBuffer } from '../neighbors/pair-buffer';
import { ContactList } from '../state/contact-list';
import { beginWalls, MAX_RATIO, PASS_SUMS, pairContactsRange, touchWall, wallContacts } from './disc-force-pass';
import { DiscPassView, type PairMaterial } from './disc-pass-view';
import type { MaterialCoefficients } from '../laws/material';
import type { NarrowPhase } from './narrow-phase';
import { MANY, NONE, PARTNER_COLUMN } from '../diagnostics/collision-monitor';
import { discPairsWasm } from './disc-pair-wasm';
import type { WasmKernels } from '../wasm/kernels';
import type { WasmArena } from '../wasm/wasm-arena';
import { ArenaOffsets } from '../wasm/arena-offsets';

/** Candidate pairs per chunk: fixed, so the sums do not depend on the threads */
const PAIR_CHUNK_SHIFT = 12, PAIR_CHUNK = 1 << PAIR_CHUNK_SHIFT;
/**
 * A block takes 1/(GUIDED · threads) of the chunks not yet dealt (at least one; the first block half that): few
 * blocks, so that most bodies have all their pairs in one, and small ones last, so that the threads finish together.
 * The first is smaller than the second so that the second's thread, which needs the first's count, does not wait for
 * it (100k discs, 2 threads: the calling thread waited 0.11 ms a step there with the two the same size). The bits
 * do not depend on the blocks: a body adds its pairs' forces in list order, in its block or in the gather.
 */
const GUIDED = 2;
/** A block waits this long at most for the block before it to count (it is running on another thread) [ms] */
const COUNT_WAIT_MS = 30_000;
/** blockEnds' mark for a block not counted yet */
const UNCOUNTED = -1;
/** Gathered bodies per chunk of the gather: small, so the chunks fill the time the last blocks leave idle */
const GATHER_CHUNK = 512;
/**
 * Scalar arguments (KernelPool.args). A_OUT: which of the two lists (A, B: the World's contacts and
 * previous, which swap each step) is this step's record.
 */
const A_PAIRS = 0, A_BODIES = 1, A_OUT = 2, A_PERIODIC = 3, A_L = 4, A_BY_SLOT = 5, A_DT = 6, A_WALLS = 17;
/** 1: write each body's collision partner (diagnostics/collision-monitor.ts) as the forces are gathered */
const A_PARTNER = 18;
/** 1: commit the spring as it is found (discForcePass's `commit`) */
const A_COMMIT = 19;
/** chunks of the candidate list, chunks per block, how many bodies the gather does, and how many blocks there are */
const A_CHUNKS = 20, A_GATHERED = 22, A_BLOCKS = 23;
const A_KN = 8, A_KT = 9, A_MU = 10, A_ZN = 11, A_ZT = 12, A_FROM_RATIO = 13, A_RATIO = 14, A_ELASTIC = 15, A_CLAMP = 16;

export class ParallelDiscPass {
  /** Touching pairs per chunk, then each chunk's first contact index */
  private offsets: Int32Array<ArrayBuffer>;
  /** Per block, where its contacts end (UNCOUNTED until it has counted) */
  private blockEnds: Int32Array<ArrayBuffer>;
  /** Per block, 1 once its pair loop is done */
  private blockDone: Int32Array<ArrayBuffer>;
  /** Per chunk of the gather, the first and last block holding its bodies' pairs */
  private gatherBlocks: Int32Array<ArrayBuffer>;
  /** The touching pairs of each chunk c, from c · PAIR_CHUNK on (written by the WebAssembly count) */
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
  /** Per wall and chunk of bodies: the chunk's touches of the wall, then where they go in the record */
  private wallOffsets: Int32Array<ArrayBuffer>;
  /** Where each wall's contacts end in the record */
  private wallEnds = new Int32Array(0);
  private adjGeneration = -1;
  private adjPairs: PairBuffer | null = null;
  private lists: [ContactList | null, ContactList | null] = [null, null];

  /** `arena`: the World's WebAssembly arena, where the pass's columns go (they grow there), or null: shared memory */
  constructor(private readonly ctx: PoolContext, arena: WasmArena | null) {
    const i32 = (): Int32Array<ArrayBuffer> => arena?.i32(16) ?? sharedCopy(new Int32Array(16));
    this.offsets = i32(); this.blockEnds = i32(); this.blockDone = i32(); this.gatherBlocks = i32(); this.touching = i32(); this.adjStart = i32(); this.adj = i32(); this.gathered = i32(); this.wallOffsets = i32();
    this.blockFirst = i32(); this.blockOf = i32();
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
    const chunks = Math.ceil(P / PAIR_CHUNK);
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
    a[A_CHUNKS] = chunks; a[A_GATHERED] = this.gatheredCount; a[A_BLOCKS] = blocks;
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
    this.walls(np, pairs, prev, out, m, dt, sums, commit);
  }

  /**
   * The walls: each chunk of bodies counts its touches of every wall, a prefix sum in wall-then-body order
   * (the serial pass's) places them, each chunk writes their geometry; the forces follow here, wall by wall.
   */
  private walls(np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array, commit: boolean): void {
    const W = np.walls.count, n = np.bodies.n, chunks = Math.ceil(n / BODY_CHUNK);
    beginWalls(np, out); // the walls' candidates were updated in run()
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
    const P = pairs.count, n = np.bodies.n, chunks = Math.ceil(P / PAIR_CHUNK);
    if (this.adjStart.length < n + 1) this.adjStart = growI32(this.adjStart, grownCapacity(n + 1, this.adjStart.length));
    if (this.adj.length < 2 * P) this.adj = growI32(this.adj, grownCapacity(2 * P, this.adj.length));
    if (this.blockFirst.length < chunks + 1) this.blockFirst = growI32(this.blockFirst, grownCapacity(chunks + 1, this.blockFirst.length));
    if (this.blockOf.length < chunks) this.blockOf = growI32(this.blockOf, grownCapacity(chunks, this.blockOf.length));
    if (this.inner.length < n) this.inner = growU8(this.inner, grownCapacity(n, this.inner.length));
    if (this.gathered.length < n) this.gathered = growI32(this.gathered, grownCapacity(n, this.gathered.length));
    this.blocks = guidedBlocks(chunks, this.ctx.pool.threads, this.blockFirst, this.blockOf);
    this.bindColumns(np, pairs, prev, out);
    const a = this.ctx.pool.args;
    a[A_PAIRS] = P; a[A_BODIES] = n;
    this.ctx.pool.start(PAIR_ADJACENCY, 1);
  }

  /** Once the pool's pairAdjacencyChunk is done: per chunk of the gather, the first and last block holding its bodies' pairs */
  private gatherRanges(pairs: PairBuffer): void {
    this.gatheredCount = this.ctx.pool.args[A_GATHERED];
    const gatherChunks = Math.ceil(this.gatheredCount / GATHER_CHUNK);
    if (this.gatherBlocks.length < 2 * gatherChunks) this.gatherBlocks = growI32(this.gatherBlocks, grownCapacity(2 * gatherChunks, this.gatherBlocks.length));
    const ranges = this.gatherBlocks, gathered = this.gathered, start = this.adjStart, adj = this.adj, blockOf = this.blockOf;
    for (let g = 0; g < gatherChunks; g++) {
      let first = Infinity, last = 0;
      for (let e = g * GATHER_CHUNK, end = Math.min(this.gatheredCount, e + GATHER_CHUNK); e < end; e++) {
        const b = gathered[e];
        first = Math.min(first, blockOf[adj[start[b]] >> (1 + PAIR_CHUNK_SHIFT)]);
        last = Math.max(last, blockOf[adj[start[b + 1] - 1] >> (1 + PAIR_CHUNK_SHIFT)]);
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
    c.put('offsets', this.offsets); c.put('blockEnds', this.blockEnds); c.put('blockDone', this.blockDone); c.put('blockFirst', this.blockFirst); c.put('blockOf', this.blockOf); c.put('gatherBlocks', this.gatherBlocks); c.put('touching', this.touching); c.put('sums', this.chunkSums);
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

/**
 * Per body, 1 in inner[b] if its candidate pairs (adj[start[b] … start[b + 1])) all lie in one block (pair p is
 * in block blockOf[p >> chunkShift]), else 0 and b appended to `gathered`; returns how many were (WebAssembly twin:
 * wasm/assembly/block-bodies.ts).
 */
function blockBodies(start: Int32Array, adj: Int32Array, n: number, chunkShift: number, blockOf: Int32Array, inner: Uint8Array, gathered: Int32Array): number {
  let count = 0;
  for (let b = 0; b < n; b++) {
    // a body's pairs are listed in ascending order: they lie in one block if its first and last do
    const e0 = start[b], e1 = start[b + 1];
    const one = e1 <= e0 || blockOf[adj[e0] >> (1 + chunkShift)] === blockOf[adj[e1 - 1] >> (1 + chunkShift)] ? 1 : 0;
    inner[b] = one;
    if (one === 0) gathered[count++] = b;
  }
  return count;
}

/** The record's columns the kernels use, and their names for list A and list B */
const LIST_FIELDS = [
  'i', 'j', 'feature', 'law', 'fn', 'ft', 'xiEval', 'xi', 'nx', 'ny', 'prevIndex', 'contactOfPair',
  'delta', 'depth', 'lc', 'ratio', 'rin', 'rit', 'rjn', 'rjt', 'cx', 'cy',
] as const;
const [I, J, FEATURE, LAW, FN, FT, XI_EVAL, XI, NX, NY, PREV_INDEX, SLOT] = LIST_FIELDS.map((_, f) => f);
const LIST_KEYS = ['A', 'B'].map((l) => LIST_FIELDS.map((f) => l + f));

const view = new DiscPassView();
const outView = new ContactList(0);
/**
 * The bound columns and record (A_OUT) the views point at (one per thread): a pool's bound columns are never changed
 * (a rebind makes new ones), so the views are re-pointed only when these are new (≈ 40 lookups of the columns each).
 */
let viewed: Columns | null = null, viewedOut = -1, recorded: Columns | null = null, recordedOut = -1;

/** A ContactList over the bound columns of this step's record (list A or B) */
function recordOf(c: Columns, a: Float64Array): ContactList {
  if (recorded === c && recordedOut === a[A_OUT]) return outView;
  const keys = LIST_KEYS[a[A_OUT]], o = outView as unknown as Record<string, Column>;
  for (let f = 0; f < LIST_FIELDS.length; f++) o[LIST_FIELDS[f]] = c[keys[f]];
  recorded = c; recordedOut = a[A_OUT];
  return outView;
}

/** The pair loop's view over the bound columns (list A_OUT written, the other one read) */
function blockView(c: Columns, a: Float64Array): DiscPassView {
  const v = view;
  if (viewed !== c || viewedOut !== a[A_OUT]) {
    v.ex = c.ex as Float64Array<ArrayBuffer>; v.ey = c.ey as Float64Array<ArrayBuffer>;
    v.evx = c.evx as Float64Array<ArrayBuffer>; v.evy = c.evy as Float64Array<ArrayBuffer>; v.ew = c.eomega as Float64Array<ArrayBuffer>;
    v.rad = c.radius as Float64Array<ArrayBuffer>; v.im = c.invMass as Float64Array<ArrayBuffer>; v.ii = c.invInertia as Float64Array<ArrayBuffer>;
    v.pi = c.pi as Int32Array<ArrayBuffer>; v.pj = c.pj as Int32Array<ArrayBuffer>;
    const o = LIST_KEYS[a[A_OUT]], q = LIST_KEYS[1 - a[A_OUT]];
    v.oi = c[o[I]] as Int32Array<ArrayBuffer>; v.oj = c[o[J]] as Int32Array<ArrayBuffer>; v.of = c[o[FEATURE]] as Int32Array<ArrayBuffer>;
    v.olaw = c[o[LAW]] as Uint8Array<ArrayBuffer>;
    v.ofn = c[o[FN]] as Float64Array<ArrayBuffer>; v.oft = c[o[FT]] as Float64Array<ArrayBuffer>; v.oxiE = c[o[XI_EVAL]] as Float64Array<ArrayBuffer>;
    v.oxi = c[o[XI]] as Float64Array<ArrayBuffer>; v.onx = c[o[NX]] as Float64Array<ArrayBuffer>; v.ony = c[o[NY]] as Float64Array<ArrayBuffer>;
    v.oprev = c[o[PREV_INDEX]] as Int32Array<ArrayBuffer>; v.slot = c[o[SLOT]] as Int32Array<ArrayBuffer>;
    v.pxi = c[q[XI]] as Float64Array<ArrayBuffer>; v.pslot = c[q[SLOT]] as Int32Array<ArrayBuffer>;
    const x = v.history;
    x.start = c.hStart as Int32Array<ArrayBuffer>; x.partner = c.hPartner as Int32Array<ArrayBuffer>; x.contact = c.hContact as Int32Array<ArrayBuffer>;
    v.fx = c.fx as Float64Array<ArrayBuffer>; v.fy = c.fy as Float64Array<ArrayBuffer>; v.tau = c.tau as Float64Array<ArrayBuffer>;
    v.inner = c.inner as Uint8Array<ArrayBuffer>;
    if (c[PARTNER_COLUMN]) v.partner = c[PARTNER_COLUMN] as Int32Array<ArrayBuffer>;
    viewed = c; viewedOut = a[A_OUT];
  }
  v.periodic = a[A_PERIODIC] === 1; v.L = a[A_L]; v.bySlot = a[A_BY_SLOT] === 1; v.scatter = false; v.commit = a[A_COMMIT] === 1;
  v.findPartners = a[A_PARTNER] === 1;
  return v;
}
/** countTouchingPairs' columns' offsets (this thread's) */
const COUNT_OFFSETS = new ArenaOffsets(9);
const material: PairMaterial = { kn: 0, kt: 0, mu: 0, zetaN: 0, zetaT: 0, gtFromRatio: false, gtRatio: 0, capElastic: false, clampNormal: false };

/**
 * How many pairs of chunk c touch (the pair loop's own test), into offsets[c]. In WebAssembly it also lists
 * them (touching[c · PAIR_CHUNK …]) and sets every pair's slot to −1, and says so (true): the pair loop then
 * visits only those.
 */
function countTouchingPairs(v: DiscPassView, c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): boolean {
  const ex = v.ex, ey = v.ey, rad = v.rad, im = v.im, ii = v.ii, pi = v.pi, pj = v.pj;
  const periodic = v.periodic, L = v.L;
  const p0 = chunk * PAIR_CHUNK, p1 = Math.min(a[A_PAIRS], p0 + PAIR_CHUNK);
  if (wasm) {
    const w = wasm.arena, o = COUNT_OFFSETS, oex = o.of(w, 0, ex), oey = o.of(w, 1, ey), orad = o.of(w, 2, rad), oim = o.of(w, 3, im), oii = o.of(w, 4, ii);
    const opi = o.of(w, 5, pi), opj = o.of(w, 6, pj), olist = o.of(w, 7, c.touching), oslot = o.of(w, 8, v.slot);
    if ((oex | oey | orad | oim | oii | opi | opj | olist | oslot) >= 0) {
      c.offsets[chunk] = wasm.countTouching(oex, oey, orad, oim, oii, opi, opj, p0, p1, periodic ? 1 : 0, L, olist + 4 * p0, oslot);
      return true;
    }
  }
  let count = 0;
  for (let p = p0; p < p1; p++) {
    const i = pi[p], j = pj[p];
    let dx = ex[j] - ex[i];
    if (periodic) dx -= L * Math.round(dx / L);
    const dy = ey[j] - ey[i];
    const s = rad[i] + rad[j];
    if (dx * dx + dy * dy < s * s && (im[i] + im[j] !== 0 || ii[i] + ii[j] !== 0)) count++;
  }
  c.offsets[chunk] = count;
  return false;
}

/**
 * flags[block] once it is no longer `value` (blocks are taken in order, so a block one waits for is being run by
 * another thread, or is done); `what` names the wait in the error if it does not end
 */
function awaitBlock(flags: Int32Array, block: number, value: number, what: string): number {
  const deadline = Date.now() + COUNT_WAIT_MS;
  for (let v = Atomics.load(flags, block); ; v = Atomics.load(flags, block)) {
    if (v !== value) return v;
    if (Date.now() > deadline) throw new Error(`parallel disc pass: block ${block} did not ${what} in ${COUNT_WAIT_MS / 1000} s`);
    Atomics.wait(flags, block, value, 1);
  }
}

/**
 * Kernel: chunk `chunk` of the pair pass's command — the blocks first (pairForcesBlock), then the gather's chunks
 * (gatherPairForces), each once the blocks holding its bodies' pairs are done.
 */
export function pairPass(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const blocks = a[A_BLOCKS];
  if (chunk < blocks) { pairForcesBlock(c, a, chunk, wasm); return; }
  const g = chunk - blocks, ranges = c.gatherBlocks as Int32Array, done = c.blockDone as Int32Array;
  for (let b = ranges[2 * g], last = ranges[2 * g + 1]; b <= last; b++) awaitBlock(done, b, 0, 'finish');
  gatherPairForces(c, a, g, wasm);
}

/**
 * Kernel: block `block`'s chunks counted, their first contacts (offsets[chunk]) from where the block before
 * ends, this block's end published (blockEnds), then the pair loop over its chunks, each chunk's sums into
 * sums[chunk · PASS_SUMS …]; the block's own bodies (inner) get their forces as it goes; then marked done (blockDone).
 */
function pairForcesBlock(c: Columns, a: Float64Array, block: number, wasm: WasmKernels | null): void {
  const first = c.blockFirst[block], last = c.blockFirst[block + 1];
  const offsets = c.offsets as Int32Array, ends = c.blockEnds as Int32Array;
  const v = blockView(c, a);
  let listed = true;
  for (let chunk = first; chunk < last; chunk++) listed = countTouchingPairs(v, c, a, chunk, wasm) && listed;
  let k = block === 0 ? 0 : awaitBlock(ends, block - 1, UNCOUNTED, 'count');
  for (let chunk = first; chunk < last; chunk++) {
    const count = offsets[chunk];
    offsets[chunk] = k;
    k += count;
  }
  Atomics.store(ends, block, k);
  Atomics.notify(ends, block);
  const m = material;
  m.kn = a[A_KN]; m.kt = a[A_KT]; m.mu = a[A_MU]; m.zetaN = a[A_ZN]; m.zetaT = a[A_ZT];
  m.gtFromRatio = a[A_FROM_RATIO] === 1; m.gtRatio = a[A_RATIO]; m.capElastic = a[A_ELASTIC] === 1; m.clampNormal = a[A_CLAMP] === 1;
  const sums = c.sums as Float64Array, dt = a[A_DT], P = a[A_PAIRS];
  for (let chunk = first; chunk < last; chunk++) {
    const s0 = chunk * PASS_SUMS;
    sums.fill(0, s0, s0 + PASS_SUMS);
    const p0 = chunk * PAIR_CHUNK, p1 = Math.min(P, p0 + PAIR_CHUNK), k0 = offsets[chunk];
    // listed: the chunk's touching pairs, as counted (touching[p0 …], as many as its contacts); the JavaScript
    // loop over the whole chunk where a column the WebAssembly loop needs is not in its arena
    const count = (chunk + 1 < last ? offsets[chunk + 1] : k) - k0;
    const end = !wasm ? -1 : listed ? discPairsWasm(wasm, v, m, dt, p0, p0 + count, k0, sums, s0, c.touching as Int32Array) : discPairsWasm(wasm, v, m, dt, p0, p1, k0, sums, s0);
    if (end < 0) pairContactsRange(v, m, dt, p0, p1, k0, sums, s0);
  }
  const done = c.blockDone as Int32Array;
  Atomics.store(done, block, 1);
  Atomics.notify(done, block);
}

/**
 * The bodies of chunk c of the gathered list (pairs in more than one block) add their pairs' forces
 * in list order: F on j, −F on i (contacts/scatter-forces.ts).
 */
function gatherPairForces(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const o = LIST_KEYS[a[A_OUT]];
  const fx = c.fx, fy = c.fy, tau = c.tau, rad = c.radius, slot = c[o[SLOT]], start = c.adjStart, adj = c.adj;
  const fn = c[o[FN]], ft = c[o[FT]], nx = c[o[NX]], ny = c[o[NY]], gathered = c.gathered;
  const e0 = chunk * GATHER_CHUNK, e1 = Math.min(a[A_GATHERED], e0 + GATHER_CHUNK);
  const writePartner = a[A_PARTNER] === 1, partner = c[PARTNER_COLUMN], pi = c.pi, pj = c.pj;
  if (wasm) {
    const w = wasm.arena, ofx = w.offsetOf(fx), ofy = w.offsetOf(fy), otau = w.offsetOf(tau), orad = w.offsetOf(rad), oslot = w.offsetOf(slot);
    const ostart = w.offsetOf(start), oadj = w.offsetOf(adj), ofn = w.offsetOf(fn), oft = w.offsetOf(ft), onx = w.offsetOf(nx), ony = w.offsetOf(ny);
    const og = w.offsetOf(gathered), opi = w.offsetOf(pi), opj = w.offsetOf(pj), opartner = writePartner ? w.offsetOf(partner) : 0;
    if ((ofx | ofy | otau | orad | oslot | ostart | oadj | ofn | oft | onx | ony | og | opi | opj | opartner) >= 0) {
      wasm.gatherForces(ofx, ofy, otau, orad, oslot, ostart, oadj, ofn, oft, onx, ony, og, opi, opj, opartner, e0, e1, writePartner ? 1 : 0);
      return;
    }
  }
  for (let g = e0; g < e1; g++) {
    const b = gathered[g];
    const ab = rad[b];
    let sx = fx[b], sy = fy[b], st = tau[b], touching = 0, other = NONE;
    for (let e = start[b], end = start[b + 1]; e < end; e++) {
      const code = adj[e], k = slot[code >> 1];
      if (k < 0) continue;
      const f = fn[k], t = ft[k], ux = nx[k], uy = ny[k];
      const Fx = f * ux - t * uy, Fy = f * uy + t * ux;
      if ((code & 1) === 1) { sx += Fx; sy += Fy; st += -ab * t; other = pi[code >> 1]; } else { sx -= Fx; sy -= Fy; st -= ab * t; other = pj[code >> 1]; }
      touching++;
    }
    fx[b] = sx; fy[b] = sy; tau[b] = st;
    if (writePartner) partner[b] = touching === 0 ? NONE : touching === 1 ? other : MANY;
  }
}

/**
 * Kernel (one chunk): the per-body lists of candidate pairs, adj[adjStart[b] … adjStart[b + 1]) as 2p + (1 if b is j)
 * in list order, then which bodies have pairs in more than one block (blockBodies); how many into args[A_GATHERED]
 */
export function pairAdjacencyChunk(c: Columns, a: Float64Array, _chunk: number, wasm: WasmKernels | null): void {
  const P = a[A_PAIRS], n = a[A_BODIES], pi = c.pi as Int32Array, pj = c.pj as Int32Array, start = c.adjStart as Int32Array, adj = c.adj as Int32Array;
  const blockOf = c.blockOf as Int32Array, inner = c.inner as Uint8Array, gathered = c.gathered as Int32Array, w = wasm?.arena ?? null;
  const opi = w ? w.offsetOf(pi) : -1, opj = w ? w.offsetOf(pj) : -1, ostart = w ? w.offsetOf(start) : -1, oadj = w ? w.offsetOf(adj) : -1;
  const oinner = w ? w.offsetOf(inner) : -1, ogathered = w ? w.offsetOf(gathered) : -1, oblockOf = w ? w.offsetOf(blockOf) : -1;
  if (wasm && (opi | opj | ostart | oadj | oinner | ogathered | oblockOf) >= 0) {
    wasm.pairAdjacency(opi, opj, P, n, ostart, oadj);
    a[A_GATHERED] = wasm.blockBodies(ostart, oadj, n, PAIR_CHUNK_SHIFT, oblockOf, oinner, ogathered);
    return;
  }
  // counted into start[b + 1], summed, filled with start[b] as body b's cursor, the starts shifted back
  start.fill(0, 0, n + 1);
  for (let p = 0; p < P; p++) { start[pi[p] + 1]++; start[pj[p] + 1]++; }
  for (let b = 0; b < n; b++) start[b + 1] += start[b];
  for (let p = 0; p < P; p++) {
    adj[start[pi[p]]++] = 2 * p;
    adj[start[pj[p]]++] = 2 * p + 1;
  }
  for (let b = n; b > 0; b--) start[b] = start[b - 1];
  start[0] = 0;
  a[A_GATHERED] = blockBodies(start, adj, n, PAIR_CHUNK_SHIFT, blockOf, inner, gathered);
}

/** Kernel: how many movable bodies of chunk c touch each wall, into wallOffsets[w · chunks + c]. */
export function countWallTouches(c: Columns, a: Float64Array, chunk: number): void {
  const n = a[A_BODIES], W = a[A_WALLS], chunks = Math.ceil(n / BODY_CHUNK), off = c.wallOffsets;
  const b = bodiesOf(c, n), walls = wallsOf(c, W), near = c.nearWalls as Int32Array, starts = c.nearWallStarts;
  for (let w = 0, s = chunk; w < W; w++, s += chunks + 1) off[w * chunks + chunk] = touchWall(b, walls, w, outView, near, starts[s], starts[s + 1], 0, false);
}

/** Kernel: the geometry of chunk c's touches of each wall, from wallOffsets[w · chunks + c] on. */
export function writeWallTouches(c: Columns, a: Float64Array, chunk: number): void {
  const n = a[A_BODIES], W = a[A_WALLS], chunks = Math.ceil(n / BODY_CHUNK), off = c.wallOffsets;
  const b = bodiesOf(c, n), walls = wallsOf(c, W), out = recordOf(c, a), near = c.nearWalls as Int32Array, starts = c.nearWallStarts;
  const writePartner = a[A_PARTNER] === 1, partner = c[PARTNER_COLUMN], oj = out.j;
  for (let w = 0, s = chunk; w < W; w++, s += chunks + 1) {
    const k0 = off[w * chunks + chunk], k1 = touchWall(b, walls, w, out, near, starts[s], starts[s + 1], k0, true);
    if (writePartner) for (let k = k0; k < k1; k++) partner[oj[k]] = MANY; // a wall: not a binary collision
  }
}
