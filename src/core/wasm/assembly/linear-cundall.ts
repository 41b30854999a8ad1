/**
 * The per-contact block of the disc kernels (disc-pairs.ts, disc-walls.ts), written once: the dashpots, the
 * linear law, the Cundall spring under the Coulomb cap and the energy account's sums, for one contact whose
 * overlap, relative surface velocity and reduced mass the caller found. Inlined into each loop.
 *   γ_n = 2ζ_n √(m_r k_n) (laws/dashpot.ts);  f_n = k_n δ − γ_n u_n (paper 002 Eq. 8);
 *   ξ* = ξ + u_t Δt (paper 000 Eq. 7);  |f_t| ≤ μ f_n (contacts/coulomb-cap.ts);  E = ½k_n δ² + ½k_t ξ².
 */
import { capDashpot, capSlip, capXi, cappedCundall } from './cundall-cap';

/** The sums the loops carry (normal power, dashpot, slip, elastic energy): this instance's, so one per thread */
let normalPower: f64 = 0, dashpot: f64 = 0, slip: f64 = 0, energy: f64 = 0;
/** f_n of the last contact */
let lastFn: f64 = 0;

/** The sums from the pass's sums at `sums` (disc-force-pass.ts's NORMAL_POWER, DASHPOT_POWER, SLIP_POWER, ELASTIC) */
@inline export function loadSums(sums: usize): void {
  normalPower = load<f64>(sums); dashpot = load<f64>(sums, 8); slip = load<f64>(sums, 16); energy = load<f64>(sums, 40);
}

/** …and back */
@inline export function storeSums(sums: usize): void {
  store<f64>(sums, normalPower); store<f64>(sums, dashpot, 8); store<f64>(sums, slip, 16); store<f64>(sums, energy, 40);
}

/** f_n of the contact linearCundall last did */
@inline export function contactFn(): f64 { return lastFn; }

/**
 * One contact's forces (row k8 / 8 of the record: f_n, f_t, ξ*, and ξ committed or kept); with `whole` (a wall's
 * contact, written whole) also γ_n, γ_t and the elastic force. Returns f_t; contactFn() gives f_n. The booleans
 * are the caller's loop constants: the branches they choose fold where they are constant.
 */
@inline export function linearCundall(
  k8: usize, delta: f64, un: f64, ut: f64, mr: f64, xi0: f64,
  kn: f64, kt: f64, mu: f64, invKt: f64, zn2: f64, zt2: f64, sqrtKn: f64, sqrtKt: f64, ratio: f64, dt: f64,
  fromRatio: bool, clamp: bool, elastic: bool, commit: bool,
  ofn: usize, oft: usize, oxiE: usize, oxi: usize, whole: bool, ogn: usize, ogt: usize, ofe: usize,
): f64 {
  const sm = Math.sqrt(mr);
  const g = zn2 * sm * sqrtKn;
  const gt = fromRatio ? ratio * g : zt2 * sm * sqrtKt;
  const e = kn * delta;
  if (whole) { store<f64>(ogn + k8, g); store<f64>(ogt + k8, gt); store<f64>(ofe + k8, e); }
  let fn = e - g * un;
  if (clamp && fn < 0) fn = 0;
  else normalPower += g * un * un;
  store<f64>(ofn + k8, fn);
  const ft = cappedCundall(xi0, ut, dt, e, fn, kt, invKt, gt, mu, elastic);
  const xi = capXi;
  slip += capSlip;
  dashpot += capDashpot;
  store<f64>(oxiE + k8, xi);
  store<f64>(oxi + k8, commit ? xi : xi0);
  store<f64>(oft + k8, ft);
  energy += 0.5 * kn * delta * delta;
  energy += 0.5 * kt * xi * xi;
  lastFn = fn;
  return ft;
}
