/**
 * One simulation: its state, and the orchestration of its stages (docs/architecture.md#one-step). The integrator
 * owns the step: a force integrator calls back `computeForces` and `commitTangential`, contact dynamics
 * `detectContacts`, and the contact pipeline answers (force-pipeline.ts). After each step: the periodic seam, the
 * work from outside and the energies (energy-ledger.ts), the Ek peaks, the space–time rows, and the checks with
 * their last good state (health-watch.ts). Its other parts: the hand, the contact inspector, the step setting.
 */
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import { checkPatch } from '../config/param-check';
import { GSSSS_PARAMS, RESTART_PARAMS } from '../config/param-lists';
import type { LiveParams, ParamPatch } from '../config/param-table';
import type { Accuracy } from '../diagnostics/accuracy';
import { CollisionMonitor } from '../diagnostics/collision-monitor';
import { EkPeaks } from '../diagnostics/ek-peaks';
import type { SpaceTime } from '../diagnostics/space-time';
import type { ImpulseDriver, Integrator } from '../integrators/integrator';
import { INTEGRATORS } from '../integrators/registry';
import type { MaterialCoefficients } from '../laws/material';
import { checkCombination } from '../models/combination';
import type { NeighborSearch } from '../neighbors/neighbor-search';
import type { PoolContext } from '../columns/pool-context';
import type { KernelPool } from '../columns/kernel-pool';
import { buildInitialState } from '../scenarios/build';
import { paramsOfSpec } from '../scenarios/live-params';
import { ScenarioError, type ScenarioSpec } from '../scenarios/schema';
import { stateSpec } from '../scenarios/state-spec';
import { DRAGGED, PRESCRIBED } from '../state/body-flags';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import { referenceReducedMass } from '../state/reference-mass';
import { POLYGON, servesAll } from '../shapes/shape-kind';
import type { WasmKernels } from '../wasm/kernels';
import { ContactInspector } from './contact-inspector';
import { EnergyLedger } from './energy-ledger';
import { ForcePipeline } from './force-pipeline';
import { Hand } from './hand';
import { wrapAcrossSeam } from './periodic-seam';
import { HealthWatch, MAX_OVERLAP, type WatchedRun } from './health-watch';
import type { Snapshot, SnapshotParts, SnapshotScalars, Snapshotted } from './snapshot';
import { SpaceTimeSampler } from './space-time-sampler';
import { startStateProblems } from './start-check';
import { StepSetting } from './step-setting';
import type { ContactDetail, Diagnostics, Health, SearchReport, TimeScales } from './world-types';

export class World implements ImpulseDriver, Snapshotted, WatchedRun {
  readonly bodies: BodyState;
  readonly walls: WallSet;
  readonly periodic: PeriodicX;
  /** The contact pipeline: neighbour search, contact records, the fused disc pass or the stages, the WebAssembly arena */
  readonly pipeline: ForcePipeline;
  readonly search: NeighborSearch;
  /** The worker pool the per-body stages and the fused pass run on, if the World was given one */
  readonly pool: PoolContext | null;
  readonly peaks = new EkPeaks();
  /** the binary collisions measured as the run goes (the restitution check) */
  readonly collisions = new CollisionMonitor();
  private readonly ledger: EnergyLedger;
  private readonly watch: HealthWatch;
  private readonly hand = new Hand();
  private readonly inspector: ContactInspector;
  private readonly stepSetting: StepSetting;

  params: LiveParams;
  t = 0;
  dt = 0;
  stepCount = 0;
  /** StepDriver.predictAhead: another step follows in this run of steps, with no wrap or snapshot between */
  predictAhead = false;
  /** The scene's shape kinds (shapes/shape-kind.ts): its models and the passes it takes serve each of them */
  readonly shapes: readonly number[];
  get polygons(): boolean { return this.shapes.includes(POLYGON); } // for the contact-plane angles (page, CSV)
  /** Pipe scenes: the space–time density rows (run.spaceTime), sampled every `every` seconds */
  readonly spaceTime: SpaceTime | null;
  private readonly spaceTimeRows: SpaceTimeSampler;
  private integrator: Integrator;
  /** Ek peaks are recorded only when the scenario asks for a relaxation fit (memory grows with peaks). */
  private readonly trackPeaks: boolean;

