/**
 * The per-body stages in WebAssembly (wasm/assembly/gssss-steps.ts, gear-steps.ts, body-forces.ts,
 * body-energies.ts) over the arena's columns in place: GSSSS's predictor and update (integrators/gssss.ts),
 * Gear's (integrators/gear.ts), gravity and external forces (sim/body-forces.ts), the body energies
 * (diagnostics/energy.ts) and the Verlet list's reuse test (neighbors/verlet-reuse.ts), the same bits and answers as
 * their JavaScript twins (the collision monitor's are in diagnostics/collision-monitor-wasm.ts).
 * Each runs over a range of bodies (all of them serially; a chunk on a worker pool, core/pool-kernels.ts) and
 * does nothing and says so (false, or −1) when a column is not in the kernels' arena.
 */
import { ArenaOffsets } from '../wasm/arena-offsets';
import type { WasmKernels } from '../wasm/kernels';
import type { BodyState } from './body-state';

/** The byte offsets of gssssPredictWasm's columns, asked of the arena only when a column changes */
const OFFSETS_GSSSS_PREDICT_WASM = new ArenaOffsets(15);

/** gssssPredict of integrators/gssss.ts over bodies [k0, k1) */
export function gssssPredictWasm(w: WasmKernels, b: BodyState, k0: number, k1: number, pv: number, pa: number, va: number): boolean {
  const o = OFFSETS_GSSSS_PREDICT_WASM;
  const a = w.arena;
  const x = o.of(a, 0, b.x), y = o.of(a, 1, b.y), phi = o.of(a, 2, b.phi), vx = o.of(a, 3, b.vx), vy = o.of(a, 4, b.vy), om = o.of(a, 5, b.omega);
  const ax = o.of(a, 6, b.ax), ay = o.of(a, 7, b.ay), al = o.of(a, 8, b.alpha);
  const ex = o.of(a, 9, b.ex), ey = o.of(a, 10, b.ey), ephi = o.of(a, 11, b.ephi), evx = o.of(a, 12, b.evx), evy = o.of(a, 13, b.evy), ew = o.of(a, 14, b.eomega);
  if ((x | y | phi | vx | vy | om | ax | ay | al | ex | ey | ephi | evx | evy | ew) < 0) return false;
  w.gssssPredictCoordinate(x, vx, ax, ex, evx, k0, k1, pv, pa, va);
  w.gssssPredictCoordinate(y, vy, ay, ey, evy, k0, k1, pv, pa, va);
  w.gssssPredictCoordinate(phi, om, al, ephi, ew, k0, k1, pv, pa, va);
  return true;
}

/** The byte offsets of gssssUpdateWasm's columns, asked of the arena only when a column changes */
const OFFSETS_GSSSS_UPDATE_WASM = new ArenaOffsets(15);

/** gssssUpdate of integrators/gssss.ts over bodies [k0, k1); `heldX`, `heldY`, `heldPhi`: the flags that hold each coordinate */
export function gssssUpdateWasm(
  w: WasmKernels, b: BodyState, k0: number, k1: number, heldX: number, heldY: number, heldPhi: number, dt: number, h: number, l3: number, l5: number, inv: number,
): boolean {
  const o = OFFSETS_GSSSS_UPDATE_WASM;
  const a = w.arena;
  const x = o.of(a, 0, b.x), y = o.of(a, 1, b.y), phi = o.of(a, 2, b.phi), vx = o.of(a, 3, b.vx), vy = o.of(a, 4, b.vy), om = o.of(a, 5, b.omega);
  const ax = o.of(a, 6, b.ax), ay = o.of(a, 7, b.ay), al = o.of(a, 8, b.alpha), fx = o.of(a, 9, b.fx), fy = o.of(a, 10, b.fy), tau = o.of(a, 11, b.tau);
  const im = o.of(a, 12, b.invMass), ii = o.of(a, 13, b.invInertia), flags = o.of(a, 14, b.flags);
  if ((x | y | phi | vx | vy | om | ax | ay | al | fx | fy | tau | im | ii | flags) < 0) return false;
  w.gssssUpdateCoordinate(x, vx, ax, fx, im, flags, heldX, k0, k1, dt, h, l3, l5, inv);
  w.gssssUpdateCoordinate(y, vy, ay, fy, im, flags, heldY, k0, k1, dt, h, l3, l5, inv);
  w.gssssUpdateCoordinate(phi, om, al, tau, ii, flags, heldPhi, k0, k1, dt, h, l3, l5, inv);
  return true;
}

