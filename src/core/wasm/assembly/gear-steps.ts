/**
 * AssemblyScript source of the Gear predictor–corrector's per-body loops in WebAssembly (issue 9):
 * integrators/gear.ts's predict and correct loops, expression for expression (the same bits). Scaled
 * derivatives y_k = (Δt^k/k!) d^k r/dt^k, six per coordinate, g[(b·3 + c)·6 + k] (paper 000 App. A).
 *   predict (Pascal matrix, docs/model.md#gear-predictor-corrector):  y_k^p = Σ_{l≥k} C(l,k) y_l
 *   correct:  Δ = (Δt²/2) f/m − y_2^p,   y_k = y_k^p + α_k Δ   (paper 000 Eq. 17); with `flush`, subnormal y_k set
 *   to zero (integrators/gear.ts); gearCorrectPredict also predicts the next step at once (integrators/gear.ts)
 */

@inline function predictSlot(o: usize): void {
  const y0 = load<f64>(o), y1 = load<f64>(o, 8), y2 = load<f64>(o, 16), y3 = load<f64>(o, 24), y4 = load<f64>(o, 32), y5 = load<f64>(o, 40);
  store<f64>(o, y0 + y1 + y2 + y3 + y4 + y5);
  store<f64>(o, y1 + 2 * y2 + 3 * y3 + 4 * y4 + 5 * y5, 8);
  store<f64>(o, y2 + 3 * y3 + 6 * y4 + 10 * y5, 16);
  store<f64>(o, y3 + 4 * y4 + 10 * y5, 24);
  store<f64>(o, y4 + 5 * y5, 32);
}

/** Body k predicted, and its evaluation state written: positions y_0^p, velocities y_1^p/Δt */
@inline function predictBody(g: usize, ex: usize, ey: usize, ephi: usize, evx: usize, evy: usize, ew: usize, k: i32, invDt: f64): void {
  const o = g + <usize>k * 144, p = o + 48, r = o + 96, b = <usize>k << 3;
  predictSlot(o); predictSlot(p); predictSlot(r);
  store<f64>(ex + b, load<f64>(o)); store<f64>(evx + b, load<f64>(o, 8) * invDt);
  store<f64>(ey + b, load<f64>(p)); store<f64>(evy + b, load<f64>(p, 8) * invDt);
  store<f64>(ephi + b, load<f64>(r)); store<f64>(ew + b, load<f64>(r, 8) * invDt);
}

/** Predicts bodies [k0, k1) and writes the evaluation state */
export function gearPredict(g: usize, ex: usize, ey: usize, ephi: usize, evx: usize, evy: usize, ew: usize, k0: i32, k1: i32, invDt: f64): void {
  for (let k = k0; k < k1; k++) predictBody(g, ex, ey, ephi, evx, evy, ew, k, invDt);
}

@inline function correctSlot(o: usize, d: f64, a0: f64, a1: f64, a3: f64, a4: f64, a5: f64): void {
  store<f64>(o, load<f64>(o) + a0 * d); store<f64>(o, load<f64>(o, 8) + a1 * d, 8); store<f64>(o, load<f64>(o, 16) + d, 16);
  store<f64>(o, load<f64>(o, 24) + a3 * d, 24); store<f64>(o, load<f64>(o, 32) + a4 * d, 32); store<f64>(o, load<f64>(o, 40) + a5 * d, 40);
}

/** The smallest normal double: gear.ts's MIN_NORMAL */
const MIN_NORMAL: f64 = 2.2250738585072014e-308;

/** correctSlot, then each of the six values that is subnormal set to zero (gear.ts: every FLUSH_EVERY steps) */
@inline function correctSlotFlushed(o: usize, d: f64, a0: f64, a1: f64, a3: f64, a4: f64, a5: f64): void {
  correctSlot(o, d, a0, a1, a3, a4, a5);
  for (let s: usize = 0; s < 48; s += 8) {
    const v = load<f64>(o + s);
    if (v < MIN_NORMAL && v > -MIN_NORMAL && v != 0) store<f64>(o + s, 0);
  }
}

