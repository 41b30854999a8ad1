/**
 * The worker-side implementation of SimApi (src/protocol/api.ts): owns the World, the run loop,
 * the series ring and frame packing. All physics happens in the core; this file only schedules it.
 */
import * as Comlink from 'comlink';
import { PLANE_COLUMN, SERIES_COLUMNS, type SeriesColumn } from '../protocol/api';
import { BODY_FIXED, BODY_PRESCRIBED } from '../protocol/frame';
import type {
  Checked, ComparisonStatus, LoadResult, PickResult, PolygonShapes, ScenarioInfo, SchemeProblems, Selection, SimApi, SimStatus, SeriesChunk, SolverCatalog,
  SpaceTimeChunk, SpaceTimeInfo, ThreadsInfo,
} from '../protocol/api';
import type { ContactDetail, Diagnostics, Health } from '../core/sim/world-types';
import type { LiveParams } from '../core/config/param-table';
import { ACCURACY_OK, describeError, MAX_THREADS, outputEvery, ParameterSchedule, plannedSteps, PLANE_IDS, type WorldLike } from './core-adapter';
import { startComparison, type ComparisonRun, type VariantRows } from './comparison-run';
import { ladderSpec } from './ladder-spec';
import { liveRelaxationFit } from './live-fit';
import { Rewind } from './rewind';
import type { LiveRelaxationFit } from '../protocol/relaxation';
import type { TimelineInfo } from '../protocol/timeline';
import { packFrame } from './frame-pack';
import { packVariants } from './variant-pack';
import { Pacer } from './pacer';
import { pickAt } from './pick';
import { packPolygonShapes } from './polygon-shapes-pack';
import { RateMeter, SLICE_MS, SliceScheduler } from './run-loop';
import { SeriesRing } from './series-ring';
import { writeLedger } from './ledger-row';
import { packSpaceTimeRows } from './space-time-pack';
import { trackedParticle } from './tracked-particle';
import { poolFor, type WebPool } from './web-pool';
import { buildSolverCatalog, schemeProblems } from './solver-catalog';
import { buildWorld, builtInSpec, fileSpec, scenarioList } from './scene-load';
import type { ScenarioSpec } from '../core/scenarios/schema';

/** At most this many series rows per wall-clock second (the stride doubles above it). */
const MAX_ROWS_PER_SEC = 2000;
/** Diagnostics may cost at most this fraction of the stepping time. */
const MAX_DIAG_SHARE = 0.03;
/** A divergence replay goes at most this far past the step that diverged first. */
const REPLAY_EXTRA_STEPS = 1000;
const OK_HEALTH: Health = { status: 'ok', message: '', step: 0, t: 0 };
/** Index of a column in a series row */
const COLUMN = (name: SeriesColumn): number => SERIES_COLUMNS.indexOf(name);
/** Row indices of the plane definitions' angles, in PLANE_IDS order (= Diagnostics.planeAngles) */
const PLANE_ROW = PLANE_IDS.map((id) => COLUMN(PLANE_COLUMN[id]));
const CROSSINGS_ROW = COLUMN('crossings');
const MEAN_VX_ROW = COLUMN('meanVx');
const FLUX_ROW = COLUMN('flux');
/** Row indices of a comparison's variants 2–4 (Ek and divergence) */
const VARIANT_ROWS: VariantRows = {
  ek: (['ek2', 'ek3', 'ek4'] as const).map(COLUMN),
  divergence: (['divergence2', 'divergence3', 'divergence4'] as const).map(COLUMN),
  angle: (['angle2', 'angle3', 'angle4'] as const).map(COLUMN),
};