  /** `pool`: a worker pool the fused disc pass runs on (force-pipeline.ts): the serial run's numbers, but for the energy sums' order */
  constructor(readonly spec: ScenarioSpec, pool?: KernelPool) {
    const init = buildInitialState(spec);
    this.bodies = init.bodies;
    this.walls = init.walls;
    this.periodic = init.periodic;
    this.shapes = this.bodies.shapeKinds();
    this.params = paramsOfSpec(spec);
    checkCombination(this.params, this.shapes);
    this.integrator = INTEGRATORS[this.params.integrator].create(this.params);
    this.pipeline = new ForcePipeline(this.bodies, this.walls, this.periodic, this.collisions, this.shapes, this.params, this.integrator.markers, pool);
    this.search = this.pipeline.search;
    this.pool = this.pipeline.pool;
    this.ledger = new EnergyLedger(this.bodies, this.walls, this.periodic, this.pipeline);
    this.watch = new HealthWatch(this.bodies, this.pipeline, this.ledger, this.collisions);
    this.trackPeaks = spec.run.relaxation !== undefined;
    this.inspector = new ContactInspector(spec.run.selectContact);
    this.bodies.updateInverseMasses(this.params.rotation);
    this.hand.findDriven(this.bodies);
    this.stepSetting = new StepSetting(spec.solver.dt !== undefined, referenceReducedMass(this.bodies, this.walls.count > 0));
    this.pipeline.useMaterial(this.params, this.stepSetting.mrRef);
    this.dt = this.stepSetting.fit(spec.solver.dt ?? 0, this.params, this.pipeline.material.reference.tc);
    this.spaceTimeRows = new SpaceTimeSampler(spec.run.spaceTime, this.periodic, this.bodies, this.t);
    this.spaceTime = this.spaceTimeRows.rows;
    this.restart();
    const unsound = startStateProblems(this.bodies, this.walls, this.pipeline.record, spec.particles.length, MAX_OVERLAP);
    if (unsound.length) throw new ScenarioError(unsound);
    this.watch.saveLastGood(this);
  }

  get n(): number {
    return this.bodies.n;
  }

  /**
   * Contacts of the last force evaluation (committed springs after a step), every column filled: the fused
   * disc pass writes only what the steps read, and the rest is filled here when someone looks, from the
   * evaluation state it used (so a page that steps one step at a time does not pay for it at every step).
   */
  get contacts(): ContactList {
    this.pipeline.completeRecord();
    return this.pipeline.record;
  }

  /** How many contacts the last force evaluation found (without completing the record) */
  get contactCount(): number {
    return this.pipeline.record.count;
  }

  /** The contact coefficients the force loops use now (derived from the live parameters) */
  material(): MaterialCoefficients {
    return this.pipeline.material;
  }

  get velocityDependentForces(): boolean {
    return this.pipeline.velocityDependent;
  }

  get health(): Health {
    return this.watch.health;
  }

  /** Stable but measurably wrong: an amber warning with its numbers (diagnostics/accuracy.ts) */
  get accuracy(): Accuracy {
    return this.watch.accuracy;
  }

  /** The WebAssembly kernels of a serial disc scene, or null */
  get wasm(): WasmKernels | null {
    return this.pipeline.wasm;
  }

  /** What the hot loops run in: 'WebAssembly' or 'JavaScript' (on a worker pool, on every one of its threads) */
  get kernels(): 'WebAssembly' | 'JavaScript' {
    return this.pipeline.kernels;
  }

  /** From now on: the disc contacts stage by stage, the other loops in JavaScript (the bench's comparison: the same bits) */
  useJavaScriptKernels(): void {
    this.pipeline.useJavaScriptKernels();
  }

