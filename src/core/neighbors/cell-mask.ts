/**
 * The Buchholtz–Pöschel cell mask (paper 003 §2–3; docs/model.md#the-cell-mask), reference
 * implementation.
 *
 * A square lattice with cells so small that at most one particle centre lies in each: a cell holds one
 * index (−1 = empty) instead of a list. Two discs can only touch if their cells lie within the
 * (2k+1)×(2k+1) mask around each other. Cell side d = (2 r_max + skin)/k (paper 003: d = r_max for
 * k = 2, no skin), so the mask covers every interacting pair. One-per-cell needs d√2 ≤ d_min, the
 * smallest centre distance; with at most 10 % penetration d_min = 1.8 r_min, which gives the paper's
 * size-ratio limit r_max/r_min ≤ 1.8/√2 = 1.273 for the 5×5 mask and, in general,
 * (2 r_max + skin)/k ≤ √2 (1 − p) r_min.
 *
 * Scalar code uses the half mask (offsets with dy > 0, or dy = 0 and dx > 0) and finds every pair once.
 * Both loops run in WebAssembly where the columns are in its arena (wasm/assembly/cell-mask.ts; the same pairs).
 * A particle that finds its cell occupied is a conflict: the caller then uses linked cells for this step
 * and reports it (docs/model.md#conflicts-and-the-linked-cell-fallback).
 */
import { grownCapacity, growI32, int32Like } from '../math/grow';
import { MASK_PAIRS, MASK_PAIRS_COPY } from '../columns/kernel-ids';
import type { PoolContext } from '../columns/pool-context';
import type { Columns } from '../columns/kernel-pool';
import type { WasmKernels } from '../wasm/kernels';
import type { PairBuffer } from './pair-buffer';
import type { SearchInput } from './search-input';

/** Penetration fraction the cell size is designed for (paper 003: 10 %). */
export const DESIGN_PENETRATION = 0.1;

/** Smallest mask half-width k ∈ {2, 3, 4} whose range and one-per-cell conditions hold, or 0 if none. */
export function chooseMaskHalfWidth(rMin: number, rMax: number, skin: number): number {
  for (let k = 2; k <= 4; k++) {
    if ((2 * rMax + skin) / k <= Math.SQRT2 * (1 - DESIGN_PENETRATION) * rMin) return k;
  }
  return 0;
}

export type CellMaskResult = 'ok' | 'conflict' | 'too-small' | 'too-sparse';

/** Particles per call of the WebAssembly pair search (the pair list is grown for their most pairs first) */
const WASM_PARTICLES = 4096;

export class CellMask {
  // the lattice and each particle's cell: public so that the World can move them into its WebAssembly arena
  cells = new Int32Array(0);
  cellX = new Int32Array(0);
  cellY = new Int32Array(0);
  /** Particles that found their cell occupied in the last build */
  conflicts = 0;
  /** A worker pool's search: per particle chunk, room for chunkRoom pairs; how many each found, and where they go */
  private scratchI = new Int32Array(0);
  private scratchJ = new Int32Array(0);
  private chunkCounts = new Int32Array(0);
  private chunkOffsets = new Int32Array(0);
  private chunkRoom = WASM_PARTICLES * 5;

