/**
 * The worker-side implementation of SimApi (src/protocol/api.ts), exposed with Comlink (sim.worker.ts): checks
 * the page's arguments and hands each call to the module that does it, transferring the typed arrays it returns.
 * It holds the loaded scene (scene.ts), the run loop (run-loop.ts), the run's record (run-record.ts) and the
 * worker pool (web-pool.ts). All physics happens in the core; the worker only schedules it.
 */
import * as Comlink from 'comlink';
import type {
  Checked, ComparisonStatus, EditState, LoadResult, PickResult, PolygonShapes, ScenarioInfo, SchemeProblems, SimApi, SimStatus, SeriesChunk, SolverCatalog,
  SpaceTimeChunk, ThreadsInfo, WorkerFaultKind,
} from '../protocol/api';
import type { LiveRelaxationFit } from '../protocol/relaxation';
import type { TimelineInfo } from '../protocol/timeline';
import { SHAPE_DISC } from '../protocol/frame';
import type { ContactDetail, Diagnostics } from '../core/sim/world-types';
import type { LiveParams } from '../core/config/param-table';
import type { ScenarioSpec } from '../core/scenarios/schema';
import { BlowUpWatch } from './blow-up-watch';
import { startComparison } from './comparison-run';
import { MAX_THREADS } from './core-adapter';
import { injectFault } from './fault-injection';
import { packFrame } from './frame-pack';
import { restoreLastGood, restoreSnapshot, timelineInfo } from './going-back';
import { ladderSpec } from './ladder-spec';
import { liveRelaxationFit } from './live-fit';
import { pickAt } from './pick';
import { packPolygonShapes } from './polygon-shapes-pack';
import { RunLoop } from './run-loop';
import { RunRecord } from './run-record';
import { Scene } from './scene';
import { applyEdit, editState, redoEdit, saveScene, undoEdit } from './scene-edits';
import { buildScene, builtInSpec, fileSpec, scenarioList } from './scene-load';
import { simStatus } from './sim-status';
import { buildSolverCatalog, schemeProblems } from './solver-catalog';
import { packSpaceTimeRows } from './space-time-pack';
import { packVariants } from './variant-pack';
import { poolFor, type WebPool } from './web-pool';

const NO_SCENE = 'no scenario loaded';