  // ---- StepDriver -------------------------------------------------------------------------

  computeForces(tEval: number, dtSpring: number): void {
    this.pipeline.evaluate(tEval, dtSpring, this.t, this.params, this.observesCollisions());
    this.ledger.dissipate(this.pipeline.power, dtSpring);
  }

  detectContacts(gapMax: number): ContactList {
    return this.pipeline.detect(gapMax, this.t);
  }

  recordContactStats(power: number, maxOverlapRatio: number): void {
    this.pipeline.recordStats(power, maxOverlapRatio);
  }

  commitTangential(dtSpring: number): void {
    this.pipeline.commit(dtSpring, this.t + dtSpring);
  }

  // ---- stepping ---------------------------------------------------------------------------

  /** Advances up to `count` steps; stops at divergence. Returns the number of steps done. */
  step(count: number): number {
    if (this.health.status !== 'ok') return 0;
    const p = this.params;
    for (let s = 0; s < count; s++) {
      this.predictAhead = s + 1 < count && !this.periodic.enabled && !this.watch.savesLastGoodAt(this.stepCount + 1);
      this.integrator.step(this);
      if (this.integrator.kind === 'force') this.ledger.workIn += this.walls.advancePistons(this.dt, p.pistonForce, p.gravityX, p.gravityY);
      this.afterStep();
      if (this.health.status !== 'ok') {
        this.integrator.settle?.();
        return s + 1;
      }
    }
    return count;
  }

  private afterStep(): void {
    const dt = this.dt, p = this.params;
    if (this.periodic.enabled) wrapAcrossSeam(this.bodies, this.periodic, this.integrator, p.gravityX, this.ledger);
    this.hand.measure(this.bodies);
    this.ledger.stepWork(this.pipeline.scatterStats.wallPower, this.hand.power, dt);
    this.t = (this.stepCount + 1) * dt + this.stepSetting.tOffset;
    this.stepCount++;
    const e = this.ledger.measure(p.gravityX, p.gravityY, this.pool, this.wasm);
    if (this.trackPeaks) this.peaks.push(this.t, e.ekTrans + e.ekRot);
    if (e.finite) this.spaceTimeRows.sample(this.bodies, this.t, dt);
    if (!this.watch.check(this, this.integrator, this.observesCollisions())) return;
    if (this.watch.savesLastGoodAt(this.stepCount)) this.watch.saveLastGood(this);
  }

  /** The accuracy checks run: soft DEM, shapes the collision monitor serves (clamping changes the energy account and the restitution formula) */
  private observesCollisions(): boolean {
    return this.integrator.kind === 'force' && !this.params.clampNormal && servesAll(this.shapes, 'collision-monitor');
  }

  // ---- parameters -------------------------------------------------------------------------

  /**
   * Validates the patch (throws ParamError, changing nothing) and applies it at once. It is only ever
   * called between steps, so the change takes effect with the next step, and `params`, `dt` and
   * `timeScales()` already show the new values while a run is paused.
   */
  setParams(patch: Record<string, unknown>): void {
    this.pipeline.completeRecord(); // from the state and material the last pass used
    const checked = checkPatch(patch);
    checkCombination({ ...this.params, ...checked }, this.shapes, checked);
    if ('dtOverTc' in checked) this.stepSetting.absolute = false;
    this.applyParams(checked);
  }