/** The byte offsets of bodyEnergiesWasm's columns, asked of the arena only when a column changes */
const OFFSETS_BODY_ENERGIES_WASM = new ArenaOffsets(14);

/** bodyEnergiesRange of diagnostics/energy.ts over bodies [k0, k1), its five sums into sums[s0 … s0 + 4] */
export function bodyEnergiesWasm(w: WasmKernels, b: BodyState, k0: number, k1: number, gx: number, gy: number, sums: Float64Array, s0: number): boolean {
  const o = OFFSETS_BODY_ENERGIES_WASM;
  const a = w.arena;
  const rad = o.of(a, 0, b.radius), vx = o.of(a, 1, b.vx), vy = o.of(a, 2, b.vy), om = o.of(a, 3, b.omega), m = o.of(a, 4, b.mass), I = o.of(a, 5, b.inertia);
  const x = o.of(a, 6, b.x), y = o.of(a, 7, b.y), phi = o.of(a, 8, b.phi), im = o.of(a, 9, b.invMass);
  const fxe = o.of(a, 10, b.fxExt), fye = o.of(a, 11, b.fyExt), te = o.of(a, 12, b.tauExt);
  if ((rad | vx | vy | om | m | I | x | y | phi | im | fxe | fye | te) < 0) return false;
  const into = o.of(a, 13, sums);
  if (into >= 0) {
    w.bodyEnergies(rad, vx, vy, om, m, I, x, y, phi, im, fxe, fye, te, k0, k1, gx, gy, into + 8 * s0);
    return true;
  }
  const s = w.sums;
  w.bodyEnergies(rad, vx, vy, om, m, I, x, y, phi, im, fxe, fye, te, k0, k1, gx, gy, s.byteOffset);
  for (let q = 0; q < 5; q++) sums[s0 + q] = s[q];
  return true;
}

/** The byte offsets of gearPredictWasm's columns, asked of the arena only when a column changes */
const OFFSETS_GEAR_PREDICT_WASM = new ArenaOffsets(7);

/** Gear's predict loop (integrators/gear.ts) over bodies [k0, k1): `g` the interleaved scaled derivatives */
export function gearPredictWasm(w: WasmKernels, b: BodyState, g: Float64Array, k0: number, k1: number, invDt: number): boolean {
  const o = OFFSETS_GEAR_PREDICT_WASM;
  const a = w.arena;
  const gg = o.of(a, 0, g), ex = o.of(a, 1, b.ex), ey = o.of(a, 2, b.ey), ephi = o.of(a, 3, b.ephi);
  const evx = o.of(a, 4, b.evx), evy = o.of(a, 5, b.evy), ew = o.of(a, 6, b.eomega);
  if ((gg | ex | ey | ephi | evx | evy | ew) < 0) return false;
  w.gearPredict(gg, ex, ey, ephi, evx, evy, ew, k0, k1, invDt);
  return true;
}

/** The byte offsets of gearCorrectWasm's columns, asked of the arena only when a column changes */
const OFFSETS_GEAR_CORRECT_WASM = new ArenaOffsets(22);

