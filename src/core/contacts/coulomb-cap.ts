/**
 * Coulomb cap on the trial tangential spring (design/contact-laws.md §8). Reads xiEval (trial ξ),
 * fe (the contact law's critical force: its elastic normal force f_n^e), fn, ut, gt; writes ft and the
 * capped xiEval.
 *   'elastic' (paper 000, Eqs. 6–7 text): |k_t ξ| ≤ μ f_n^e; on slip ξ = sign(ξ) μ f_n^e/k_t;
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
    const feA = c.fe;
    for (let k = 0; k < n; k++) {
      let xi = xiE[k];
      const fe = feA[k];
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

/**
 * The same cap for one spring ξ given the normal state (elastic force f_n^e, total f_n) and u_t of that
 * state: returns the capped ξ. Used for the stored spring at t_{n+1} (design/tangential-schemes.md
 * §4.3, paper 002 rule 3).
 */
export function capSpring(xi: number, fe: number, fn: number, ut: number, gt: number, m: MaterialCoefficients): number {
  const kt = m.kt;
  if (m.capElastic) {
    const lim = fe > 0 ? m.mu * fe : 0;
    return kt * Math.abs(xi) > lim ? (xi > 0 ? lim : -lim) / kt : xi;
  }
  const f = -kt * xi - gt * ut;
  const lim = fn > 0 ? m.mu * fn : 0;
  if (Math.abs(f) <= lim) return xi;
  return kt > 0 ? -(f > 0 ? lim : -lim) / kt : 0;
}
