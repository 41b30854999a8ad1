/**
 * The per-body stages in WebAssembly (assembly/gssss-steps.ts, gear-steps.ts, body-forces.ts,
 * body-energies.ts) over the arena's columns in place: GSSSS's predictor and update (integrators/gssss.ts),
 * Gear's (integrators/gear.ts), gravity and external forces (sim/body-forces.ts), the body energies
 * (diagnostics/energy.ts), the Verlet list's reuse test (neighbors/verlet-reuse.ts) and the collision
 * monitor's passes (diagnostics/collision-monitor.ts), the same bits and answers as their JavaScript twins.
 * Each runs over a range of bodies (all of them serially; a chunk on a worker pool, parallel/kernels.ts) and
 * does nothing and says so (false, or −1) when a column is not in the kernels' arena.
 */
import type { MonitorColumns } from '../diagnostics/collision-monitor';
import type { BodyState } from '../state/body-state';
import type { WasmKernels } from './kernels';

/** gssssPredict of integrators/gssss.ts over bodies [k0, k1) */
export function gssssPredictWasm(w: WasmKernels, b: BodyState, k0: number, k1: number, pv: number, pa: number, va: number): boolean {
  const a = w.arena;
  const x = a.offsetOf(b.x), y = a.offsetOf(b.y), phi = a.offsetOf(b.phi), vx = a.offsetOf(b.vx), vy = a.offsetOf(b.vy), om = a.offsetOf(b.omega);
  const ax = a.offsetOf(b.ax), ay = a.offsetOf(b.ay), al = a.offsetOf(b.alpha);
  const ex = a.offsetOf(b.ex), ey = a.offsetOf(b.ey), ephi = a.offsetOf(b.ephi), evx = a.offsetOf(b.evx), evy = a.offsetOf(b.evy), ew = a.offsetOf(b.eomega);
  if ((x | y | phi | vx | vy | om | ax | ay | al | ex | ey | ephi | evx | evy | ew) < 0) return false;
  w.gssssPredictCoordinate(x, vx, ax, ex, evx, k0, k1, pv, pa, va);
  w.gssssPredictCoordinate(y, vy, ay, ey, evy, k0, k1, pv, pa, va);
  w.gssssPredictCoordinate(phi, om, al, ephi, ew, k0, k1, pv, pa, va);
  return true;
}

/** gssssUpdate of integrators/gssss.ts over bodies [k0, k1); `heldX`, `heldY`, `heldPhi`: the flags that hold each coordinate */
export function gssssUpdateWasm(
  w: WasmKernels, b: BodyState, k0: number, k1: number, heldX: number, heldY: number, heldPhi: number, dt: number, h: number, l3: number, l5: number, inv: number,
): boolean {
  const a = w.arena;
  const x = a.offsetOf(b.x), y = a.offsetOf(b.y), phi = a.offsetOf(b.phi), vx = a.offsetOf(b.vx), vy = a.offsetOf(b.vy), om = a.offsetOf(b.omega);
  const ax = a.offsetOf(b.ax), ay = a.offsetOf(b.ay), al = a.offsetOf(b.alpha), fx = a.offsetOf(b.fx), fy = a.offsetOf(b.fy), tau = a.offsetOf(b.tau);
  const im = a.offsetOf(b.invMass), ii = a.offsetOf(b.invInertia), flags = a.offsetOf(b.flags);
  if ((x | y | phi | vx | vy | om | ax | ay | al | fx | fy | tau | im | ii | flags) < 0) return false;
  w.gssssUpdateCoordinate(x, vx, ax, fx, im, flags, heldX, k0, k1, dt, h, l3, l5, inv);
  w.gssssUpdateCoordinate(y, vy, ay, fy, im, flags, heldY, k0, k1, dt, h, l3, l5, inv);
  w.gssssUpdateCoordinate(phi, om, al, tau, ii, flags, heldPhi, k0, k1, dt, h, l3, l5, inv);
  return true;
}