export class SimWorker implements SimApi {
  /** the loaded scene, or null before the first load */
  private scene: Scene | null = null;
  private readonly record = new RunRecord();
  private readonly loop = new RunLoop(() => this.scene, this.record);
  /** the worker pool (setThreads), or null: every scene steps on this worker alone */
  private pool: WebPool | null = null;
  /** the frames' static version: bumps on every load */
  private staticVersion = 0;
  private frameSeq = 0;
  private catalog: SolverCatalog | null = null;
  /** the "let it blow up" switch (setBlowUp): every scene loaded while it is on is watched by a BlowUpWatch */
  private blowUpOn = false;

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
    const s = this.scene;
    if (!s) return { ok: false, problems: [NO_SCENE] };
    const variants = s.comparison?.variants;
    const r = this.install(s.spec, s.name, overrides);
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
    if (this.scene && this.threadsFor() !== this.scene.threads) {
      const r = this.reload(overrides);
      if (!r.ok) {
        if (old !== this.pool) this.pool?.close();
        this.pool = old;
        return { ok: false, problems: r.problems };
      }
      reloaded = r.value;
    }
    if (old && old !== this.pool) old.close();
    return { ok: true, value: { threads: this.threadsFor(), auto, note: note && `${wanted} threads asked for, 1 used: ${note}`, reloaded } };
  }

  /** The threads a scene steps on: the pool's, if threads were asked for */
  private threadsFor(): number {
    return this.pool ? this.pool.threads : 1;
  }

  private install(spec: ScenarioSpec, name: string, overrides: Record<string, unknown>): Checked<LoadResult> {
    const built = buildScene(spec, this.pool?.pool, overrides);
    if (!built.ok) return built;
    // a new scene ends a comparison
    const scene = new Scene(built.value.editor.world, spec, name, this.threadsFor(), null);
    scene.editor = built.value.editor;
    return { ok: true, value: this.adopt(scene, built.value.rejected) };
  }

  /**
   * Makes `scene` the run (a freshly loaded scene, or a comparison's) and starts its record; `playback`:
   * the speed and recording cadence to keep (else the scenario's).
   */
  private adopt(scene: Scene, rejected: string[], playback?: { speed: number; recordEvery: number }): LoadResult {
    this.staticVersion++;
    this.scene = scene;
    scene.blowUp = this.blowUpOn ? new BlowUpWatch(scene.world) : null;
    scene.worldChanged = (wentBack) => {
      this.staticVersion++; // the bodies and walls changed: the page reads the static data again
      scene.blowUp = this.blowUpOn ? new BlowUpWatch(scene.world) : null;
      this.record.edited(scene, wentBack);
    };
    this.record.start(scene, playback?.recordEvery);
    this.loop.sceneStarted(playback?.speed ?? scene.spec.run?.speed ?? 0);
    const { spec, name } = scene;
    return { status: this.getStatus(), rejected, title: spec.title ?? name, description: spec.description ?? '' };
  }

  setComparison(variants: Record<string, unknown>[] | null): Checked<ComparisonStatus | null> {
    const s = this.scene;
    if (!s) return { ok: false, problems: [NO_SCENE] };
    if (variants === null) {
      s.comparison = null; // variant 1 goes on alone, untouched
      return { ok: true, value: null };
    }
    if (s.editor && (s.editor.edits.length || s.editor.scheduled.length)) {
      return { ok: false, problems: ['compare: the scene has edits, and a comparison builds its variants from the scenario alone; compare the scene before editing it'] };
    }
    const started = startComparison(s.spec, s.name, s.world.params, variants);
    if (!started.ok) return started;
    const run = started.value;
    // a comparison restarts the scene, not the user's playback: the speed and recording cadence stay
    this.adopt(new Scene(run.reference, s.spec, s.name, s.threads, run), [], { speed: this.loop.speed, recordEvery: this.record.recordEvery });
    return { ok: true, value: run.status() };
  }

  setParams(patch: Record<string, unknown>): Checked<LiveParams> {
    return this.scene ? this.scene.setParams(patch) : { ok: false, problems: [NO_SCENE] };
  }

  run(): void {
    this.loop.run();
  }

  setStopAt(t: number | null): Checked<number | null> {
    if (t === null) { this.loop.stopAt = Infinity; return { ok: true, value: null }; }
    const v = Number(t);
    if (!(v >= 0 && v <= 1e9)) return { ok: false, problems: [`stop at: must be null or a simulated time from 0 to 1e9 s, got ${String(t).slice(0, 40)}`] };
    this.loop.stopAt = v;
    return { ok: true, value: v };
  }

  setBlowUp(on: boolean): void {
    this.blowUpOn = on === true;
    const s = this.scene;
    if (s && this.blowUpOn !== (s.blowUp !== null)) s.blowUp = this.blowUpOn ? new BlowUpWatch(s.world) : null;
  }

  pause(): void {
    this.loop.pause();
  }

  setRecordEvery(seconds: number): Checked<number> {
    const v = Number(seconds);
    if (!(v >= 0 && v <= 1e6)) {
      return { ok: false, problems: [`record every: must be from 0 (every step) to 1e6 simulated seconds, got ${String(seconds).slice(0, 40)}`] };
    }
    this.record.recordEvery = v;
    this.loop.adaptStride();
    return { ok: true, value: v };
  }

  setBackground(hidden: boolean): void {
    this.record.background = hidden === true;
    this.loop.adaptStride();
  }

  setSpeed(simSecondsPerWallSecond: number): Checked<number> {
    const v = Number(simSecondsPerWallSecond);
    if (!(v === 0 || (v >= 1e-9 && v <= 1e6))) {
      return { ok: false, problems: [`speed: must be 0 (as fast as possible) or from 1e-9 to 1e6 simulated seconds per second, got ${String(simSecondsPerWallSecond).slice(0, 40)}`] };
    }
    this.loop.setSpeed(v);
    return { ok: true, value: v };
  }

  stepN(n: number): number {
    return this.loop.stepN(n);
  }

  setStepsPerFrame(n: number): void {
    this.loop.setStepsPerFrame(n);
  }

  restoreLastGood(): boolean {
    return this.scene ? restoreLastGood(this.scene, this.record, this.loop) : false;
  }

  fillFrame(buf: ArrayBuffer): ArrayBuffer {
    this.loop.frameAsked();
    const s = this.scene;
    packFrame(buf, s ? s.world : null, ++this.frameSeq, this.staticVersion);
    packVariants(buf, s?.comparison?.others ?? [], s ? s.world.walls.count : 0);
    return Comlink.transfer(buf, [buf]);
  }

  takeSeries(epoch: number, sinceSeq: number): SeriesChunk {
    const chunk = this.record.ring.take(epoch, sinceSeq);
    const transfers = Object.values(chunk.cols).map((a) => a.buffer as ArrayBuffer);
    return Comlink.transfer(chunk, transfers);
  }

  takeSpaceTime(): SpaceTimeChunk {
    const chunk = packSpaceTimeRows(this.scene?.world.spaceTime ?? null, this.staticVersion);
    return Comlink.transfer(chunk, [chunk.t.buffer as ArrayBuffer, chunk.counts.buffer as ArrayBuffer]);
  }

  getStatus(): SimStatus {
    return simStatus(this.scene, this.loop, this.record, this.staticVersion);
  }

  diagnostics(): Diagnostics | null {
    return this.scene ? this.scene.world.diagnostics() : null;
  }

  selectedContact(): ContactDetail | null {
    return this.scene ? this.scene.world.selectedContactDetail() : null;
  }

  pick(x: number, y: number, tol: number, preferContacts: boolean): PickResult {
    return this.scene ? pickAt(this.scene.world, x, y, tol, preferContacts) : { kind: 'none' };
  }

  polygonShapes(): PolygonShapes {
    const out = packPolygonShapes(this.scene ? this.scene.world : null, this.staticVersion);
    return Comlink.transfer(out, [out.bodies.buffer, out.start.buffer, out.count.buffer, out.vertices.buffer]);
  }

  selectContact(i: number, j: number): void {
    this.scene?.selectContact(i, j);
  }

  selectParticle(i: number): void {
    this.scene?.selectParticle(i);
  }

  moveBody(i: number, x: number, y: number, vx: number, vy: number): void {
    this.scene?.moveBody(i, x, y, vx, vy);
  }

  releaseBody(i: number): void {
    this.scene?.releaseBody(i);
  }

  applyEdit(edit: unknown): Checked<EditState> {
    return this.scene ? applyEdit(this.scene, edit) : { ok: false, problems: [NO_SCENE] };
  }

  undoEdit(): Checked<EditState> {
    return this.scene ? undoEdit(this.scene) : { ok: false, problems: [NO_SCENE] };
  }

  redoEdit(): Checked<EditState> {
    return this.scene ? redoEdit(this.scene) : { ok: false, problems: [NO_SCENE] };
  }

  editState(): EditState | null {
    return this.scene ? editState(this.scene) : null;
  }

  saveScene(): Checked<unknown> {
    return this.scene ? saveScene(this.scene) : { ok: false, problems: [NO_SCENE] };
  }

  exportSpec(): unknown {
    return this.scene ? this.scene.world.toSpec() : null;
  }

  solverCatalog(): SolverCatalog {
    return (this.catalog ??= buildSolverCatalog());
  }

  schemeProblems(params: LiveParams): SchemeProblems {
    return schemeProblems(params, this.scene ? this.scene.world.shapes : [SHAPE_DISC]);
  }

  convergenceSpec(): Checked<unknown> {
    const s = this.scene;
    if (!s) return { ok: false, problems: [NO_SCENE] };
    return ladderSpec(s.spec, s.name, { ...s.world.params }, this.solverCatalog().convergenceScenarios);
  }

  timelineInfo(): TimelineInfo {
    return timelineInfo(this.scene, this.record);
  }

  restoreTimeline(k: number): Checked<number> {
    return this.scene ? restoreSnapshot(this.scene, this.record, this.loop, k) : { ok: false, problems: [NO_SCENE] };
  }

  relaxationFit(): LiveRelaxationFit | null {
    return this.scene ? liveRelaxationFit(this.scene.world, this.scene.spec.run?.relaxation) : null;
  }

  injectFault(kind: string): Checked<WorkerFaultKind> {
    return injectFault(kind, this.scene ? this.scene.world : null);
  }
}
