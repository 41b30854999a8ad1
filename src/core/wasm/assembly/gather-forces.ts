/**
 * AssemblyScript source of contacts/parallel-disc-kernels.ts's gatherPairForces in WebAssembly (issue 9):
 * each body gathered[e0 … e1) adds its candidate pairs' forces in list order (adj: pair × 2 + 1 if the body
 * is j; slot: the pair's contact or −1): F = f_n n + f_t t on j, −F on i, and −a f_t to its torque;
 * with `partners` (≠ 0) it writes the body's collision partner (collision-monitor.ts: the one body, NONE or MANY).
 */
/** collision-monitor.ts's NONE and MANY */
const NONE = -1, MANY = -2;

export function gatherForces(
  fx: usize, fy: usize, tau: usize, rad: usize, slot: usize, start: usize, adj: usize,
  fn: usize, ft: usize, nx: usize, ny: usize, gathered: usize, pi: usize, pj: usize, partner: usize,
  e0: i32, e1: i32, partners: i32,
): void {
  for (let g = e0; g < e1; g++) {
    const b = load<i32>(gathered + (<usize>g << 2)), o = <usize>b << 3;
    const ab = load<f64>(rad + o);
    let sx = load<f64>(fx + o), sy = load<f64>(fy + o), st = load<f64>(tau + o), touching = 0, other = NONE;
    for (let e = load<i32>(start + (<usize>b << 2)), end = load<i32>(start + (<usize>(b + 1) << 2)); e < end; e++) {
      const code = load<i32>(adj + (<usize>e << 2)), pair = <usize>(code >> 1);
      const k = load<i32>(slot + (pair << 2));
      if (k < 0) continue;
      const k8 = <usize>k << 3;
      const f = load<f64>(fn + k8), t = load<f64>(ft + k8), ux = load<f64>(nx + k8), uy = load<f64>(ny + k8);
      const Fx = f * ux - t * uy, Fy = f * uy + t * ux;
      if ((code & 1) == 1) { sx += Fx; sy += Fy; st += -ab * t; other = load<i32>(pi + (pair << 2)); } else { sx -= Fx; sy -= Fy; st -= ab * t; other = load<i32>(pj + (pair << 2)); }
      touching++;
    }
    store<f64>(fx + o, sx); store<f64>(fy + o, sy); store<f64>(tau + o, st);
    if (partners != 0) store<i32>(partner + (<usize>b << 2), touching == 0 ? NONE : touching == 1 ? other : MANY);
  }
}
