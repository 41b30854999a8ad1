/**
 * AssemblyScript source of diagnostics/energy.ts's bodyEnergiesRange in WebAssembly (issue 9), the same
 * two loops and sums in the same order (the same bits). Writes Σ m v², Σ I ω², the potential, the
 * finiteness probe and max (v/a)² to sums[0 … 4]. Paper 000 Eq. 11: Ek = Σ ½ m v² + ½ I ω².
 */
export function bodyEnergies(
  rad: usize, vx: usize, vy: usize, om: usize, m: usize, I: usize,
  x: usize, y: usize, phi: usize, im: usize, fxe: usize, fye: usize, te: usize,
  k0: i32, k1: i32, gx: f64, gy: f64, sums: usize,
): void {
  let et: f64 = 0, er: f64 = 0, ep: f64 = 0, check: f64 = 0, fast: f64 = 0;
  for (let k = k0; k < k1; k++) {
    const o = <usize>k << 3;
    const vxk = load<f64>(vx + o), vyk = load<f64>(vy + o), omk = load<f64>(om + o), rk = load<f64>(rad + o);
    const v2 = vxk * vxk + vyk * vyk;
    et += load<f64>(m + o) * v2;
    er += load<f64>(I + o) * omk * omk;
    check += v2 + omk;
    const f = v2 / (rk * rk);
    if (f > fast) fast = f;
  }
  for (let k = k0; k < k1; k++) {
    const o = <usize>k << 3;
    const xk = load<f64>(x + o), yk = load<f64>(y + o);
    if (load<f64>(im + o) > 0) {
      const mk = load<f64>(m + o);
      ep -= (mk * gx + load<f64>(fxe + o)) * xk + (mk * gy + load<f64>(fye + o)) * yk + load<f64>(te + o) * load<f64>(phi + o);
    }
    check += xk + yk;
  }
  store<f64>(sums, et); store<f64>(sums, er, 8); store<f64>(sums, ep, 16); store<f64>(sums, check, 24); store<f64>(sums, fast, 32);
}