/** bodyEnergiesRange of diagnostics/energy.ts over bodies [k0, k1), its five sums into sums[s0 … s0 + 4] */
export function bodyEnergiesWasm(w: WasmKernels, b: BodyState, k0: number, k1: number, gx: number, gy: number, sums: Float64Array, s0: number): boolean {
  const a = w.arena;
  const rad = a.offsetOf(b.radius), vx = a.offsetOf(b.vx), vy = a.offsetOf(b.vy), om = a.offsetOf(b.omega), m = a.offsetOf(b.mass), I = a.offsetOf(b.inertia);
  const x = a.offsetOf(b.x), y = a.offsetOf(b.y), phi = a.offsetOf(b.phi), im = a.offsetOf(b.invMass);
  const fxe = a.offsetOf(b.fxExt), fye = a.offsetOf(b.fyExt), te = a.offsetOf(b.tauExt);
  if ((rad | vx | vy | om | m | I | x | y | phi | im | fxe | fye | te) < 0) return false;
  const into = a.offsetOf(sums);
  if (into >= 0) {
    w.bodyEnergies(rad, vx, vy, om, m, I, x, y, phi, im, fxe, fye, te, k0, k1, gx, gy, into + 8 * s0);
    return true;
  }
  const s = w.sums;
  w.bodyEnergies(rad, vx, vy, om, m, I, x, y, phi, im, fxe, fye, te, k0, k1, gx, gy, s.byteOffset);
  for (let q = 0; q < 5; q++) sums[s0 + q] = s[q];
  return true;
}

/** Gear's predict loop (integrators/gear.ts) over bodies [k0, k1): `g` the interleaved scaled derivatives */
export function gearPredictWasm(w: WasmKernels, b: BodyState, g: Float64Array, k0: number, k1: number, invDt: number): boolean {
  const a = w.arena;
  const gg = a.offsetOf(g), ex = a.offsetOf(b.ex), ey = a.offsetOf(b.ey), ephi = a.offsetOf(b.ephi);
  const evx = a.offsetOf(b.evx), evy = a.offsetOf(b.evy), ew = a.offsetOf(b.eomega);
  if ((gg | ex | ey | ephi | evx | evy | ew) < 0) return false;
  w.gearPredict(gg, ex, ey, ephi, evx, evy, ew, k0, k1, invDt);
  return true;
}

/** Gear's correct loop (integrators/gear.ts) over bodies [k0, k1); α_0, α_1, α_3 … α_5 and the flags that hold a body or a coordinate; with `ahead`, the next step's predict loop fused in */
export function gearCorrectWasm(
  w: WasmKernels, b: BodyState, g: Float64Array, k0: number, k1: number, immovable: number, lockX: number, lockY: number,
  a0: number, a1: number, a3: number, a4: number, a5: number, h2: number, invDt: number, invH2: number, flush: boolean, ahead: boolean,
): boolean {
  const a = w.arena;
  const gg = a.offsetOf(g), flags = a.offsetOf(b.flags), fx = a.offsetOf(b.fx), fy = a.offsetOf(b.fy), tau = a.offsetOf(b.tau);
  const im = a.offsetOf(b.invMass), ii = a.offsetOf(b.invInertia);
  const x = a.offsetOf(b.x), y = a.offsetOf(b.y), phi = a.offsetOf(b.phi), vx = a.offsetOf(b.vx), vy = a.offsetOf(b.vy), om = a.offsetOf(b.omega);
  const ax = a.offsetOf(b.ax), ay = a.offsetOf(b.ay), al = a.offsetOf(b.alpha);
  const ex = a.offsetOf(b.ex), ey = a.offsetOf(b.ey), ephi = a.offsetOf(b.ephi), evx = a.offsetOf(b.evx), evy = a.offsetOf(b.evy), ew = a.offsetOf(b.eomega);
  if ((gg | flags | fx | fy | tau | im | ii | x | y | phi | vx | vy | om | ax | ay | al | ex | ey | ephi | evx | evy | ew) < 0) return false;
  if (ahead) w.gearCorrectPredict(gg, flags, fx, fy, tau, im, ii, x, y, phi, vx, vy, om, ax, ay, al, ex, ey, ephi, evx, evy, ew, k0, k1, immovable, lockX, lockY, a0, a1, a3, a4, a5, h2, invDt, invH2, flush ? 1 : 0);
  else w.gearCorrect(gg, flags, fx, fy, tau, im, ii, x, y, phi, vx, vy, om, ax, ay, al, k0, k1, immovable, lockX, lockY, a0, a1, a3, a4, a5, h2, invDt, invH2, flush ? 1 : 0);
  return true;
}

/** bodyForcesRange of sim/body-forces.ts over bodies [k0, k1) */
export function bodyForcesWasm(w: WasmKernels, b: BodyState, k0: number, k1: number, gx: number, gy: number): boolean {
  const a = w.arena;
  const fx = a.offsetOf(b.fx), fy = a.offsetOf(b.fy), tau = a.offsetOf(b.tau), m = a.offsetOf(b.mass), im = a.offsetOf(b.invMass);
  const fxe = a.offsetOf(b.fxExt), fye = a.offsetOf(b.fyExt), te = a.offsetOf(b.tauExt);
  if ((fx | fy | tau | m | im | fxe | fye | te) < 0) return false;
  w.bodyForces(fx, fy, tau, m, im, fxe, fye, te, k0, k1, gx, gy);
  return true;
}

