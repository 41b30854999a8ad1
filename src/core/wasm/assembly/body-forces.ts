/**
 * AssemblyScript source of sim/body-forces.ts's bodyForcesRange in WebAssembly (issue 9): gravity and the
 * external forces on the movable bodies [k0, k1), 0 on immovable ones, before the contacts add theirs.
 */
export function bodyForces(fx: usize, fy: usize, tau: usize, m: usize, im: usize, fxe: usize, fye: usize, te: usize, k0: i32, k1: i32, gx: f64, gy: f64): void {
  for (let k = k0; k < k1; k++) {
    const o = <usize>k << 3;
    if (load<f64>(im + o) > 0) {
      const mk = load<f64>(m + o);
      store<f64>(fx + o, mk * gx + load<f64>(fxe + o));
      store<f64>(fy + o, mk * gy + load<f64>(fye + o));
      store<f64>(tau + o, load<f64>(te + o));
    } else {
      store<f64>(fx + o, 0); store<f64>(fy + o, 0); store<f64>(tau + o, 0);
    }
  }
}
