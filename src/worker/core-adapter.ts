/**
 * The one place where the worker touches the core's runtime API. `WorldLike` lists exactly the
 * members the worker uses, so a change in the core shows up as one type error here.
 */
import type { ContactDetail, Diagnostics, Health, SearchReport, TimeScales } from '../core/sim/world-types';
import type { LiveParams } from '../core/config/param-table';
import type { Accuracy } from '../core/diagnostics/accuracy';
import type { ScenarioSpec } from '../core/scenarios/schema';
import type { LadderResult } from '../core/convergence/ladder';
import * as core from '../core/index';
export { ACCURACY_OK, MAX_THREADS, outputEvery, ParameterSchedule, particleCount, plannedSteps } from '../core/index';
export { Comparison, MAX_VARIANTS } from '../core/sim/comparison';
export { Timeline, TIMELINE_BUDGET } from '../core/sim/timeline';
export { fitRelaxation } from '../core/diagnostics/ek-peaks';
export { runRelaxation, type RelaxationRow } from '../core/sim/relaxation-run';
export { applyOverrides } from '../core/scenarios/overrides';
export { getBuiltInInput } from '../core/scenarios/registry';
export { amplificationLimit, amplifiedScheme, growthPerStep } from '../core/integrators/amplification';
export { contactFrequencies } from '../core/diagnostics/contact-frequencies';
export { normalLawNamed } from '../core/laws/registry';
export { SceneEditor } from '../core/scene/scene-editor';
export { dischargedMass } from '../core/diagnostics/discharge';

export interface WorldLike {
  n: number;
  bodies: {
    x: Float64Array; y: Float64Array; phi: Float64Array;
    vx: Float64Array; vy: Float64Array; omega: Float64Array;
    radius: Float64Array; mass: Float64Array; invMass: Float64Array; inertia: Float64Array; flags: Uint8Array;
    /** shape kind per body (SHAPE_* in protocol/frame.ts); a polygon's vertices in the pool below */
    shape: Uint8Array; vertexStart: Int32Array; vertexCount: Int32Array; vertices: Float64Array;
  };
  /** the whole record (World.contacts completes the fused pass's lean record: read it only when drawing or picking contacts) */
  contacts: {
    count: number;
    i: Int32Array; j: Int32Array;
    nx: Float64Array; ny: Float64Array; fn: Float64Array; ft: Float64Array; delta: Float64Array;
    cx: Float64Array; cy: Float64Array;
  };
  /** the number of contacts, without completing the record */
  readonly contactCount: number;
  /** what the serial loops run in */
  readonly kernels: 'WebAssembly' | 'JavaScript';
  walls: {
    count: number; kind: Uint8Array;
    ax: Float64Array; ay: Float64Array; bx: Float64Array; by: Float64Array; nx: Float64Array; ny: Float64Array;
    /** displacement of a moving wall or piston: it is at a + o, b + o */
    ox: Float64Array; oy: Float64Array;
  };
  /** Pipe scenes (run.spaceTime): the queue of space–time rows; drain hands each unread row over once */
  readonly spaceTime: SpaceTimeSource | null;
  /** The scene's shape kinds (core/shapes/shape-kind.ts), and whether it has polygons */
  readonly shapes: readonly number[];
  readonly polygons: boolean;
  readonly params: LiveParams;
  t: number;
  dt: number;
  stepCount: number;
  /** progressive: the status's call, every frame (a due refresh of the dashpot-rate estimate spread over calls) */
  timeScales(progressive?: boolean): TimeScales;
  /** The contact coefficients the force loops use now */
  material(): { kn: number; kt: number; mu: number };
  /** The forces depend on the velocities (dashpots present): Gear's α row */
  readonly velocityDependentForces: boolean;
  step(n: number): number;
  health: Health;
  accuracy: Accuracy;
  restoreLastGood(): boolean;
  /** Ek peaks of a relaxation scene (run.relaxation; empty otherwise), for the live fit */
  readonly peaks: core.World['peaks'];
  diagnostics(): Diagnostics;
  selectedContactDetail(): ContactDetail | null;
  searchReport(): SearchReport;
  setParams(patch: Record<string, unknown>): void;
  selectContact(i: number, j: number): void;
  moveBody(i: number, x: number, y: number, vx: number, vy: number): void;
  releaseBody(i: number): void;
  toSpec(): ScenarioSpec;
}

/** The members of the core's SpaceTime (diagnostics/space-time.ts) the worker reads. */
export interface SpaceTimeSource {
  readonly bins: number;
  readonly binWidth: number;
  /** unread rows */
  readonly pending: number;
  readonly sd: number;
  readonly sdInitial: number;
  /** each unread row, oldest first; `row` is a view valid during the call */
  drain(take: (t: number, row: Float64Array) => void): void;
}

/** Lets world `w` step on after the divergence detector stopped it (the "let it blow up" switch, blow-up-watch.ts) */
export function passDivergence(w: WorldLike): void {
  coreWorld(w).passDivergence();
}

/** The world as the core's class, for the rewind timeline's snapshots (every WorldLike is one: createWorld). */
export function coreWorld(w: WorldLike): core.World {
  return w as core.World;
}
export function createWorld(spec: ScenarioSpec, pool?: core.WorkerPool): WorldLike {
  return core.createWorld(spec, pool);
}
export function parseScenario(json: unknown): ScenarioSpec {
  return core.parseScenario(json);
}
export function getBuiltIn(name: string): ScenarioSpec {
  return core.getBuiltIn(name);
}
export function listBuiltIns(): { name: string; title: string; description: string }[] {
  return core.listBuiltIns();
}
/** The core's one-line descriptions of the integrators and tangential schemes, in PARAMS order. */
export function solverDescriptions(): {
  integrators: { id: string; description: string; kind: IntegratorKind }[];
  tangential: { id: string; description: string }[];
} {
  return {
    integrators: core.INTEGRATOR_IDS.map((id) => ({ id, description: core.INTEGRATORS[id].description, kind: core.INTEGRATORS[id].kind })),
    tangential: core.TANGENTIAL_IDS.map((id) => ({ id, description: core.TANGENTIAL_SCHEMES[id].description })),
  };
}
export type IntegratorKind = 'force' | 'impulse';
/** The refusal message of a scheme × integrator combination (models/combination.ts) in a scene of these shape kinds, or null. */
export function combinationProblem(p: LiveParams, shapes: readonly number[]): string | null {
  return core.combinationProblem(p, shapes);
}
export const TANGENTIAL_IDS = core.TANGENTIAL_IDS;
/** The contact-plane definitions in the order of Diagnostics.planeAngles (docs/user-guide.md#contact-plane-chart-for-polygons). */
export { PLANE_IDS } from '../core/plane/plane-ids';
export function runConvergence(spec: ScenarioSpec): LadderResult {
  return core.runConvergence(spec);
}
/** Problems of a ScenarioError / ParamError / other error, as lines naming the field. */
export function describeError(e: unknown): string[] {
  if (e && typeof e === 'object' && Array.isArray((e as { problems?: unknown }).problems)) {
    return ((e as { problems: unknown[] }).problems).map(String);
  }
  return [e instanceof Error ? e.message : String(e)];
}