  /**
   * Builds the lattice for particles of largest radius `rMax` and writes the candidate pairs. Returns 'conflict' if the one-per-cell
   * condition failed (pairs are then incomplete and must be recomputed by another method),
   * 'too-small' if a periodic box is shorter than 2k+1 cells, 'too-sparse' if the lattice would
   * have far more cells than particles.
   */
  pairs(s: SearchInput, k: number, rMax: number, xmin: number, xmax: number, ymin: number, ymax: number, out: PairBuffer): CellMaskResult {
    out.count = 0;
    this.conflicts = 0;
    const { n, x, y, radius, skin, periodic } = s;
    const d = (2 * rMax + skin) / k;
    const per = periodic.enabled;
    let ncx: number, x0: number, dxCell: number, nx: number;
    if (per) {
      ncx = Math.floor(periodic.length / d);
      if (ncx < 2 * k + 1) return 'too-small';
      dxCell = periodic.length / ncx;
      x0 = periodic.xmin;
      nx = ncx;
    } else {
      ncx = Math.floor((xmax - xmin) / d) + 1;
      dxCell = d;
      x0 = xmin - k * d;
      nx = ncx + 2 * k;
    }
    const ny = Math.floor((ymax - ymin) / d) + 1 + 2 * k;
    const y0 = ymin - k * d;
    const ncell = nx * ny;
    if (ncell > 64 * n + 4096) return 'too-sparse';
    if (this.cells.length < ncell) this.cells = int32Like(this.cells, grownCapacity(ncell, this.cells.length));
    if (this.cellX.length < n) {
      const cap = grownCapacity(n, this.cellX.length);
      this.cellX = growI32(this.cellX, cap);
      this.cellY = growI32(this.cellY, cap);
    }

    const cells = this.cells, cellX = this.cellX, cellY = this.cellY;
    cells.fill(-1, 0, ncell);
    const invDx = 1 / dxCell, invD = 1 / d;
    const wasm = s.wasm ?? null, w = wasm ? wasmColumns(wasm, x, y, radius, cells, cellX, cellY, out.i, out.j) : null;
    if (wasm && w) {
      this.conflicts = wasm.cellBin(w.x, w.y, w.cells, w.cellX, w.cellY, n, per ? 1 : 0, ncx, nx, x0, invDx, y0, invD);
      if (this.conflicts > 0) return 'conflict';
      if (s.pool && n > WASM_PARTICLES && this.pairsOnPool(s, s.pool, k, nx, ncx, out)) return 'ok';
      const most = (((2 * k + 1) ** 2 - 1) / 2) * WASM_PARTICLES;
      let count = 0;
      for (let p0 = 0; p0 < n; p0 += WASM_PARTICLES) {
        out.reserve(count + most); // grows in the arena (math/grow.ts), so its offsets are taken after
        count = wasm.cellPairs(
          w.x, w.y, w.radius, w.cells, w.cellX, w.cellY, wasm.arena.offsetOf(out.i), wasm.arena.offsetOf(out.j),
          p0, Math.min(n, p0 + WASM_PARTICLES), count, out.i.length, k, nx, ncx, per ? 1 : 0, periodic.length, per ? 1 / periodic.length : 0, skin,
        );
      }
      out.count = count;
      return 'ok';
    }
    let conflicts = 0;
    for (let p = 0; p < n; p++) {
      let cx = Math.floor((x[p] - x0) * invDx);
      if (per) { cx %= ncx; if (cx < 0) cx += ncx; }
      const cy = Math.floor((y[p] - y0) * invD);
      const c = cy * nx + cx;
      if (cells[c] >= 0) conflicts++;
      else cells[c] = p;
      cellX[p] = cx;
      cellY[p] = cy;
    }
    this.conflicts = conflicts;
    if (conflicts > 0) return 'conflict';

    const most = (((2 * k + 1) ** 2 - 1) / 2) * WASM_PARTICLES, L = periodic.length, invL = per ? 1 / L : 0;
    let count = 0;
    for (let p0 = 0; p0 < n; p0 += WASM_PARTICLES) {
      out.reserve(count + most);
      count = maskPairsRange(x, y, radius, cells, cellX, cellY, out.i, out.j, p0, Math.min(n, p0 + WASM_PARTICLES), count, out.i.length, k, nx, ncx, per, L, invL, skin);
    }
    out.count = count;
    return 'ok';
  }

