/**
 * The worker's control plane (Comlink, structured clone): docs/architecture.md#worker-and-page.
 * Imports core *types* only, so the UI can depend on this file without bundling the core.
 */
import type { Accuracy } from '../core/diagnostics/accuracy';
import type { Orifice } from '../core/diagnostics/discharge';
import type { SceneEdit } from '../core/scenarios/edit-schema';
import type { ScheduledChange } from '../core/sim/schedule';
import type { ContactDetail, Diagnostics, Health, TimeScales } from '../core/sim/world-types';
import type { TangentialId } from '../core/param-rows/param-ids';
import type { LiveParams } from '../core/config/param-table';
import type { PlaneId } from '../core/plane/plane-ids';
import type { BlowUpStatus } from './blow-up';
import type { Checked } from './checked';
import type { LiveRelaxationFit } from './relaxation';
import type { TimelineInfo } from './timeline';

export interface ScenarioInfo {
  name: string;
  title: string;
  description: string;
}

/** Result of a call that validates input (protocol/checked.ts) */
export type { Checked } from './checked';

export interface Selection {
  /** -1 when nothing is selected */
  particle: number;
  /** selected contact pair (i, j); j < 0 means wall −1−j; null when none */
  contact: [number, number] | null;
}

export interface SimStatus {
  /** Scenario name (built-in name, or the `name` field of a loaded file) */
  scenario: string;
  loaded: boolean;
  running: boolean;
  t: number;
  step: number;
  dt: number;
  n: number;
  contacts: number;
  /** Threads the scene steps on (1: the worker alone; more: its worker pool, setThreads) */
  threads: number;
  /** What the serial loops run in: WebAssembly (on a plain memory where the page is not cross-origin isolated), JavaScript where it is missing */
  kernels: 'WebAssembly' | 'JavaScript';
  /** Steps per wall-clock second over the last ~second */
  stepsPerSec: number;
  /** n × stepsPerSec */
  particleStepsPerSec: number;
  /** Steps advanced per frame request; 0 = as fast as possible */
  stepsPerFrame: number;
  /** Playback speed: simulated seconds per wall-clock second; 0 = as fast as possible */
  speed: number;
  /** Simulated seconds between recorded rows (chart and export) now: recordEvery, or coarser past the planned end at full speed */
  rowEvery: number;
  /** The chosen recording cadence [s of simulated time]: the scenario's output cadence unless set; 0 = every step */
  recordEvery: number;
  timeScales: TimeScales | null;
  health: Health;
  /** Stable but measurably wrong (an amber warning with its numbers), or ok */
  accuracy: Accuracy;
  params: LiveParams | null;
  selection: Selection;
  /** Bumps whenever radii / flags / particle count change (scenario load) */
  staticVersion: number;
  /** Series rows recorded so far (sequence number of the next row) */
  seriesSeq: number;
  /** Steps between series rows (adapts so that charts get at most a few hundred rows per second) */
  sampleStride: number;
  /** Time spent inside world.step per wall second (0..1) */
  busy: number;
  /** Particle whose position is recorded (trackX, trackY): the selected one, else the scenario's run.track[0]; -1 none */
  tracked: number;
  /** Where `tracked` comes from */
  trackedBy: 'selection' | 'scenario' | 'none';
  /** The scene has a piston wall (its position is recorded in the `piston` column) */
  hasPiston: boolean;
  /** The scene has polygons: soft-DEM integrators and the schemes that take polygons only (schemeProblems) */
  polygons: boolean;
  /** Contact dynamics: constraint-solver sweeps done in the last recorded step (0 for soft DEM) */
  sweeps: number;
  /** The scenario's scheduled parameter changes (run.schedule), and whether each has been applied */
  schedule: ScheduledChange[];
  /** A pipe scene's space–time diagram (run.spaceTime; rows come from takeSpaceTime); null in other scenes */
  spaceTime: SpaceTimeInfo | null;
  /** The lockstep comparison running (setComparison), or null for a single run */
  comparison: ComparisonStatus | null;
  /** The "let it blow up" switch's watch of the run (setBlowUp; src/protocol/blow-up.ts), or null while it is off */
  blowUp: BlowUpStatus | null;
  /** The orifice the last gate opened left (build mode; its discharge is in the rows `discharged`, `beverloo`), or null */
  orifice: Orifice | null;
}

