/**
 * Angle of repose of a heap, measured from the bodies (docs/model.md#heap-angle-of-repose): the free surface is
 * the highest body top y + r in each column of width `binWidth`; the peak is the highest column (of the surface
 * smoothed by a 3-column median, so one disc sticking out is not the peak); walking outwards from it, each flank
 * is the run of surface points down to the first column below the foot, and a straight line is fitted to the points
 * between `foot` and `top` of the heap's height (the rounded top and the spread foot left out). The fit is the
 * principal axis of the points (orthogonal least squares: a steep flank is fitted as well as a shallow one), the
 * angle its slope against the horizontal. For a settled heap; called once, not per step (it allocates).
 */

export interface FlankFit {
  /** Slope of the flank against the horizontal [°], positive when it falls away from the peak; NaN with fewer than MIN_POINTS points */
  angle: number;
  /** Surface points fitted */
  points: number;
  /** Root-mean-square distance of the points from the line [m] */
  rms: number;
  /** 1 − λ_min/λ_max of the points' scatter matrix: 1 on a line (of any slope, flat too), 0 for a round cloud */
  linearity: number;
  /** The fitted line over the points used, from its lower end (x0, y0) to its upper end (x1, y1) [m] */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface HeapAngles {
  left: FlankFit;
  right: FlankFit;
  /** The peak: the column with the highest 3-column median top, and that median [m] */
  peakX: number;
  peakY: number;
  /** The level the height is measured from: the lowest body bottom, or the floor given [m] */
  floorY: number;
}

export interface HeapAngleOptions {
  /** Column width [m]; default one mean diameter */
  binWidth?: number;
  /** Floor level [m]; default the lowest body bottom */
  floorY?: number;
  /** Points below this fraction of the heap's height are the foot: not fitted, and the flank ends at the first column there (default 0.2) */
  foot?: number;
  /** Points above this fraction of the height are the top: not fitted (default 0.8) */
  top?: number;
}

/** Fewer surface points than this on a flank give no angle */
const MIN_POINTS = 3;

const NO_FIT: FlankFit = { angle: NaN, points: 0, rms: NaN, linearity: NaN, x0: NaN, y0: NaN, x1: NaN, y1: NaN };

/** Both flank angles of the heap formed by bodies [0, n) (positions and radii) */
export function heapAngles(x: ArrayLike<number>, y: ArrayLike<number>, radius: ArrayLike<number>, n: number, options: HeapAngleOptions = {}): HeapAngles {
  if (n === 0) return { left: NO_FIT, right: NO_FIT, peakX: NaN, peakY: NaN, floorY: NaN };
  let xMin = Infinity, xMax = -Infinity, bottom = Infinity, rSum = 0;
  for (let k = 0; k < n; k++) {
    xMin = Math.min(xMin, x[k] - radius[k]);
    xMax = Math.max(xMax, x[k] + radius[k]);
    bottom = Math.min(bottom, y[k] - radius[k]);
    rSum += radius[k];
  }
  const width = options.binWidth ?? (2 * rSum) / n;
  const floorY = options.floorY ?? bottom;
  const bins = Math.max(1, Math.ceil((xMax - xMin) / width));
  // the free surface: per column the highest top and the x of the body it belongs to
  const topY = new Float64Array(bins).fill(-Infinity), topX = new Float64Array(bins);
  for (let k = 0; k < n; k++) {
    const c = Math.min(bins - 1, Math.floor((x[k] - xMin) / width));
    const t = y[k] + radius[k];
    if (t > topY[c]) { topY[c] = t; topX[c] = x[k]; }
  }
  const [peak, peakY] = peakColumn(topY);
  const height = peakY - floorY;
  const footY = floorY + (options.foot ?? 0.2) * height, capY = floorY + (options.top ?? 0.8) * height;
  return {
    left: fitFlank(topX, topY, peak, -1, footY, capY),
    right: fitFlank(topX, topY, peak, 1, footY, capY),
    peakX: topX[peak], peakY, floorY,
  };
}

/** The column whose 3-column median top is highest, and that median (a single column sticking out does not count); else the highest column */
function peakColumn(topY: Float64Array): [number, number] {
  let best = -1, bestY = -Infinity, highest = 0;
  for (let c = 0; c < topY.length; c++) {
    if (topY[c] > topY[highest]) highest = c;
    const a = c > 0 ? topY[c - 1] : topY[c], b = c + 1 < topY.length ? topY[c + 1] : topY[c];
    const m = Math.max(Math.min(a, b), Math.min(Math.max(a, b), topY[c])); // median of three
    if (topY[c] > -Infinity && m > bestY) { bestY = m; best = c; }
  }
  return best >= 0 && bestY > -Infinity ? [best, bestY] : [highest, topY[highest]];
}

/** Walks from the peak in direction `dir` (±1) down to the foot and fits a line to the points between the foot and the cap */
function fitFlank(topX: Float64Array, topY: Float64Array, peak: number, dir: 1 | -1, footY: number, capY: number): FlankFit {
  let m = 0, sx = 0, sy = 0;
  const xs: number[] = [], ys: number[] = [];
  for (let c = peak + dir; c >= 0 && c < topY.length; c += dir) {
    const t = topY[c];
    if (t === -Infinity) continue; // an empty column inside the heap
    if (t < footY) break; // the foot: the flank ends here
    if (t > capY) continue;
    xs.push(topX[c]); ys.push(t); sx += topX[c]; sy += t; m++;
  }
  if (m < MIN_POINTS) return { ...NO_FIT, points: m };
  const mx = sx / m, my = sy / m;
  let sxx = 0, syy = 0, sxy = 0;
  for (let k = 0; k < m; k++) {
    const dx = xs[k] - mx, dy = ys[k] - my;
    sxx += dx * dx; syy += dy * dy; sxy += dx * dy;
  }
  // principal axis of the scatter matrix [[sxx, sxy], [sxy, syy]]: direction θ, smaller eigenvalue = Σ squared distances
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const half = 0.5 * (sxx + syy), root = Math.hypot(0.5 * (sxx - syy), sxy);
  const c = Math.cos(theta), s = Math.sin(theta);
  let t0 = Infinity, t1 = -Infinity;
  for (let k = 0; k < m; k++) {
    const t = (xs[k] - mx) * c + (ys[k] - my) * s;
    t0 = Math.min(t0, t); t1 = Math.max(t1, t);
  }
  // the segment's ends ordered by height
  const ax = mx + t0 * c, ay = my + t0 * s, bx = mx + t1 * c, by = my + t1 * s;
  const [x0, y0, x1, y1] = ay <= by ? [ax, ay, bx, by] : [bx, by, ax, ay];
  return {
    angle: (-dir * theta * 180) / Math.PI,
    points: m,
    rms: Math.sqrt(Math.max(0, half - root) / m),
    linearity: half + root > 0 ? 1 - (half - root) / (half + root) : NaN,
    x0, y0, x1, y1,
  };
}