/** particleBounds of neighbors/neighbor-search.ts over particles [0, n), into out[0 … 5] */
export function particleBoundsWasm(w: WasmKernels, x: Float64Array, y: Float64Array, radius: Float64Array, n: number, out: Float64Array): boolean {
  const a = w.arena, xx = a.offsetOf(x), yy = a.offsetOf(y), rr = a.offsetOf(radius), s = w.sums;
  if ((xx | yy | rr) < 0 || s.length < 6) return false;
  w.particleBounds(xx, yy, rr, n, s.byteOffset);
  for (let q = 0; q < 6; q++) out[q] = s[q];
  return true;
}

/** movedBeyond of neighbors/verlet-reuse.ts over particles [p0, p1): 1 moved too far, 0 not, −1 a column is not in the arena */
export function movedBeyondWasm(
  w: WasmKernels, x: Float64Array, y: Float64Array, rx: Float64Array, ry: Float64Array, periodic: boolean, L: number, lim2: number, p0: number, p1: number,
): number {
  const a = w.arena;
  const xx = a.offsetOf(x), yy = a.offsetOf(y), rxx = a.offsetOf(rx), ryy = a.offsetOf(ry);
  if ((xx | yy | rxx | ryy) < 0) return -1;
  return w.movedBeyond(xx, yy, rxx, ryy, p0, p1, lim2, periodic ? 1 : 0, L);
}

/** The collision monitor's collisionEvents then freeFlight for each chunk of `chunkSize` bodies of [0, n), as its serial loop runs them */
export function collisionPassesWasm(w: WasmKernels, s: MonitorColumns, b: BodyState, n: number, steps: number, chunkSize: number): boolean {
  for (let k = 0, a0 = 0; a0 < n; k++, a0 += chunkSize) {
    const a1 = Math.min(n, a0 + chunkSize);
    if (!collisionEventsWasm(w, s, b, a0, a1, steps, k, chunkSize)) return false;
    freeFlightWasm(w, s, b, a0, a1);
  }
  return true;
}

/** The collision monitor's collisionEvents over bodies [a0, a1), chunk `chunk` of `chunkSize` bodies */
export function collisionEventsWasm(w: WasmKernels, s: MonitorColumns, b: BodyState, a0: number, a1: number, steps: number, chunk: number, chunkSize: number): boolean {
  const a = w.arena;
  const partner = a.offsetOf(s.partner), prev = a.offsetOf(s.prev), clean = a.offsetOf(s.clean), pending = a.offsetOf(s.pending);
  const onX = a.offsetOf(s.onX), onY = a.offsetOf(s.onY), freeVx = a.offsetOf(s.freeVx), freeVy = a.offsetOf(s.freeVy);
  const pendingBefore = a.offsetOf(s.pendingBefore), pendingStep = a.offsetOf(s.pendingStep), offX = a.offsetOf(s.offX), offY = a.offsetOf(s.offY);
  const found = a.offsetOf(s.found), foundE = a.offsetOf(s.foundE);
  const x = a.offsetOf(b.x), y = a.offsetOf(b.y), vx = a.offsetOf(b.vx), vy = a.offsetOf(b.vy);
  if ((partner | prev | clean | pending | onX | onY | freeVx | freeVy | pendingBefore | pendingStep | offX | offY | found | foundE | x | y | vx | vy) < 0) return false;
  w.collisionEvents(partner, prev, clean, pending, onX, onY, freeVx, freeVy, pendingBefore, pendingStep, offX, offY, found, foundE, x, y, vx, vy, a0, a1, steps, chunk, chunkSize);
  return true;
}

/** The collision monitor's freeFlight over bodies [a0, a1) */
export function freeFlightWasm(w: WasmKernels, s: MonitorColumns, b: BodyState, a0: number, a1: number): boolean {
  const a = w.arena;
  const partner = a.offsetOf(s.partner), prev = a.offsetOf(s.prev), clean = a.offsetOf(s.clean), freeSteps = a.offsetOf(s.freeSteps);
  const freeVx = a.offsetOf(s.freeVx), freeVy = a.offsetOf(s.freeVy), vx = a.offsetOf(b.vx), vy = a.offsetOf(b.vy);
  if ((partner | prev | clean | freeSteps | freeVx | freeVy | vx | vy) < 0) return false;
  w.freeFlight(partner, prev, clean, freeSteps, freeVx, freeVy, vx, vy, a0, a1);
  return true;
}
