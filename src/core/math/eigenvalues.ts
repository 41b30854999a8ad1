/**
 * Eigenvalues of a small general real matrix (n ≲ 10): balancing, reduction to upper Hessenberg form by
 * Gaussian elimination with pivoting, then the shifted QR iteration with Francis double shifts
 * (Press et al., Numerical Recipes 2nd ed. §11.5–11.6: balanc, elmhes, hqr; after EISPACK). Used by the
 * amplification factor of the integrators (integrators/amplification.ts); not for per-step loops (it allocates).
 * Accuracy: simple eigenvalues to a few ulps of the matrix norm; a defective (Jordan) pair to about √ε.
 */

export interface Eigenvalues {
  re: number[];
  im: number[];
}

/** QR sweeps allowed per eigenvalue before giving up (EISPACK uses 30; exceptional shifts at 10 and 20) */
const MAX_SWEEPS = 60;

/** Eigenvalues of the n×n matrix a (rows), unordered; conjugate pairs come as re ± i·im. `a` is not changed. */
export function eigenvalues(a: readonly (readonly number[])[]): Eigenvalues {
  const n = a.length;
  // 1-based working copy, as in the published algorithm
  const h: number[][] = [];
  for (let i = 0; i <= n; i++) h.push(new Array<number>(n + 1).fill(0));
  for (let i = 0; i < n; i++) {
    if (a[i].length !== n) throw new Error(`eigenvalues: row ${i} has ${a[i].length} entries, not ${n}`);
    for (let j = 0; j < n; j++) {
      if (!Number.isFinite(a[i][j])) throw new Error(`eigenvalues: entry (${i}, ${j}) is ${a[i][j]}`);
      h[i + 1][j + 1] = a[i][j];
    }
  }
  balance(h, n);
  hessenberg(h, n);
  const re = new Array<number>(n + 1).fill(0), im = new Array<number>(n + 1).fill(0);
  hessenbergQr(h, n, re, im);
  return { re: re.slice(1), im: im.slice(1) };
}

/** Largest |λ| of the square matrix a. */
export function spectralRadius(a: readonly (readonly number[])[]): number {
  const { re, im } = eigenvalues(a);
  let r = 0;
  for (let k = 0; k < re.length; k++) r = Math.max(r, Math.hypot(re[k], im[k]));
  return r;
}

/** Similarity by powers of 2 so that each row and its column have comparable norms (NR balanc). */
function balance(a: number[][], n: number): void {
  const RADIX = 2, SQRDX = RADIX * RADIX;
  let done = false;
  while (!done) {
    done = true;
    for (let i = 1; i <= n; i++) {
      let r = 0, c = 0;
      for (let j = 1; j <= n; j++) {
        if (j === i) continue;
        c += Math.abs(a[j][i]);
        r += Math.abs(a[i][j]);
      }
      if (c === 0 || r === 0) continue;
      const s = c + r;
      let f = 1, g = r / RADIX;
      while (c < g) { f *= RADIX; c *= SQRDX; }
      g = r * RADIX;
      while (c > g) { f /= RADIX; c /= SQRDX; }
      if ((c + r) / f < 0.95 * s) {
        done = false;
        for (let j = 1; j <= n; j++) a[i][j] /= f;
        for (let j = 1; j <= n; j++) a[j][i] *= f;
      }
    }
  }
}

/** Upper Hessenberg form by stabilised elementary similarity transforms (NR elmhes); below the subdiagonal zeroed. */
function hessenberg(a: number[][], n: number): void {
  for (let m = 2; m < n; m++) {
    let x = 0, i = m;
    for (let j = m; j <= n; j++) {
      if (Math.abs(a[j][m - 1]) > Math.abs(x)) { x = a[j][m - 1]; i = j; }
    }
    if (i !== m) {
      for (let j = m - 1; j <= n; j++) { const t = a[i][j]; a[i][j] = a[m][j]; a[m][j] = t; }
      for (let j = 1; j <= n; j++) { const t = a[j][i]; a[j][i] = a[j][m]; a[j][m] = t; }
    }
    if (x === 0) continue;
    for (i = m + 1; i <= n; i++) {
      let y = a[i][m - 1];
      if (y === 0) continue;
      y /= x;
      a[i][m - 1] = 0;
      for (let j = m; j <= n; j++) a[i][j] -= y * a[m][j];
      for (let j = 1; j <= n; j++) a[j][m] += y * a[j][i];
    }
  }
  for (let i = 3; i <= n; i++) for (let j = 1; j < i - 1; j++) a[i][j] = 0;
}

const sign = (a: number, b: number): number => (b >= 0 ? Math.abs(a) : -Math.abs(a));

