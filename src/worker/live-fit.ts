/**
 * The live relaxation fit of a scene with run.relaxation (paper 000 Eq. 12, docs/validation.md#e1-two-disc-relaxation):
 * the core's fitRelaxation through the Ek peaks recorded since the scene was loaded or put back (a restore
 * starts the peaks afresh), with the time span of the peaks it used, for the Ek chart's fit line.
 */
import type { LiveRelaxationFit } from '../protocol/relaxation';
import { fitRelaxation, type WorldLike } from './core-adapter';

export function liveRelaxationFit(w: WorldLike, window: { from: number; to: number } | undefined): LiveRelaxationFit | null {
  if (!window) return null;
  const p = w.peaks, fit = fitRelaxation(p, window.from, window.to);
  const hi = window.from * p.max, lo = window.to * p.max;
  let t0 = NaN, t1 = NaN;
  for (let k = 0; k < p.count; k++) {
    if (p.ek[k] > hi || p.ek[k] < lo) continue;
    if (Number.isNaN(t0)) t0 = p.t[k];
    t1 = p.t[k];
  }
  const tc = w.timeScales().tc;
  return { tR: fit.tR, tROverTc: fit.tR / tc, e0: fit.e0, peaks: fit.peaks, decaying: fit.decaying, from: window.from, to: window.to, t0, t1 };
}
