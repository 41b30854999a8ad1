/**
 * Linked-cell search (docs/model.md#conflicts-and-the-linked-cell-fallback), the fallback for wide size ratios, sparse
 * systems and one-per-cell conflicts. Cells of side ≥ 2 r_max + skin, so only the 3×3 neighbourhood
 * matters; half stencil = own cell (later entries) + (1,0), (−1,1), (0,1), (1,1). Built by counting
 * sort into flat Int32 arrays; no per-cell lists.
 */
import { grownCapacity, growI32 } from '../math/grow';
import type { PairBuffer } from './pair-buffer';
import type { SearchInput } from './search-input';

const OFF_X = [1, -1, 0, 1];
const OFF_Y = [0, 1, 1, 1];

export class LinkedCells {
  private cellStart = new Int32Array(0);
  private sorted = new Int32Array(0);
  private cellOf = new Int32Array(0);

  /**
   * Finds all candidate pairs. `minCell` is the smallest allowed cell side; the cell is enlarged so
   * that the grid has at most ~4n cells (sparse systems). Returns false if a periodic box is too
   * short for three cells (the caller then uses brute force).
   */
  pairs(s: SearchInput, minCell: number, xmin: number, xmax: number, ymin: number, ymax: number, out: PairBuffer): boolean {
    out.count = 0;
    const { n, x, y, radius, skin, periodic } = s;
    const per = periodic.enabled;
    const W = per ? periodic.length : xmax - xmin;
    const H = ymax - ymin;
    let d = minCell;
    const maxCells = 4 * n + 64;
    if ((W / d + 3) * (H / d + 3) > maxCells) d = Math.max(d, Math.sqrt((W * H) / maxCells) * 1.05);
    let ncx: number, x0: number, dxCell: number;
    if (per) {
      ncx = Math.floor(W / d);
      if (ncx < 3) return false;
      dxCell = W / ncx;
      x0 = periodic.xmin;
    } else {
      ncx = Math.floor(W / d) + 3;
      dxCell = d;
      x0 = xmin - d;
    }
    const ncy = Math.floor(H / d) + 3;
    const y0 = ymin - d;
    const ncell = ncx * ncy;
    if (this.cellStart.length < ncell + 1) this.cellStart = new Int32Array(grownCapacity(ncell + 1, this.cellStart.length));
    if (this.sorted.length < n) {
      const cap = grownCapacity(n, this.sorted.length);
      this.sorted = growI32(this.sorted, cap);
      this.cellOf = growI32(this.cellOf, cap);
    }
    const start = this.cellStart, sorted = this.sorted, cellOf = this.cellOf;
    start.fill(0, 0, ncell + 1);
    for (let p = 0; p < n; p++) {
      let cx = Math.floor((x[p] - x0) / dxCell);
      if (per) { cx %= ncx; if (cx < 0) cx += ncx; } else if (cx < 1) cx = 1;
      // the body at ymin (xmin) sits one cell in, but (ymin − (ymin − d))/d can round to 0.999…: clamp it
      // out of the guard row, which is never visited
      let cy = Math.floor((y[p] - y0) / d);
      if (cy < 1) cy = 1;
      const c = cy * ncx + cx;
      cellOf[p] = c;
      start[c + 1]++;
    }
    for (let c = 0; c < ncell; c++) start[c + 1] += start[c];
    // Fill: use cellStart shifted copy as cursor via a second pass (counts restored afterwards).
    for (let p = 0; p < n; p++) sorted[start[cellOf[p]]++] = p;
    for (let c = ncell; c > 0; c--) start[c] = start[c - 1];
    start[0] = 0;

    for (let cy = 1; cy < ncy - 1; cy++) {
      for (let cx = 0; cx < ncx; cx++) {
        if (!per && (cx === 0 || cx === ncx - 1)) continue;
        const c = cy * ncx + cx;
        const s0 = start[c], s1 = start[c + 1];
        if (s0 === s1) continue;
        for (let u = s0; u < s1; u++) {
          const a = sorted[u];
          const xa = x[a], ya = y[a], ra = radius[a] + skin;
          for (let v = u + 1; v < s1; v++) {
            const b = sorted[v];
            const dx = periodic.minimumImageX(x[b] - xa);
            const dy = y[b] - ya, rr = ra + radius[b];
            if (dx * dx + dy * dy < rr * rr) out.push(a, b);
          }
          for (let o = 0; o < 4; o++) {
            let qx = cx + OFF_X[o];
            if (per) { if (qx < 0) qx += ncx; else if (qx >= ncx) qx -= ncx; }
            const q = (cy + OFF_Y[o]) * ncx + qx;
            const t1 = start[q + 1];
            for (let v = start[q]; v < t1; v++) {
              const b = sorted[v];
              const dx = periodic.minimumImageX(x[b] - xa);
              const dy = y[b] - ya, rr = ra + radius[b];
              if (dx * dx + dy * dy < rr * rr) out.push(a, b);
            }
          }
        }
      }
    }
    return true;
  }
}