/** Eigenvalues of an upper Hessenberg matrix by the double-shift QR iteration (NR hqr); `a` is destroyed. */
function hessenbergQr(a: number[][], n: number, wr: number[], wi: number[]): void {
  let anorm = 0;
  for (let i = 1; i <= n; i++) for (let j = Math.max(i - 1, 1); j <= n; j++) anorm += Math.abs(a[i][j]);
  let nn = n, t = 0;
  let p = 0, q = 0, r = 0, s = 0, w = 0, x = 0, y = 0, z = 0;
  while (nn >= 1) {
    let its = 0, l: number;
    do {
      // a negligible subdiagonal element splits the matrix
      for (l = nn; l >= 2; l--) {
        s = Math.abs(a[l - 1][l - 1]) + Math.abs(a[l][l]);
        if (s === 0) s = anorm;
        if (Math.abs(a[l][l - 1]) + s === s) { a[l][l - 1] = 0; break; }
      }
      x = a[nn][nn];
      if (l === nn) { // one root found
        wr[nn] = x + t; wi[nn] = 0; nn--;
      } else {
        y = a[nn - 1][nn - 1];
        w = a[nn][nn - 1] * a[nn - 1][nn];
        if (l === nn - 1) { // two roots found
          p = 0.5 * (y - x);
          q = p * p + w;
          z = Math.sqrt(Math.abs(q));
          x += t;
          if (q >= 0) { // a real pair
            z = p + sign(z, p);
            wr[nn - 1] = wr[nn] = x + z;
            if (z !== 0) wr[nn] = x - w / z;
            wi[nn - 1] = wi[nn] = 0;
          } else { // a complex pair
            wr[nn - 1] = wr[nn] = x + p;
            wi[nn - 1] = -z; wi[nn] = z;
          }
          nn -= 2;
        } else {
          if (its === MAX_SWEEPS) throw new Error(`eigenvalues: no convergence after ${MAX_SWEEPS} QR sweeps`);
          if (its === 10 || its === 20) { // exceptional shift
            t += x;
            for (let i = 1; i <= nn; i++) a[i][i] -= x;
            s = Math.abs(a[nn][nn - 1]) + Math.abs(a[nn - 1][nn - 2]);
            y = x = 0.75 * s;
            w = -0.4375 * s * s;
          }
          its++;
          // look for two consecutive small subdiagonal elements
          let m: number;
          for (m = nn - 2; m >= l; m--) {
            z = a[m][m];
            r = x - z;
            s = y - z;
            p = (r * s - w) / a[m + 1][m] + a[m][m + 1];
            q = a[m + 1][m + 1] - z - r - s;
            r = a[m + 2][m + 1];
            s = Math.abs(p) + Math.abs(q) + Math.abs(r);
            p /= s; q /= s; r /= s;
            if (m === l) break;
            const u = Math.abs(a[m][m - 1]) * (Math.abs(q) + Math.abs(r));
            const v = Math.abs(p) * (Math.abs(a[m - 1][m - 1]) + Math.abs(z) + Math.abs(a[m + 1][m + 1]));
            if (u + v === v) break;
          }
          for (let i = m + 2; i <= nn; i++) {
            a[i][i - 2] = 0;
            if (i !== m + 2) a[i][i - 3] = 0;
          }
          // the double QR step on rows l … nn and columns m … nn
          for (let k = m; k <= nn - 1; k++) {
            if (k !== m) {
              p = a[k][k - 1];
              q = a[k + 1][k - 1];
              r = k !== nn - 1 ? a[k + 2][k - 1] : 0;
              x = Math.abs(p) + Math.abs(q) + Math.abs(r);
              if (x !== 0) { p /= x; q /= x; r /= x; }
            }
            s = sign(Math.sqrt(p * p + q * q + r * r), p);
            if (s === 0) continue;
            if (k === m) {
              if (l !== m) a[k][k - 1] = -a[k][k - 1];
            } else a[k][k - 1] = -s * x;
            p += s;
            x = p / s; y = q / s; z = r / s;
            q /= p; r /= p;
            for (let j = k; j <= nn; j++) {
              p = a[k][j] + q * a[k + 1][j];
              if (k !== nn - 1) {
                p += r * a[k + 2][j];
                a[k + 2][j] -= p * z;
              }
              a[k + 1][j] -= p * y;
              a[k][j] -= p * x;
            }
            const mmin = nn < k + 3 ? nn : k + 3;
            for (let i = l; i <= mmin; i++) {
              p = x * a[i][k] + y * a[i][k + 1];
              if (k !== nn - 1) {
                p += z * a[i][k + 2];
                a[i][k + 2] -= p * r;
              }
              a[i][k + 1] -= p * q;
              a[i][k] -= p;
            }
          }
        }
      }
    } while (l < nn - 1);
  }
}