export class SimWorker implements SimApi {
  private world: WorldLike | null = null;
  /** The loaded scenario as validated (its start state), for the Δt ladder */
  private spec: ScenarioSpec | null = null;
  private scenario = '';
  private catalog: SolverCatalog | null = null;
  private running = false;
  private stepsPerFrame = 0;
  private budget = 0;
  private staticVersion = 0;
  private frameSeq = 0;
  private readonly ring = new SeriesRing();
  private sampleStride = 1;
  private stepsSinceSample = 0;
  /** EMA of wall ms per step, to size the step() calls inside a slice */
  private msPerStep = 0.05;
  /** EMA of wall ms per diagnostics() call */
  private msPerDiag = 0;
  private readonly meter = new RateMeter();
  private selection: Selection = { particle: -1, contact: null };
  private readonly scheduler = new SliceScheduler(() => this.slice());
  /** The scenario's run.schedule (e.g. cd-piston's force step), the core's ParameterSchedule as in the CLI */
  private schedule = new ParameterSchedule();
  private hasPiston = false;
  /** the loaded pipe scene's space–time bins, or null */
  private spaceTime: SpaceTimeInfo | null = null;
  /** sweeps of the last recorded step (contact dynamics) */
  private lastSweeps = 0;
  /** one series row, reused */
  private readonly row = new Float64Array(SERIES_COLUMNS.length);
  /** playback in simulated seconds per wall second (0 = as fast as the machine goes) */
  private readonly pacer = new Pacer(() => { if (this.running) this.scheduler.schedule(); });
  /** simulated seconds between recorded rows: the scenario's output cadence, as in the CLI */
  private recordEvery = 0;
  /** the scenario's planned end [s]: until then every row is kept at recordEvery */
  private plannedEnd = 0;
  /** a lockstep comparison (setComparison): its variant 1 is `world` */
  private comparison: ComparisonRun | null = null;
  /** rewind: snapshots of the run (off while a comparison runs) */
  private readonly rewind = new Rewind();
  /** the worker pool (setThreads), or null: every scene steps on this worker alone */
  private pool: WebPool | null = null;
  /** threads the loaded scene steps on */
  private worldThreads = 1;

  listScenarios(): ScenarioInfo[] {
    return scenarioList();
  }

  loadScenario(name: string, overrides: Record<string, unknown>): Checked<LoadResult> {
    const spec = builtInSpec(String(name));
    return spec.ok ? this.install(spec.value, String(name), overrides) : spec;
  }

  loadSpec(json: unknown, overrides: Record<string, unknown>): Checked<LoadResult> {
    const spec = fileSpec(json);
    return spec.ok ? this.install(spec.value, spec.value.name, overrides) : spec;
  }

  reload(overrides: Record<string, unknown>): Checked<LoadResult> {
    if (!this.spec) return { ok: false, problems: ['no scenario loaded'] };
    const variants = this.comparison?.variants;
    const r = this.install(this.spec, this.scenario, overrides);
    // Reset restarts a comparison too (every variant from the start state)
    if (r.ok && variants) {
      const c = this.setComparison(variants.map((v) => ({ ...v })));
      if (!c.ok) r.value.rejected.push(...c.problems);
      r.value.status = this.getStatus();
    }
    return r;
  }

  async setThreads(threads: number | null, overrides: Record<string, unknown> = {}): Promise<Checked<ThreadsInfo>> {
    if (threads !== null && !(Number.isInteger(threads) && threads >= 1 && threads <= MAX_THREADS)) {
      return { ok: false, problems: [`threads: must be an integer from 1 to ${MAX_THREADS}, got ${JSON.stringify(threads)}`] };
    }
    // automatic: one thread, whose loops run in WebAssembly (wasm/kernels.ts). A pool's threads run them too,
    // but its waiting threads spin between commands and the page's drawing needs a core of its own: a pool
    // when asked for (docs/cli.md#threads).
    const auto = threads === null;
    const wanted = threads ?? 1;
    const old = this.pool;
    const { pool, note } = await poolFor(wanted, old); // the loaded scene steps on the old pool meanwhile
    this.pool = pool;
    // a loaded scene whose threads change starts again on the new ones, before the old pool ends
    let reloaded: LoadResult | null = null;
    if (this.spec && this.world && this.threadsFor() !== this.worldThreads) {
      const r = this.reload(overrides);
      if (!r.ok) {
        if (old !== this.pool) this.pool?.close();
        this.pool = old;
        return { ok: false, problems: r.problems };
      }
      reloaded = r.value;
    }
    if (old && old !== this.pool) old.close();
    return { ok: true, value: { threads: this.pool?.threads ?? 1, auto, note: note && `${wanted} threads asked for, 1 used: ${note}`, reloaded } };
  }

  /** The threads a scene steps on: the pool's, if threads were asked for */
  private threadsFor(): number {
    return this.pool ? this.pool.threads : 1;
  }

  private install(spec: ScenarioSpec, name: string, overrides: Record<string, unknown>): Checked<LoadResult> {
    const built = buildWorld(spec, this.pool?.pool, overrides);
    if (!built.ok) return built;
    this.worldThreads = this.threadsFor();
    this.comparison = null; // a new scene ends a comparison
    return { ok: true, value: this.adopt(built.value.world, spec, name, built.value.rejected) };
  }

