/**
 * The Verlet-list reuse test (docs/model.md#conflicts-and-the-linked-cell-fallback): has any particle moved farther than the reuse
 * distance from where it was at the last build (or become non-finite)? With a worker pool the particles are
 * tested by chunks (columns/body-columns.ts), each chunk answering in its own slot; a yes/no answer does
 * not depend on the order.
 */
import { PeriodicX } from '../boundaries/periodic';
import { spanEnd, spans, spanStart } from '../columns/body-columns';
import { REUSE_TEST } from '../columns/kernel-ids';
import type { PoolContext } from '../columns/pool-context';
import type { Columns } from '../columns/kernel-pool';
import type { SearchInput } from './search-input';
import { movedBeyondWasm } from '../state/body-kernels';
import type { WasmKernels } from '../wasm/kernels';

/** Whether a particle in [p0, p1) is more than √lim2 from its reference position (x periodic: minimum image), or NaN. */
function movedBeyond(x: Float64Array, y: Float64Array, rx: Float64Array, ry: Float64Array, periodic: PeriodicX, lim2: number, p0: number, p1: number): boolean {
  const periodicX = periodic.enabled;
  for (let p = p0; p < p1; p++) {
    // the call only where x is periodic: when V8 leaves it out of line it boxes a double per body
    const dx = periodicX ? periodic.minimumImageX(x[p] - rx[p]) : x[p] - rx[p];
    const dy = y[p] - ry[p];
    if (dx * dx + dy * dy > lim2 || dx !== dx || dy !== dy) return true;
  }
  return false;
}

/** Whether some particle of `s` has moved more than √lim2 from (rx, ry): on the pool if there is one. */
export function anyMovedBeyond(s: SearchInput, rx: Float64Array, ry: Float64Array, lim2: number, pool: PoolContext | null): boolean {
  if (!pool) {
    const moved = s.wasm ? movedBeyondWasm(s.wasm, s.x, s.y, rx, ry, s.periodic.enabled, s.periodic.length, lim2, 0, s.n) : -1;
    return moved < 0 ? movedBeyond(s.x, s.y, rx, ry, s.periodic, lim2, 0, s.n) : moved === 1;
  }
  const c = pool.columns, chunks = spans(s.n); // (reuseMoved has a slot per chunk of BODY_CHUNK bodies: enough)
  pool.put('reuse.x', s.x); pool.put('reuse.y', s.y); pool.put('reuse.refX', rx); pool.put('reuse.refY', ry);
  pool.bind();
  const a = pool.pool.args, moved = c.reuseMoved;
  a[0] = s.n; a[1] = lim2; a[2] = s.periodic.enabled ? 1 : 0; a[3] = s.periodic.xmin; a[4] = s.periodic.length;
  pool.pool.run(REUSE_TEST, chunks);
  for (let k = 0; k < chunks; k++) if (moved[k] !== 0) return true;
  return false;
}

/** The kernels' periodic boundary, made again only when the arguments change */
let periodicView = PeriodicX.none();

/** Kernel: 1 in reuseMoved[c] if a particle of chunk c moved beyond the reuse distance (args: n, lim2, periodic, xmin, length). */
export function reuseTestChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[0], enabled = a[2] === 1, x = c['reuse.x'] as Float64Array, y = c['reuse.y'] as Float64Array;
  const rx = c['reuse.refX'] as Float64Array, ry = c['reuse.refY'] as Float64Array, p0 = spanStart(chunk, n), p1 = spanEnd(chunk, n);
  const inWasm = wasm ? movedBeyondWasm(wasm, x, y, rx, ry, enabled, a[4], a[1], p0, p1) : -1;
  if (inWasm >= 0) {
    c.reuseMoved[chunk] = inWasm;
    return;
  }
  if (periodicView.enabled !== enabled || periodicView.xmin !== a[3] || periodicView.length !== a[4]) periodicView = new PeriodicX(enabled, a[3], a[4]);
  const moved = movedBeyond(x, y, rx, ry, periodicView, a[1], p0, p1);
  c.reuseMoved[chunk] = moved ? 1 : 0;
}
