/**
 * Chooses and runs the broad phase each step (docs/model.md#the-cell-mask, docs/model.md#neighbour-search):
 *   - brute force below 64 particles (docs/model.md#verlet-reuse-and-the-oracle: fastest there);
 *   - the cell mask with the smallest k ∈ {2, 3, 4} that the radius ratio allows (5×5, 7×7, 9×9);
 *   - linked cells when no mask fits the size ratio, the box is too small for the mask, the lattice
 *     would be very sparse, or the one-per-cell condition failed in this rebuild (reported as conflicts).
 * `report` says which method ran and why; the world copies it into the diagnostics.
 * With `reuseDistance` > 0 the last pair list is kept until some particle has moved that far since the
 * build (its candidates were found with the skin, so no touching pair can be missing); `builds` counts
 * the real rebuilds.
 */
import { copyPrefix, growF64 } from '../math/grow';
import { bruteForcePairs } from './brute-force';
import { CellMask, chooseMaskHalfWidth } from './cell-mask';
import { LinkedCells } from './linked-cells';
import { PairBuffer } from './pair-buffer';
import type { SearchInput } from './search-input';
import { anyMovedBeyond } from './verlet-reuse';
import { particleBoundsWasm } from '../state/body-kernels';

export type SearchMethod = 'auto' | 'cell-mask' | 'linked-cells' | 'brute-force';

const BRUTE_FORCE_BELOW = 64;

/** How the search chose its method, for the UI and the CLI summary */
export interface SearchReport {
  /** e.g. 'cell mask 5×5', 'cell mask 7×7', 'linked cells', 'brute force' */
  method: string;
  /** Why this method was chosen (radius ratio, box size, conflicts) */
  reason: string;
  /** Particles that found their cell occupied in the last rebuild (one-per-cell violated) */
  conflicts: number;
  /** Rebuilds since the start in which the one-per-cell condition failed (each fell back to linked cells) */
  conflictRebuilds: number;
}

export class NeighborSearch {
  readonly pairs = new PairBuffer();
  readonly report: SearchReport = { method: 'none', reason: '', conflicts: 0, conflictRebuilds: 0 };
  readonly mask = new CellMask();
  private readonly linked = new LinkedCells();
  private refX = new Float64Array(0);
  private refY = new Float64Array(0);
  private refN = -1;
  private refSkin = -1;
  /** Number of real rebuilds (the rest reused the previous list) */
  builds = 0;

  constructor(public method: SearchMethod = 'auto') {}

  rebuild(s: SearchInput): void {
    if (this.canReuse(s)) return;
    s.pool?.pool.flush(); // the kernels deferred to the reuse test (the predictor, KernelPool.defer) before the positions are read here
    this.build(s);
    this.remember(s);
  }

  /** Forces the next rebuild to search from scratch (after a teleport, a restore or a new body). */
  invalidate(): void {
    this.refN = -1;
  }

  private canReuse(s: SearchInput): boolean {
    const limit = s.reuseDistance ?? 0;
    if (limit <= 0 || s.n !== this.refN || s.skin !== this.refSkin) return false;
    return !anyMovedBeyond(s, this.refX, this.refY, limit * limit, s.pool ?? null);
  }

  private remember(s: SearchInput): void {
    this.builds++;
    if ((s.reuseDistance ?? 0) <= 0) { this.refN = -1; return; }
    if (this.refX.length < s.n) {
      // shared memory stays shared (math/grow.ts): a worker pool may run the reuse test
      this.refX = growF64(this.refX, Math.max(16, 2 * s.n));
      this.refY = growF64(this.refY, Math.max(16, 2 * s.n));
    }
    copyPrefix(this.refX, s.x, s.n);
    copyPrefix(this.refY, s.y, s.n);
    this.refN = s.n;
    this.refSkin = s.skin;
  }

