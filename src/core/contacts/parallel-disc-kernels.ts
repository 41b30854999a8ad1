/**
 * The worker pool's kernels of the fused disc pass (contacts/parallel-disc-pass.ts runs them; steps 1–3 and the
 * walls' touches there): each thread's pair blocks (count, look-back prefix sum, pair loop), the gather of the bodies
 * near a block's edge, the per-body lists of candidate pairs, and the walls' touches. The count, the pair loop, the gather
 * and the lists run in WebAssembly (wasm/kernels.ts) on every thread: a pool exists only with SharedArrayBuffer, where
 * WebAssembly is, and its columns live in the World's arena (a shared memory, grown in place). A thread without the
 * kernels, or a column outside the arena, is refused (poolKernels). Their JavaScript oracles are in test/core/oracles/.
 */
import { BODY_CHUNK, bodiesOf } from '../columns/body-columns';
import { wallsOf } from '../columns/wall-columns';
import type { Column, Columns } from '../columns/kernel-pool';
import { ContactList } from '../state/contact-list';
import { PASS_SUMS, touchWall } from './disc-force-pass';
import { DiscPassView, type PairMaterial } from './disc-pass-view';
import { MANY, PARTNER_COLUMN } from '../diagnostics/collision-monitor';
import { discPairsWasm } from './disc-pair-wasm';
import type { WasmKernels } from '../wasm/kernels';
import { ArenaOffsets } from '../wasm/arena-offsets';
import {
  A_BLOCKS, A_BODIES, A_BY_SLOT, A_CLAMP, A_COMMIT, A_DT, A_ELASTIC, A_FROM_RATIO, A_GATHERED, A_KN, A_KT, A_L, A_MU, A_OUT, A_PAIRS, A_PARTNER,
  A_PERIODIC, A_RATIO, A_WALLS, A_ZN, A_ZT, FEATURE, FN, FT, GATHER_CHUNK, I, J, LAW, LIST_FIELDS, LIST_KEYS, NX, NY, A_SHIFT,
  PREV_INDEX, SLOT, UNCOUNTED, XI, XI_EVAL,
} from './parallel-disc-layout';

/** A block waits this long at most for the block before it to count (it is running on another thread) [ms] */
const COUNT_WAIT_MS = 30_000;
/**
 * Before sleeping (for 1 ms at most at a time), a thread waiting for another block checks this many times (≈ 0.1 ms,
 * as the pool's threads between commands): the wait is for a block's count or pair loop on the other thread, usually
 * microseconds, and a sleep costs tens of them to wake from.
 */