/** One variant of a lockstep comparison as the worker runs it (issue 11; core/sim/comparison.ts). */
export interface VariantStatus {
  /** Its own parameter overrides, as given to setComparison */
  overrides: Record<string, unknown>;
  /** 'diverged': stopped (the others go on); `message` says why */
  status: 'ok' | 'diverged';
  message: string;
  t: number;
  step: number;
  dt: number;
  dtOverTc: number;
  /** Its relaxation fit (scenes with run.relaxation), as the single run's live fit; else null */
  relaxation: LiveRelaxationFit | null;
  /** Its energy ledger (Diagnostics): the residual and the energy supplied [J]; NaN where the ledger has no exact account */
  energyResidual: number;
  energySupplied: number;
}

/** A lockstep comparison: variant 1 is the run the rest of the status describes. */
export interface ComparisonStatus {
  variants: VariantStatus[];
}

/** The bins of a pipe scene's space–time rows (docs/validation.md#e10-pipe-flow). */
export interface SpaceTimeInfo {
  /** Bins along x, from the periodic box's xmin */
  bins: number;
  /** [m] */
  binWidth: number;
  /** Simulated seconds between rows */
  every: number;
  /** Mean radius of the grains counted (the movable bodies) [m]: R₀ of the bin label */
  grainRadius: number;
}

/**
 * The space–time rows recorded since the last takeSpaceTime (the core keeps at most 1024 unread rows),
 * oldest first. Rows of another scene than the UI's (version) start a new picture; a row earlier than
 * the one before it follows a return to the last good state.
 */
export interface SpaceTimeChunk {
  /** The scene the rows belong to: SimStatus.staticVersion, which bumps on every load */
  version: number;
  bins: number;
  /** Simulated time of each row [s] */
  t: Float64Array;
  /** Grain counts, row after row: t.length × bins */
  counts: Float32Array;
  /** Standard deviation of the counts in the latest row and in the first row of the run; NaN without rows */
  sd: number;
  sdInitial: number;
}

/** One entry of a scenario's run.schedule as the worker applies it (the core's ParameterSchedule). */
export type { ScheduledChange };
export type { ContactDetail };

/** Columns of the recorded diagnostics, in this order in every SeriesChunk. */
export const SERIES_COLUMNS = [
  't', 'ek', 'ekTrans', 'ekRot', 'eElastic', 'angle', 'contacts', 'maxOverlapRatio',
  // the position chart: index of the tracked particle (NaN: none), its x and y [m], the first piston's
  // position along its inward normal [m] (NaN: no piston)
  'tracked', 'trackX', 'trackY', 'piston',
  // the contact-plane chart (docs/user-guide.md#contact-plane-chart-for-polygons): the selected polygon pair's normal angle [rad]
  // under each plane definition (PLANE_COLUMN below; the active one's is also `angle`) and its number of
  // boundary crossings; NaN when the selection is not a polygon pair in contact
  'planeUsual', 'planeLiteralSigned', 'planeLiteralAbs', 'planeAxial', 'crossings',
  // the flow chart of a pipe scene (run.spaceTime): mean velocity along the pipe [m/s] and the number flux
  // through a cross-section [1/s]; NaN in other scenes
  'meanVx', 'flux',
  // a lockstep comparison (setComparison): variants 2–4's kinetic energy [J] and divergence from variant 1
  // (RMS position difference over the mean radius); NaN without a comparison or once a variant stopped
  'ek2', 'ek3', 'ek4', 'divergence2', 'divergence3', 'divergence4',
  // variants 2–4's plane angle of the selected contact [rad] (as `angle`); NaN as above, or not in contact
  'angle2', 'angle3', 'angle4',
  // the energy ledger chart (Diagnostics): kinetic energy of moving walls, potential energy, the energy
  // supplied, what the normal and tangential dashpots and Coulomb sliding dissipated, and the residual [J];
  // the last five NaN where the ledger has no exact account (polygons, contact dynamics)
  'ekWalls', 'ePotential', 'energySupplied', 'dissipatedNormal', 'dissipatedTangential', 'dissipatedSlip', 'energyResidual',
  // variants 2–4's ledger residual [J] (as `energyResidual`), drawn over variant 1's on the ledger chart; NaN as ek2…
  'residual2', 'residual3', 'residual4',
  // the selected contact (World.selectedContactDetail), for the x–y chart: its overlap δ [m] (an area [m²] for polygons)
  // and the normal and tangential force on j [N]; NaN when none is selected or the pair is apart
  'contactOverlap', 'contactFn', 'contactFt',
  // the discharge chart once a gate has opened (core/diagnostics/discharge.ts): the mass of the grains past the orifice
  // [kg] and Beverloo's rate for it [kg/s]; NaN before a gate opens
  'discharged', 'beverloo',
] as const;
export type SeriesColumn = (typeof SERIES_COLUMNS)[number];

