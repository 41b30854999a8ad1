/** The status the page polls (SimApi.getStatus): the loaded scene, how the run goes, and its record. */
import type { SimStatus } from '../protocol/api';
import type { Health } from '../core/sim/world-types';
import { ACCURACY_OK, type WorldLike } from './core-adapter';
import type { RunLoop } from './run-loop';
import type { RunRecord } from './run-record';
import type { Scene } from './scene';

const OK_HEALTH: Health = { status: 'ok', message: '', step: 0, t: 0 };
const NOTHING_TRACKED = { tracked: -1, trackedBy: 'none' } as const;

/** `s`: the loaded scene, or null; `staticVersion`: the frames' static version now. */
export function simStatus(s: Scene | null, loop: RunLoop, record: RunRecord, staticVersion: number): SimStatus {
  const w = s ? s.world : null;
  const { stepsPerSec, busy } = loop.rate();
  return {
    scenario: s ? s.name : '',
    loaded: !!w,
    running: loop.running,
    t: w ? w.t : 0,
    step: w ? w.stepCount : 0,
    dt: w ? w.dt : 0,
    n: w ? w.n : 0,
    threads: s ? s.threads : 1,
    kernels: w ? w.kernels : 'JavaScript',
    contacts: w ? w.contactCount : 0,
    stepsPerSec,
    particleStepsPerSec: stepsPerSec * (w ? w.n : 0),
    stepsPerFrame: loop.stepsPerFrame,
    speed: loop.speed,
    rowEvery: w ? record.sampleStride * w.dt : 0,
    recordEvery: record.recordEvery,
    timeScales: w ? timeScales(w) : null,
    health: w ? { ...w.health } : OK_HEALTH,
    accuracy: w ? { ...w.accuracy } : ACCURACY_OK,
    params: w ? { ...w.params } : null,
    selection: s ? { particle: s.selection.particle, contact: s.selection.contact ? [...s.selection.contact] : null } : { particle: -1, contact: null },
    staticVersion,
    seriesSeq: record.ring.seq,
    sampleStride: record.sampleStride,
    busy,
    ...(s ? s.tracked() : NOTHING_TRACKED),
    hasPiston: s ? s.hasPiston : false,
    polygons: w ? w.polygons : false,
    sweeps: record.lastSweeps,
    schedule: s ? s.schedule.list() : [],
    spaceTime: s ? s.spaceTime : null,
    comparison: s?.comparison ? s.comparison.status() : null,
    blowUp: s?.blowUp ? s.blowUp.status() : null,
    orifice: s?.editor?.orifice ?? null,
  };
}

/** The world's time scales, or null when they cannot be worked out */
function timeScales(w: WorldLike): ReturnType<WorldLike['timeScales']> | null {
  try {
    return w.timeScales(true);
  } catch {
    return null;
  }
}
