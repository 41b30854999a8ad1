/**
 * AssemblyScript source of the contact-dynamics sweeps in WebAssembly: contact-dynamics/sweeps.ts's applyAll,
 * gaussSeidelSweep (its reshuffle with math/rng.ts's generator too) and jacobiSweep with local-solver.ts's solveLocal, expression for expression,
 * so the two give the same bits (test/core/cd-sweeps-wasm.test.ts). Columns by the table (cd-table.ts); the sweeps read
 * the contacts' geometry and W from a packed copy (cdPack), their forces from the columns.
 *   u⁰ = u − Δt W R;  R' = the local Signorini–Coulomb solution (paper 004 Eqs. 3–6; [Jean99] Eqs. 25, 29–34);
 *   v_j += Δt M_j⁻¹ ΔF, ω_j += Δt (r_j×ΔF)/I_j, and the opposite on i (paper 004 §II.A.2; docs/model.md#sweeps-and-the-stopping-rule).
 */
import { CI, CJ, II, IMX, IMY, NX, NY, OM, PACKED, PACKED_BYTES, PERM, RIX, RIY, RJX, RJY, RN, RN_OLD, RT, RT_OLD, TARGET, VX, VY, WIM, WNN, WNT, WNX, WNY, WTT, WVX, WVY } from './cd-table';

@inline function col(t: usize, s: i32): usize { return <usize>load<i32>(t + (<usize>s << 2)); }
@inline function f(a: usize, k: i32): f64 { return load<f64>(a + (<usize>k << 3)); }
@inline function setF(a: usize, k: i32, v: f64): void { store<f64>(a + (<usize>k << 3), v); }
@inline function i32At(a: usize, k: i32): i32 { return load<i32>(a + (<usize>k << 2)); }

/** The columns, read from the table once a call (bind) */
let ci: usize = 0, cj: usize = 0, cnx: usize = 0, cny: usize = 0, crix: usize = 0, criy: usize = 0, crjx: usize = 0, crjy: usize = 0;
let cwnn: usize = 0, cwtt: usize = 0, cwnt: usize = 0, ctarget: usize = 0, crn: usize = 0, crt: usize = 0, crnOld: usize = 0, crtOld: usize = 0;
let vx: usize = 0, vy: usize = 0, om: usize = 0, imx: usize = 0, imy: usize = 0, ii: usize = 0;
let wvx: usize = 0, wvy: usize = 0, wim: usize = 0, wnx: usize = 0, wny: usize = 0, perm: usize = 0, packed: usize = 0;
/**
 * The contacts' read-only numbers packed a contact after the other (cdPack), PACKED_BYTES each: a sweep in random order
 * then reads two cache lines a contact instead of one per column. Byte offsets in a contact's record:
 */
const P_NX = 0, P_NY = 8, P_RIX = 16, P_RIY = 24, P_RJX = 32, P_RJY = 40, P_WNN = 48, P_WTT = 56, P_WNT = 64, P_TARGET = 72, P_I = 80, P_J = 84;
@inline function rec(k: i32): usize { return packed + <usize>k * PACKED_BYTES; }
/** The local solution of the last solveContact (R_n, R_t) */
let outRn: f64 = 0, outRt: f64 = 0;

function bind(t: usize): void {
  ci = col(t, CI); cj = col(t, CJ); cnx = col(t, NX); cny = col(t, NY); crix = col(t, RIX); criy = col(t, RIY); crjx = col(t, RJX); crjy = col(t, RJY);
  cwnn = col(t, WNN); cwtt = col(t, WTT); cwnt = col(t, WNT); ctarget = col(t, TARGET); crn = col(t, RN); crt = col(t, RT);
  crnOld = col(t, RN_OLD); crtOld = col(t, RT_OLD);
  vx = col(t, VX); vy = col(t, VY); om = col(t, OM); imx = col(t, IMX); imy = col(t, IMY); ii = col(t, II);
  wvx = col(t, WVX); wvy = col(t, WVY); wim = col(t, WIM); wnx = col(t, WNX); wny = col(t, WNY); perm = col(t, PERM); packed = col(t, PACKED);
}