  /**
   * The half-mask search on a worker pool, the lattice binned: each particle chunk writes its pairs to its own part
   * of a scratch (maskPairsChunk), then copies them to the list after the chunks before it (maskPairsCopyChunk) —
   * the serial search's pairs in its order. False, nothing written, if a chunk found more pairs than its room
   * (≈ 1.5 times a dense pile's): the room is doubled for the next build and the caller searches serially.
   */
  private pairsOnPool(s: SearchInput, pool: PoolContext, k: number, nx: number, ncx: number, out: PairBuffer): boolean {
    const n = s.n, chunks = Math.ceil(n / WASM_PARTICLES), room = this.chunkRoom, per = s.periodic.enabled, L = s.periodic.length;
    if (this.scratchI.length < chunks * room) {
      const cap = grownCapacity(chunks * room, this.scratchI.length);
      this.scratchI = int32Like(this.cells, cap); // in the cells' memory: the kernels' arena
      this.scratchJ = int32Like(this.cells, cap);
    }
    if (this.chunkCounts.length < chunks) {
      this.chunkCounts = int32Like(this.cells, grownCapacity(chunks, this.chunkCounts.length));
      this.chunkOffsets = int32Like(this.cells, this.chunkCounts.length);
    }
    pool.put('mask.x', s.x); pool.put('mask.y', s.y); pool.put('mask.radius', s.radius);
    pool.put('mask.cells', this.cells); pool.put('mask.cellX', this.cellX); pool.put('mask.cellY', this.cellY);
    pool.put('mask.i', this.scratchI); pool.put('mask.j', this.scratchJ); pool.put('mask.counts', this.chunkCounts);
    pool.bind();
    const a = pool.pool.args;
    a[A_N] = n; a[A_K] = k; a[A_NX] = nx; a[A_NCX] = ncx; a[A_PERIODIC] = per ? 1 : 0; a[A_L] = L; a[A_INV_L] = per ? 1 / L : 0; a[A_SKIN] = s.skin; a[A_ROOM] = room;
    pool.pool.run(MASK_PAIRS, chunks);
    const counts = this.chunkCounts, offsets = this.chunkOffsets;
    let total = 0;
    for (let c = 0; c < chunks; c++) {
      if (counts[c] < 0) { this.chunkRoom = 2 * room; return false; }
      offsets[c] = total;
      total += counts[c];
    }
    out.reserve(total);
    pool.put('mask.outI', out.i); pool.put('mask.outJ', out.j); pool.put('mask.offsets', offsets);
    pool.bind();
    pool.pool.run(MASK_PAIRS_COPY, chunks);
    out.count = total;
    return true;
  }
}

/**
 * The candidate pairs of particles [p0, p1) on the binned lattice (cellPairs' loop in JavaScript: the same pairs in
 * the same order) into outI/outJ from `count`; returns the new count, or −1 past `limit`.
 */
function maskPairsRange(
  x: Float64Array, y: Float64Array, radius: Float64Array, cells: Int32Array, cellX: Int32Array, cellY: Int32Array, outI: Int32Array, outJ: Int32Array,
  p0: number, p1: number, count: number, limit: number, k: number, nx: number, ncx: number, per: boolean, L: number, invL: number, skin: number,
): number {
  for (let p = p0; p < p1; p++) {
    const cx = cellX[p], cy = cellY[p], xp = x[p], yp = y[p], rp = radius[p] + skin;
    for (let oy = 0; oy <= k; oy++) {
      for (let ox = -k; ox <= k; ox++) {
        if (oy === 0 && ox <= 0) continue;
        let qx = cx + ox;
        if (per) { if (qx < 0) qx += ncx; else if (qx >= ncx) qx -= ncx; }
        const q = cells[(cy + oy) * nx + qx];
        if (q < 0) continue;
        let ddx = x[q] - xp;
        if (per) ddx -= L * Math.round(ddx * invL);
        const ddy = y[q] - yp, rr = rp + radius[q];
        if (ddx * ddx + ddy * ddy < rr * rr) {
          if (count >= limit) return -1;
          outI[count] = p < q ? p : q; outJ[count] = p < q ? q : p;
          count++;
        }
      }
    }
  }
  return count;
}

/** Arguments of the pool's cell-mask kernels (KernelPool.args) */
const A_N = 0, A_K = 1, A_NX = 2, A_NCX = 3, A_PERIODIC = 4, A_L = 5, A_INV_L = 6, A_SKIN = 7, A_ROOM = 8;

