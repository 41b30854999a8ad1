/** Gravity and the external forces on the movable bodies, before the contacts add theirs (0 on immovable ones). */
import { BODY_FORCES } from '../columns/kernel-ids';
import { bindBodies, bodiesOf, spanEnd, spans, spanStart } from '../columns/body-columns';
import type { PoolContext } from '../columns/pool-context';
import type { Columns } from '../columns/kernel-pool';
import type { BodyState } from '../state/body-state';
import { bodyForcesWasm } from '../state/body-kernels';
import type { WasmKernels } from '../wasm/kernels';

/** `later`: on a pool, they go out with its next command (KernelPool.defer); until then no one may read the forces */
export function bodyForces(b: BodyState, gx: number, gy: number, pool: PoolContext | null, wasm: WasmKernels | null = null, later = false): void {
  if (!pool) {
    if (!(wasm && bodyForcesWasm(wasm, b, 0, b.n, gx, gy))) bodyForcesRange(b, 0, b.n, gx, gy);
    return;
  }
  bindBodies(pool, b);
  pool.bind();
  const a = pool.pool.args;
  a[0] = b.n; a[1] = gx; a[2] = gy;
  if (later) pool.pool.defer(BODY_FORCES, spans(b.n));
  else pool.pool.run(BODY_FORCES, spans(b.n));
}

function bodyForcesRange(b: BodyState, k0: number, k1: number, gx: number, gy: number): void {
  const fx = b.fx, fy = b.fy, tau = b.tau, m = b.mass, im = b.invMass, fxe = b.fxExt, fye = b.fyExt, te = b.tauExt;
  for (let k = k0; k < k1; k++) {
    if (im[k] > 0) {
      fx[k] = m[k] * gx + fxe[k];
      fy[k] = m[k] * gy + fye[k];
      tau[k] = te[k];
    } else {
      fx[k] = 0; fy[k] = 0; tau[k] = 0;
    }
  }
}

/** Kernel: bodyForces on chunk c of the bodies (args: n, gx, gy). */
export function bodyForcesChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[0], b = bodiesOf(c, n), k0 = spanStart(chunk, n), k1 = spanEnd(chunk, n);
  if (!(wasm && bodyForcesWasm(wasm, b, k0, k1, a[1], a[2]))) bodyForcesRange(b, k0, k1, a[1], a[2]);
}