/** Body k corrected with the forces at the predicted state, x, v, a written (gearCorrect's and gearCorrectPredict's body) */
@inline function correctBody(
  g: usize, flags: usize, fx: usize, fy: usize, tau: usize, im: usize, ii: usize,
  x: usize, y: usize, phi: usize, vx: usize, vy: usize, om: usize, ax: usize, ay: usize, al: usize,
  k: i32, immovable: i32, lockX: i32, lockY: i32, a0: f64, a1: f64, a3: f64, a4: f64, a5: f64, h2: f64, invDt: f64, invH2: f64, flush: i32,
): void {
  const f = <i32>load<u8>(flags + <usize>k);
  const o = g + <usize>k * 144, p = o + 48, r = o + 96, b = <usize>k << 3;
  if ((f & immovable) == 0) {
    const imk = load<f64>(im + b), iik = load<f64>(ii + b);
    if (flush != 0) {
      if (imk > 0 && (f & lockX) == 0) correctSlotFlushed(o, h2 * load<f64>(fx + b) * imk - load<f64>(o, 16), a0, a1, a3, a4, a5);
      if (imk > 0 && (f & lockY) == 0) correctSlotFlushed(p, h2 * load<f64>(fy + b) * imk - load<f64>(p, 16), a0, a1, a3, a4, a5);
      if (iik > 0) correctSlotFlushed(r, h2 * load<f64>(tau + b) * iik - load<f64>(r, 16), a0, a1, a3, a4, a5);
    } else {
      if (imk > 0 && (f & lockX) == 0) correctSlot(o, h2 * load<f64>(fx + b) * imk - load<f64>(o, 16), a0, a1, a3, a4, a5);
      if (imk > 0 && (f & lockY) == 0) correctSlot(p, h2 * load<f64>(fy + b) * imk - load<f64>(p, 16), a0, a1, a3, a4, a5);
      if (iik > 0) correctSlot(r, h2 * load<f64>(tau + b) * iik - load<f64>(r, 16), a0, a1, a3, a4, a5);
    }
  }
  store<f64>(x + b, load<f64>(o)); store<f64>(vx + b, load<f64>(o, 8) * invDt); store<f64>(ax + b, load<f64>(o, 16) * invH2);
  store<f64>(y + b, load<f64>(p)); store<f64>(vy + b, load<f64>(p, 8) * invDt); store<f64>(ay + b, load<f64>(p, 16) * invH2);
  store<f64>(phi + b, load<f64>(r)); store<f64>(om + b, load<f64>(r, 8) * invDt); store<f64>(al + b, load<f64>(r, 16) * invH2);
}

/** Corrects bodies [k0, k1) with the forces at the predicted state and writes x, v, a */
export function gearCorrect(
  g: usize, flags: usize, fx: usize, fy: usize, tau: usize, im: usize, ii: usize,
  x: usize, y: usize, phi: usize, vx: usize, vy: usize, om: usize, ax: usize, ay: usize, al: usize,
  k0: i32, k1: i32, immovable: i32, lockX: i32, lockY: i32, a0: f64, a1: f64, a3: f64, a4: f64, a5: f64, h2: f64, invDt: f64, invH2: f64, flush: i32,
): void {
  for (let k = k0; k < k1; k++) correctBody(g, flags, fx, fy, tau, im, ii, x, y, phi, vx, vy, om, ax, ay, al, k, immovable, lockX, lockY, a0, a1, a3, a4, a5, h2, invDt, invH2, flush);
}

/** gearCorrect, each body then predicted for the next step and its evaluation state written, as gearPredict does */
export function gearCorrectPredict(
  g: usize, flags: usize, fx: usize, fy: usize, tau: usize, im: usize, ii: usize,
  x: usize, y: usize, phi: usize, vx: usize, vy: usize, om: usize, ax: usize, ay: usize, al: usize,
  ex: usize, ey: usize, ephi: usize, evx: usize, evy: usize, ew: usize,
  k0: i32, k1: i32, immovable: i32, lockX: i32, lockY: i32, a0: f64, a1: f64, a3: f64, a4: f64, a5: f64, h2: f64, invDt: f64, invH2: f64, flush: i32,
): void {
  for (let k = k0; k < k1; k++) {
    correctBody(g, flags, fx, fy, tau, im, ii, x, y, phi, vx, vy, om, ax, ay, al, k, immovable, lockX, lockY, a0, a1, a3, a4, a5, h2, invDt, invH2, flush);
    predictBody(g, ex, ey, ephi, evx, evy, ew, k, invDt);
  }
}
