/**
 * The fused polygon pass's per-contact block (issue 38; contacts/polygon-force-pass.ts), inlined into the polygon
 * kernels (polygon-pairs.ts) right after a contact's row is written: the stages that follow the narrow phase on the
 * staged path, for that one contact, expression for expression and in their order, so the bits are theirs —
 * contacts/contact-velocity.ts (u_n, u_t, m_r), laws/dashpot.ts (γ_n, γ_t, k_t), laws/area.ts with dashpot.ts's
 * dampedNormal (f_n), carryHistory's ξ (state/contact-list.ts), the Cundall trial (tangential/cundall.ts), the Coulomb
 * cap (contacts/coulomb-cap.ts), the scatter (contacts/scatter-forces.ts) and the energy account's estimate
 * (sim/energy-ledger.ts approxElastic).
 *   γ_n = 2ζ_n √(m_r k_n);  f_n = k_n A / l_c − γ_n u_n (paper 000 Eqs. 4–5);  ξ* = ξ + u_t Δt (paper 000 Eq. 7);
 *   |f_t| ≤ μ f_n;  F = f_n n + f_t t on j, τ_j += r_jn f_t − r_jt f_n;  E ≈ ½ f_e d + ½ k_t ξ².
 */
import {
  CAP_ELASTIC, CLAMP, COMMIT, DT, EVX, EVY, EW, FROM_RATIO, FX, FY, IM, KN, KT, MU, OFE, OFN, OFT, OGN, OGT, OISNEW, OKT, OMR, OUN, OUT, OXI,
  OXI_EVAL, PARAMS_AT, PXI, RATIO, SUMS_AT, TAU, WALL_FIXED, WALL_FX, WALL_FY, WALL_VX, WALL_VY, ZETA_N, ZETA_T,
} from './polygon-table';
import { capDashpot, capSlip, capXi, cappedCundall } from './cundall-cap';

@inline function slot(t: usize, s: i32): usize { return <usize>load<i32>(t + (<usize>s << 2)); }
@inline function param(t: usize, s: i32): f64 { return load<f64>(t + PARAMS_AT + (<usize>s << 3)); }
@inline function setParam(t: usize, s: i32, v: f64): void { store<f64>(t + PARAMS_AT + (<usize>s << 3), v); }
@inline function addF64(a: usize, b: usize, v: f64): void { store<f64>(a + b, load<f64>(a + b) + v); }

/** The columns, read from the table once a kernel call (beginForces) */
let evx: usize = 0, evy: usize = 0, ew: usize = 0, im: usize = 0, fx: usize = 0, fy: usize = 0, tau: usize = 0;
let oun: usize = 0, out: usize = 0, omr: usize = 0, ogn: usize = 0, ogt: usize = 0, okt: usize = 0, ofe: usize = 0;
let ofn: usize = 0, oft: usize = 0, oxi: usize = 0, oxiE: usize = 0, onew: usize = 0, pxi: usize = 0;
/** The material and the spring's step */
let kn: f64 = 0, kt: f64 = 0, mu: f64 = 0, invKt: f64 = 0, zn2: f64 = 0, zt2: f64 = 0, sqrtKn: f64 = 0, sqrtKt: f64 = 0, gtRatio: f64 = 0, dt: f64 = 0;
let commit = false, elastic = false, clamp = false, fromRatio = false, wallFixed = false;
/** The sums (normal, dashpot, slip power, max ratio, wall power, elastic energy), a wall's velocity and the force on it */
let normalPower: f64 = 0, dashpot: f64 = 0, slip: f64 = 0, maxRatio: f64 = 0, wallPower: f64 = 0, energy: f64 = 0;
let wvx: f64 = 0, wvy: f64 = 0, wfx: f64 = 0, wfy: f64 = 0;

/** The table's columns, material and sums at t (the flags: polygon-table.ts's) */
export function beginForces(t: usize, flags: i32): void {
  evx = slot(t, EVX); evy = slot(t, EVY); ew = slot(t, EW); im = slot(t, IM); fx = slot(t, FX); fy = slot(t, FY); tau = slot(t, TAU);
  oun = slot(t, OUN); out = slot(t, OUT); omr = slot(t, OMR); ogn = slot(t, OGN); ogt = slot(t, OGT); okt = slot(t, OKT); ofe = slot(t, OFE);
  ofn = slot(t, OFN); oft = slot(t, OFT); oxi = slot(t, OXI); oxiE = slot(t, OXI_EVAL); onew = slot(t, OISNEW); pxi = slot(t, PXI);
  kn = param(t, KN); kt = param(t, KT); mu = param(t, MU); gtRatio = param(t, RATIO); dt = param(t, DT);
  invKt = kt > 0 ? 1 / kt : 0;
  zn2 = 2 * param(t, ZETA_N); zt2 = 2 * param(t, ZETA_T); sqrtKn = Math.sqrt(kn); sqrtKt = Math.sqrt(kt);
  commit = (flags & COMMIT) != 0; elastic = (flags & CAP_ELASTIC) != 0; clamp = (flags & CLAMP) != 0;
  fromRatio = (flags & FROM_RATIO) != 0; wallFixed = (flags & WALL_FIXED) != 0;
  const s = t + PARAMS_AT + (<usize>SUMS_AT << 3);
  normalPower = load<f64>(s); dashpot = load<f64>(s, 8); slip = load<f64>(s, 16); maxRatio = load<f64>(s, 24);
  wallPower = load<f64>(s, 32); energy = load<f64>(s, 40);
  wvx = param(t, WALL_VX); wvy = param(t, WALL_VY); wfx = param(t, WALL_FX); wfy = param(t, WALL_FY);
}