/**
 * Kernel: the candidate pairs of particle chunk c (WASM_PARTICLES particles) into its own part of the scratch,
 * mask.i/j[c · room …], and how many into mask.counts[c] (−1: more than room).
 */
export function maskPairsChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[A_N], room = a[A_ROOM], p0 = chunk * WASM_PARTICLES, p1 = Math.min(n, p0 + WASM_PARTICLES), base = chunk * room;
  const x = c['mask.x'] as Float64Array, y = c['mask.y'] as Float64Array, radius = c['mask.radius'] as Float64Array;
  const cells = c['mask.cells'] as Int32Array, cellX = c['mask.cellX'] as Int32Array, cellY = c['mask.cellY'] as Int32Array;
  const si = c['mask.i'] as Int32Array, sj = c['mask.j'] as Int32Array, counts = c['mask.counts'] as Int32Array;
  const per = a[A_PERIODIC] === 1, k = a[A_K], nx = a[A_NX], ncx = a[A_NCX], L = a[A_L], invL = a[A_INV_L], skin = a[A_SKIN];
  const w = wasm ? wasmColumns(wasm, x, y, radius, cells, cellX, cellY, si, sj) : null;
  const end = wasm && w
    ? wasm.cellPairs(w.x, w.y, w.radius, w.cells, w.cellX, w.cellY, w.outI, w.outJ, p0, p1, base, base + room, k, nx, ncx, per ? 1 : 0, L, invL, skin)
    : maskPairsRange(x, y, radius, cells, cellX, cellY, si, sj, p0, p1, base, base + room, k, nx, ncx, per, L, invL, skin);
  counts[chunk] = end < 0 ? -1 : end - base;
}

/** Kernel: chunk c's pairs copied from its part of the scratch to the list, from mask.offsets[c] on. */
export function maskPairsCopyChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const base = chunk * a[A_ROOM], count = (c['mask.counts'] as Int32Array)[chunk], to = (c['mask.offsets'] as Int32Array)[chunk];
  const si = c['mask.i'] as Int32Array, sj = c['mask.j'] as Int32Array, outI = c['mask.outI'] as Int32Array, outJ = c['mask.outJ'] as Int32Array;
  const m = wasm?.arena, oi = m ? m.offsetOf(outI) : -1, oj = m ? m.offsetOf(outJ) : -1, osi = m ? m.offsetOf(si) : -1, osj = m ? m.offsetOf(sj) : -1;
  if (wasm && (oi | oj | osi | osj) >= 0) wasm.copyPairs(oi + 4 * to, oj + 4 * to, osi + 4 * base, osj + 4 * base, count);
  else for (let e = 0; e < count; e++) { outI[to + e] = si[base + e]; outJ[to + e] = sj[base + e]; }
}

/** The byte offsets of the search's columns in the kernels' arena, or null if one is elsewhere (then the JavaScript loops run) */
function wasmColumns(
  wasm: WasmKernels, x: Float64Array, y: Float64Array, radius: Float64Array, cells: Int32Array, cellX: Int32Array, cellY: Int32Array, outI: Int32Array, outJ: Int32Array,
): { x: number; y: number; radius: number; cells: number; cellX: number; cellY: number; outI: number; outJ: number } | null {
  const a = wasm.arena, o = offsets;
  o.x = a.offsetOf(x); o.y = a.offsetOf(y); o.radius = a.offsetOf(radius);
  o.cells = a.offsetOf(cells); o.cellX = a.offsetOf(cellX); o.cellY = a.offsetOf(cellY); o.outI = a.offsetOf(outI); o.outJ = a.offsetOf(outJ);
  return (o.x | o.y | o.radius | o.cells | o.cellX | o.cellY | o.outI | o.outJ) < 0 ? null : o;
}
const offsets = { x: 0, y: 0, radius: 0, cells: 0, cellX: 0, cellY: 0, outI: 0, outJ: 0 };
