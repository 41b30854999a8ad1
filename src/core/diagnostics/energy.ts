/**
 * Energies at the committed state (paper 000 Eq. 11 for Ek). One pass over bodies, no allocation.
 *   Ek = Σ ½ m v² + ½ I ω²;   E_pot = −Σ (m g + F_ext)·x  (movable bodies only)
 * Elastic energy sums ½ kn δ² + ½ kt ξ² over disc contacts recomputed at the committed positions (the
 * area law of polygon contacts has no closed-form energy: they count their springs ½ kt ξ² only).
 */
import { bindBodies, bodiesOf } from '../columns/body-columns';
import { BODY_ENERGIES } from '../columns/kernel-ids';
import type { PoolContext } from '../columns/pool-context';
import type { Columns } from '../columns/kernel-pool';
import type { PeriodicX } from '../boundaries/periodic';
import { LINE, type WallSet } from '../boundaries/walls';
import type { PairBuffer } from '../neighbors/pair-buffer';
import type { MaterialCoefficients } from '../laws/material';
import { CONTACT_LAWS } from '../laws/registry';
import { DISC } from '../shapes/shape-kind';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import { bodyEnergiesWasm } from '../state/body-kernels';
import type { WasmKernels } from '../wasm/kernels';

export interface BodyEnergies {
  ekTrans: number;
  ekRot: number;
  ePotential: number;
  /** false if any position or velocity is NaN or infinite */
  finite: boolean;
  /** max over bodies of |v| / radius [1/s]: a step moves a body by this many radii per second */
  maxSpeedOverRadius: number;
}

/** The per-body sums bodyEnergies adds: Σ m v², Σ I ω², potential, a finiteness probe, max (v/a)² */
const ET = 0, ER = 1, EP = 2, CHECK = 3, FAST = 4;
/**
 * Bodies per chunk of the energies on a pool: the sums' grouping, fixed, so they are the same bits for any number of
 * threads. Coarser than the other per-body kernels' chunks (columns/body-columns.ts), which give no sums: a scene of
 * fewer bodies sums them as the serial loop does.
 */
export const ENERGY_CHUNK = 4096;
/** How many sums a range of bodies gives (a chunk's share of the pool's `energySums` column) */
export const ENERGY_SUMS = 5;

/**
 * The bodies' kinetic and potential energy and the health probes. With a worker pool the bodies are
 * summed by chunk (columns/body-columns.ts) and the chunks' sums added in order: the same bits for any
 * number of threads, and the serial sums to rounding. With `wasm`, serially in WebAssembly (the same bits).
 */
export function bodyEnergies(b: BodyState, gx: number, gy: number, out: BodyEnergies, pool: PoolContext | null = null, wasm: WasmKernels | null = null): void {
  const s = ENERGY_SCRATCH;
  s.fill(0);
  if (!pool) {
    if (!(wasm && bodyEnergiesWasm(wasm, b, 0, b.n, gx, gy, s, 0))) bodyEnergiesRange(b, 0, b.n, gx, gy, s, 0);
  } else {
    bindBodies(pool, b);
    pool.bind();
    const a = pool.pool.args;
    a[0] = b.n; a[1] = gx; a[2] = gy;
    const chunks = Math.ceil(b.n / ENERGY_CHUNK), c = pool.columns.energySums;
    pool.pool.run(BODY_ENERGIES, chunks);
    for (let k = 0; k < chunks; k++) {
      const c0 = k * ENERGY_SUMS;
      s[ET] += c[c0 + ET]; s[ER] += c[c0 + ER]; s[EP] += c[c0 + EP]; s[CHECK] += c[c0 + CHECK];
      if (c[c0 + FAST] > s[FAST]) s[FAST] = c[c0 + FAST];
    }
  }
  out.maxSpeedOverRadius = Math.sqrt(s[FAST]);
  out.ekTrans = 0.5 * s[ET];
  out.ekRot = 0.5 * s[ER];
  out.ePotential = s[EP];
  out.finite = Number.isFinite(s[CHECK]) && Number.isFinite(s[ET] + s[ER] + s[EP]);
}

const ENERGY_SCRATCH = new Float64Array(ENERGY_SUMS);

/** Bodies [k0, k1)'s sums into sums[s0 …]: two loops (motion, then position), as fourteen arrays in one loop outrun the prefetching on large scenes. */
function bodyEnergiesRange(b: BodyState, k0: number, k1: number, gx: number, gy: number, sums: Float64Array, s0: number): void {
  let et = 0, er = 0, ep = 0, check = 0, fast = 0;
  const rad = b.radius, vx = b.vx, vy = b.vy, om = b.omega, m = b.mass, I = b.inertia;
  for (let k = k0; k < k1; k++) {
    const v2 = vx[k] * vx[k] + vy[k] * vy[k];
    et += m[k] * v2;
    er += I[k] * om[k] * om[k];
    check += v2 + om[k];
    const f = v2 / (rad[k] * rad[k]);
    if (f > fast) fast = f;
  }
  const x = b.x, y = b.y, phi = b.phi, im = b.invMass, fxe = b.fxExt, fye = b.fyExt, te = b.tauExt;
  for (let k = k0; k < k1; k++) {
    if (im[k] > 0) ep -= (m[k] * gx + fxe[k]) * x[k] + (m[k] * gy + fye[k]) * y[k] + te[k] * phi[k];
    check += x[k] + y[k];
  }
  sums[s0 + ET] = et; sums[s0 + ER] = er; sums[s0 + EP] = ep; sums[s0 + CHECK] = check; sums[s0 + FAST] = fast;
}

