/**
 * The space–time rows travel to the page as one small chunk per status poll (about ten a second), like
 * the series: the worker drains the core's queue of unread rows into two typed arrays that are then
 * transferred, not copied. Nothing is allocated while stepping; the core's queue holds the rows between
 * polls.
 */
import type { SpaceTimeChunk } from '../protocol/api';
import type { SpaceTimeSource } from './core-adapter';

/** Drains every unread row of `source` (none when null) into a chunk of the scene `version`. */
export function packSpaceTimeRows(source: SpaceTimeSource | null, version: number): SpaceTimeChunk {
  const rows = source ? source.pending : 0;
  const bins = source ? source.bins : 0;
  const t = new Float64Array(rows);
  const counts = new Float32Array(rows * bins);
  let r = 0;
  source?.drain((time, row) => {
    t[r] = time;
    counts.set(row, r * bins);
    r++;
  });
  return { version, bins, t, counts, sd: source ? source.sd : NaN, sdInitial: source ? source.sdInitial : NaN };
}