/** Each comparison variant's Ek column (variant 1's is the run's own `ek`) and divergence column (none for variant 1). */
export const VARIANT_EK_COLUMNS: readonly SeriesColumn[] = ['ek', 'ek2', 'ek3', 'ek4'];
export const VARIANT_DIVERGENCE_COLUMNS: readonly (SeriesColumn | null)[] = [null, 'divergence2', 'divergence3', 'divergence4'];
/** Each variant's plane angle of the selected contact (variant 1's is the run's own `angle`). */
export const VARIANT_ANGLE_COLUMNS: readonly SeriesColumn[] = ['angle', 'angle2', 'angle3', 'angle4'];
/** Each variant's ledger residual (variant 1's is the run's own `energyResidual`). */
export const VARIANT_RESIDUAL_COLUMNS: readonly SeriesColumn[] = ['energyResidual', 'residual2', 'residual3', 'residual4'];

/** The series column of each contact-plane definition's angle (Diagnostics.planeAngles, PLANE_IDS order). */
export const PLANE_COLUMN: Record<PlaneId, SeriesColumn> = {
  usual: 'planeUsual', 'literal-signed': 'planeLiteralSigned', 'literal-abs': 'planeLiteralAbs', axial: 'planeAxial',
};

export interface SeriesChunk {
  /** Epoch of the history these rows continue; it changes on scenario load and on restore */
  epoch: number;
  /** When the UI's epoch is older: 'clear' (start over) or 'truncate' (drop rows with t > truncateT) */
  resync: 'none' | 'clear' | 'truncate';
  truncateT: number;
  /** Sequence number of the first row in this chunk and of the next row to ask for */
  fromSeq: number;
  nextSeq: number;
  /** Rows lost because the UI asked too late (ring overrun) */
  lost: number;
  /** Columnar data, one Float64Array per SERIES_COLUMNS entry (angle in radians, NaN = not in contact or no value) */
  cols: Record<SeriesColumn, Float64Array>;
}

export type PickResult =
  | { kind: 'none' }
  | { kind: 'particle'; i: number; x: number; y: number; r: number }
  | { kind: 'contact'; i: number; j: number };

/**
 * The polygons of the loaded scene (static: they change only with a scenario load). Polygon p is body
 * bodies[p]; its count[p] vertices are the x, y pairs from pair index start[p] in `vertices`: body frame
 * about the centroid, counter-clockwise, metres (draw them rotated by the frame's φ about its x, y).
 */
export interface PolygonShapes {
  /** The frame static version (H_STATIC_VERSION) these shapes belong to */
  staticVersion: number;
  bodies: Int32Array;
  start: Int32Array;
  count: Int32Array;
  vertices: Float32Array;
}

export interface LoadResult {
  status: SimStatus;
  /** The scenario's title and description (a file's own, or the built-in's) */
  title: string;
  description: string;
  /** Parameter overrides that were rejected (each names the field and its range); the default was kept */
  rejected: string[];
}

/** One integrator or tangential scheme as the core describes it (for the solver controls). */
export interface SolverChoice {
  id: string;
  /** The core's one-line description */
  description: string;
  /** Integrators only: 'force' = soft DEM (spring–dashpot contacts), 'impulse' = contact dynamics (rigid discs) */
  kind?: 'force' | 'impulse';
}

