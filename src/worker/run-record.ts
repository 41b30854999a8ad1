/**
 * The run's record: a series row (SERIES_COLUMNS) of the loaded scene every sampleStride steps into the ring
 * the charts read (series-ring.ts), and the rewind snapshots taken at those rows (rewind.ts; none while a
 * comparison runs). The stride follows the scenario's output cadence in simulated time (recordEvery, as the
 * CLI's CSV: about 2000 rows over the planned run); past the planned end it is doubled as often as needed so
 * that a fast run records at most about MAX_ROWS_PER_SEC rows per wall second (a two-disc run can do
 * millions of steps per second) and, at full speed, diagnostics cost at most MAX_DIAG_SHARE of the stepping time.
 * While the page is hidden (a background tab, whose timers the browser may run once a minute) at most
 * BACKGROUND_ROWS_PER_SEC, before the planned end too: fewer rows, but none overwritten before the page reads them,
 * so a long session's export has no gap.
 */
import { PLANE_COLUMN, SERIES_COLUMNS, type SeriesColumn } from '../protocol/api';
import { dischargedMass, outputEvery, plannedSteps, PLANE_IDS, type WorldLike } from './core-adapter';
import type { VariantRows } from './comparison-run';
import { writeLedger } from './ledger-row';
import { Rewind } from './rewind';
import type { Scene } from './scene';
import { SeriesRing } from './series-ring';

/** At most this many series rows per wall-clock second (the stride doubles above it). */
const MAX_ROWS_PER_SEC = 2000;
/** At most this many rows per wall second while the page is hidden: half the ring per minute, the slowest a browser reads a background tab */
export const BACKGROUND_ROWS_PER_SEC = SeriesRing.CAPACITY / 2 / 60;
/** Diagnostics may cost at most this fraction of the stepping time. */
const MAX_DIAG_SHARE = 0.03;
/** Index of a column in a series row */
const COLUMN = (name: SeriesColumn): number => SERIES_COLUMNS.indexOf(name);
/** Row indices of the plane definitions' angles, in PLANE_IDS order (= Diagnostics.planeAngles) */
const PLANE_ROW = PLANE_IDS.map((id) => COLUMN(PLANE_COLUMN[id]));
const CROSSINGS_ROW = COLUMN('crossings');
const MEAN_VX_ROW = COLUMN('meanVx');
const FLUX_ROW = COLUMN('flux');
const CONTACT_ROWS = (['contactOverlap', 'contactFn', 'contactFt'] as const).map(COLUMN);
/** Row indices of the discharge: the mass past the orifice and Beverloo's rate */
const DISCHARGE_ROWS = (['discharged', 'beverloo'] as const).map(COLUMN);
/** Row indices of a comparison's variants 2–4 (Ek, divergence, plane angle, ledger residual) */
const VARIANT_ROWS: VariantRows = {
  ek: (['ek2', 'ek3', 'ek4'] as const).map(COLUMN),
  divergence: (['divergence2', 'divergence3', 'divergence4'] as const).map(COLUMN),
  angle: (['angle2', 'angle3', 'angle4'] as const).map(COLUMN),
  residual: (['residual2', 'residual3', 'residual4'] as const).map(COLUMN),
};
const VARIANT_ROW_INDICES = Object.values(VARIANT_ROWS).flat();

export class RunRecord {
  readonly ring = new SeriesRing();
  /** rewind: snapshots of the run (off while a comparison runs) */
  readonly rewind = new Rewind();
  /** steps between rows now */
  sampleStride = 1;
  private stepsSinceSample = 0;
  /** the page is hidden: rows at most BACKGROUND_ROWS_PER_SEC (SimApi.setBackground) */
  background = false;
  /** simulated seconds between recorded rows: the scenario's output cadence unless set (0 = every step) */
  recordEvery = 0;
  /** the scenario's planned end [s]: until then every row is kept at recordEvery */
  private plannedEnd = 0;
  /** sweeps of the last recorded step (contact dynamics) */
  lastSweeps = 0;
  /** EMA of wall ms per diagnostics() call */
  private msPerDiag = 0;
  /** one series row, reused */
  private readonly row = new Float64Array(SERIES_COLUMNS.length);

  /**
   * A new record of `s` (a loaded scene, or a comparison started): the charts start afresh, the rewind has
   * no snapshots, and the first row is taken. Rows every `recordEvery` simulated seconds: the scenario's
   * output cadence unless given.
   */
  start(s: Scene, recordEvery?: number): void {
    const w = s.world;
    this.ring.clear();
    this.sampleStride = 1;
    this.stepsSinceSample = 0;
    this.recordEvery = recordEvery ?? outputEvery(s.spec, w) * w.dt;
    this.plannedEnd = plannedSteps(s.spec, w) * w.dt;
    this.rewind.reset(this.plannedEnd);
    this.lastSweeps = 0;
    this.sample(s);
  }

  /** Steps to take before the next row is due */
  get stepsToRow(): number {
    return this.sampleStride - this.stepsSinceSample;
  }

