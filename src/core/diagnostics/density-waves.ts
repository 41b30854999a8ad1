/**
 * Speed of the density waves in a periodic pipe (paper 003 Fig. 6; docs/validation.md#e10-pipe-flow), read off the
 * space–time rows: the shift s (in bins) that maximises the cross-correlation of the density fluctuations
 * of rows `lag` samples apart, C(s) = Σ_rows Σ_k δn_t[k] δn_{t+lag}[k + s] (periodic in k), gives the
 * pattern's speed c = s·binWidth/(lag·every). The shift is refined between bins by the parabola through C at the
 * best whole shift and its two neighbours, s* = s + (C(s−1) − C(s+1)) / (2 (C(s−1) − 2C(s) + C(s+1))) (the
 * three-point peak fit of particle image velocimetry: Raffel et al., Particle Image Velocimetry, 3rd ed., §5.4.4),
 * so the speed is not held to steps of one bin per lag (0.05 m/s in E10). Grains carried along unchanged would give
 * c = their mean velocity; a density wave moves at its own speed, in the lab frame either way.
 */

export interface DensityWaves {
  /** Speed of the density pattern along +x [m/s] */
  speed: number;
  /** Normalised cross-correlation (−1 … 1) at the best shift, and at zero shift (standing pattern) */
  correlation: number;
  correlationStanding: number;
}

export function densityWaveSpeed(rows: Float64Array[], every: number, binWidth: number, lagSeconds = 0.4, maxSpeed = 5): DensityWaves {
  const lag = Math.max(1, Math.round(lagSeconds / every));
  const bins = rows.length ? rows[0].length : 0;
  const maxShift = Math.min(Math.floor(bins / 2), Math.ceil((maxSpeed * lag * every) / binWidth));
  if (rows.length <= lag || bins === 0) return { speed: NaN, correlation: NaN, correlationStanding: NaN };
  const fluctuation = rows.map((r) => {
    let mean = 0;
    for (let k = 0; k < bins; k++) mean += r[k];
    mean /= bins;
    return r.map((v) => v - mean);
  });
  let aa = 0, bb = 0;
  for (let i = 0; i + lag < rows.length; i++) {
    for (let k = 0; k < bins; k++) { aa += fluctuation[i][k] ** 2; bb += fluctuation[i + lag][k] ** 2; }
  }
  const norm = Math.sqrt(aa * bb) || 1;
  const at = (s: number): number => {
    let c = 0;
    for (let i = 0; i + lag < rows.length; i++) {
      const a = fluctuation[i], b = fluctuation[i + lag];
      for (let k = 0; k < bins; k++) c += a[k] * b[(((k + s) % bins) + bins) % bins];
    }
    return c;
  };
  let best = -Infinity, bestShift = 0;
  for (let s = -maxShift; s <= maxShift; s++) {
    const c = at(s);
    if (c > best) { best = c; bestShift = s; }
  }
  const below = at(bestShift - 1), above = at(bestShift + 1), curvature = below - 2 * best + above;
  const shift = curvature < 0 ? bestShift + (below - above) / (2 * curvature) : bestShift;
  return { speed: (shift * binWidth) / (lag * every), correlation: best / norm, correlationStanding: at(0) / norm };
}
