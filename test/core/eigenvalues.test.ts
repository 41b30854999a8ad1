/**
 * Eigenvalues of small general real matrices (src/core/math/eigenvalues.ts: balancing, Hessenberg, shifted QR)
 * against matrices whose eigenvalues are known by construction: triangular, a rotation–scaling block, companion
 * matrices of polynomials with chosen roots, Q D Qᵀ with a random orthogonal Q, badly scaled and defective ones.
 */
import { describe, expect, it } from 'vitest';
import { eigenvalues, spectralRadius } from '../../src/core/math/eigenvalues';
import { Rng } from '../../src/core/math/rng';

type Complex = [number, number];

/** Sorted by real part, then imaginary part, for comparing two sets */
const sorted = (z: Complex[]): Complex[] => [...z].sort((a, b) => a[0] - b[0] || a[1] - b[1]);

function expectSame(a: number[][], want: Complex[], tol: number): void {
  const { re, im } = eigenvalues(a);
  const got = sorted(re.map((r, k) => [r, im[k]] as Complex)), exp = sorted(want);
  expect(got.length).toBe(exp.length);
  got.forEach(([r, i], k) => {
    expect(Math.abs(r - exp[k][0])).toBeLessThan(tol);
    expect(Math.abs(i - exp[k][1])).toBeLessThan(tol);
  });
}

/** The companion matrix of the monic polynomial with these roots (conjugate pairs listed once as [re, ±im]) */
function companion(roots: Complex[]): number[][] {
  // coefficients of Π (λ − r), complex arithmetic; the imaginary parts cancel for conjugate-closed root sets
  let cr = [1], ci = [0];
  for (const [rr, ri] of roots) {
    const nr = new Array<number>(cr.length + 1).fill(0), ni = new Array<number>(cr.length + 1).fill(0);
    for (let k = 0; k < cr.length; k++) {
      nr[k + 1] += cr[k]; ni[k + 1] += ci[k];
      nr[k] -= rr * cr[k] - ri * ci[k]; ni[k] -= rr * ci[k] + ri * cr[k];
    }
    cr = nr; ci = ni;
  }
  const n = roots.length, a = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let k = 0; k < n; k++) a[0][k] = -cr[n - 1 - k]; // λⁿ + c_{n−1} λ^{n−1} + … : first row −c_{n−1} … −c_0
  for (let k = 1; k < n; k++) a[k][k - 1] = 1;
  return a;
}

/** A random orthogonal matrix (Gram–Schmidt on random columns) */
function orthogonal(n: number, rng: Rng): number[][] {
  const q: number[][] = [];
  while (q.length < n) {
    let v = Array.from({ length: n }, () => rng.uniform(-1, 1));
    for (const u of q) {
      const d = u.reduce((s, uk, k) => s + uk * v[k], 0);
      v = v.map((vk, k) => vk - d * u[k]);
    }
    const norm = Math.hypot(...v);
    if (norm > 1e-3) q.push(v.map((vk) => vk / norm));
  }
  return q; // rows orthonormal
}

const multiply = (a: number[][], b: number[][]): number[][] => a.map((row) => b[0].map((_, j) => row.reduce((s, aik, k) => s + aik * b[k][j], 0)));
const transpose = (a: number[][]): number[][] => a[0].map((_, j) => a.map((row) => row[j]));