  /** Makes `world` the run (a freshly loaded scene, or a comparison's variant 1) and starts its record. */
  private adopt(world: WorldLike, spec: ScenarioSpec, name: string, rejected: string[]): LoadResult {
    this.world = world;
    this.spec = spec;
    this.scenario = name;
    this.staticVersion++;
    this.ring.clear();
    this.sampleStride = 1;
    this.stepsSinceSample = 0;
    this.meter.reset();
    const sel = spec.run?.selectContact;
    this.selection = { particle: -1, contact: sel ? [sel[0], sel[1]] : null };
    if (sel) world.selectContact(sel[0], sel[1]);
    this.schedule = new ParameterSchedule(spec.run?.schedule ?? []);
    this.recordEvery = outputEvery(spec, world) * world.dt;
    this.plannedEnd = plannedSteps(spec, world) * world.dt;
    this.rewind.reset(this.plannedEnd);
    this.pacer.setSpeed(spec.run?.speed ?? 0);
    this.hasPiston = Number.isFinite(world.diagnostics().pistonPosition);
    this.spaceTime = spaceTimeInfo(world, spec.run?.spaceTime?.every ?? NaN);
    this.lastSweeps = 0;
    this.sample();
    if (this.running) this.scheduler.schedule();
    return { status: this.getStatus(), rejected, title: spec.title ?? name, description: spec.description ?? '' };
  }

  setComparison(variants: Record<string, unknown>[] | null): Checked<ComparisonStatus | null> {
    if (!this.world || !this.spec) return { ok: false, problems: ['no scenario loaded'] };
    if (variants === null) {
      this.comparison = null; // variant 1 goes on alone, untouched
      return { ok: true, value: null };
    }
    const started = startComparison(this.spec, this.scenario, this.world.params, variants);
    if (!started.ok) return started;
    const run = started.value;
    this.comparison = run;
    // a comparison restarts the scene, not the user's playback: the speed and recording cadence stay
    const speed = this.pacer.speed, recordEvery = this.recordEvery;
    this.adopt(run.reference, this.spec, this.scenario, []);
    this.pacer.setSpeed(speed);
    this.recordEvery = recordEvery;
    return { ok: true, value: run.status() };
  }

  setParams(patch: Record<string, unknown>): Checked<LiveParams> {
    if (!this.world) return { ok: false, problems: ['no scenario loaded'] };
    try {
      this.world.setParams(patch);
    } catch (e) {
      return { ok: false, problems: describeError(e) };
    }
    this.comparison?.setParams(patch);
    return { ok: true, value: { ...this.world.params } };
  }

  run(): void {
    this.running = true;
    this.meter.reset();
    this.pacer.restart();
    this.scheduler.schedule();
  }

  setRecordEvery(seconds: number): Checked<number> {
    const v = Number(seconds);
    if (!(v >= 0 && v <= 1e6)) {
      return { ok: false, problems: [`record every: must be from 0 (every step) to 1e6 simulated seconds, got ${String(seconds).slice(0, 40)}`] };
    }
    this.recordEvery = v;
    this.adaptStride();
    return { ok: true, value: v };
  }

  setSpeed(simSecondsPerWallSecond: number): Checked<number> {
    const v = Number(simSecondsPerWallSecond);
    if (!(v === 0 || (v >= 1e-9 && v <= 1e6))) {
      return { ok: false, problems: [`speed: must be 0 (as fast as possible) or from 1e-9 to 1e6 simulated seconds per second, got ${String(simSecondsPerWallSecond).slice(0, 40)}`] };
    }
    this.pacer.setSpeed(v);
    this.scheduler.schedule();
    return { ok: true, value: v };
  }

  pause(): void {
    this.running = false;
  }

  stepN(n: number): number {
    const w = this.world;
    if (!w || diverged(w)) return 0;
    this.pacer.restart();
    let done = 0;
    const want = Math.max(0, Math.floor(n));
    while (done < want) {
      if (this.stepsSinceSample >= this.sampleStride) this.sample();
      const k = Math.min(want - done, this.sampleStride - this.stepsSinceSample);
      const did = this.advance(w, k);
      done += did;
      this.stepsSinceSample += did;
      if (diverged(w)) {
        this.onDiverged();
        break;
      }
      if (this.stepsSinceSample >= this.sampleStride) this.sample();
      if (did === 0) break;
    }
    return done;
  }

  setStepsPerFrame(n: number): void {
    this.stepsPerFrame = Math.max(0, Math.floor(Number(n) || 0));
    this.budget = 0;
    this.scheduler.schedule();
  }

