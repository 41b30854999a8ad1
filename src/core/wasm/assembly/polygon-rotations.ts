/**
 * AssemblyScript source of contacts/polygon-rotations.ts's rotatePolygons in WebAssembly (issue 38): each polygon's
 * cos φ and sin φ and its world outline x + Rot(φ) X. Both from one argument reduction, by fdlibm's algorithms as
 * V8's Math.sin and Math.cos compute them (k_sin.c, k_cos.c, e_rem_pio2.c's small and medium cases): the same bits,
 * at half the cost of the two calls (test/core/polygon-rotations.test.ts checks them against Math on a million angles).
 * From |φ| > 2^19·π/2 on (e_rem_pio2.c's large case) and for NaN and ±∞ the host's Math functions, imported.
 */
import { pick } from './branchless';

@external("env", "Math.cos") declare function hostCos(x: f64): f64;
@external("env", "Math.sin") declare function hostSin(x: f64): f64;

/** shapes/shape-kind.ts's POLYGON */
const POLYGON: u8 = 1;

/** k_sin.c's and k_cos.c's coefficients */
const S1: f64 = -1.66666666666666324348e-01, S2: f64 = 8.33333333332248946124e-03, S3: f64 = -1.98412698298579493134e-04;
const S4: f64 = 2.75573137070700676789e-06, S5: f64 = -2.50507602534068634195e-08, S6: f64 = 1.58969099521155010221e-10;
const C1: f64 = 4.16666666666666019037e-02, C2: f64 = -1.38888888888741095749e-03, C3: f64 = 2.48015872894767294178e-05;
const C4: f64 = -2.75573143513906633035e-07, C5: f64 = 2.08757232129817482790e-09, C6: f64 = -1.13596475577881948265e-11;
/** e_rem_pio2.c's 2/π and π/2 in three parts (33 + 33 + 53 bits) with their tails */
const INV_PIO2: f64 = 6.36619772367581382433e-01;
const PIO2_1: f64 = 1.57079632673412561417e+00, PIO2_1T: f64 = 6.07710050650619224932e-11;
const PIO2_2: f64 = 6.07710050630396597660e-11, PIO2_2T: f64 = 2.02226624879595063154e-21;
const PIO2_3: f64 = 2.02226624871116645580e-21, PIO2_3T: f64 = 8.47842766036889956997e-32;

/** The high word of x's bits */
@inline function high(x: f64): i32 { return <i32>(reinterpret<u64>(x) >>> 32); }

/** sin of x + y on [−π/4, π/4] (k_sin.c; tail: y is x's tail) */
@inline function kernelSin(x: f64, y: f64, tail: bool): f64 {
  if ((high(x) & 0x7fffffff) < 0x3e400000) return x;
  const z = x * x, v = z * x, r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  return tail ? x - ((z * (0.5 * y - v * r) - y) - v * S1) : x + v * (S1 + z * r);
}

/** cos of x + y on [−π/4, π/4] (k_cos.c) */
@inline function kernelCos(x: f64, y: f64): f64 {
  const ix = high(x) & 0x7fffffff;
  if (ix < 0x3e400000) return 1;
  const z = x * x, r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  // |x| < 0.3 or not (unpredictable): both forms, the one that applies picked by a mask
  const qx = pick(0.28125, reinterpret<f64>(<u64>(ix - 0x00200000) << 32), ix > 0x3fe90000);
  return pick(1 - (0.5 * z - (z * r - x * y)), (1 - qx) - ((0.5 * z - qx) - (z * r - x * y)), ix < 0x3fd33333);
}

/** The sine and cosine of the last call of sinCos */
let sinOut: f64 = 0, cosOut: f64 = 0;

/** sin x and cos x into sinOut, cosOut */
function sinCos(x: f64): void {
  const hx = high(x), ix = hx & 0x7fffffff;
  if (ix <= 0x3fe921fb) { sinOut = kernelSin(x, 0, false); cosOut = kernelCos(x, 0); return; } // |x| ≤ π/4
  if (ix > 0x413921fb) { sinOut = hostSin(x); cosOut = hostCos(x); return; } // beyond the medium case, NaN, ±∞
  // x = n π/2 + (y0 + y1), |y0 + y1| ≤ π/4 (e_rem_pio2.c, medium case: a second and third round where the first cancels)
  const t = Math.abs(x), fn = Math.floor(t * INV_PIO2 + 0.5);
  let n = <i32>fn, r = t - fn * PIO2_1, w = fn * PIO2_1T, y0 = r - w;
  const j = ix >> 20;
  if (j - ((high(y0) >> 20) & 0x7ff) > 16) {
    let t2 = r;
    w = fn * PIO2_2; r = t2 - w; w = fn * PIO2_2T - ((t2 - r) - w); y0 = r - w;
    if (j - ((high(y0) >> 20) & 0x7ff) > 49) {
      t2 = r;
      w = fn * PIO2_3; r = t2 - w; w = fn * PIO2_3T - ((t2 - r) - w); y0 = r - w;
    }
  }
  let y1 = (r - y0) - w;
  // x < 0: −y0, −y1, −n; then by the quadrant q = n mod 4, sin x = s, c, −s, −c and cos x = c, −s, −c, s: sign bits
  // and swaps by masks, not branches (x's sign and quadrant are unpredictable from polygon to polygon)
  const neg = <i64>(hx >> 31), flip = neg << 63; // all ones and the sign bit where x < 0
  y0 = reinterpret<f64>(reinterpret<i64>(y0) ^ flip);
  y1 = reinterpret<f64>(reinterpret<i64>(y1) ^ flip);
  n = (n ^ <i32>neg) - <i32>neg;
  const s = kernelSin(y0, y1, true), c = kernelCos(y0, y1), q = n & 3, odd = (q & 1) != 0;
  sinOut = reinterpret<f64>(reinterpret<i64>(pick(c, s, odd)) ^ (<i64>((q >> 1) & 1) << 63));
  cosOut = reinterpret<f64>(reinterpret<i64>(pick(s, c, odd)) ^ (<i64>(((q + 1) >> 1) & 1) << 63));
}

/**
 * rotatePolygons over bodies [k0, k1): for each polygon, cos φ and sin φ of its evaluation angle ephi, and its outline
 * x + Rot(φ) X from its body-frame vertices (x, y pairs at vertexStart, vertexCount of them) into world
 */
export function rotatePolygons(
  shape: usize, ephi: usize, ex: usize, ey: usize, vstart: usize, vcount: usize, vertices: usize, cosPhi: usize, sinPhi: usize, world: usize,
  k0: i32, k1: i32,
): void {
  for (let k = k0; k < k1; k++) {
    if (load<u8>(shape + <usize>k) != POLYGON) continue;
    const b = <usize>k << 3;
    sinCos(load<f64>(ephi + b));
    const ck = cosOut, sk = sinOut, x = load<f64>(ex + b), y = load<f64>(ey + b);
    store<f64>(cosPhi + b, ck);
    store<f64>(sinPhi + b, sk);
    const q0 = <usize>(2 * load<i32>(vstart + (<usize>k << 2))), q1 = q0 + <usize>(2 * load<i32>(vcount + (<usize>k << 2)));
    for (let q = q0; q < q1; q += 2) {
      const bx = load<f64>(vertices + (q << 3)), by = load<f64>(vertices + ((q + 1) << 3));
      store<f64>(world + (q << 3), x + ck * bx - sk * by);
      store<f64>(world + ((q + 1) << 3), y + sk * bx + ck * by);
    }
  }
}
