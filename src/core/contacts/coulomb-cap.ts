/**
 * Coulomb cap on the trial tangential spring (design/contact-laws.md §8). Reads xiEval (trial ξ),
 * delta, fn, ut, gt; writes ft and the capped xiEval.
 *   'elastic' (paper 000, Eqs. 6–7 text): |k_t ξ| ≤ μ k_n δ; on slip ξ = sign(ξ) μ k_n δ/k_t;
 *             f_t = −k_t ξ − γ_t u_t (dashpot outside the cap)
 *   'total'   (paper 002): f_t* = −k_t ξ − γ_t u_t; if |f_t*| > μ f_n⁺: f_t = s μ f_n⁺,
 *             ξ = −s μ f_n⁺/k_t with s = sign(f_t*)
 */
import type { MaterialCoefficients } from '../laws/material';
import type { ContactList } from '../state/contact-list';

export function coulombCap(c: ContactList, m: MaterialCoefficients): void {
  const n = c.count, xiE = c.xiEval, ft = c.ft, ut = c.ut, gt = c.gt;
  const kt = m.kt, mu = m.mu, invKt = kt > 0 ? 1 / kt : 0;
  if (m.capElastic) {
    const kn = m.kn, delta = c.delta;
    for (let k = 0; k < n; k++) {
      let xi = xiE[k];
      const fe = kn * delta[k];
      const lim = fe > 0 ? mu * fe : 0;
      if (kt * Math.abs(xi) > lim) xi = (xi > 0 ? lim : -lim) * invKt;
      xiE[k] = xi;
      ft[k] = -kt * xi - gt[k] * ut[k];
    }
  } else {
    const fnA = c.fn;
    for (let k = 0; k < n; k++) {
      const xi = xiE[k];
      const f = -kt * xi - gt[k] * ut[k];
      const fnk = fnA[k];
      const lim = fnk > 0 ? mu * fnk : 0;
      if (Math.abs(f) > lim) {
        const s = f > 0 ? lim : -lim;
        ft[k] = s;
        xiE[k] = -s * invKt;
      } else {
        ft[k] = f;
      }
    }
  }
}