export interface SolverCatalog {
  integrators: SolverChoice[];
  tangential: SolverChoice[];
  /** Built-in scenarios that carry a Δt ladder (run.convergence) */
  convergenceScenarios: string[];
}

/** For each tangential scheme: why the core refuses it with the given integrator settings, or null. */
export type SchemeProblems = Record<TangentialId, string | null>;

/** The worker pool the worker has (setThreads) */
export interface ThreadsInfo {
  /** threads in the pool (1: no pool, every scene steps on the worker alone) */
  threads: number;
  /** chosen automatically: one thread (while the page draws, a second thread competes with the drawing for the cores: docs/cli.md#threads) */
  auto: boolean;
  /** why there are fewer threads than asked for, or '' */
  note: string;
  /** the loaded scene, started again on the new threads (null: nothing was loaded, or it steps as before) */
  reloaded: LoadResult | null;
}

/** Methods the worker exposes. All arguments are plain data. */
/**
 * The loaded scene's edits (build mode: docs/cli.md#scene-edits), as SimApi.applyEdit, undoEdit and redoEdit
 * answer them: the edits applied (each with the time it was applied at) and those scheduled for later.
 */
export interface EditState {
  edits: SceneEdit[];
  scheduled: SceneEdit[];
  canUndo: boolean;
  canRedo: boolean;
  /** Scheduled edits refused when their time came (the run went on without them), one line each */
  problems: string[];
  /** The live parameters of the world now (an undo may bring back earlier ones: gravity, or a slider moved since) */
  params: LiveParams;
}