  restoreLastGood(): boolean {
    const w = this.world;
    if (!w) return false;
    const ok = w.restoreLastGood();
    this.pacer.restart();
    // the other variants cannot go back with variant 1: going back ends the comparison
    if (ok) this.comparison = null;
    if (ok) {
      this.schedule.rewind(w.t, w.dt);
      this.ring.truncate(w.t);
      this.stepsSinceSample = 0;
      this.sample();
    }
    return ok;
  }

  fillFrame(buf: ArrayBuffer): ArrayBuffer {
    if (this.stepsPerFrame > 0) {
      this.budget = Math.min(this.budget + this.stepsPerFrame, 2 * this.stepsPerFrame);
      if (this.running) this.scheduler.schedule();
    }
    packFrame(buf, this.world, ++this.frameSeq, this.staticVersion);
    packVariants(buf, this.comparison?.others ?? [], this.world?.walls.count ?? 0);
    return Comlink.transfer(buf, [buf]);
  }

  takeSeries(epoch: number, sinceSeq: number): SeriesChunk {
    const chunk = this.ring.take(epoch, sinceSeq);
    const transfers = Object.values(chunk.cols).map((a) => a.buffer as ArrayBuffer);
    return Comlink.transfer(chunk, transfers);
  }

  takeSpaceTime(): SpaceTimeChunk {
    const chunk = packSpaceTimeRows(this.world?.spaceTime ?? null, this.staticVersion);
    return Comlink.transfer(chunk, [chunk.t.buffer as ArrayBuffer, chunk.counts.buffer as ArrayBuffer]);
  }

  getStatus(): SimStatus {
    const w = this.world;
    this.meter.idle();
    const rate = this.running ? this.meter.rate : 0;
    return {
      scenario: this.scenario,
      loaded: !!w,
      running: this.running,
      t: w ? w.t : 0,
      step: w ? w.stepCount : 0,
      dt: w ? w.dt : 0,
      n: w ? w.n : 0,
      threads: w ? this.worldThreads : 1,
      kernels: w ? w.kernels : 'JavaScript',
      contacts: w ? w.contactCount : 0,
      stepsPerSec: rate,
      particleStepsPerSec: rate * (w ? w.n : 0),
      stepsPerFrame: this.stepsPerFrame,
      speed: this.pacer.speed,
      rowEvery: w ? this.sampleStride * w.dt : 0,
      recordEvery: this.recordEvery,
      timeScales: w ? safe(() => w.timeScales()) : null,
      health: w ? { ...w.health } : OK_HEALTH,
      accuracy: w ? { ...w.accuracy } : ACCURACY_OK,
      params: w ? { ...w.params } : null,
      selection: { particle: this.selection.particle, contact: this.selection.contact ? [...this.selection.contact] : null },
      staticVersion: this.staticVersion,
      seriesSeq: this.ring.seq,
      sampleStride: this.sampleStride,
      busy: this.running ? this.meter.busy : 0,
      ...this.trackedNow(),
      hasPiston: this.hasPiston,
      polygons: w ? w.polygons : false,
      sweeps: this.lastSweeps,
      schedule: this.schedule.list(),
      spaceTime: this.spaceTime,
      comparison: this.comparison ? this.comparison.status() : null,
    };
  }

  diagnostics(): Diagnostics | null {
    return this.world ? this.world.diagnostics() : null;
  }

  selectedContact(): ContactDetail | null {
    return this.world ? this.world.selectedContactDetail() : null;
  }

  pick(x: number, y: number, tol: number, preferContacts: boolean): PickResult {
    return this.world ? pickAt(this.world, x, y, tol, preferContacts) : { kind: 'none' };
  }

  polygonShapes(): PolygonShapes {
    const out = packPolygonShapes(this.world, this.staticVersion);
    return Comlink.transfer(out, [out.bodies.buffer, out.start.buffer, out.count.buffer, out.vertices.buffer]);
  }

  selectContact(i: number, j: number): void {
    if (!this.world) return;
    const a = Math.floor(i), b = Math.floor(j);
    this.world.selectContact(a, b);
    this.comparison?.selectContact(a, b);
    this.selection = { particle: -1, contact: [a, b] };
  }

  selectParticle(i: number): void {
    this.selection = { particle: Math.floor(i), contact: this.selection.contact };
  }

