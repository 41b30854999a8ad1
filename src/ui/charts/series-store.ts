/**
 * Full history of the recorded diagnostics on the page (for export), columnar, preallocated so the
 * heap stays flat. When full, it keeps every other row (the history gets coarser, never truncated
 * at the start), so a long run still exports from t = 0 to now. Besides the worker's columns it keeps
 * the contact-plane chart's, derived from them row by row as rows arrive (plane-columns.ts).
 */
import { SERIES_COLUMNS, type SeriesChunk, type SeriesColumn } from '../../protocol/api';
import { PLANE_DERIVED_COLUMNS, PlaneColumns, type PlaneDerivedColumn } from './plane-columns';

export type StoreColumn = SeriesColumn | PlaneDerivedColumn;
const STORE_COLUMNS: readonly StoreColumn[] = [...SERIES_COLUMNS, ...PLANE_DERIVED_COLUMNS];

export class SeriesStore {
  readonly capacity: number;
  readonly cols: Record<StoreColumn, Float64Array>;
  private readonly plane = new PlaneColumns();
  length = 0;
  epoch = -1;
  nextSeq = 0;
  /** how many times the history was thinned by 2 */
  decimations = 0;
  /** rows the worker recorded but overwrote before the page read them (SeriesChunk.lost), since the last clear */
  lost = 0;
  /** bumps on every change, so charts know when to redraw */
  version = 0;
  /**
   * Told before rows go: `from`, the first of the rows [from, length) dropped because time went back (a rewind's
   * branch, the last good state); null, all of them for a new history (a scene loaded, a reset). The ghosts of the
   * run before going back listen (ghost-curve.ts).
   */
  readonly onDrop: ((from: number | null) => void)[] = [];

  constructor(capacity = 1 << 17) {
    this.capacity = capacity;
    this.cols = {} as Record<StoreColumn, Float64Array>;
    for (const c of STORE_COLUMNS) this.cols[c] = new Float64Array(capacity);
  }

  clear(): void {
    for (const f of this.onDrop) f(null);
    this.length = 0;
    this.lost = 0;
    this.plane.rewind(this.cols, 0);
    this.version++;
  }

  /** Drops rows with t > tBack (after "back to last good state"). */
  truncateAfter(tBack: number): void {
    const t = this.cols.t;
    let n = this.length;
    while (n > 0 && !(t[n - 1] <= tBack)) n--;
    if (n < this.length) for (const f of this.onDrop) f(n);
    this.length = n;
    this.plane.rewind(this.cols, n);
    this.version++;
  }

  ingest(chunk: SeriesChunk): void {
    if (chunk.epoch !== this.epoch) {
      if (chunk.resync === 'truncate') this.truncateAfter(chunk.truncateT);
      else this.clear();
      this.epoch = chunk.epoch;
    }
    this.nextSeq = chunk.nextSeq;
    this.lost += chunk.lost;
    const rows = chunk.cols.t.length;
    for (let k = 0; k < rows; k++) {
      if (this.length >= this.capacity) this.decimate();
      // the worker's rows are in time order; a row that goes back in time starts over (defensive)
      if (this.length > 0 && !(chunk.cols.t[k] >= this.cols.t[this.length - 1])) this.truncateAfter(chunk.cols.t[k]);
      for (const c of SERIES_COLUMNS) this.cols[c][this.length] = chunk.cols[c][k];
      this.plane.derive(this.cols, this.length);
      this.length++;
    }
    if (rows) this.version++;
  }

  private decimate(): void {
    const half = Math.floor(this.length / 2);
    // the derived columns too (a jump marker on a dropped row goes with it); their derivation goes on
    // from the last row received, kept or not
    for (const c of STORE_COLUMNS) {
      const a = this.cols[c];
      for (let k = 0; k < half; k++) a[k] = a[2 * k];
    }
    this.length = half;
    this.decimations++;
  }

  /** Index of the first row shown in a display window of `rows` rows (0 = everything). */
  windowStart(rows: number): number {
    return rows > 0 ? Math.max(0, this.length - rows) : 0;
  }
}
