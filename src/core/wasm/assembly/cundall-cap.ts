/**
 * The Cundall spring's trial under the Coulomb cap for one contact, written once for the per-contact blocks of the
 * disc and polygon kernels (linear-cundall.ts, area-cundall.ts), as tangential/cundall.ts and contacts/coulomb-cap.ts
 * compute it, expression for expression:  ξ* = ξ + u_t Δt (paper 000 Eq. 7);  |f_t| ≤ μ f_n, or |k_t ξ| ≤ μ f_e with
 * the elastic cap (paper 000's extreme spring values). Returns f_t; capXi is ξ* after the cap, and capSlip and
 * capDashpot what the contact adds to the slip and tangential-dashpot powers (0 when it adds nothing: x + 0 is x).
 */
export let capXi: f64 = 0, capSlip: f64 = 0, capDashpot: f64 = 0;

@inline export function cappedCundall(xi0: f64, ut: f64, dt: f64, e: f64, fn: f64, kt: f64, invKt: f64, gt: f64, mu: f64, elastic: bool): f64 {
  let xi = xi0 + ut * dt;
  let ft: f64;
  capSlip = 0;
  capDashpot = 0;
  if (elastic) {
    const lim = e > 0 ? mu * e : 0;
    if (kt * Math.abs(xi) > lim) {
      xi = (xi > 0 ? lim : -lim) * invKt;
      capSlip = kt * xi * ut;
    }
    ft = -kt * xi - gt * ut;
    capDashpot = gt * ut * ut;
  } else {
    const f = -kt * xi - gt * ut;
    const lim = fn > 0 ? mu * fn : 0;
    if (Math.abs(f) > lim) {
      ft = f > 0 ? lim : -lim;
      xi = -ft * invKt;
      capSlip = -(ft * ut);
    } else {
      ft = f;
      capDashpot = gt * ut * ut;
    }
  }
  capXi = xi;
  return ft;
}