  private applyParams(p: ParamPatch): void {
    const before = this.params;
    this.params = { ...before, ...p };
    const changed = (k: keyof LiveParams) => p[k] !== undefined && p[k] !== before[k];
    if (changed('tangential')) this.pipeline.useScheme(this.params);
    if (changed('pistonMass')) this.walls.setPistonMass(this.params.pistonMass);
    if (changed('plane')) this.pipeline.narrow.planeChanged = true;
    if (changed('rotation')) {
      this.bodies.updateInverseMasses(this.params.rotation);
      if (!this.params.rotation) {
        for (let k = 0; k < this.bodies.n; k++) if ((this.bodies.flags[k] & (PRESCRIBED | DRAGGED)) === 0) this.bodies.omega[k] = 0;
      }
    }
    this.pipeline.useMaterial(this.params, this.stepSetting.mrRef);
    const oldDt = this.dt;
    if (changed('integrator')) this.dt = this.stepSetting.switchKind(this.integrator.kind, INTEGRATORS[this.params.integrator].kind, 'dtOverTc' in p, this.dt, this.params);
    this.dt = this.stepSetting.fit(this.dt, this.params, this.pipeline.material.reference.tc);
    const memberChanged = this.params.integrator === 'gssss' && GSSSS_PARAMS.some(changed);
    if (changed('integrator') || memberChanged) {
      const previousKind = this.integrator.kind;
      this.integrator = INTEGRATORS[this.params.integrator].create(this.params);
      this.pipeline.useIntegrator(this.integrator.markers, this.integrator.kind !== previousKind);
    }
    const forcesJump = memberChanged || RESTART_PARAMS.some(changed);
    this.stepSetting.tOffset = this.t - this.stepCount * this.dt;
    if (forcesJump) {
      this.restart();
    } else {
      if (this.dt !== oldDt) this.integrator.changeDt(this, oldDt, this.dt);
      this.baselineEnergy();
    }
    if (this.health.status !== 'ok') {
      // A parameter change after divergence is the user's attempt at a fix: go back to the last good state.
      this.restoreLastGood();
    }
  }

  /** (Re)starts the integrator from the committed state, re-baselines the energy check. */
  private restart(restored = false): void {
    this.integrator.reserve(this.bodies.capacity);
    this.integrator.init(this);
    this.pipeline.completeRecord();
    this.baselineEnergy(restored);
  }

  /**
   * The energy account starts again from the committed state: the divergence bound, the dissipation
   * tally and the accuracy warnings (after a restart, and after any parameter change).
   */
  private baselineEnergy(restored = false): void {
    const p = this.params;
    this.ledger.baseline(this.integrator, p.gravityX, p.gravityY, this.t, this.pool, this.wasm, restored);
    this.watch.resetAccuracy(this);
  }

  passDivergence(): void { this.watch.healthy(this.stepCount, this.t); } // on past a divergence: the worker's "let it blow up"
  // ---- queries ----------------------------------------------------------------------------

  timeScales(progressive = false): TimeScales { // progressive: the page's status (StepSetting.timeScales)
    return this.stepSetting.timeScales(this.pipeline.material, this.bodies, this.params, this.integrator, this, progressive);
  }

  diagnostics(): Diagnostics {
    const ts = this.timeScales(), energy = this.ledger.readout(this.integrator);
    return {
      t: this.t, tAcceleration: this.t - this.integrator.accelerationShift * this.dt,
      step: this.stepCount, dt: this.dt, tc: ts.tc, dtOverTc: this.dt / ts.tc, ...energy,
      contacts: this.pipeline.record.count, maxOverlapRatio: this.watch.overlapRatio,
      planeAngle: this.inspector.selected ? this.inspector.angle(this.contacts) : NaN,
      ...this.inspector.planes(this.bodies, this.periodic, this.params.planeHysteresis, this.pipeline.narrow.kernels), sweeps: this.integrator.sweepsDone,
      pistonPosition: this.pistonPosition(), ...this.spaceTimeRows.flow(this.bodies), peakOverlapRatio: this.watch.peakOverlapRatio,
      ...this.ledger.report(energy, this.integrator.kind === 'force' && servesAll(this.shapes, 'energy-account')),
    };
  }

  /** Position of the first piston along its inward normal [m] (NaN without a piston). */
  pistonPosition(): number {
    for (let w = 0; w < this.walls.count; w++) if (this.walls.isPiston(w)) return this.walls.position(w);
    return NaN;
  }

  searchReport(): SearchReport {
    return { ...this.search.report };
  }

  // ---- the contact inspector and the hand ------------------------------------------------

