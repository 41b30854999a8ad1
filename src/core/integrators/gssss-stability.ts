/**
 * Stability limit Ω_s = ωΔt of an explicit GSSSS member on the linear contact ẍ = −ω²x − 2ζωẋ, with the
 * force evaluated at q̃ and ṽ = v_n + W1Δt a_n as in the step (docs/model.md#explicit-gssss-family, docs/model.md#gssss-stability-with-damping).
 * The step is linear in (q, v, a); its 3×3 amplification matrix (Δt = 1, ω = Ω) is
 *   Δa = (a* − a)/W1Λ6 ,  a* = −Ω² q̃ − 2ζΩ ṽ
 *   A = [[1 + λ3 d_q, 1 + λ3 d_v, ½ + λ3 d_a], [λ5 d_q, 1 + λ5 d_v, 1 + λ5 d_a], [d_q, d_v, 1 + d_a]]
 * with d_q = −Ω²/W1Λ6, d_v = −(Ω² W1 + 2ζΩ)/W1Λ6, d_a = −(Ω² W2Λ2 + 2ζΩ W1 + 1)/W1Λ6.
 * Ω_s is the first Ω at which the spectral radius exceeds 1 (scan, then bisection). It reproduces
 * the docs/model.md#gssss-stability-with-damping table (CDM 2(√(1+4ζ²) − 2ζ); U0/V0(0,1,0) √3 at ζ = 0) [test/core/gssss-stability.test.ts].
 */
import type { GssssMarkers } from './gssss-parameters';

/** Root-finding slack: double roots on the unit circle come out to about √ε ≈ 1e-8. */
const RADIUS_TOLERANCE = 1e-6;

/** Spectral radius of the amplification matrix at Ω = ωΔt and damping ratio ζ. */
export function spectralRadius(m: GssssMarkers, omega: number, zeta: number): number {
  const c = m.W1L6, o2 = omega * omega, zo = 2 * zeta * omega;
  const dq = -o2 / c, dv = -(o2 * m.W1 + zo) / c, da = -(o2 * m.W2L2 + zo * m.W1 + 1) / c;
  const l3 = m.lambda3, l5 = m.lambda5;
  const a11 = 1 + l3 * dq, a12 = 1 + l3 * dv, a13 = 0.5 + l3 * da;
  const a21 = l5 * dq, a22 = 1 + l5 * dv, a23 = 1 + l5 * da;
  const a31 = dq, a32 = dv, a33 = 1 + da;
  // Characteristic polynomial λ³ − T λ² + S λ − Δ.
  const T = a11 + a22 + a33;
  const S = a11 * a22 - a12 * a21 + a11 * a33 - a13 * a31 + a22 * a33 - a23 * a32;
  const Det = a11 * (a22 * a33 - a23 * a32) - a12 * (a21 * a33 - a23 * a31) + a13 * (a21 * a32 - a22 * a31);
  return cubicSpectralRadius(-T, S, -Det);
}

/** Largest |root| of λ³ + b λ² + c λ + d: one real root by bisection, the other two from the quotient. */
function cubicSpectralRadius(b: number, c: number, d: number): number {
  const p = (x: number) => ((x + b) * x + c) * x + d;
  const bound = 1 + Math.max(Math.abs(b), Math.abs(c), Math.abs(d));
  let lo = -bound, hi = bound;
  for (let k = 0; k < 200 && hi - lo > 0; k++) {
    const mid = 0.5 * (lo + hi);
    if (p(mid) < 0) lo = mid; else hi = mid;
  }
  const r = 0.5 * (lo + hi);
  // Quotient λ² + B λ + C.
  const B = b + r, C = c + r * B;
  const disc = B * B - 4 * C;
  let q: number;
  if (disc >= 0) {
    const s = Math.sqrt(disc);
    q = Math.max(Math.abs((-B + s) / 2), Math.abs((-B - s) / 2));
  } else {
    q = Math.sqrt(Math.max(C, 0));
  }
  return Math.max(Math.abs(r), q);
}

/** First Ω (from 0) at which the member becomes unstable for damping ratio ζ. */
export function stabilityLimit(m: GssssMarkers, zeta: number): number {
  const step = 0.01;
  let stable = 0;
  let omega = step;
  while (omega < 10 && spectralRadius(m, omega, zeta) <= 1 + RADIUS_TOLERANCE) {
    stable = omega;
    omega += step;
  }
  let lo = stable, hi = omega;
  for (let k = 0; k < 50; k++) {
    const mid = 0.5 * (lo + hi);
    if (spectralRadius(m, mid, zeta) <= 1 + RADIUS_TOLERANCE) lo = mid; else hi = mid;
  }
  return lo;
}

/** Ω at which dashpotRateLimit looks: the spring all but gone (docs/model.md#gears-dashpot-rate-limit) */
const DASHPOT_OMEGA = 1e-3;

/** The largest stable c Δt of a pure dashpot ẍ = −c ẋ (ζ = cΔt/2Ω at Ω = DASHPOT_OMEGA): scan, then bisection. */
export function dashpotRateLimit(m: GssssMarkers): number {
  const stable = (r: number) => spectralRadius(m, DASHPOT_OMEGA, r / (2 * DASHPOT_OMEGA)) <= 1 + RADIUS_TOLERANCE;
  const step = 0.01;
  let lo = 0, hi = step;
  while (hi < 10 && stable(hi)) { lo = hi; hi += step; }
  for (let k = 0; k < 50; k++) {
    const mid = 0.5 * (lo + hi);
    if (stable(mid)) lo = mid; else hi = mid;
  }
  return lo;
}