/** Kernel: chunk c's sums into energySums[c · ENERGY_SUMS …] (args: n, gx, gy). */
export function bodyEnergiesChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[0], b = bodiesOf(c, n), k0 = chunk * ENERGY_CHUNK, k1 = Math.min(n, k0 + ENERGY_CHUNK), sums = c.energySums as Float64Array;
  if (!(wasm && bodyEnergiesWasm(wasm, b, k0, k1, a[1], a[2], sums, chunk * ENERGY_SUMS))) bodyEnergiesRange(b, k0, k1, a[1], a[2], sums, chunk * ENERGY_SUMS);
}

/** The elastic energy's two parts [J]: the normal springs (½ kn δ², Hertz ⅖ k_N δ^{5/2}) and the tangential ones (½ kt ξ²) */
export interface ElasticParts {
  normal: number;
  tangential: number;
}

/**
 * Elastic energy at the committed positions: the candidate pairs (found with a skin at the evaluation
 * configuration) and every wall are re-tested at x, y; the springs ξ come from the committed contacts.
 * Returns the total; `parts`, when given, receives the normal and tangential shares.
 */
export function elasticEnergy(
  b: BodyState, pairs: PairBuffer, walls: WallSet, periodic: PeriodicX, contacts: ContactList,
  m: MaterialCoefficients, parts?: ElasticParts,
): number {
  let e = 0;
  const x = b.x, y = b.y, rad = b.radius, shape = b.shape, kt = m.kt, law = CONTACT_LAWS[m.law];
  // the fused law's energy written out as the fused pass has it (laws/linear.ts, the same expression): a call per pair
  // cost most of the pass. A law normalLaw names declares its energy (laws/registry.ts)
  const linear = law.fused, kn = m.kn, range = m.range;
  const periodicX = periodic.enabled, pi = pairs.i, pj = pairs.j;
  for (let p = 0; p < pairs.count; p++) {
    const i = pi[p], j = pj[p];
    if (shape[i] !== DISC || shape[j] !== DISC) continue;
    // the call only where x is periodic: when V8 leaves it out of line it boxes a double per pair
    const dx = periodicX ? periodic.minimumImageX(x[j] - x[i]) : x[j] - x[i];
    const dy = y[j] - y[i], s = rad[i] + rad[j], reach = s + range; // a law acting beyond contact: within its range
    const d2 = dx * dx + dy * dy;
    if (d2 < reach * reach) {
      const d = s - Math.sqrt(d2);
      e += linear ? 0.5 * kn * d * d : law.energy!(d, 0, m, rad[i], rad[j]);
    }
  }
  for (let w = 0; w < walls.count; w++) {
    const ax = walls.ax[w] + walls.ox[w], ay = walls.ay[w] + walls.oy[w], nx = walls.nx[w], ny = walls.ny[w];
    const sx = walls.bx[w] - walls.ax[w], sy = walls.by[w] - walls.ay[w], line = walls.kind[w] === LINE;
    for (let j = 0; j < b.n; j++) {
      if (shape[j] !== DISC) continue;
      let d: number;
      if (line) d = rad[j] - ((x[j] - ax) * nx + (y[j] - ay) * ny);
      else {
        let u = ((x[j] - ax) * sx + (y[j] - ay) * sy) / (sx * sx + sy * sy);
        u = u < 0 ? 0 : u > 1 ? 1 : u;
        const qx = x[j] - ax - u * sx, qy = y[j] - ay - u * sy;
        const reach = rad[j] + range;
        if (qx * qx + qy * qy >= reach * reach) continue; // apart: no square root
        d = rad[j] - Math.hypot(qx, qy);
      }
      if (d > -range) e += linear ? 0.5 * kn * d * d : law.energy!(d, 0, m, 0, rad[j]);
    }
  }
  let et = 0;
  // each contact's k_t (Hertz–Mindlin sets its own; the fused law's record is lean, its k_t the material's)
  const ktc = contacts.kt;
  for (let k = 0; k < contacts.count; k++) et += 0.5 * (linear ? kt : ktc[k]) * contacts.xi[k] * contacts.xi[k];
  if (parts) { parts.normal = e; parts.tangential = et; }
  return e + et;
}
