/**
 * The space–time picture of a pipe scene (paper 003 Fig. 6; docs/validation.md#e10-pipe-flow) as RGBA pixels:
 * one row per sample, oldest at the top (time downwards), one column per bin along the pipe, from the
 * periodic box's xmin on the left as the canvas draws x. Each pixel is the count averaged over SMOOTH_COLUMNS
 * columns (periodic, as the pipe) and the SMOOTH_ROWS latest rows, so that the density waves read at a glance
 * rather than as the salt-and-pepper of single grains (issue 36 item 4); coloured by viridis (density-ramp.ts)
 * from 0 to the densest average so far: a running maximum, so when it grows every row is painted again with it.
 * The raw counts stay (row(): the waves' speed is read off them). When full, the oldest row goes (the picture
 * scrolls). Pure: the panel (space-time-panel.ts) uploads `pixels` into a Pixi texture.
 */
import { densityColour } from './density-ramp';

/** Rows kept; the panel shows the newest that fit its height */
export const SPACE_TIME_ROWS = 512;
/** Most columns: a longer pipe sums adjacent bins into one column */
export const MAX_COLUMNS = 1024;

/** How many adjacent bins one column sums, so that `bins` bins make at most `maxColumns` columns. */
export function columnGroup(bins: number, maxColumns = MAX_COLUMNS): number {
  return Math.max(1, Math.ceil(bins / maxColumns));
}

/** Columns (centred, periodic) and rows (the latest) the picture averages over: 3 × 2R₀ = 6 grain radii, 0.15 s at a row every 0.05 s */
export const SMOOTH_COLUMNS = 3, SMOOTH_ROWS = 3;

/** The colour map's level (0 … 255) of an average count against the maximum `max`. */
export function level(value: number, max: number): number {
  return max > 0 ? Math.round(255 * Math.min(value, max) / max) : 0;
}

/** The colour map, 256 levels, RGB */
const LUT = Array.from({ length: 256 }, (_, k) => densityColour(k / 255));

/** The first row shown when `rowPx` pixels per row fill a panel `heightPx` tall: the newest rows, once they overflow it. */
export function firstShownRow(rows: number, heightPx: number, rowPx: number): number {
  return Math.max(0, rows - Math.max(1, Math.floor(heightPx / rowPx)));
}

export class SpaceTimeImage {
  /** bins summed into each column */
  readonly group: number;
  readonly columns: number;
  /** RGBA, `columns` wide and `capacity` tall, row-major; rows not recorded yet are transparent */
  readonly pixels: Uint8Array;
  rows = 0;
  /** the largest averaged count so far (the colour map's top) */
  max = 0;
  /** bumps whenever the pixels change */
  version = 0;
  private readonly counts: Float32Array;
  /** the counts averaged over SMOOTH_COLUMNS × SMOOTH_ROWS, as painted */
  private readonly smooth: Float32Array;
  private readonly times: Float64Array;

  constructor(readonly bins: number, readonly capacity = SPACE_TIME_ROWS, maxColumns = MAX_COLUMNS) {
    this.group = columnGroup(bins, maxColumns);
    this.columns = Math.ceil(bins / this.group);
    this.pixels = new Uint8Array(4 * this.columns * capacity);
    this.counts = new Float32Array(this.columns * capacity);
    this.smooth = new Float32Array(this.columns * capacity);
    this.times = new Float64Array(capacity);
  }

  /** Simulated time of row r [s] */
  timeAt(r: number): number {
    return r >= 0 && r < this.rows ? this.times[r] : NaN;
  }

  /** The averaged counts of row r, as painted */
  averaged(r: number): Float32Array {
    return this.smooth.subarray(r * this.columns, (r + 1) * this.columns);
  }

  /** The column counts of row r */
  row(r: number): Float32Array {
    return this.counts.subarray(r * this.columns, (r + 1) * this.columns);
  }

  /**
   * Appends rows: row k has time t[k] and the `bins` counts from counts[k·bins]. A row not later than the
   * last one (the run went back to its last good state) first drops the rows from its time on.
   */
  push(t: ArrayLike<number>, counts: ArrayLike<number>): void {
    if (t.length === 0) return;
    const cols = this.columns, g = this.group, bins = this.bins;
    /** rows from here to the end are painted once all are in */
    let paintFrom = this.rows;
    for (let k = 0; k < t.length; k++) {
      if (this.rows > 0 && !(t[k] > this.times[this.rows - 1])) paintFrom = Math.min(paintFrom, this.truncate(t[k]));
      if (this.rows === this.capacity) { this.scroll(); paintFrom = Math.max(0, paintFrom - 1); }
      const r = this.rows, off = r * cols, src = k * bins;
      for (let c = 0; c < cols; c++) {
        let sum = 0;
        const end = Math.min(bins, (c + 1) * g);
        for (let b = c * g; b < end; b++) sum += counts[src + b];
        this.counts[off + c] = sum;
      }
      if (this.average(r)) paintFrom = 0;
      this.times[r] = t[k];
      this.rows++;
      paintFrom = Math.min(paintFrom, r);
    }
    this.paint(paintFrom, this.rows);
    this.version++;
  }

  /** Averages row r over the columns round each one and the rows before it; true when that raised the maximum. */
  private average(r: number): boolean {
    const cols = this.columns, first = Math.max(0, r - SMOOTH_ROWS + 1), half = (SMOOTH_COLUMNS - 1) / 2;
    let raised = false;
    for (let c = 0; c < cols; c++) {
      let sum = 0, n = 0;
      for (let q = first; q <= r; q++) {
        for (let d = -half; d <= half; d++, n++) sum += this.counts[q * cols + (((c + d) % cols) + cols) % cols];
      }
      const v = sum / n;
      this.smooth[r * cols + c] = v;
      if (v > this.max) { this.max = v; raised = true; }
    }
    return raised;
  }

  /** Drops the rows at or after time t; returns how many are left. */
  private truncate(t: number): number {
    let n = this.rows;
    while (n > 0 && !(this.times[n - 1] < t)) n--;
    this.pixels.fill(0, 4 * n * this.columns, 4 * this.rows * this.columns);
    this.rows = n;
    return n;
  }

  /** Drops the oldest row: the others move up by one. */
  private scroll(): void {
    const cols = this.columns, rows = this.rows;
    this.counts.copyWithin(0, cols, rows * cols);
    this.smooth.copyWithin(0, cols, rows * cols);
    this.times.copyWithin(0, 1, rows);
    this.pixels.copyWithin(0, 4 * cols, 4 * rows * cols);
    this.rows--;
  }

  private paint(from: number, to: number): void {
    const px = this.pixels, smooth = this.smooth, max = this.max;
    for (let i = from * this.columns, end = to * this.columns; i < end; i++) {
      const [r, g, b] = LUT[level(smooth[i], max)], p = 4 * i;
      px[p] = r; px[p + 1] = g; px[p + 2] = b; px[p + 3] = 255;
    }
  }
}