  moveBody(i: number, x: number, y: number, vx: number, vy: number): void {
    const w = this.world;
    if (!w || !(i >= 0 && i < w.n)) return;
    if (![x, y, vx, vy].every(Number.isFinite)) return;
    w.moveBody(i, x, y, vx, vy);
    this.comparison?.moveBody(i, x, y, vx, vy);
  }

  releaseBody(i: number): void {
    const w = this.world;
    if (!w || !(i >= 0 && i < w.n)) return;
    w.releaseBody(i);
    this.comparison?.releaseBody(i);
  }

  exportSpec(): unknown {
    return this.world ? this.world.toSpec() : null;
  }

  solverCatalog(): SolverCatalog {
    return (this.catalog ??= buildSolverCatalog());
  }

  schemeProblems(params: LiveParams): SchemeProblems {
    return schemeProblems(params, this.world?.polygons ?? false);
  }

  convergenceSpec(): Checked<unknown> {
    if (!this.world || !this.spec) return { ok: false, problems: ['no scenario loaded'] };
    return ladderSpec(this.spec, this.scenario, ({ ...this.world.params }), this.solverCatalog().convergenceScenarios);
  }

  private trackedNow(): { tracked: number; trackedBy: 'selection' | 'scenario' | 'none' } {
    const w = this.world;
    return trackedParticle(this.selection.particle, this.spec?.run?.track, w ? w.n : 0);
  }

  /**
   * Up to k steps: the scenario's scheduled changes first (stepping stops at each one's time).
   */
  private advance(w: WorldLike, k: number): number {
    if (this.rewind.viewing) this.branchFromRewind(w);
    for (const patch of this.schedule.due(w.t, w.dt)) {
      try {
        w.setParams(patch);
      } catch {
        // validated with the scenario (schema.ts); a refused combination leaves the world as it was
      }
    }
    const did = w.step(this.schedule.stepsAllowed(w.t, w.dt, k));
    // a comparison's other variants meet variant 1 at its new time
    if (did > 0 && this.comparison) this.comparison.follow();
    return did;
  }

  // ---- run loop ----

  /** One time slice; returns true when another slice should follow. */
  private slice(): boolean {
    const w = this.world;
    if (!w || !this.running) return false;
    if (diverged(w)) { this.onDiverged(); return false; }
    const t0 = performance.now();
    let now = t0;
    // steps the playback speed allows now (Infinity at full speed); none due: sleep until one is
    let paced = this.pacer.allowedSteps(w.t, w.dt, t0);
    if (paced <= 0) { this.pacer.wakeForNextStep(w.t, w.dt, t0); return false; }
    while (now - t0 < SLICE_MS) {
      this.adaptStride();
      // the stride may just have shrunk below the steps already taken since the last row
      if (this.stepsSinceSample >= this.sampleStride) this.sample();
      let k = Math.max(1, Math.floor(1 / Math.max(this.msPerStep, 1e-4))); // ~1 ms per call
      k = Math.min(k, this.sampleStride - this.stepsSinceSample, paced);
      if (k <= 0) break;
      if (this.stepsPerFrame > 0) {
        k = Math.min(k, this.budget);
        if (k <= 0) break;
      }
      const s0 = performance.now();
      const did = this.advance(w, k);
      now = performance.now();
      if (did > 0) this.msPerStep = 0.8 * this.msPerStep + 0.2 * ((now - s0) / did);
      this.meter.add(did, now - s0, now);
      if (this.stepsPerFrame > 0) this.budget -= did;
      paced -= did;
      this.stepsSinceSample += did;
      if (diverged(w)) { this.onDiverged(); return false; }
      if (this.stepsSinceSample >= this.sampleStride) this.sample();
      if (did === 0) break;
    }
    if (this.stepsPerFrame > 0 && this.budget <= 0) return false; // wait for the next frame request
    if (paced <= 0) { this.pacer.wakeForNextStep(w.t, w.dt, performance.now()); return false; }
    return true;
  }

  private onDiverged(): void {
    this.running = false;
    this.replayDivergence();
  }

  /**
   * Records the blow-up at full resolution for the charts: replays from the last good state (at most
   * a few hundred steps back) with a row per step until it diverges again, as it does at the same
   * step or within round-off of it (stepping is deterministic; the integrator restarts from the state).
   */
  private replayDivergence(): void {
    const w = this.world;
    if (!w) return;
    const badStep = w.health.step;
    if (!w.restoreLastGood()) return;
    this.schedule.rewind(w.t, w.dt);
    this.ring.truncate(w.t);
    this.sample();
    while (w.stepCount < badStep + REPLAY_EXTRA_STEPS && !diverged(w)) {
      if (this.advance(w, 1) === 0) break;
      this.sample();
    }
    this.stepsSinceSample = 0;
  }