  /** Selects the contact (i, j) whose normal angle is reported; j or i = −1 − w for wall w. */
  selectContact(i: number, j: number): void {
    this.inspector.select(i, j);
  }

  /** The selected contact as the inspector shows it (contact-inspector.ts); null when the pair is not in contact (or none is selected). */
  selectedContactDetail(): ContactDetail | null {
    return this.inspector.selected ? this.inspector.detail(this.contacts, this.pipeline.material) : null;
  }

  /** Drags body k to (x, y) with velocity (vx, vy); it stays kinematic until releaseBody. */
  moveBody(k: number, x: number, y: number, vx: number, vy: number): void {
    this.byHand(k, () => this.hand.hold(this.bodies, this.periodic, k, x, y, vx, vy, this.params.rotation));
  }

  /** Lets a dragged body go, with the acceleration of the field forces on it (hand.ts). */
  releaseBody(k: number): void {
    this.byHand(k, () => this.hand.letGo(this.bodies, k, this.params.gravityX, this.params.gravityY, this.params.rotation));
  }

  /** The hand acts on body k (`act`); the change of the bodies' kinetic + potential energy is its work, for the energy budget. */
  private byHand(k: number, act: () => void): void {
    if (k < 0 || k >= this.bodies.n) return;
    this.pipeline.completeRecord(); // before the masses change
    const p = this.params, e0 = this.ledger.kineticAndPotential(p.gravityX, p.gravityY, this.pool, this.wasm);
    act();
    this.integrator.resetBody(this, k);
    this.ledger.handWork(this.ledger.kineticAndPotential(p.gravityX, p.gravityY, this.pool, this.wasm) - e0);
  }

  // ---- snapshots --------------------------------------------------------------------------

  /** Puts back the last healthy state (taken at most a few hundred steps before a divergence). */
  restoreLastGood(): boolean {
    const lastGood = this.watch.lastGoodState;
    if (lastGood) this.restoreSnapshot(lastGood);
    return lastGood !== null;
  }

  /**
   * Goes back to a state captured earlier (the last good state, or a timeline's entry): bodies, integrator
   * and contact history as they were; the live parameters stay as they are now, so a Δt set since then applies.
   */
  restoreSnapshot(snapshot: Snapshot): void {
    snapshot.restore(this);
    this.watch.healthy(this.stepCount, this.t);
    this.spaceTimeRows.restart(this.t);
    this.peaks.reset();
    this.restart(true);
    if (snapshot !== this.watch.lastGood) this.watch.saveLastGood(this); // a divergence later must not go forward again
  }

  /** Internal arrays a snapshot copies (integrator state and contact history), and the numbers. */
  snapshotParts(): SnapshotParts {
    const { workIn, workHand } = this.ledger;
    return { integrator: this.integrator.stateArrays(), contacts: this.pipeline.record, walls: this.walls, workIn, workHand, stepCount: this.stepCount, t: this.t, dt: this.dt };
  }

  restoreParts(p: SnapshotScalars): void {
    this.ledger.workIn = p.workIn; this.ledger.workHand = p.workHand;
    this.hand.findDriven(this.bodies); // the flags came back too (a body dragged then, or not)
    this.stepCount = p.stepCount;
    this.t = p.t;
    this.pipeline.rekey();
    // the state goes back, the parameters do not: a Δt set since the snapshot (the user's fix after a
    // divergence, or a URL override applied after loading) stays, with the integrator rescaled to it
    this.stepSetting.tOffset = p.t - p.stepCount * this.dt;
    if (p.dt !== this.dt) this.integrator.changeDt(this, p.dt, this.dt);
  }

  /** The current state as a scenario with explicit particles (the format the CLI reads). */
  toSpec(): ScenarioSpec {
    return stateSpec(this.spec, this.params, this.bodies, this.walls, this.t, this.stepSetting.absolute ? this.dt : null);
  }
}

export function createWorld(spec: ScenarioSpec, pool?: KernelPool): World {
  return new World(spec, pool);
}