export interface SimApi {
  listScenarios(): ScenarioInfo[];
  /** Loads a built-in scenario and applies the parameter overrides one by one (bad ones are reported and skipped). */
  loadScenario(name: string, overrides: Record<string, unknown>): Checked<LoadResult>;
  /** Loads a scenario file (JSON text or object), same format as the CLI reads. */
  loadSpec(json: unknown, overrides: Record<string, unknown>): Checked<LoadResult>;
  /** Reset: loads the current scenario (built-in or file) again from its start state, with the overrides. */
  reload(overrides: Record<string, unknown>): Checked<LoadResult>;
  /**
   * Threads the worker steps large scenes on (a worker pool over shared memory): an integer from 1 to
   * MAX_THREADS, or null for automatic. A loaded scene whose threads this changes starts again on them
   * (as Reset does, with the overrides: the parameters to keep); the one before steps until then.
   */
  setThreads(threads: number | null, overrides?: Record<string, unknown>): Promise<Checked<ThreadsInfo>>;
  setParams(patch: Record<string, unknown>): Checked<LiveParams>;
  run(): void;
  pause(): void;
  /**
   * "Let it blow up" (off by default): on, a run goes past the divergence detector for a bounded time — until Ek has
   * grown 10⁶ times above its low, a body left the scene, or 20,000 steps of growth — and measures its growth
   * factor per step against the integrator's amplification factor (SimStatus.blowUp). Kept for every scene loaded.
   */
  setBlowUp(on: boolean): void;
  /** The run pauses once it reaches simulated time t [s] (a lesson's planned end); null: it runs on. Kept across loads. */
  setStopAt(t: number | null): Checked<number | null>;
  /** Advances n steps now (paused or not); returns steps done (fewer when it diverged) */
  stepN(n: number): number;
  setStepsPerFrame(n: number): void;
  /** Recording cadence for charts and export [s of simulated time; 0 = every step]; refused out of range */
  setRecordEvery(seconds: number): Checked<number>;
  /** Playback speed in simulated seconds per wall second (0 = as fast as possible); refused out of range */
  setSpeed(simSecondsPerWallSecond: number): Checked<number>;
  /** The page is hidden (its poll may run once a minute) or shown again: while hidden, rows are recorded sparsely enough that none is lost (run-record.ts) */
  setBackground(hidden: boolean): void;
  restoreLastGood(): boolean;
  /** Packs the current state into `buf` (see protocol/frame.ts) and transfers it back. */
  fillFrame(buf: ArrayBuffer): ArrayBuffer;
  takeSeries(epoch: number, sinceSeq: number): SeriesChunk;
  /** The space–time rows recorded since the last call (none outside pipe scenes), transferred */
  takeSpaceTime(): SpaceTimeChunk;
  getStatus(): SimStatus;
  diagnostics(): Diagnostics | null;
  /** The loaded scene's polygons (none in a disc scene), with the static version they belong to */
  polygonShapes(): PolygonShapes;
  /**
   * With preferContacts, the contact whose point is within tol of (x, y); else the body nearest to it
   * (a point inside a polygon picks that polygon), if within tol of its outline.
   */
  pick(x: number, y: number, tol: number, preferContacts: boolean): PickResult;
  selectContact(i: number, j: number): void;
  selectParticle(i: number): void;
  /** Drags body i (kinematic while dragged) */
  moveBody(i: number, x: number, y: number, vx: number, vy: number): void;
  /** Ends a drag; the body keeps the last velocity it was given */
  releaseBody(i: number): void;
  /** The current state as a scenario file (same format the headless runner reads) */
  exportSpec(): unknown;
  /** Integrators and tangential schemes with the core's descriptions */
  solverCatalog(): SolverCatalog;
  /** The core's verdict (combinationProblem) on every tangential scheme with these integrator settings */
  schemeProblems(params: LiveParams): SchemeProblems;
  /**
   * The loaded scenario as it started, with the current integrator, tangential scheme and GSSSS
   * settings, for the Δt ladder; a problem when the scenario has no run.convergence block.
   */
  convergenceSpec(): Checked<unknown>;
  /** The selected contact for the inspector (World.selectedContactDetail): null when none is selected or it is apart */
  selectedContact(): ContactDetail | null;
  /**
   * Starts a lockstep comparison of 2–4 variants of the loaded scenario from its start state (each variant's
   * overrides on top of the current parameters; variant 1 runs exactly as the scenario alone would), or ends
   * it (null: variant 1 goes on as the single run). Refused with problems naming `variant k.field`.
   */
  setComparison(variants: Record<string, unknown>[] | null): Checked<ComparisonStatus | null>;
  /** The rewind timeline (src/worker/rewind.ts): snapshot times, the one shown, memory held */
  timelineInfo(): TimelineInfo;
  /**
   * Puts the run back to snapshot k (0 = oldest) and pauses it; the later snapshots stay until the run
   * steps on from there (then they and the charts' rows after it are dropped). Returns the restored t.
   */
  restoreTimeline(k: number): Checked<number>;
  /** A relaxation scene's live fit Ek = E₀ exp(−t/t_R) through the Ek peaks so far; null in other scenes */
  relaxationFit(): LiveRelaxationFit | null;
  /**
   * Tests only (the page's test hook, never its controls): makes the worker fail as `kind` says
   * (worker/fault-injection.ts), to check that the page survives it (issue 39). Refused: an unknown kind.
   */
  injectFault(kind: string): Checked<WorkerFaultKind>;
  /**
   * Build mode: checks and applies one scene edit (core/scenarios/edit-schema.ts; plain data, as a scenario's
   * `edits` entry) between steps, or schedules it when its `at` is still to come. Refused, changing nothing, with
   * one line per problem naming the field; refused while a comparison runs in lockstep.
   */
  applyEdit(edit: unknown): Checked<EditState>;
  /** Takes the last edit back: the world before it, exactly (its time too); refused with a message when there is none. */
  undoEdit(): Checked<EditState>;
  /** Applies the last edit undone again, unless the run went on since the undo. */
  redoEdit(): Checked<EditState>;
  /** The loaded scene's edits, or null without a scene */
  editState(): EditState | null;
  /** The scenario file that reproduces this run: the scene as loaded and its edits at their times (docs/cli.md#scene-edits) */
  saveScene(): Checked<unknown>;
}

/** The faults a test can inject into the worker: an exception in the next step, the worker ending itself, an endless loop */
export const WORKER_FAULT_KINDS = ['throw-in-step', 'close', 'hang'] as const;
export type WorkerFaultKind = (typeof WORKER_FAULT_KINDS)[number];
