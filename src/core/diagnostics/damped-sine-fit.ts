/**
 * Least-squares fit of a damped sine, paper 004 Eq. 21:
 *   x(t) = x₀ + A e^{−(t − t₀)/τ} sin(ω (t − t₀) + φ),   t₀ = first sample time,
 * all five parameters free (the paper fixes ω and τ from theory in 1D; docs/validation.md#e8-contact-dynamics-chain fits
 * all five, E9 must).
 * 1. Start: for (ω, λ = 1/τ) on a grid, the model is linear in (x₀, A cos φ, A sin φ); solve that 3×3
 *    least-squares problem and keep the grid point with the smallest residual (variable projection),
 *    on at most 400 evenly strided samples. Coarse grid: ω 150 log-spaced values from 0.25 cycles per
 *    window to the Nyquist frequency, λ = 0 and 12 log-spaced values from 0.05 to 30 per window; then
 *    a fine grid of ±6 % around the best ω (61 values) with 31 λ values.
 * 2. Refine all five parameters by Levenberg–Marquardt with the analytic Jacobian.
 * Runs once per analysis, not per step: allocation is fine here.
 */

export interface DampedSineFit {
  /** Angular frequency [rad per time unit of t] */
  omega: number;
  /** Damping time [time unit of t]; Infinity when undamped */
  tau: number;
  x0: number;
  A: number;
  phi: number;
  /** Time origin of the phase: the first sample time */
  t0: number;
  /** RMS residual over |A|: small means the data are a damped sine */
  rmsOverA: number;
  samples: number;
}

type Params = [number, number, number, number, number]; // x0, A, lambda, omega, phi

function residual(t: Float64Array, x: Float64Array, p: Params): number {
  let r2 = 0;
  for (let k = 0; k < t.length; k++) {
    const e = x[k] - (p[0] + p[1] * Math.exp(-p[2] * t[k]) * Math.sin(p[3] * t[k] + p[4]));
    r2 += e * e;
  }
  return r2;
}

/** Samples used by the grid stage (the refinement uses all) */
const GRID_SAMPLES = 400;

/** Best point of a log-spaced ω grid × (λ = 0 and a log-spaced λ grid), starting from `best`. */
function gridSearch(
  t: Float64Array, x: Float64Array, w0: number, w1: number, nw: number, l0: number, l1: number, nl: number,
  start: { p: Params; r2: number } | null,
): { p: Params; r2: number } | null {
  let best = start;
  for (let a = 0; a < nw; a++) {
    const omega = w0 * Math.pow(w1 / w0, a / (nw - 1));
    for (let b = -1; b < nl; b++) {
      const lambda = b < 0 ? 0 : l0 * Math.pow(l1 / l0, b / (nl - 1));
      const r = linearPart(t, x, lambda, omega);
      if (r && (!best || r.r2 < best.r2)) best = r;
    }
  }
  return best;
}

/** Best (x₀, A, φ) for fixed λ, ω, and the residual. */
function linearPart(t: Float64Array, x: Float64Array, lambda: number, omega: number): { p: Params; r2: number } | null {
  const M = [0, 0, 0, 0, 0, 0, 0, 0, 0], v = [0, 0, 0];
  for (let k = 0; k < t.length; k++) {
    const e = Math.exp(-lambda * t[k]);
    const f = [1, e * Math.sin(omega * t[k]), e * Math.cos(omega * t[k])];
    for (let a = 0; a < 3; a++) {
      v[a] += f[a] * x[k];
      for (let b = 0; b < 3; b++) M[a * 3 + b] += f[a] * f[b];
    }
  }
  const c = solveN(M, v, 3);
  if (!c) return null;
  // B sin ωt + C cos ωt = A sin(ωt + φ) with A cos φ = B, A sin φ = C
  const p: Params = [c[0], Math.hypot(c[1], c[2]), lambda, omega, Math.atan2(c[2], c[1])];
  return { p, r2: residual(t, x, p) };
}