/** …and the sums and the wall's force back */
export function endForces(t: usize): void {
  const s = t + PARAMS_AT + (<usize>SUMS_AT << 3);
  store<f64>(s, normalPower); store<f64>(s, dashpot, 8); store<f64>(s, slip, 16); store<f64>(s, maxRatio, 24);
  store<f64>(s, wallPower, 32); store<f64>(s, energy, 40);
  setParam(t, WALL_FX, wfx); setParam(t, WALL_FY, wfy);
}

/**
 * Contact k between i and j (i < 0: a wall, `wall` the caller's constant) with the row's geometry: normal, area, l_c,
 * overlap ratio, mean depth, lever arms in the contact frame; h its row in last step's list (−1: new).
 */
@inline export function areaCundall(
  k: i32, i: i32, j: i32, nx: f64, ny: f64, area: f64, lc: f64, ratio: f64, depth: f64, rin: f64, rit: f64, rjn: f64, rjt: f64, h: i32, wall: bool,
): void {
  const k8 = <usize>k << 3, bj = <usize>j << 3, bi = <usize>i << 3;
  // contact-velocity.ts
  let dvx: f64, dvy: f64, wi: f64, imSum: f64;
  if (!wall) {
    dvx = load<f64>(evx + bj) - load<f64>(evx + bi); dvy = load<f64>(evy + bj) - load<f64>(evy + bi); wi = load<f64>(ew + bi);
    imSum = load<f64>(im + bi) + load<f64>(im + bj);
  } else {
    dvx = load<f64>(evx + bj) - wvx; dvy = load<f64>(evy + bj) - wvy; wi = 0; imSum = load<f64>(im + bj);
  }
  const wj = load<f64>(ew + bj);
  const un = dvx * nx + dvy * ny + rit * wi - rjt * wj;
  const ut = -dvx * ny + dvy * nx - rin * wi + rjn * wj;
  const mr = imSum > 0 ? 1 / imSum : 0;
  store<f64>(oun + k8, un); store<f64>(out + k8, ut); store<f64>(omr + k8, mr);
  // dashpot.ts
  const sm = Math.sqrt(mr);
  const g = zn2 * sm * sqrtKn;
  const gt = fromRatio ? gtRatio * g : zt2 * sm * sqrtKt;
  store<f64>(ogn + k8, g); store<f64>(ogt + k8, gt); store<f64>(okt + k8, kt);
  // carryHistory
  store<u8>(onew + <usize>k, h >= 0 ? 0 : 1);
  const xi0 = h >= 0 ? load<f64>(pxi + (<usize>h << 3)) : 0;
  // area.ts, dampedNormal
  const e = (kn * area) / lc;
  store<f64>(ofe + k8, e);
  let fn = e - g * un;
  if (clamp && fn < 0) fn = 0;
  else normalPower += g * un * un;
  store<f64>(ofn + k8, fn);
  // cundall.ts, coulomb-cap.ts (cundall-cap.ts)
  const ft = cappedCundall(xi0, ut, dt, e, fn, kt, invKt, gt, mu, elastic);
  const xi = capXi;
  slip += capSlip;
  dashpot += capDashpot;
  store<f64>(oxiE + k8, xi);
  store<f64>(oxi + k8, commit ? xi : xi0);
  store<f64>(oft + k8, ft);
  // scatter-forces.ts
  const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
  addF64(fx, bj, Fx); addF64(fy, bj, Fy); addF64(tau, bj, rjn * ft - rjt * fn);
  if (ratio > maxRatio) maxRatio = ratio;
  if (!wall) {
    addF64(fx, bi, -Fx); addF64(fy, bi, -Fy); addF64(tau, bi, -(rin * ft - rit * fn));
  } else {
    wfx -= Fx; wfy -= Fy;
    if (wallFixed) wallPower += Fx * wvx + Fy * wvy;
  }
  // energy-ledger.ts approxElastic (the committed spring, as the ledger reads it after the step)
  energy += 0.5 * e * depth;
  energy += 0.5 * kt * xi * xi;
}