const AWAIT_SPINS = 20_000;

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
 * How many pairs of chunk c touch (the pair loop's own test), into offsets[c]; it also lists them
 * (touching[c · 2^a[A_SHIFT] …]) and sets every pair's slot to −1: the pair loop then visits only those.
 */
function countTouchingPairs(v: DiscPassView, c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels): void {
  const p0 = chunk << a[A_SHIFT], p1 = Math.min(a[A_PAIRS], p0 + (1 << a[A_SHIFT]));
  const w = wasm.arena, o = COUNT_OFFSETS, oex = o.of(w, 0, v.ex), oey = o.of(w, 1, v.ey), orad = o.of(w, 2, v.rad), oim = o.of(w, 3, v.im), oii = o.of(w, 4, v.ii);
  const opi = o.of(w, 5, v.pi), opj = o.of(w, 6, v.pj), olist = o.of(w, 7, c.touching), oslot = o.of(w, 8, v.slot);
  inArena(oex | oey | orad | oim | oii | opi | opj | olist | oslot, 'count');
  c.offsets[chunk] = wasm.countTouching(oex, oey, orad, oim, oii, opi, opj, p0, p1, v.periodic ? 1 : 0, v.L, olist + 4 * p0, oslot);
}

/** A thread's kernels, refused where WebAssembly is missing (a pool runs the disc pass in WebAssembly alone) */
function poolKernels(wasm: WasmKernels | null): WasmKernels {
  if (!wasm) throw new Error('parallel disc pass: a pool thread has no WebAssembly kernels (a worker pool needs WebAssembly on every thread)');
  return wasm;
}

/** Refuses a column outside the arena (an offset < 0 among those or-ed into `offsets`) */
function inArena(offsets: number, what: string): void {
  if (offsets < 0) throw new Error(`parallel disc pass: a column of the ${what} is not in the WebAssembly arena`);
}

/**
 * flags[block] once it is no longer `value` (blocks are taken in order, so a block one waits for is being run by
 * another thread, or is done); `what` names the wait in the error if it does not end. A thread that sleeps counts
 * itself in sleepers[0] first, so that a block's thread wakes others only when one sleeps (signalBlock).
 */
function awaitBlock(flags: Int32Array, block: number, value: number, what: string, sleepers: Int32Array): number {
  for (let s = 0; s < AWAIT_SPINS; s++) {
    const v = Atomics.load(flags, block);
    if (v !== value) return v;
  }
  const deadline = Date.now() + COUNT_WAIT_MS;
  for (let v = Atomics.load(flags, block); ; v = Atomics.load(flags, block)) {
    if (v !== value) return v;
    if (Date.now() > deadline) throw new Error(`parallel disc pass: block ${block} did not ${what} in ${COUNT_WAIT_MS / 1000} s`);
    Atomics.add(sleepers, 0, 1);
    Atomics.wait(flags, block, value, 1);
    Atomics.sub(sleepers, 0, 1);
  }
}

/**
 * flags[block] = value, and the sleeping threads woken if there are any (Atomics.wait compares the flag as it goes to
 * sleep, so a thread this one sees awake sees the value: sequentially consistent atomics)
 */
function signalBlock(flags: Int32Array, block: number, value: number, sleepers: Int32Array): void {
  Atomics.store(flags, block, value);
  if (Atomics.load(sleepers, 0) > 0) Atomics.notify(flags, block);
}

/**
 * Kernel: chunk `chunk` of the pair pass's command — the blocks first (pairForcesBlock), then the gather's chunks
 * (gatherPairForces), each once the blocks holding its bodies' pairs are done.
 */
export function pairPass(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const blocks = a[A_BLOCKS];
  const kernels = poolKernels(wasm);
  if (chunk < blocks) { pairForcesBlock(c, a, chunk, kernels); return; }
  const g = chunk - blocks, ranges = c.gatherBlocks as Int32Array, done = c.blockDone as Int32Array;
  for (let b = ranges[2 * g], last = ranges[2 * g + 1]; b <= last; b++) awaitBlock(done, b, 0, 'finish', c.blockSleepers as Int32Array);
  gatherPairForces(c, a, g, kernels);
}

/**
 * Kernel: block `block`'s chunks counted, their first contacts (offsets[chunk]) from where the block before
 * ends, this block's end published (blockEnds), then the pair loop over its chunks, each chunk's sums into
 * sums[chunk · PASS_SUMS …]; the block's own bodies (inner) get their forces as it goes; then marked done (blockDone).
 */
function pairForcesBlock(c: Columns, a: Float64Array, block: number, wasm: WasmKernels): void {
  const first = c.blockFirst[block], last = c.blockFirst[block + 1];
  const offsets = c.offsets as Int32Array, ends = c.blockEnds as Int32Array;
  const v = blockView(c, a);
  for (let chunk = first; chunk < last; chunk++) countTouchingPairs(v, c, a, chunk, wasm);
  const sleepers = c.blockSleepers as Int32Array;
  let k = block === 0 ? 0 : awaitBlock(ends, block - 1, UNCOUNTED, 'count', sleepers);
  for (let chunk = first; chunk < last; chunk++) {
    const count = offsets[chunk];
    offsets[chunk] = k;
    k += count;
  }
  signalBlock(ends, block, k, sleepers);
  const m = material;
  m.kn = a[A_KN]; m.kt = a[A_KT]; m.mu = a[A_MU]; m.zetaN = a[A_ZN]; m.zetaT = a[A_ZT];
  m.gtFromRatio = a[A_FROM_RATIO] === 1; m.gtRatio = a[A_RATIO]; m.capElastic = a[A_ELASTIC] === 1; m.clampNormal = a[A_CLAMP] === 1;
  const sums = c.sums as Float64Array, dt = a[A_DT];
  for (let chunk = first; chunk < last; chunk++) {
    const s0 = chunk * PASS_SUMS;
    sums.fill(0, s0, s0 + PASS_SUMS);
    const p0 = chunk << a[A_SHIFT], k0 = offsets[chunk];
    // the chunk's touching pairs, as counted (touching[p0 …], as many as its contacts)
    const count = (chunk + 1 < last ? offsets[chunk + 1] : k) - k0;
    inArena(discPairsWasm(wasm, v, m, dt, p0, p0 + count, k0, sums, s0, c.touching as Int32Array), 'pair loop');
  }
  signalBlock(c.blockDone as Int32Array, block, 1, sleepers);
}

/**
 * The bodies of chunk c of the gathered list (pairs in more than one block) add their pairs' forces
 * in list order: F on j, −F on i (contacts/scatter-forces.ts).
 */
function gatherPairForces(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels): void {
  const o = LIST_KEYS[a[A_OUT]];
  const e0 = chunk * GATHER_CHUNK, e1 = Math.min(a[A_GATHERED], e0 + GATHER_CHUNK);
  const writePartner = a[A_PARTNER] === 1, w = wasm.arena;
  const ofx = w.offsetOf(c.fx), ofy = w.offsetOf(c.fy), otau = w.offsetOf(c.tau), orad = w.offsetOf(c.radius), oslot = w.offsetOf(c[o[SLOT]]);
  const ostart = w.offsetOf(c.adjStart), oadj = w.offsetOf(c.adj), ofn = w.offsetOf(c[o[FN]]), oft = w.offsetOf(c[o[FT]]), onx = w.offsetOf(c[o[NX]]), ony = w.offsetOf(c[o[NY]]);
  const og = w.offsetOf(c.gathered), opi = w.offsetOf(c.pi), opj = w.offsetOf(c.pj), opartner = writePartner ? w.offsetOf(c[PARTNER_COLUMN]) : 0;
  inArena(ofx | ofy | otau | orad | oslot | ostart | oadj | ofn | oft | onx | ony | og | opi | opj | opartner, 'gather');
  wasm.gatherForces(ofx, ofy, otau, orad, oslot, ostart, oadj, ofn, oft, onx, ony, og, opi, opj, opartner, e0, e1, writePartner ? 1 : 0);
}

/**
 * Kernel (one chunk): the per-body lists of candidate pairs, adj[adjStart[b] … adjStart[b + 1]) as 2p + (1 if b is j)
 * in list order (wasm/assembly/counting-sorts.ts), then which bodies have pairs in more than one block
 * (wasm/assembly/block-bodies.ts); how many into args[A_GATHERED]
 */
export function pairAdjacencyChunk(c: Columns, a: Float64Array, _chunk: number, wasm: WasmKernels | null): void {
  const P = a[A_PAIRS], n = a[A_BODIES], kernels = poolKernels(wasm), w = kernels.arena;
  const opi = w.offsetOf(c.pi), opj = w.offsetOf(c.pj), ostart = w.offsetOf(c.adjStart), oadj = w.offsetOf(c.adj);
  const oinner = w.offsetOf(c.inner), ogathered = w.offsetOf(c.gathered), oblockOf = w.offsetOf(c.blockOf);
  inArena(opi | opj | ostart | oadj | oinner | ogathered | oblockOf, 'per-body lists');
  kernels.pairAdjacency(opi, opj, P, n, ostart, oadj);
  a[A_GATHERED] = kernels.blockBodies(ostart, oadj, n, a[A_SHIFT], oblockOf, oinner, ogathered);
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
