/**
 * When a lesson's story ends (issue 36 item 2): at its planned duration, when its quantity has settled below a noise
 * floor, when the blow-up the "let it blow up" switch let run has stopped, or a while after a gate opened — the first of those a lesson declares
 * (lessons.ts) that holds. Pure: it reads the page's own numbers (lesson-readout.ts).
 */
import { VARIANT_EK_COLUMNS } from '../../protocol/api';
import { columnMax, lastValue, type LessonReadout } from './lesson-readout';

/** A lesson's end: any of these that holds ends it. */
export interface LessonEnd {
  /** its planned duration [s of simulated time, from t = 0] */
  duration?: number;
  /** settled: every run's kinetic energy (a comparison's every variant) below this fraction of its largest so far */
  settled?: number;
  /** the blow-up stopped (SimStatus.blowUp) */
  blowUp?: true;
  /** this long after a gate opened [s of simulated time] (SimStatus.orifice: build mode) */
  discharge?: number;
}

/** Why the story has ended ('duration', 'settled', 'blow-up'), or null while it goes on. */
export function storyEnd(end: LessonEnd, r: LessonReadout): 'duration' | 'settled' | 'blow-up' | 'discharge' | null {
  const s = r.status;
  if (end.blowUp && s.blowUp?.state === 'stopped') return 'blow-up';
  if (end.discharge !== undefined && s.orifice && s.t >= s.orifice.t + end.discharge * (1 - 1e-9)) return 'discharge';
  if (end.duration !== undefined && s.t >= end.duration * (1 - 1e-9)) return 'duration';
  if (end.settled !== undefined && settled(r, end.settled)) return 'settled';
  return null;
}

/**
 * Rows whose largest Ek must be below the floor: Ek oscillates (it is zero where a contact turns), so one row near a
 * zero would end the story early
 */
export const SETTLED_ROWS = 50;

/** Every run's Ek (variant 1's, and a comparison's others still running) over its last SETTLED_ROWS rows is below `floor` × its largest so far. */
function settled(r: LessonReadout, floor: number): boolean {
  if (r.rows < SETTLED_ROWS) return false;
  const variants = r.status.comparison?.variants.length ?? 1;
  let runs = 0;
  for (let v = 0; v < variants; v++) {
    const name = VARIANT_EK_COLUMNS[v];
    if (!Number.isFinite(lastValue(r, name))) continue; // a stopped variant has no rows to wait for
    const a = r.column(name);
    let recent = 0;
    for (let k = r.rows - SETTLED_ROWS; k < r.rows; k++) if (a[k] > recent) recent = a[k];
    const max = columnMax(r, name);
    if (!(max > 0) || !(recent < floor * max)) return false;
    runs++;
  }
  return runs > 0;
}
