/**
 * The oracles' per-contact block, the JavaScript twin of src/core/wasm/assembly/linear-cundall.ts: the dashpots
 * (laws/dashpot.ts), the linear law f_n = k_n δ − γ_n u_n (paper 002 Eq. 8), the Cundall trial ξ* = ξ + u_t Δt
 * (paper 000 Eq. 7) under the Coulomb cap (contacts/coulomb-cap.ts), and the pass's sums, each expression the staged
 * pipeline's own, in its order. The pair oracle (disc-pair-loop.ts) and the wall oracle (disc-wall-loop.ts) call it.
 */
import { DASHPOT_POWER, ELASTIC, NORMAL_POWER, SLIP_POWER } from '../../../src/core/contacts/disc-force-pass';
import type { PairMaterial } from '../../../src/core/contacts/disc-pass-view';

/** One contact's numbers: γ_n, γ_t, the elastic normal force k_n δ, f_n, f_t and the spring ξ after the cap */
export interface ContactForce { g: number; gt: number; e: number; fn: number; ft: number; xi: number }

/** The contact of overlap δ, velocities u_n and u_t, reduced mass m_r and last step's spring ξ0 into `out`; adds to sums[s0 + …]. */
export function linearCundall(
  m: PairMaterial, dt: number, delta: number, un: number, ut: number, mr: number, xi0: number, sums: Float64Array, s0: number, out: ContactForce,
): void {
  const kn = m.kn, kt = m.kt, mu = m.mu, invKt = kt > 0 ? 1 / kt : 0;
  const sm = Math.sqrt(mr);
  const g = 2 * m.zetaN * sm * Math.sqrt(kn);
  const gt = m.gtFromRatio ? m.gtRatio * g : 2 * m.zetaT * sm * Math.sqrt(kt);
  const e = kn * delta;
  let fn = e - g * un;
  if (m.clampNormal && fn < 0) fn = 0;
  else sums[s0 + NORMAL_POWER] += g * un * un;
  let xi = xi0 + ut * dt, ft: number;
  if (m.capElastic) {
    const lim = e > 0 ? mu * e : 0;
    if (kt * Math.abs(xi) > lim) {
      xi = (xi > 0 ? lim : -lim) * invKt;
      sums[s0 + SLIP_POWER] += kt * xi * ut;
    }
    ft = -kt * xi - gt * ut;
    sums[s0 + DASHPOT_POWER] += gt * ut * ut;
  } else {
    const f = -kt * xi - gt * ut;
    const lim = fn > 0 ? mu * fn : 0;
    if (Math.abs(f) > lim) {
      ft = f > 0 ? lim : -lim;
      xi = -ft * invKt;
      sums[s0 + SLIP_POWER] -= ft * ut;
    } else {
      ft = f;
      sums[s0 + DASHPOT_POWER] += gt * ut * ut;
    }
  }
  sums[s0 + ELASTIC] += 0.5 * kn * delta * delta; // laws/linear.ts energy
  sums[s0 + ELASTIC] += 0.5 * kt * xi * xi;
  out.g = g; out.gt = gt; out.e = e; out.fn = fn; out.ft = ft; out.xi = xi;
}