export function fitDampedSine(times: ArrayLike<number>, values: ArrayLike<number>): DampedSineFit {
  const n = times.length;
  if (n < 8 || values.length !== n) throw new Error(`damped-sine fit needs at least 8 samples, got ${n}`);
  const t0 = times[0];
  const t = new Float64Array(n), x = new Float64Array(n);
  for (let k = 0; k < n; k++) { t[k] = times[k] - t0; x[k] = values[k]; }
  const T = t[n - 1];
  if (!(T > 0)) throw new Error('damped-sine fit needs increasing sample times');
  const dtSample = T / (n - 1);
  // 1. Grid start (variable projection) on at most GRID_SAMPLES samples: a coarse ω × λ grid over the
  //    whole band, then a fine one around the best coarse point.
  const stride = Math.max(1, Math.floor(n / GRID_SAMPLES));
  const m = Math.floor((n - 1) / stride) + 1;
  const ts = new Float64Array(m), xs = new Float64Array(m);
  for (let k = 0; k < m; k++) { ts[k] = t[k * stride]; xs[k] = x[k * stride]; }
  const wMin = (2 * Math.PI * 0.25) / T, wMax = Math.PI / (dtSample * stride);
  let best = gridSearch(ts, xs, wMin, wMax, 150, (0.05 / T), 30 / T, 12, null);
  if (best) {
    const w = best.p[3];
    best = gridSearch(ts, xs, w / 1.06, w * 1.06, 61, 0.05 / T, 30 / T, 31, best);
  }
  if (!best) throw new Error('damped-sine fit: degenerate data');
  // 2. Levenberg–Marquardt on all five parameters, all samples.
  let p = best.p, r2 = residual(t, x, best.p), mu = 1e-3;
  const J = new Float64Array(5);
  for (let iter = 0; iter < 200; iter++) {
    const H = new Float64Array(25), g = new Float64Array(5);
    for (let k = 0; k < n; k++) {
      const e = Math.exp(-p[2] * t[k]), arg = p[3] * t[k] + p[4], s = Math.sin(arg), c = Math.cos(arg);
      const res = x[k] - (p[0] + p[1] * e * s);
      J[0] = 1; J[1] = e * s; J[2] = -t[k] * p[1] * e * s; J[3] = p[1] * e * c * t[k]; J[4] = p[1] * e * c;
      for (let a = 0; a < 5; a++) {
        g[a] += J[a] * res;
        for (let b = 0; b < 5; b++) H[a * 5 + b] += J[a] * J[b];
      }
    }
    let improved = false;
    for (let tries = 0; tries < 20 && !improved; tries++) {
      const A = Array.from(H);
      for (let a = 0; a < 5; a++) A[a * 5 + a] *= 1 + mu;
      const step = solveN(A, Array.from(g), 5);
      if (!step) { mu *= 10; continue; }
      const q: Params = [p[0] + step[0], p[1] + step[1], p[2] + step[2], p[3] + step[3], p[4] + step[4]];
      const rq = residual(t, x, q);
      if (rq < r2) {
        const gain = (r2 - rq) / Math.max(r2, 1e-300);
        p = q; r2 = rq; mu = Math.max(mu / 10, 1e-12); improved = true;
        if (gain < 1e-14) iter = 1e9; // converged
      } else mu *= 10;
    }
    if (!improved) break;
  }
  // Normalise: A > 0, φ in (−π, π].
  let [x0, A, lambda, omega, phi] = p;
  if (omega < 0) { omega = -omega; phi = Math.PI - phi; }
  if (A < 0) { A = -A; phi += Math.PI; }
  phi = Math.atan2(Math.sin(phi), Math.cos(phi));
  return {
    omega, tau: lambda > 0 ? 1 / lambda : Infinity, x0, A, phi, t0,
    rmsOverA: Math.sqrt(r2 / n) / (A || 1), samples: n,
  };
}

/** Solves A z = b (n×n, row-major) by Gaussian elimination with partial pivoting; null if singular. */
function solveN(A: number[], b: number[], n: number): number[] | null {
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r * n + c]) > Math.abs(A[piv * n + c])) piv = r;
    if (Math.abs(A[piv * n + c]) < 1e-300) return null;
    for (let k = 0; k < n; k++) [A[c * n + k], A[piv * n + k]] = [A[piv * n + k], A[c * n + k]];
    [b[c], b[piv]] = [b[piv], b[c]];
    for (let r = c + 1; r < n; r++) {
      const f = A[r * n + c] / A[c * n + c];
      for (let k = c; k < n; k++) A[r * n + k] -= f * A[c * n + k];
      b[r] -= f * b[c];
    }
  }
  const out = new Array<number>(n).fill(0);
  for (let c = n - 1; c >= 0; c--) {
    let s = b[c];
    for (let k = c + 1; k < n; k++) s -= A[c * n + k] * out[k];
    out[c] = s / A[c * n + c];
  }
  return out;
}
