/**
 * What a lesson's end condition and headline read (lesson-end.ts, headlines.ts): the page's own numbers — the worker's
 * latest status, the recorded rows the charts draw, the bodies as drawn, the pipe's space–time figures — and what the
 * lesson's earlier parts ended with. Pure helpers over the rows live here too.
 */
import type { SeriesColumn, SimStatus } from '../../protocol/api';
import type { StoreColumn } from '../charts/series-store';

export interface LessonReadout {
  status: SimStatus;
  /** rows recorded (the whole history the charts draw from) */
  rows: number;
  /** a recorded column, or one the page derives from them (the plane angles in degrees, the jumps); its first `rows` values are the rows */
  column(name: StoreColumn): Float64Array;
  /** the bodies as last drawn: centres and radii [m] */
  bodies(): { x: ArrayLike<number>; y: ArrayLike<number>; r: ArrayLike<number>; n: number };
  /** the density waves' speed along the pipe the panel estimates [m/s] (NaN outside pipe scenes) */
  waveSpeed: number;
  /** the headlines the lesson's earlier parts ended with */
  earlier: readonly (readonly string[])[];
}

/** The largest finite value of column `name` over the rows (NaN when none). */
export function columnMax(r: LessonReadout, name: SeriesColumn): number {
  const a = r.column(name);
  let max = NaN;
  for (let k = 0; k < r.rows; k++) if (Number.isFinite(a[k]) && !(a[k] <= max)) max = a[k];
  return max;
}

/** The last row's value of column `name` (NaN without rows). */
export function lastValue(r: LessonReadout, name: SeriesColumn): number {
  return r.rows > 0 ? r.column(name)[r.rows - 1] : NaN;
}

/**
 * The time bodies were in contact: from the first row with a contact to the first row after it without one [s]
 * (NaN: no contact yet, or it has not ended). One row per step resolves it to a step.
 */
export function contactSpan(r: LessonReadout): { start: number; end: number } | null {
  const t = r.column('t'), c = r.column('contacts');
  let start = -1;
  for (let k = 0; k < r.rows; k++) {
    if (start < 0 && c[k] > 0) start = k;
    else if (start >= 0 && !(c[k] > 0)) return { start: t[start], end: t[k] };
  }
  return null;
}

/**
 * The tracked body's velocity along x from the first two rows before `t0` and the last two after `t1` [m/s]: the
 * speeds of a collision's approach and rebound (NaN where there are not two rows).
 */
export function speedsAround(r: LessonReadout, t0: number, t1: number): { before: number; after: number } {
  const t = r.column('t'), x = r.column('trackX');
  const slope = (a: number, b: number): number => (x[b] - x[a]) / (t[b] - t[a]);
  const before = r.rows >= 2 && t[1] < t0 ? slope(0, 1) : NaN;
  const after = r.rows >= 2 && t[r.rows - 2] > t1 ? slope(r.rows - 2, r.rows - 1) : NaN;
  return { before, after };
}