describe('eigenvalues of a general real matrix', () => {
  it('a 1×1 matrix, the zero matrix and an upper triangular 5×5: the diagonal', () => {
    expectSame([[-3.5]], [[-3.5, 0]], 1e-15);
    expectSame([[0, 0], [0, 0]], [[0, 0], [0, 0]], 1e-15);
    const t = [[2, 1, -3, 4, 7], [0, -1, 5, 2, 1], [0, 0, 0.5, 9, -2], [0, 0, 0, 3, 1], [0, 0, 0, 0, -4]];
    expectSame(t, [[2, 0], [-1, 0], [0.5, 0], [3, 0], [-4, 0]], 1e-13);
  });

  it('a rotation–scaling block ρ[[cos θ, −sin θ], [sin θ, cos θ]]: ρ e^{±iθ}', () => {
    const rho = 1.3, th = 0.7;
    const a = [[rho * Math.cos(th), -rho * Math.sin(th)], [rho * Math.sin(th), rho * Math.cos(th)]];
    expectSame(a, [[rho * Math.cos(th), rho * Math.sin(th)], [rho * Math.cos(th), -rho * Math.sin(th)]], 1e-14);
    expect(spectralRadius(a)).toBeCloseTo(rho, 14);
  });

  it('companion matrices of polynomials with chosen real and complex roots (n = 3 … 6)', () => {
    const sets: Complex[][] = [
      [[1, 0], [2, 0], [3, 0]],
      [[0.3, 0.9], [0.3, -0.9], [-2, 0], [0.05, 0]],
      [[3, 0], [-2, 0], [0.5, 0], [0.1, 0.9], [0.1, -0.9]],
      [[-0.99, 0.1], [-0.99, -0.1], [0.8, 0.6], [0.8, -0.6], [1e-3, 0], [-1.5, 0]],
    ];
    for (const roots of sets) expectSame(companion(roots), roots, 1e-9);
  });

  it('Q D Qᵀ for random orthogonal Q (6×6, seeded): the eigenvalues of the block-diagonal D', () => {
    const rng = new Rng(36);
    for (let trial = 0; trial < 20; trial++) {
      const r1 = rng.uniform(0.2, 2), th = rng.uniform(0.1, 3), r2 = rng.uniform(0.2, 2), ph = rng.uniform(0.1, 3);
      const l1 = rng.uniform(-2, 2), l2 = rng.uniform(-2, 2);
      const d = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
      d[0][0] = d[1][1] = r1 * Math.cos(th); d[0][1] = -r1 * Math.sin(th); d[1][0] = r1 * Math.sin(th);
      d[2][2] = d[3][3] = r2 * Math.cos(ph); d[2][3] = -r2 * Math.sin(ph); d[3][2] = r2 * Math.sin(ph);
      d[4][4] = l1; d[5][5] = l2;
      const q = orthogonal(6, rng);
      const a = multiply(multiply(transpose(q), d), q);
      expectSame(a, [
        [r1 * Math.cos(th), r1 * Math.sin(th)], [r1 * Math.cos(th), -r1 * Math.sin(th)],
        [r2 * Math.cos(ph), r2 * Math.sin(ph)], [r2 * Math.cos(ph), -r2 * Math.sin(ph)], [l1, 0], [l2, 0],
      ], 1e-12);
      expect(Math.abs(spectralRadius(a) - Math.max(r1, r2, Math.abs(l1), Math.abs(l2)))).toBeLessThan(1e-12);
    }
  });

  it('a badly scaled matrix (entries from 1e-6 to 1e6, diagonal similarity of a known one) keeps its eigenvalues', () => {
    const base = companion([[0.5, 0.5], [0.5, -0.5], [-0.7, 0], [1.2, 0]]);
    const s = [1e-6, 1e-2, 1e2, 1e6];
    const a = base.map((row, i) => row.map((v, j) => (s[i] * v) / s[j]));
    expectSame(a, [[0.5, 0.5], [0.5, -0.5], [-0.7, 0], [1.2, 0]], 1e-9);
  });

  it('a defective double eigenvalue (Jordan block, as central difference at Ω = 2) to about √ε', () => {
    expect(Math.abs(spectralRadius([[1, 1], [0, 1]]) - 1)).toBeLessThan(1e-12);
    // the companion matrix of (λ + 1)², not triangular: the QR iteration meets the double root -1
    expect(Math.abs(spectralRadius([[-2, -1], [1, 0]]) - 1)).toBeLessThan(1e-7);
  });

  it('refuses a ragged or non-finite matrix', () => {
    expect(() => eigenvalues([[1, 2], [3]])).toThrow(/row 1/);
    expect(() => eigenvalues([[1, NaN], [0, 1]])).toThrow(/NaN/);
  });
});