/** The step's contacts [0, n) packed into the table's PACKED (room for n records), before its sweeps */
export function cdPack(t: usize, n: i32): void {
  bind(t);
  for (let k = 0; k < n; k++) {
    const r = rec(k);
    store<f64>(r, f(cnx, k), P_NX); store<f64>(r, f(cny, k), P_NY);
    store<f64>(r, f(crix, k), P_RIX); store<f64>(r, f(criy, k), P_RIY); store<f64>(r, f(crjx, k), P_RJX); store<f64>(r, f(crjy, k), P_RJY);
    store<f64>(r, f(cwnn, k), P_WNN); store<f64>(r, f(cwtt, k), P_WTT); store<f64>(r, f(cwnt, k), P_WNT); store<f64>(r, f(ctarget, k), P_TARGET);
    store<i32>(r, i32At(ci, k), P_I); store<i32>(r, i32At(cj, k), P_J);
  }
}

/** sweeps.ts's solveContact: contact k from the current velocities, its new force into outRn, outRt */
@inline function solveContact(k: i32, mu: f64, dt: f64): void {
  const r = rec(k), i = load<i32>(r, P_I), j = load<i32>(r, P_J);
  const nx = load<f64>(r, P_NX), ny = load<f64>(r, P_NY);
  let ux = f(vx, j) - f(om, j) * load<f64>(r, P_RJY), uy = f(vy, j) + f(om, j) * load<f64>(r, P_RJX);
  if (i >= 0) {
    ux -= f(vx, i) - f(om, i) * load<f64>(r, P_RIY);
    uy -= f(vy, i) + f(om, i) * load<f64>(r, P_RIX);
  } else {
    const w = -1 - i;
    ux -= f(wvx, w);
    uy -= f(wvy, w);
  }
  const un = ux * nx + uy * ny, ut = -ux * ny + uy * nx;
  const rn = f(crn, k), rt = f(crt, k), wnn = load<f64>(r, P_WNN), wtt = load<f64>(r, P_WTT), wnt = load<f64>(r, P_WNT);
  if (wnn <= 0) { outRn = 0; outRt = 0; return; } // nothing at this contact can move
  const bn = un - dt * (wnn * rn + wnt * rt) - load<f64>(r, P_TARGET);
  const bt = ut - dt * (wnt * rn + wtt * rt);
  if (wnt == 0) decoupled(bn, bt, wnn, wtt, mu, dt);
  else coupled(bn, bt, wnn, wtt, wnt, mu, dt);
}

/** local-solver.ts's decoupled (W_nt = 0) */
@inline function decoupled(bn: f64, bt: f64, wnn: f64, wtt: f64, mu: f64, dt: f64): void {
  if (bn >= 0) { outRn = 0; outRt = 0; return; } // the contact opens (or stays open) without a force
  const rn = -bn / (dt * wnn); // R_n^st, paper 004 Eq. 4
  const rt = wtt > 0 ? -bt / (dt * wtt) : 0;
  const cap = mu * rn;
  outRn = rn;
  outRt = rt > cap ? cap : rt < -cap ? -cap : rt;
}

/** local-solver.ts's coupled (W_nt ≠ 0: polygons; [Jean99] Eq. 34) */
function coupled(bn: f64, bt: f64, wnn: f64, wtt: f64, wnt: f64, mu: f64, dt: f64): void {
  if (bn >= 0) { outRn = 0; outRt = 0; return; }
  const det = wnn * wtt - wnt * wnt;
  if (det > 0) {
    const rn = -(wtt * bn - wnt * bt) / (dt * det);
    const rt = -(wnn * bt - wnt * bn) / (dt * det);
    if (rn >= 0 && Math.abs(rt) <= mu * rn) { outRn = rn; outRt = rt; return; }
  }
  for (let eps: f64 = 1; eps >= -1; eps -= 2) {
    const dn = wnn + eps * mu * wnt, dtt = wnt + eps * mu * wtt;
    if (dn > 0 && eps * (dtt * bn - dn * bt) >= 0) {
      const rn = -bn / (dt * dn);
      outRn = rn; outRt = eps * mu * rn;
      return;
    }
  }
  outRn = -bn / (dt * wnn); outRt = 0; // the Painlevé case: stop the normal motion
}