/** Gear's correct loop (integrators/gear.ts) over bodies [k0, k1); α_0, α_1, α_3 … α_5 and the flags that hold a body or a coordinate; with `ahead`, the next step's predict loop fused in */
export function gearCorrectWasm(
  w: WasmKernels, b: BodyState, g: Float64Array, k0: number, k1: number, immovable: number, lockX: number, lockY: number,
  a0: number, a1: number, a3: number, a4: number, a5: number, h2: number, invDt: number, invH2: number, flush: boolean, ahead: boolean,
): boolean {
  const o = OFFSETS_GEAR_CORRECT_WASM;
  const a = w.arena;
  const gg = o.of(a, 0, g), flags = o.of(a, 1, b.flags), fx = o.of(a, 2, b.fx), fy = o.of(a, 3, b.fy), tau = o.of(a, 4, b.tau);
  const im = o.of(a, 5, b.invMass), ii = o.of(a, 6, b.invInertia);
  const x = o.of(a, 7, b.x), y = o.of(a, 8, b.y), phi = o.of(a, 9, b.phi), vx = o.of(a, 10, b.vx), vy = o.of(a, 11, b.vy), om = o.of(a, 12, b.omega);
  const ax = o.of(a, 13, b.ax), ay = o.of(a, 14, b.ay), al = o.of(a, 15, b.alpha);
  const ex = o.of(a, 16, b.ex), ey = o.of(a, 17, b.ey), ephi = o.of(a, 18, b.ephi), evx = o.of(a, 19, b.evx), evy = o.of(a, 20, b.evy), ew = o.of(a, 21, b.eomega);
  if ((gg | flags | fx | fy | tau | im | ii | x | y | phi | vx | vy | om | ax | ay | al | ex | ey | ephi | evx | evy | ew) < 0) return false;
  if (ahead) w.gearCorrectPredict(gg, flags, fx, fy, tau, im, ii, x, y, phi, vx, vy, om, ax, ay, al, ex, ey, ephi, evx, evy, ew, k0, k1, immovable, lockX, lockY, a0, a1, a3, a4, a5, h2, invDt, invH2, flush ? 1 : 0);
  else w.gearCorrect(gg, flags, fx, fy, tau, im, ii, x, y, phi, vx, vy, om, ax, ay, al, k0, k1, immovable, lockX, lockY, a0, a1, a3, a4, a5, h2, invDt, invH2, flush ? 1 : 0);
  return true;
}

/** The byte offsets of bodyForcesWasm's columns, asked of the arena only when a column changes */
const OFFSETS_BODY_FORCES_WASM = new ArenaOffsets(8);

/** bodyForcesRange of sim/body-forces.ts over bodies [k0, k1) */
export function bodyForcesWasm(w: WasmKernels, b: BodyState, k0: number, k1: number, gx: number, gy: number): boolean {
  const o = OFFSETS_BODY_FORCES_WASM;
  const a = w.arena;
  const fx = o.of(a, 0, b.fx), fy = o.of(a, 1, b.fy), tau = o.of(a, 2, b.tau), m = o.of(a, 3, b.mass), im = o.of(a, 4, b.invMass);
  const fxe = o.of(a, 5, b.fxExt), fye = o.of(a, 6, b.fyExt), te = o.of(a, 7, b.tauExt);
  if ((fx | fy | tau | m | im | fxe | fye | te) < 0) return false;
  w.bodyForces(fx, fy, tau, m, im, fxe, fye, te, k0, k1, gx, gy);
  return true;
}

/** The byte offsets of particleBoundsWasm's columns, asked of the arena only when a column changes */
const OFFSETS_PARTICLE_BOUNDS_WASM = new ArenaOffsets(3);

/** particleBounds of neighbors/neighbor-search.ts over particles [0, n), into out[0 … 5] */
export function particleBoundsWasm(w: WasmKernels, x: Float64Array, y: Float64Array, radius: Float64Array, n: number, out: Float64Array): boolean {
  const o = OFFSETS_PARTICLE_BOUNDS_WASM;
  const a = w.arena, xx = o.of(a, 0, x), yy = o.of(a, 1, y), rr = o.of(a, 2, radius), s = w.sums;
  if ((xx | yy | rr) < 0 || s.length < 6) return false;
  w.particleBounds(xx, yy, rr, n, s.byteOffset);
  for (let q = 0; q < 6; q++) out[q] = s[q];
  return true;
}

/** The byte offsets of movedBeyondWasm's columns, asked of the arena only when a column changes */
const OFFSETS_MOVED_BEYOND_WASM = new ArenaOffsets(4);

/** movedBeyond of neighbors/verlet-reuse.ts over particles [p0, p1): 1 moved too far, 0 not, −1 a column is not in the arena */
export function movedBeyondWasm(
  w: WasmKernels, x: Float64Array, y: Float64Array, rx: Float64Array, ry: Float64Array, periodic: boolean, L: number, lim2: number, p0: number, p1: number,
): number {
  const o = OFFSETS_MOVED_BEYOND_WASM;
  const a = w.arena;
  const xx = o.of(a, 0, x), yy = o.of(a, 1, y), rxx = o.of(a, 2, rx), ryy = o.of(a, 3, ry);
  if ((xx | yy | rxx | ryy) < 0) return -1;
  return w.movedBeyond(xx, yy, rxx, ryy, p0, p1, lim2, periodic ? 1 : 0, L);
}