  /** Counts steps taken towards the next row. */
  took(steps: number): void {
    this.stepsSinceSample += steps;
  }

  /** The next row is due a whole stride from now (the world was put back, or a replay ended). */
  countFromHere(): void {
    this.stepsSinceSample = 0;
  }

  /** A row when one is due. */
  sampleIfDue(s: Scene): void {
    if (this.stepsSinceSample >= this.sampleStride) this.sample(s);
  }

  /** A row of the scene now (none once it diverged), and a rewind snapshot when one is due. */
  sample(s: Scene): void {
    const w = s.world;
    this.stepsSinceSample = 0;
    if (s.diverged) return;
    const t0 = performance.now();
    const d = w.diagnostics();
    this.msPerDiag = 0.8 * this.msPerDiag + 0.2 * (performance.now() - t0);
    this.lastSweeps = d.sweeps;
    const { tracked } = s.tracked();
    const b = w.bodies, r = this.row;
    r[0] = d.t; r[1] = d.ek; r[2] = d.ekTrans; r[3] = d.ekRot; r[4] = d.eElastic; r[5] = d.planeAngle;
    r[6] = d.contacts; r[7] = d.maxOverlapRatio;
    r[8] = tracked >= 0 ? tracked : NaN;
    r[9] = tracked >= 0 ? b.x[tracked] : NaN;
    r[10] = tracked >= 0 ? b.y[tracked] : NaN;
    r[11] = d.pistonPosition;
    // the contact-plane chart (docs/user-guide.md#contact-plane-chart-for-polygons): every definition's angle and the crossings
    for (let p = 0; p < PLANE_ROW.length; p++) r[PLANE_ROW[p]] = p < d.planeAngles.length ? d.planeAngles[p] : NaN;
    r[CROSSINGS_ROW] = d.crossings;
    r[MEAN_VX_ROW] = d.meanVx;
    r[FLUX_ROW] = d.flux;
    const c = w.selectedContactDetail();
    r[CONTACT_ROWS[0]] = c ? c.delta : NaN; r[CONTACT_ROWS[1]] = c ? c.fn : NaN; r[CONTACT_ROWS[2]] = c ? c.ft : NaN;
    writeLedger(r, d);
    if (s.comparison) s.comparison.writeRow(r, VARIANT_ROWS);
    else for (const k of VARIANT_ROW_INDICES) r[k] = NaN;
    const o = s.editor?.orifice ?? null;
    r[DISCHARGE_ROWS[0]] = o ? dischargedMass(w.bodies, w.n, o, w.params.gravityX, w.params.gravityY) : NaN;
    r[DISCHARGE_ROWS[1]] = o ? o.beverloo : NaN;
    this.ring.push(r);
    if (!s.comparison) this.rewind.record(w);
  }

  /**
   * An edit replaced the world (build mode): the rewind's snapshots, of the world before, are dropped, and so are the
   * chart rows after its time when it is earlier than the last row (an undo goes back to the time of the edit).
   */
  edited(s: Scene, wentBack: boolean): void {
    this.rewind.reset(this.plannedEnd);
    if (wentBack) this.ring.truncate(s.world.t);
    this.stepsSinceSample = 0;
  }

  /** Time went back to t (the world restored): the chart rows after it are dropped. */
  truncate(t: number): void {
    this.ring.truncate(t);
  }

  /** The run steps on from a snapshot it was put back to: the later snapshots and chart rows are dropped. */
  branchFromRewind(t: number): void {
    if (!this.rewind.viewing) return;
    this.rewind.resume();
    this.ring.truncate(t);
  }

  /**
   * Steps between rows for world `w` going at `speed` (simulated seconds per wall second; 0 = full speed),
   * `msPerStep` wall ms a step, at most `stepsPerFrame` steps a frame (0 = no limit): recordEvery until the
   * planned end, then as above; in the background as above from the start.
   */
  adaptStride(w: WorldLike, speed: number, msPerStep: number, stepsPerFrame: number): void {
    const base = Math.max(1, Math.round(this.recordEvery / w.dt));
    if (w.t < this.plannedEnd && !this.background) { this.sampleStride = base; return; }
    let perSec = speed > 0 ? Math.min(speed / w.dt, 1000 / Math.max(msPerStep, 1e-6)) : 1000 / Math.max(msPerStep, 1e-6);
    if (stepsPerFrame > 0) perSec = Math.min(perSec, stepsPerFrame * 60);
    const diagShare = speed > 0 ? 1 : this.msPerDiag / (MAX_DIAG_SHARE * Math.max(msPerStep, 1e-6));
    const want = Math.max(1, perSec / (this.background ? BACKGROUND_ROWS_PER_SEC : MAX_ROWS_PER_SEC), diagShare);
    let s = base;
    while (s < want && s < 1 << 24) s *= 2;
    if (s > this.sampleStride || s < this.sampleStride / 4 || this.sampleStride % base !== 0) this.sampleStride = s;
  }
}