/** sweeps.ts's applyChange: the force change (dRn, dRt) of contact k on its two bodies' velocities */
@inline function applyChange(k: i32, dRn: f64, dRt: f64, dt: f64): void {
  const r = rec(k), i = load<i32>(r, P_I), j = load<i32>(r, P_J);
  const nx = load<f64>(r, P_NX), ny = load<f64>(r, P_NY);
  const fx = dt * (dRn * nx - dRt * ny), fy = dt * (dRn * ny + dRt * nx); // impulse change on j
  setF(vx, j, f(vx, j) + f(imx, j) * fx);
  setF(vy, j, f(vy, j) + f(imy, j) * fy);
  setF(om, j, f(om, j) + f(ii, j) * (load<f64>(r, P_RJX) * fy - load<f64>(r, P_RJY) * fx));
  if (i >= 0) {
    setF(vx, i, f(vx, i) - f(imx, i) * fx);
    setF(vy, i, f(vy, i) - f(imy, i) * fy);
    setF(om, i, f(om, i) - f(ii, i) * (load<f64>(r, P_RIX) * fy - load<f64>(r, P_RIY) * fx));
  } else {
    const w = -1 - i, m = f(wim, w);
    if (m > 0) {
      const ex = f(wnx, w), ey = f(wny, w), dv = m * (fx * ex + fy * ey);
      setF(wvx, w, f(wvx, w) - dv * ex);
      setF(wvy, w, f(wvy, w) - dv * ey);
    }
  }
}

/** sweeps.ts's applyAll: every contact's whole current force (the warm start) */
export function cdApplyAll(t: usize, n: i32, dt: f64): void {
  bind(t);
  for (let k = 0; k < n; k++) {
    const rn = f(crn, k), rt = f(crt, k);
    if (rn == 0 && rt == 0) continue;
    applyChange(k, rn, rt, dt);
  }
}

/** The generator's state (math/rng.ts's st[0]) while a sweep draws */
let rngState: u32 = 0;
/** One step of math/rng.ts's mulberry32 (its Math.imul are i32 products, its `^=` of a sum an i32 sum): the output */
@inline function mulberry32(): u32 {
  const s = rngState + 0x6d2b79f5;
  rngState = s;
  let r = <i32>(s ^ (s >>> 15)) * <i32>(s | 1);
  r ^= r + <i32>(r ^ (<u32>r >>> 7)) * (r | 61);
  return <u32>r ^ (<u32>r >>> 14);
}

/**
 * gaussSeidelSweep: the table's PERM reshuffled (sweeps.ts's reshuffle, Fisher–Yates with Rng.below from the generator's
 * state `state`), then the contacts in that order; the generator's state after the draws
 */
export function cdGaussSeidel(t: usize, n: i32, mu: f64, dt: f64, state: u32): u32 {
  bind(t);
  rngState = state;
  for (let a = n - 1; a > 0; a--) {
    const b = <i32>Math.floor((<f64>mulberry32() / 4294967296) * <f64>(a + 1));
    const pa = perm + (<usize>a << 2), pb = perm + (<usize>b << 2), x = load<i32>(pa);
    store<i32>(pa, load<i32>(pb));
    store<i32>(pb, x);
  }
  for (let p = 0; p < n; p++) {
    const k = i32At(perm, p);
    solveContact(k, mu, dt);
    const dRn = outRn - f(crn, k), dRt = outRt - f(crt, k);
    if (dRn != 0 || dRt != 0) {
      applyChange(k, dRn, dRt, dt);
      setF(crn, k, outRn); setF(crt, k, outRt);
    }
  }
  return rngState;
}

/** jacobiSweep: every contact from the velocities at the sweep's start (RN_OLD, RT_OLD: the forces then), then every change */
export function cdJacobi(t: usize, n: i32, mu: f64, dt: f64): void {
  bind(t);
  for (let k = 0; k < n; k++) {
    solveContact(k, mu, dt);
    setF(crn, k, outRn); setF(crt, k, outRt);
  }
  for (let k = 0; k < n; k++) {
    const dRn = f(crn, k) - f(crnOld, k), dRt = f(crt, k) - f(crtOld, k);
    if (dRn == 0 && dRt == 0) continue;
    applyChange(k, dRn, dRt, dt);
  }
}