  private build(s: SearchInput): void {
    const { n, x, y, radius } = s;
    const rep = this.report;
    this.pairs.generation++;
    rep.conflicts = 0;
    if (n < 2) { this.pairs.count = 0; this.set('brute force', 'fewer than two particles'); return; }
    const bb = BOUNDS;
    if (!(s.wasm && particleBoundsWasm(s.wasm, x, y, radius, n, bb))) particleBounds(x, y, radius, n, bb);
    const xmin = bb[0], xmax = bb[1], ymin = bb[2], ymax = bb[3], rMin = bb[4], rMax = bb[5];
    if (!(xmax - xmin < Infinity && ymax - ymin < Infinity)) {
      // Non-finite positions: the health check reports them; search nothing.
      this.pairs.count = 0;
      this.set('none', 'non-finite positions');
      return;
    }
    const method = this.method === 'auto' ? (n < BRUTE_FORCE_BELOW ? 'brute-force' : 'cell-mask') : this.method;
    if (method === 'brute-force') {
      bruteForcePairs(s, this.pairs);
      if (this.report.method !== 'brute force') this.set('brute force', n < BRUTE_FORCE_BELOW ? `fewer than ${BRUTE_FORCE_BELOW} particles` : 'requested');
      return;
    }
    const ratio = rMax / rMin;
    let why = 'requested';
    if (method === 'cell-mask') {
      const k = chooseMaskHalfWidth(rMin, rMax, s.skin);
      if (k > 0) {
        const res = this.mask.pairs(s, k, rMax, xmin, xmax, ymin, ymax, this.pairs);
        if (res === 'ok') {
          if (this.okK !== k || this.okRatio !== ratio) {
            this.okK = k;
            this.okRatio = ratio;
            this.set(`cell mask ${2 * k + 1}×${2 * k + 1}`, `radius ratio ${ratio.toFixed(3)}${k > 2 ? ' exceeds the 5×5 limit 1.273' : ''}`);
          }
          return;
        }
        this.okK = 0;
        const size = `${2 * k + 1}×${2 * k + 1}`;
        if (res === 'conflict') {
          rep.conflicts = this.mask.conflicts;
          rep.conflictRebuilds++;
          why = `one-per-cell condition violated: ${this.mask.conflicts} particle(s) shared a cell of the ${size} mask (overlaps deeper than the 10 % design value)`;
        } else if (res === 'too-small') {
          why = `periodic box shorter than ${2 * k + 1} mask cells`;
        } else {
          why = 'the lattice would be much larger than the number of particles (dilute system)';
        }
      } else {
        why = `radius ratio ${ratio.toFixed(3)} exceeds the 9×9 mask limit (${(4 * 0.9 / Math.SQRT2).toFixed(3)})`;
      }
    }
    const conflicts = rep.conflicts;
    if (this.linked.pairs(s, 2 * rMax + s.skin, xmin, xmax, ymin, ymax, this.pairs)) {
      this.set('linked cells', why);
    } else {
      bruteForcePairs(s, this.pairs);
      this.set('brute force', 'periodic box shorter than three linked cells');
    }
    rep.conflicts = conflicts;
  }

  private set(method: string, reason: string): void {
    this.report.method = method;
    this.report.reason = reason;
  }

  /** The cell-mask report is formatted only when k or the radius ratio change (no per-step strings). */
  private okK = 0;
  private okRatio = 0;
}

const BOUNDS = new Float64Array(6);

/** The least and greatest x, y and radius of particles [0, n) into out[0 … 5] as xmin, xmax, ymin, ymax, rMin, rMax (a NaN coordinate is passed over) */
function particleBounds(x: Float64Array, y: Float64Array, radius: Float64Array, n: number, out: Float64Array): void {
  let xmin = Infinity, xmax = -Infinity, ymin = Infinity, ymax = -Infinity, rMin = Infinity, rMax = 0;
  for (let p = 0; p < n; p++) {
    const xp = x[p], yp = y[p], r = radius[p];
    if (xp < xmin) xmin = xp;
    if (xp > xmax) xmax = xp;
    if (yp < ymin) ymin = yp;
    if (yp > ymax) ymax = yp;
    if (r < rMin) rMin = r;
    if (r > rMax) rMax = r;
  }
  out[0] = xmin; out[1] = xmax; out[2] = ymin; out[3] = ymax; out[4] = rMin; out[5] = rMax;
}
