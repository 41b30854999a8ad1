/**
 * Going back in time: to the world's last good state (Restore, which ends a comparison: the other variants
 * cannot go back with variant 1), to it on a divergence to replay the blow-up, and to a rewind snapshot
 * (the scrubber; off while a comparison runs). The scenario's schedule is rewound to the restored time and
 * the run's clock restarts there. The chart rows after it are dropped at once after a restore, and after a
 * snapshot only when the run steps on from it (the scrubber can go forward again until then).
 */
import type { Checked } from '../protocol/api';
import type { TimelineInfo } from '../protocol/timeline';
import { describeError } from './core-adapter';
import type { RunRecord } from './run-record';
import type { Scene } from './scene';

/** What going back asks of the run loop (run-loop.ts's RunLoop): a step without a row, a pause, the pacing clock restarted */
export interface RunControl {
  advance(s: Scene, k: number): number;
  pause(): void;
  restartClock(): void;
}

/** A divergence replay goes at most this far past the step that diverged first. */
const REPLAY_EXTRA_STEPS = 1000;

export function restoreLastGood(s: Scene, record: RunRecord, loop: RunControl): boolean {
  const ok = s.world.restoreLastGood();
  loop.restartClock();
  if (!ok) return false;
  s.comparison = null;
  wentBack(s, record);
  return true;
}

/**
 * Records the blow-up at full resolution for the charts: replays from the last good state (at most
 * a few hundred steps back) with a row per step until it diverges again, as it does at the same
 * step or within round-off of it (stepping is deterministic; the integrator restarts from the state).
 */
export function replayDivergence(s: Scene, record: RunRecord, loop: RunControl): void {
  const w = s.world;
  const badStep = w.health.step;
  if (!w.restoreLastGood()) return;
  wentBack(s, record);
  while (w.stepCount < badStep + REPLAY_EXTRA_STEPS && !s.diverged) {
    if (loop.advance(s, 1) === 0) break;
    record.sample(s);
  }
  record.countFromHere();
}

/** The world went back to its last good state: the schedule is rewound, the later rows dropped, and a row taken there. */
function wentBack(s: Scene, record: RunRecord): void {
  s.schedule.rewind(s.world.t, s.world.dt);
  s.blowUp?.restart(s.world);
  record.truncate(s.world.t);
  record.sample(s);
}

/** Puts the run back to snapshot k (0 = oldest) and pauses it; returns the restored t. */
export function restoreSnapshot(s: Scene, record: RunRecord, loop: RunControl, k: number): Checked<number> {
  const w = s.world;
  if (s.comparison) return { ok: false, problems: ['rewind: off while a comparison runs; end the comparison first'] };
  try {
    record.rewind.show(w, Math.floor(Number(k)));
  } catch (e) {
    return { ok: false, problems: [`rewind: ${describeError(e).join('; ')}`] };
  }
  loop.pause();
  loop.restartClock();
  s.schedule.rewind(w.t, w.dt);
  s.blowUp?.restart(w);
  record.countFromHere();
  return { ok: true, value: w.t };
}

export function timelineInfo(s: Scene | null, record: RunRecord): TimelineInfo {
  return record.rewind.info(!s ? 'no scenario loaded' : s.comparison ? 'rewind is off while a comparison runs (end the comparison to rewind)' : '');
}