  private sample(): void {
    const w = this.world;
    if (!w) return;
    this.stepsSinceSample = 0;
    if (diverged(w)) return;
    const t0 = performance.now();
    const d = w.diagnostics();
    this.msPerDiag = 0.8 * this.msPerDiag + 0.2 * (performance.now() - t0);
    this.lastSweeps = d.sweeps;
    const { tracked } = this.trackedNow();
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
    writeLedger(r, d);
    if (this.comparison) this.comparison.writeRow(r, VARIANT_ROWS);
    else for (let v = 0; v < VARIANT_ROWS.ek.length; v++) { r[VARIANT_ROWS.ek[v]] = NaN; r[VARIANT_ROWS.divergence[v]] = NaN; r[VARIANT_ROWS.angle[v]] = NaN; }
    this.ring.push(r);
    if (!this.comparison) this.rewind.record(w);
  }

  /** The run steps on from a snapshot it was put back to: the later snapshots and chart rows are dropped. */
  private branchFromRewind(w: WorldLike): void {
    this.rewind.resume();
    this.ring.truncate(w.t);
  }

  timelineInfo(): TimelineInfo {
    return this.rewind.info(!this.world ? 'no scenario loaded' : this.comparison ? 'rewind is off while a comparison runs (end the comparison to rewind)' : '');
  }

  restoreTimeline(k: number): Checked<number> {
    const w = this.world;
    if (!w) return { ok: false, problems: ['no scenario loaded'] };
    if (this.comparison) return { ok: false, problems: ['rewind: off while a comparison runs; end the comparison first'] };
    try {
      this.rewind.show(w, Math.floor(Number(k)));
    } catch (e) {
      return { ok: false, problems: [`rewind: ${describeError(e).join('; ')}`] };
    }
    this.running = false;
    this.pacer.restart();
    this.schedule.rewind(w.t, w.dt);
    this.stepsSinceSample = 0;
    return { ok: true, value: w.t };
  }

  relaxationFit(): LiveRelaxationFit | null {
    return this.world ? liveRelaxationFit(this.world, this.spec?.run?.relaxation) : null;
  }

  /**
   * Steps between series rows: the scenario's output cadence in simulated time (recordEvery, as the
   * CLI's CSV: about 2000 rows over the planned run). Past the planned end it is doubled as often as
   * needed so that a fast run records at most about MAX_ROWS_PER_SEC rows per wall second (a two-disc
   * run can do millions of steps per second) and, at full speed, diagnostics cost at most
   * MAX_DIAG_SHARE of the stepping time.
   */
  private adaptStride(): void {
    const w = this.world;
    if (!w) return;
    const base = Math.max(1, Math.round(this.recordEvery / w.dt));
    if (w.t < this.plannedEnd) { this.sampleStride = base; return; }
    let perSec = this.pacer.speed > 0 ? Math.min(this.pacer.speed / w.dt, 1000 / Math.max(this.msPerStep, 1e-6)) : 1000 / Math.max(this.msPerStep, 1e-6);
    if (this.stepsPerFrame > 0) perSec = Math.min(perSec, this.stepsPerFrame * 60);
    const diagShare = this.pacer.speed > 0 ? 1 : this.msPerDiag / (MAX_DIAG_SHARE * Math.max(this.msPerStep, 1e-6));
    const want = Math.max(1, perSec / MAX_ROWS_PER_SEC, diagShare);
    let s = base;
    while (s < want && s < 1 << 24) s *= 2;
    if (s > this.sampleStride || s < this.sampleStride / 4 || this.sampleStride % base !== 0) this.sampleStride = s;
  }
}

function diverged(w: WorldLike): boolean {
  return w.health.status === 'diverged';
}

/** A pipe scene's bins and the mean radius of the grains it counts (bodies neither fixed nor prescribed); null elsewhere. */
function spaceTimeInfo(w: WorldLike, every: number): SpaceTimeInfo | null {
  const st = w.spaceTime;
  if (!st) return null;
  let sum = 0, count = 0;
  for (let i = 0; i < w.n; i++) {
    if (w.bodies.flags[i] & (BODY_FIXED | BODY_PRESCRIBED)) continue;
    sum += w.bodies.radius[i];
    count++;
  }
  return { bins: st.bins, binWidth: st.binWidth, every, grainRadius: count > 0 ? sum / count : NaN };
}

function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}
