/**
 * Coulomb cap on the trial tangential spring (docs/model.md#coulomb-cap). Reads xiEval (trial ξ),
 * fe (the contact law's critical force: its elastic normal force f_n^e), fn, ut, gt and the contact's k_t (kt);
 * writes ft and the capped xiEval.
 *   'elastic' (paper 000, Eqs. 6–7 text): |k_t ξ| ≤ μ f_n^e; on slip ξ = sign(ξ) μ f_n^e/k_t;
 *             f_t = −k_t ξ − γ_t u_t (dashpot outside the cap)
 *   'total'   (paper 002): f_t* = −k_t ξ − γ_t u_t; if |f_t*| > μ f_n⁺: f_t = s μ f_n⁺,
 *             ξ = −s μ f_n⁺/k_t with s = sign(f_t*)
 * It also writes the power the tangential forces dissipate, for the energy ledger: power[0] the dashpots,
 * Σ γ_t u_t² over the contacts whose dashpot acts as such (all with the elastic cap, the sticking ones with
 * the total cap), power[1] Coulomb sliding, Σ −f_c u_t over the capped contacts with f_c the capped force
 * (the spring's −k_t ξ with the elastic cap, the whole f_t with the total cap).
 */
import type { MaterialCoefficients } from '../laws/material';
import type { ContactList } from '../state/contact-list';

export function coulombCap(c: ContactList, m: MaterialCoefficients, power: Float64Array): void {
  const n = c.count, xiE = c.xiEval, ft = c.ft, ut = c.ut, gt = c.gt, ktA = c.kt;
  const mu = m.mu;
  let dashpot = 0, slip = 0;
  if (m.capElastic) {
    const feA = c.fe;
    for (let k = 0; k < n; k++) {
      const kt = ktA[k], invKt = kt > 0 ? 1 / kt : 0;
      let xi = xiE[k];
      const fe = feA[k];
      const lim = fe > 0 ? mu * fe : 0;
      const u = ut[k], g = gt[k];
      if (kt * Math.abs(xi) > lim) {
        xi = (xi > 0 ? lim : -lim) * invKt;
        slip += kt * xi * u; // the capped spring's force −k_t ξ against the sliding u_t
      }
      xiE[k] = xi;
      ft[k] = -kt * xi - g * u;
      dashpot += g * u * u;
    }
  } else {
    const fnA = c.fn;
    for (let k = 0; k < n; k++) {
      const kt = ktA[k], invKt = kt > 0 ? 1 / kt : 0;
      const xi = xiE[k], u = ut[k], g = gt[k];
      const f = -kt * xi - g * u;
      const fnk = fnA[k];
      const lim = fnk > 0 ? mu * fnk : 0;
      if (Math.abs(f) > lim) {
        const s = f > 0 ? lim : -lim;
        ft[k] = s;
        xiE[k] = -s * invKt;
        slip -= s * u;
      } else {
        ft[k] = f;
        dashpot += g * u * u;
      }
    }
  }
  power[0] = dashpot;
  power[1] = slip;
}

/**
 * The same cap for the stored springs ξ[0…n) given the normal state of each (elastic force f_n^e, total
 * f_n, tangential stiffness k_t) and u_t of that state: caps ξ in place. Used for the stored spring at t_{n+1}
 * (docs/model.md#traditional-and-consistent-updates, paper 002 rule 3). Batched over arrays, so the hot loop passes no
 * number across a call (a call V8 does not inline boxes every double argument and result).
 */
export function capSprings(
  xi: Float64Array, fe: Float64Array, fn: Float64Array, ut: Float64Array, gt: Float64Array, ktA: Float64Array, n: number, m: MaterialCoefficients,
): void {
  const mu = m.mu, elastic = m.capElastic;
  for (let k = 0; k < n; k++) {
    const x = xi[k], kt = ktA[k];
    if (elastic) {
      const lim = fe[k] > 0 ? mu * fe[k] : 0;
      if (kt * Math.abs(x) > lim) xi[k] = (x > 0 ? lim : -lim) / kt;
      continue;
    }
    const f = -kt * x - gt[k] * ut[k];
    const lim = fn[k] > 0 ? mu * fn[k] : 0;
    if (Math.abs(f) > lim) xi[k] = kt > 0 ? -(f > 0 ? lim : -lim) / kt : 0;
  }
}
