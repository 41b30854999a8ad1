/**
 * The Buchholtz–Pöschel cell mask (paper 003 §2–3; design/neighbour-search.md §1–6), reference
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
 * and reports it (§5).
 */
import { grownCapacity, growI32, int32Like } from '../math/grow';
import type { WasmKernels } from '../wasm/kernels';
import type { PairBuffer } from './pair-buffer';
import type { SearchInput } from './search-input';

/** Penetration fraction the cell size is designed for (paper 003: 10 %). */
export const DESIGN_PENETRATION = 0.1;

/** Half-mask offsets of the (2k+1)² mask: 12 for k = 2 (design/neighbour-search.md §3). */
export function halfMaskOffsets(k: number): { dx: Int32Array<ArrayBuffer>; dy: Int32Array<ArrayBuffer> } {
  const dx: number[] = [], dy: number[] = [];
  for (let oy = 0; oy <= k; oy++) {
    for (let ox = -k; ox <= k; ox++) {
      if (oy > 0 || ox > 0) { dx.push(ox); dy.push(oy); }
    }
  }
  return { dx: Int32Array.from(dx), dy: Int32Array.from(dy) };
}

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
  private k = 0;
  private offX = new Int32Array(0);
  private offY = new Int32Array(0);
  private wrapX = new Int32Array(0);
  private delta = new Int32Array(0);
  /** Particles that found their cell occupied in the last build */
  conflicts = 0;

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
    if (k !== this.k) {
      const o = halfMaskOffsets(k);
      this.offX = o.dx; this.offY = o.dy; this.k = k;
    }
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
    if (per && this.wrapX.length < ncx + 2 * k) this.wrapX = new Int32Array(ncx + 2 * k);
    if (per) for (let c = -k; c < ncx + k; c++) this.wrapX[c + k] = ((c % ncx) + ncx) % ncx;

    const cells = this.cells, cellX = this.cellX, cellY = this.cellY, wrapX = this.wrapX;
    cells.fill(-1, 0, ncell);
    const invDx = 1 / dxCell, invD = 1 / d;
    const wasm = s.wasm ?? null, w = wasm ? wasmColumns(wasm, x, y, radius, cells, cellX, cellY, out) : null;
    if (wasm && w) {
      this.conflicts = wasm.cellBin(w.x, w.y, w.cells, w.cellX, w.cellY, n, per ? 1 : 0, ncx, nx, x0, invDx, y0, invD);
      if (this.conflicts > 0) return 'conflict';
      const most = (((2 * k + 1) ** 2 - 1) / 2) * WASM_PARTICLES;
      let count = 0;
      for (let p0 = 0; p0 < n; p0 += WASM_PARTICLES) {
        out.reserve(count + most); // grows in the arena (math/grow.ts), so its offsets are taken after
        count = wasm.cellPairs(
          w.x, w.y, w.radius, w.cells, w.cellX, w.cellY, wasm.arena.offsetOf(out.i), wasm.arena.offsetOf(out.j),
          p0, Math.min(n, p0 + WASM_PARTICLES), count, k, nx, ncx, per ? 1 : 0, periodic.length, per ? 1 / periodic.length : 0, skin,
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

    const offX = this.offX, offY = this.offY, nOff = offX.length, L = periodic.length, invL = per ? 1 / L : 0;
    // Offsets as flat cell-index deltas (non-periodic) so the inner loop is one add and one load.
    const delta = this.delta.length >= nOff ? this.delta : (this.delta = new Int32Array(nOff));
    for (let o = 0; o < nOff; o++) delta[o] = offY[o] * nx + offX[o];
    for (let p = 0; p < n; p++) {
      const cx = cellX[p], cy = cellY[p];
      const xp = x[p], yp = y[p], rp = radius[p] + skin;
      if (per) {
        for (let o = 0; o < nOff; o++) {
          const q = cells[(cy + offY[o]) * nx + wrapX[cx + offX[o] + k]];
          if (q < 0) continue;
          let ddx = x[q] - xp;
          ddx -= L * Math.round(ddx * invL);
          const ddy = y[q] - yp, rr = rp + radius[q];
          if (ddx * ddx + ddy * ddy < rr * rr) out.push(p, q);
        }
      } else {
        const c = cy * nx + cx;
        for (let o = 0; o < nOff; o++) {
          const q = cells[c + delta[o]];
          if (q < 0) continue;
          const ddx = x[q] - xp, ddy = y[q] - yp, rr = rp + radius[q];
          if (ddx * ddx + ddy * ddy < rr * rr) out.push(p, q);
        }
      }
    }
    return 'ok';
  }
}

/** The byte offsets of the search's columns in the kernels' arena, or null if one is elsewhere (then the JavaScript loops run) */
function wasmColumns(
  wasm: WasmKernels, x: Float64Array, y: Float64Array, radius: Float64Array, cells: Int32Array, cellX: Int32Array, cellY: Int32Array, out: PairBuffer,
): { x: number; y: number; radius: number; cells: number; cellX: number; cellY: number } | null {
  const a = wasm.arena, o = offsets;
  o.x = a.offsetOf(x); o.y = a.offsetOf(y); o.radius = a.offsetOf(radius);
  o.cells = a.offsetOf(cells); o.cellX = a.offsetOf(cellX); o.cellY = a.offsetOf(cellY);
  return (o.x | o.y | o.radius | o.cells | o.cellX | o.cellY | a.offsetOf(out.i) | a.offsetOf(out.j)) < 0 ? null : o;
}
const offsets = { x: 0, y: 0, radius: 0, cells: 0, cellX: 0, cellY: 0 };
