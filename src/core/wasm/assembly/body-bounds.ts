/**
 * AssemblyScript source of neighbors/neighbor-search.ts's particleBounds in WebAssembly (issue 9), comparison
 * for comparison (a NaN coordinate is passed over, as there): the least and greatest x, y and radius of
 * particles [0, n) into out[0 … 5] as xmin, xmax, ymin, ymax, rMin, rMax.
 */
export function particleBounds(x: usize, y: usize, rad: usize, n: i32, out: usize): void {
  let xmin: f64 = Infinity, xmax: f64 = -Infinity, ymin: f64 = Infinity, ymax: f64 = -Infinity, rMin: f64 = Infinity, rMax: f64 = 0;
  for (let p = 0; p < n; p++) {
    const o = <usize>p << 3;
    const xp = load<f64>(x + o), yp = load<f64>(y + o), r = load<f64>(rad + o);
    if (xp < xmin) xmin = xp;
    if (xp > xmax) xmax = xp;
    if (yp < ymin) ymin = yp;
    if (yp > ymax) ymax = yp;
    if (r < rMin) rMin = r;
    if (r > rMax) rMax = r;
  }
  store<f64>(out, xmin);
  store<f64>(out, xmax, 8);
  store<f64>(out, ymin, 16);
  store<f64>(out, ymax, 24);
  store<f64>(out, rMin, 32);
  store<f64>(out, rMax, 40);
}
