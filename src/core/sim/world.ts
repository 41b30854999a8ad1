/**
 * One simulation: state, contact pipeline and step orchestration (docs/architecture.md#one-step).
 * The integrator owns the step. A force integrator (Gear) calls back `computeForces` at its
 * evaluation configuration:
 *   walls to t_eval → neighbour search (cell mask) → contacts + history → normal law → tangential trial
 *   → Coulomb cap → external forces and gravity → scatter (for discs, the linear law and the Cundall
 *   spring, one fused pass does the stages after the search: contacts/disc-force-pass.ts);
 * then it advances the state and calls `commitTangential`; pistons then move under the forces found.
 * Contact dynamics instead calls `detectContacts` (same search, narrow phase and history, with a gap
 * threshold) and solves the forces and the pistons itself. After each step: periodic wrap, energies,
 * the divergence check, the Ek peak tracker, and every few hundred steps a last-good snapshot.
 */
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import { coulombCap } from '../contacts/coulomb-cap';
import { completeDiscRecord, DASHPOT_POWER, discForcePass, ELASTIC, MAX_RATIO, NORMAL_POWER, PASS_SUMS, SLIP_POWER, WALL_POWER } from '../contacts/disc-force-pass';
import { NarrowPhase } from '../contacts/narrow-phase';
import { ParallelDiscPass } from '../contacts/parallel-disc-pass';
import { sharedCopy, shareColumns } from '../parallel/shared-memory';
import { BODY_CHUNK } from '../parallel/body-columns';
import { PoolContext } from '../parallel/pool-context';
import type { WorkerPool } from '../parallel/worker-pool';
import { bodyForces } from './body-forces';
import { scatterForces, type ScatterStats } from '../contacts/scatter-forces';
import { ACCURACY_OK, ENERGY_EXCESS, energyWarning, EXACT_CHECK_EVERY, RESTITUTION_TOLERANCE, restitutionWarning, type Accuracy, type StepContext } from '../diagnostics/accuracy';
import { CollisionMonitor } from '../diagnostics/collision-monitor';
import { explainDivergence, type DivergenceKind } from '../diagnostics/divergence';
import { EkPeaks } from '../diagnostics/ek-peaks';
import { bodyEnergies, ENERGY_SUMS, elasticEnergy, type BodyEnergies, type ElasticParts } from '../diagnostics/energy';
import type { ImpulseDriver, Integrator } from '../integrators/integrator';
import { CD_HISTORY } from '../integrators/contact-dynamics';
import { INTEGRATORS } from '../integrators/registry';
import { dashpots } from '../laws/dashpot';
import { DISC_LAW_INDEX, LINEAR } from '../laws/law-ids';
import { copyPrefix } from '../math/grow';
import { CONTACT_LAWS } from '../laws/registry';
import { materialCoefficients, type MaterialCoefficients } from '../laws/material';
import { NeighborSearch } from '../neighbors/neighbor-search';
import type { SearchInput } from '../neighbors/search-input';
import { buildInitialState } from '../scenarios/build';
import { paramsOfSpec } from '../scenarios/live-params';
import { ScenarioError, type ScenarioSpec } from '../scenarios/schema';
import { stateSpec } from '../scenarios/state-spec';
import { pipeFlow, SpaceTime } from '../diagnostics/space-time';
import { PLANE_IDS } from '../plane/plane-ids';
import { DRAGGED, PRESCRIBED } from '../state/body-flags';
import { F64_FIELDS, type BodyState } from '../state/body-state';
import { ContactList } from '../state/contact-list';
import { historyMask } from '../state/history-slots';
import { cundallSpring } from '../tangential/cundall';
import { TANGENTIAL_SCHEMES } from '../tangential/registry';
import { AI, AJ, ContactKinematics, DELTA, TW, XI, XJ, YI, YJ } from '../tangential/contact-kinematics';
import { commitTrial, evaluatesAtEnd, type TangentialContext, type TangentialScheme } from '../tangential/tangential-scheme';
import { WasmKernels } from '../wasm/kernels';
import { WasmArena } from '../wasm/wasm-arena';
import { combinationProblem } from './combination';
import { checkPatch, ParamError } from '../config/param-check';
import { GSSSS_PARAMS, RESTART_PARAMS } from '../config/param-lists';
import type { LiveParams, ParamPatch } from '../config/param-table';
import { ContactInspector } from './contact-inspector';
import { Hand } from './hand';
import { Snapshot, type SnapshotParts, type SnapshotScalars, type Snapshotted } from './snapshot';
import { startStateProblems } from './start-check';
import { StepSetting } from './step-setting';
import { referenceReducedMass } from './time-scales';
import type { ContactDetail, Diagnostics, Health, SearchReport, TimeScales } from './world-types';

/** Overlap beyond this fraction of a radius counts as divergence (issue 2). */
const MAX_OVERLAP = 0.5;
/** Kinetic + elastic energy beyond this multiple of the available energy counts as divergence. */
const ENERGY_FACTOR = 2;
/** A body moving more than this many radii in one step can skip a contact entirely. */
const MAX_STEP_TRAVEL = 0.5;
/** The history fields the contact laws and the contact-dynamics solver declare: what its steps carry */
const IMPULSE_HISTORY = historyMask([...CONTACT_LAWS, { id: 'contact-dynamics', history: CD_HISTORY }]);
/** Steps between last-good snapshots. */
const SNAPSHOT_EVERY = 256;
/** Neighbour skin as a fraction of the smallest radius: keeps the committed-state energy exact. */
const SKIN_FRACTION = 0.05;

export class World implements ImpulseDriver, Snapshotted {
  readonly bodies: BodyState;
  readonly walls: WallSet;
  readonly periodic: PeriodicX;
  /** The record of the last force evaluation, as the steps leave it (the fused pass's lean columns: see `contacts`) */
  private record = new ContactList();
  private previous = new ContactList();
  private readonly narrow = new NarrowPhase();
  readonly search = new NeighborSearch();
  readonly peaks = new EkPeaks();

  params: LiveParams;
  t = 0;
  dt = 0;
  stepCount = 0;
  health: Health = { status: 'ok', message: '', step: 0, t: 0 };
  /** Stable but measurably wrong: an amber warning with its numbers (diagnostics/accuracy.ts) */
  accuracy: Accuracy = ACCURACY_OK;
  /** the step of the last exact confirmation of the energy account (EXACT_CHECK_EVERY); later ones wait */
  private lastExactCheck = -Infinity;
  /** steps from that confirmation to the next: 1, 2, 4 … while the excess grows, else EXACT_CHECK_EVERY */
  private exactWait = EXACT_CHECK_EVERY;
  /** whether the last confirmation found the excess worse than the warning shown */
  private excessGrowing = false;
  /** Energy the normal dashpots have dissipated since the last energy baseline [J] */
  private dissipatedNormal = 0;
  /** The same for the tangential dashpots and for Coulomb sliding (contacts/coulomb-cap.ts) [J] */
  private dissipatedTangential = 0;
  private dissipatedSlip = 0;
  private readonly tangentialPower = new Float64Array(2);
  /** The fused disc pass's sums (contacts/disc-force-pass.ts), reused */
  private readonly passSums = new Float64Array(PASS_SUMS);
  /**
   * Whether a discs-only, linear-law, Cundall run takes the fused disc pass; false forces the stage-by-stage
   * pipeline, which gives the same bits (the reference the pass is tested against)
   */
  fuse = true;
  /** The worker pool the per-body stages and the fused pass run on, if the World was given one */
  readonly pool: PoolContext | null = null;
  /** The WebAssembly kernels of a serial disc scene (adoptArena), or null */
  wasm: WasmKernels | null = null;
  /** The fused pass on that pool */
  private readonly parallelPass: ParallelDiscPass | null = null;
  /** The record holds the fused pass's lean columns only (completeRecord fills the rest) */
  private leanRecord = false;
  /** The fused pass has committed this step's spring (commitTangential has nothing left to do) */
  private springCommitted = false;
  /** the elastic energy's normal and tangential parts, filled by diagnostics() (reused) */
  private readonly elasticParts: ElasticParts = { normal: 0, tangential: 0 };
  /** Ek + elastic + potential − work in at the last energy baseline, exact (the ledger's zero) [J] */
  private ledgerBaseline = 0;
  /** the binary collisions measured as the run goes (the restitution check) */
  readonly collisions = new CollisionMonitor();
  /** The last contact pass wrote the collision monitor's partners (the fused disc pass does: serially as it scatters, on the pool as it gathers) */
  private partnersFound = false;
  velocityDependentForces = true;
  /** StepDriver.predictAhead: another step follows in this run of steps, with no wrap or snapshot between */
  predictAhead = false;
  /** The scene has polygons (area-law contacts: no restitution or elastic-energy account) */
  readonly polygons: boolean;

  private integrator: Integrator;
  private scheme: TangentialScheme;
  /** The history fields the contact laws and the tangential scheme declare: what soft-DEM steps carry */
  private schemeHistory: number;
  private materialNow!: MaterialCoefficients;
  private readonly tangentialCtx: TangentialContext;
  private energies: BodyEnergies = { ekTrans: 0, ekRot: 0, ePotential: 0, finite: true, maxSpeedOverRadius: 0 };
  private workIn = 0;
  /** the hand's part of workIn */
  private workHand = 0;
  private readonly hand = new Hand();
  private energyBaseline = 0;
  private energyEpsilon = 0;
  private readonly scatterStats: ScatterStats = { maxOverlapRatio: 0, wallPower: 0 };
  private overlapRatio = 0;
  private readonly inspector: ContactInspector;
  private readonly lastGood: Snapshot;
  private lastGoodStep = -1;
  private readonly stepSetting: StepSetting;
  private readonly searchInput: SearchInput;
  /** Ek peaks are recorded only when the scenario asks for a relaxation fit (memory grows with peaks). */
  private readonly trackPeaks: boolean;
  private readonly committedGeometry = new ContactKinematics();
  /** Pipe scenes: the space–time density rows (run.spaceTime), sampled every `every` seconds */
  readonly spaceTime: SpaceTime | null;
  private nextSpaceTimeT = 0;
  private peakOverlapRatio = 0;

  /**
   * `pool`: a worker pool (parallel/worker-pool.ts) the fused disc pass runs on; the state's columns move
   * to shared memory here (the WebAssembly arena's for discs), before anything holds them. The numbers are
   * the serial run's, but for the energy account's sums, which are added by chunk (contacts/parallel-disc-pass.ts).
   */
  constructor(readonly spec: ScenarioSpec, pool?: WorkerPool) {
    const init = buildInitialState(spec);
    this.bodies = init.bodies;
    this.walls = init.walls;
    this.periodic = init.periodic;
    this.polygons = this.bodies.maxVertices > 0;
    if (!this.polygons) this.adoptArena(pool !== undefined);
    if (pool) {
      for (const owner of [this.bodies, this.walls, this.record, this.previous, this.narrow.pairHistory, this.narrow.wallCandidates, this.search, this.search.pairs, this.collisions.columns]) shareColumns(owner);
      this.collisions.reset(this.bodies.n);
      const chunks = Math.ceil(this.bodies.n / BODY_CHUNK), arena = this.wasm?.arena ?? null;
      const energySums = arena?.f64(ENERGY_SUMS * chunks) ?? sharedCopy(new Float64Array(ENERGY_SUMS * chunks));
      this.pool = new PoolContext(pool, { energySums, reuseMoved: arena?.u8(chunks) ?? sharedCopy(new Uint8Array(chunks)) });
      this.parallelPass = new ParallelDiscPass(this.pool, arena);
      pool.useWasm(this.wasm);
    }
    const s = spec.solver;
    this.params = paramsOfSpec(spec);
    const refused = combinationProblem(this.params, this.polygons);
    if (refused) throw new ParamError(refused.startsWith('the Hertz') ? 'normalLaw' : 'tangential', refused);
    this.integrator = INTEGRATORS[this.params.integrator].create(this.params);
    this.scheme = TANGENTIAL_SCHEMES[this.params.tangential];
    this.schemeHistory = historyMask([...CONTACT_LAWS, this.scheme]);
    this.tangentialCtx = {
      bodies: this.bodies, walls: this.walls, periodic: this.periodic, dt: 0, slotsValid: true,
      markers: this.integrator.markers, tState: 0, material: materialCoefficients(this.params),
      law: CONTACT_LAWS[LINEAR], previous: this.previous,
    };
    let rMin = Infinity;
    for (let k = 0; k < this.bodies.n; k++) rMin = Math.min(rMin, this.bodies.radius[k]);
    // Radii never change after the build, so the skin is fixed; positions are the evaluation configuration.
    this.searchInput = {
      n: this.bodies.n, x: this.bodies.ex, y: this.bodies.ey, radius: this.bodies.radius, periodic: this.periodic,
      skin: SKIN_FRACTION * (rMin === Infinity ? 0 : rMin),
      // A quarter of the skin: contacts at the evaluation point are always in the list, and so are the
      // pairs overlapping at the committed state as long as a step moves a disc less than skin/4.
      reuseDistance: 0.25 * SKIN_FRACTION * (rMin === Infinity ? 0 : rMin),
      pool: this.pool,
      wasm: this.wasm,
    };
    // between two builds of the pair list a body moves at most the reuse distance from where it was at the
    // build; twice that covers lists made at a step where the pair list was kept (contacts/wall-candidates.ts)
    this.narrow.wallCandidates.margin = 2 * (this.searchInput.reuseDistance ?? 0);
    this.trackPeaks = spec.run.relaxation !== undefined;
    this.inspector = new ContactInspector(spec.run.selectContact);
    this.bodies.updateInverseMasses(this.params.rotation);
    this.hand.findDriven(this.bodies);
    this.stepSetting = new StepSetting(s.dt !== undefined, referenceReducedMass(this.bodies, this.walls.count > 0));
    this.applyMaterial();
    this.dt = this.stepSetting.fit(s.dt ?? 0, this.params, this.timeScales().tc);
    const st = spec.run.spaceTime;
    this.spaceTime = st && this.periodic.enabled ? new SpaceTime(this.periodic, st.binWidth) : null;
    this.spaceTime?.record(this.bodies, this.t);
    this.nextSpaceTimeT = this.t + (st?.every ?? 0);
    this.restart();
    const unsound = startStateProblems(this.bodies, this.walls, this.record, spec.particles.length, MAX_OVERLAP);
    if (unsound.length) throw new ScenarioError(unsound);
    this.lastGood = new Snapshot();
    this.saveLastGood();
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
    this.completeRecord();
    return this.record;
  }

  /** How many contacts the last force evaluation found (without completing the record) */
  get contactCount(): number {
    return this.record.count;
  }

  /** The contact coefficients the force loops use now (derived from the live parameters) */
  material(): MaterialCoefficients {
    return this.materialNow;
  }

  private get fusedDiscPass(): boolean {
    return this.fuse && !this.polygons && this.narrow.discLaw === LINEAR && this.scheme === cundallSpring;
  }

  /**
   * Disc scenes: the bodies' columns and those the WebAssembly pair loop reads and writes move into the
   * kernels' arena (wasm/kernels.ts; they grow there); on a worker pool (`pooled`) also the normals the
   * pool's gather reads. Where WebAssembly or shared memory is missing, nothing changes and the JavaScript loops run.
   */
  private adoptArena(pooled: boolean): void {
    const arena = WasmArena.create();
    const kernels = arena && WasmKernels.create(arena);
    if (!arena || !kernels) return;
    arena.adopt(this.bodies, [...F64_FIELDS, 'flags']);
    const listColumns = ['i', 'j', 'feature', 'fn', 'ft', 'xiEval', 'xi', 'prevIndex', 'contactOfPair', ...(pooled ? ['nx', 'ny'] : [])];
    for (const c of [this.record, this.previous]) arena.adopt(c, listColumns);
    arena.adopt(this.search.pairs, ['i', 'j']);
    arena.adopt(this.search, ['refX', 'refY']);
    arena.adopt(this.search.mask, ['cells', 'cellX', 'cellY']);
    arena.adopt(this.narrow.pairHistory, ['start', 'partner', 'contact']);
    this.collisions.reset(this.bodies.n);
    arena.adopt(this.collisions.columns, Object.keys(this.collisions.columns));
    this.wasm = kernels;
    this.narrow.kernels = kernels;
  }

  /**
   * 'WebAssembly' when the hot loops (disc pairs, Gear, GSSSS, forces, energies, reuse test, collision
   * monitor) run in WebAssembly, else 'JavaScript'; on a worker pool, on every one of its threads.
   */
  get kernels(): 'WebAssembly' | 'JavaScript' {
    return this.wasm ? (this.pool ? this.pool.pool.kernels : 'WebAssembly') : 'JavaScript';
  }

  /** From now on the serial loops run in JavaScript (the bench's comparison: the numbers are the same bits) */
  useJavaScriptKernels(): void {
    this.wasm = null;
    this.pool?.pool.useWasm(null);
    this.narrow.kernels = null;
    this.searchInput.wasm = null;
  }

  // ---- StepDriver -------------------------------------------------------------------------

  computeForces(tEval: number, dtSpring: number): void {
    const b = this.bodies, n = b.n;
    this.partnersFound = false;
    this.springCommitted = false;
    this.walls.moveTo(tEval);
    const si = this.searchInput;
    si.n = n; si.x = b.ex; si.y = b.ey; si.radius = b.radius;
    this.search.rebuild(si);
    const swap = this.previous;
    this.previous = this.record;
    this.record = swap;
    this.leanRecord = false;
    const c = this.record;
    this.narrow.gapMax = 0;
    this.narrow.rigid = false;
    this.tangentialCtx.dt = dtSpring;
    this.tangentialCtx.tState = this.t;
    this.tangentialCtx.previous = this.previous;
    if (this.fusedDiscPass) {
      bodyForces(this.bodies, this.params.gravityX, this.params.gravityY, this.pool, this.wasm);
      this.narrow.bodies = b; this.narrow.walls = this.walls; this.narrow.periodic = this.periodic;
      const sums = this.passSums;
      const partner = this.observesCollisions() ? this.collisions.partnerColumn(n) : null;
      this.partnersFound = partner !== null;
      // within a step the pass commits the Cundall spring itself (the run's first pass, Δt = 0, does not)
      this.springCommitted = dtSpring > 0;
      if (this.parallelPass) this.parallelPass.run(this.narrow, this.search.pairs, this.previous, c, this.materialNow, dtSpring, sums, partner, this.springCommitted);
      else discForcePass(this.narrow, this.search.pairs, this.previous, c, this.materialNow, dtSpring, sums, partner, this.springCommitted);
      this.dissipatedNormal += sums[NORMAL_POWER] * dtSpring;
      this.dissipatedTangential += sums[DASHPOT_POWER] * dtSpring;
      this.dissipatedSlip += sums[SLIP_POWER] * dtSpring;
      this.scatterStats.maxOverlapRatio = sums[MAX_RATIO];
      this.scatterStats.wallPower = sums[WALL_POWER];
      this.leanRecord = true;
      return;
    }
    this.narrow.plane = PLANE_IDS.indexOf(this.params.plane);
    this.narrow.hysteresis = (this.params.planeHysteresis * Math.PI) / 180;
    this.narrow.carried = this.schemeHistory;
    this.narrow.findContacts(b, this.search.pairs, this.walls, this.periodic, this.previous, c);
    dashpots(c, this.materialNow);
    let dissipation = 0;
    for (const law of CONTACT_LAWS) dissipation += law.normalForces(c, this.materialNow);
    this.dissipatedNormal += dissipation * dtSpring;
    this.scheme.trial(c, this.tangentialCtx);
    coulombCap(c, this.materialNow, this.tangentialPower);
    this.dissipatedTangential += this.tangentialPower[0] * dtSpring;
    this.dissipatedSlip += this.tangentialPower[1] * dtSpring;
    bodyForces(this.bodies, this.params.gravityX, this.params.gravityY, this.pool, this.wasm);
    scatterForces(c, b, this.walls, this.scatterStats);
  }

  /** Fills the columns the fused pass leaves out, so the record is whole whenever a caller sees it (before anything moves the evaluation state). */
  private completeRecord(): void {
    if (!this.leanRecord) return;
    completeDiscRecord(this.record, this.bodies, this.periodic, this.search.pairs, this.materialNow);
    this.leanRecord = false;
  }

  detectContacts(gapMax: number): ContactList {
    const b = this.bodies, n = b.n;
    this.walls.moveTo(this.t);
    copyPrefix(b.ex, b.x, n); copyPrefix(b.ey, b.y, n); copyPrefix(b.ephi, b.phi, n);
    copyPrefix(b.evx, b.vx, n); copyPrefix(b.evy, b.vy, n); copyPrefix(b.eomega, b.omega, n);
    const si = this.searchInput, skin = si.skin, reuse = si.reuseDistance;
    si.n = n; si.x = b.ex; si.y = b.ey; si.radius = b.radius;
    // Every pair within the detection gap is needed, not only touching ones: no Verlet reuse here.
    si.skin = Math.max(skin, gapMax);
    si.reuseDistance = 0;
    this.search.rebuild(si);
    si.skin = skin;
    si.reuseDistance = reuse;
    const swap = this.previous;
    this.previous = this.record;
    this.record = swap;
    this.leanRecord = false;
    this.narrow.gapMax = gapMax;
    this.narrow.rigid = true;
    this.narrow.carried = IMPULSE_HISTORY;
    this.narrow.findContacts(b, this.search.pairs, this.walls, this.periodic, this.previous, this.record);
    return this.record;
  }

  recordContactStats(power: number, maxOverlapRatio: number): void {
    this.scatterStats.wallPower = power;
    this.scatterStats.maxOverlapRatio = maxOverlapRatio;
  }

  commitTangential(dtSpring: number): void {
    this.tangentialCtx.dt = dtSpring;
    this.tangentialCtx.tState = this.t + dtSpring;
    if (this.springCommitted) this.springCommitted = false;
    else if (this.scheme.commit) this.scheme.commit(this.record, this.tangentialCtx);
    else commitTrial(this.record);
    this.tangentialCtx.slotsValid = true;
  }

  // ---- stepping ---------------------------------------------------------------------------

  /** Advances up to `count` steps; stops at divergence. Returns the number of steps done. */
  step(count: number): number {
    if (this.health.status !== 'ok') return 0;
    for (let s = 0; s < count; s++) {
      this.predictAhead = s + 1 < count && !this.periodic.enabled && !this.savesLastGoodAt(this.stepCount + 1);
      this.integrator.step(this);
      if (this.integrator.kind === 'force') {
        this.workIn += this.walls.advancePistons(this.dt, this.params.pistonForce, this.params.gravityX, this.params.gravityY);
      }
      this.afterStep();
      if (this.health.status !== 'ok') {
        this.integrator.settle?.();
        return s + 1;
      }
    }
    return count;
  }

  private afterStep(): void {
    const b = this.bodies, dt = this.dt;
    if (this.periodic.enabled) {
      const gx = this.params.gravityX;
      for (let k = 0; k < b.n; k++) {
        const x = b.x[k], w = this.periodic.wrap(x);
        if (w !== x) {
          b.x[k] = w;
          this.integrator.shiftX(k, w - x);
          // −(m g_x + F_x)·x jumps at the seam; the account books the jump as work done, so a pipe with
          // gravity along its axis keeps a closed energy budget
          if (b.invMass[k] > 0) this.workIn -= (b.mass[k] * gx + b.fxExt[k]) * (w - x);
        }
      }
    }
    this.hand.measure(b);
    const hand = this.hand.power[1] * dt;
    this.workIn += (this.scatterStats.wallPower + this.hand.power[0]) * dt + hand;
    this.workHand += hand;
    this.t = (this.stepCount + 1) * dt + this.stepSetting.tOffset;
    this.stepCount++;
    bodyEnergies(b, this.params.gravityX, this.params.gravityY, this.energies, this.pool, this.wasm);
    const e = this.energies;
    if (this.trackPeaks) this.peaks.push(this.t, e.ekTrans + e.ekRot);
    this.overlapRatio = this.scatterStats.maxOverlapRatio;
    if (!e.finite) return this.diverge('non-finite', NaN);
    if (this.overlapRatio > this.peakOverlapRatio) this.peakOverlapRatio = this.overlapRatio;
    const st = this.spaceTime;
    if (st && this.t >= this.nextSpaceTimeT - 1e-9 * dt) {
      st.record(b, this.t);
      this.nextSpaceTimeT += this.spec.run.spaceTime?.every ?? 0;
    }
    if (this.overlapRatio > MAX_OVERLAP) return this.diverge('overlap', this.overlapRatio);
    const travel = e.maxSpeedOverRadius * dt;
    if (travel > MAX_STEP_TRAVEL) return this.diverge('tunnelling', travel);
    const eMech = e.ekTrans + e.ekRot + this.walls.kineticEnergy() + this.approxElastic();
    const available = Math.max(0, this.energyBaseline - e.ePotential + this.workIn);
    if (eMech > ENERGY_FACTOR * available + this.energyEpsilon) {
      return this.diverge('energy', eMech / Math.max(available, 1e-300));
    }
    this.checkAccuracy(eMech, available);
    if (this.savesLastGoodAt(this.stepCount)) this.saveLastGood();
  }

  /**
   * Stable but measurably wrong (diagnostics/accuracy.ts): energy created by the integration, or a
   * binary collision whose restitution is off from εn. Soft DEM with the linear law only (clamping
   * the normal force changes both the energy account and the restitution formula). The warning stays
   * until a parameter changes or the run restarts; a worse one replaces it.
   */
  private checkAccuracy(eMech: number, available: number): void {
    if (!this.observesCollisions()) return;
    const collision = this.collisions.observe(this.bodies, this.record, this.partnersFound, this.pool, this.wasm);
    const a = this.accuracy;
    const bound = ENERGY_EXCESS * available + this.energyEpsilon;
    const since = this.stepCount - this.lastExactCheck; // < 0 after going back in time (rewind)
    if (a.kind !== 'restitution' && eMech + this.dissipatedNormal - available > bound && (since >= this.exactWait || since < 0)) {
      // confirm with the elastic energy of the committed state (the quick check uses the overlaps
      // of the evaluation state, which for Gear at a coarse Δt overshoot during a contact)
      const e = this.energies;
      const exact = e.ekTrans + e.ekRot + this.walls.kineticEnergy()
        + elasticEnergy(this.bodies, this.search.pairs, this.walls, this.periodic, this.record, this.materialNow);
      const excess = exact + this.dissipatedNormal - available;
      const worse = excess > bound && (a.kind !== 'energy' || excess / available > a.value);
      if (worse) this.accuracy = energyWarning(excess, available, this.dissipatedNormal, this.stepContext());
      // while the excess grows, look again after 1, 2, 4 … steps (at most EXACT_CHECK_EVERY), so the warning follows it cheaply
      this.exactWait = !worse ? EXACT_CHECK_EVERY : this.excessGrowing ? Math.min(EXACT_CHECK_EVERY, 2 * this.exactWait) : 1;
      this.excessGrowing = worse;
      this.lastExactCheck = this.stepCount;
    }
    // a Hertz contact's restitution depends on the impact speed: no single εn to compare with
    if (Number.isFinite(collision) && !this.materialNow.hertz) {
      const typical = this.collisions.typicalDeviation(this.params.en);
      if (typical > RESTITUTION_TOLERANCE && (this.accuracy.kind !== 'restitution' || typical > this.accuracy.value)) {
        this.accuracy = restitutionWarning(collision, typical, this.collisions.window, this.params.en, this.timeScales().tc / this.dt, this.stepContext());
      }
    }
  }

  /** The accuracy checks run: soft DEM with the linear law only (clamping changes the energy account and the restitution formula) */
  private observesCollisions(): boolean {
    return this.integrator.kind === 'force' && !this.params.clampNormal && !this.polygons;
  }

  private stepContext(): StepContext {
    const ts = this.timeScales();
    return { dtOverTc: this.dt / ts.tc, stableDtOverTc: ts.stableDtOverTc, integrator: this.integrator.description.split(' (')[0] };
  }

  /**
   * Elastic energy of the current contacts, used only for the divergence bound. Overlaps are those of
   * the evaluation configuration (cheap), which is the committed state for central difference and close
   * to it for Gear; GSSSS members with q̃ ≠ q_{n+1} (e.g. V0(1,1,0): q̃ = q_n + ½Δt v_n) re-measure them at
   * the committed state, since a spring at q̃ paired with v_{n+1} misstates the energy by O(ωΔt).
   * Rigid discs (contact dynamics) store no elastic energy. Polygon contacts are estimated (below).
   */
  private approxElastic(): number {
    if (this.integrator.kind === 'impulse') return 0;
    const c = this.record, m = this.materialNow, kt = m.kt, b = this.bodies;
    const remeasure = this.integrator.markers !== null && !evaluatesAtEnd(this.integrator.markers);
    if (this.leanRecord && !remeasure) return this.passSums[ELASTIC]; // the fused pass summed it
    let e = 0;
    for (let k = 0; k < c.count; k++) {
      const law = CONTACT_LAWS[c.law[k]];
      if (law.energy) {
        let d = c.delta[k];
        if (remeasure) {
          const i = c.i[k], j = c.j[k], io = this.committedGeometry.io;
          io[XI] = i >= 0 ? b.x[i] : 0; io[YI] = i >= 0 ? b.y[i] : 0; io[AI] = i >= 0 ? b.radius[i] : 0;
          io[XJ] = b.x[j]; io[YJ] = b.y[j]; io[AJ] = b.radius[j]; io[TW] = this.t;
          this.committedGeometry.geometry(this.walls, this.periodic, i);
          d = Math.max(io[DELTA], 0);
        }
        e += law.energy(d, c.lc[k], m);
      } else {
        // no closed form (the area law): ½ f_e d with d the overlap's mean depth, exact for an edge contact
        // (a linear spring), an estimate for a corner: enough for the divergence budget
        e += 0.5 * c.fe[k] * c.depth[k];
      }
      e += 0.5 * kt * c.xi[k] * c.xi[k];
    }
    return e;
  }

  private diverge(kind: DivergenceKind, value: number): void {
    const ts = this.timeScales();
    const p = this.params;
    const message = explainDivergence({
      kind, t: this.t, value, dtOverTc: this.dt / ts.tc, stableDtOverTc: ts.stableDtOverTc,
      integrator: this.integrator.description.split(' (')[0], tangential: p.tangential,
      ...(ts.hertzSpeed !== undefined ? { hertzSpeed: ts.hertzSpeed } : {}),
      ...(this.integrator.kind === 'impulse'
        ? { contactDynamics: { dt: this.dt, iterations: p.iterations, sweep: p.sweep, restitution: p.cdRestitution } }
        : {}),
    });
    this.health = { status: 'diverged', message, step: this.stepCount, t: this.t };
  }

  // ---- parameters -------------------------------------------------------------------------

  /**
   * Validates the patch (throws ParamError, changing nothing) and applies it at once. It is only ever
   * called between steps, so the change takes effect with the next step, and `params`, `dt` and
   * `timeScales()` already show the new values while a run is paused.
   */
  setParams(patch: Record<string, unknown>): void {
    this.completeRecord(); // from the state and material the last pass used
    const checked = checkPatch(patch);
    const refused = combinationProblem({ ...this.params, ...checked }, this.polygons);
    if (refused) throw new ParamError('normalLaw' in checked ? 'normalLaw' : 'tangential' in checked ? 'tangential' : 'integrator', refused);
    if ('dtOverTc' in checked) this.stepSetting.absolute = false;
    this.applyParams(checked);
  }

  private applyParams(p: ParamPatch): void {
    const before = this.params;
    this.params = { ...before, ...p };
    const changed = (k: keyof LiveParams) => p[k] !== undefined && p[k] !== before[k];
    if (changed('tangential')) {
      this.scheme = TANGENTIAL_SCHEMES[this.params.tangential];
      this.schemeHistory = historyMask([...CONTACT_LAWS, this.scheme]);
      this.tangentialCtx.slotsValid = false;
    }
    if (changed('pistonMass')) this.walls.setPistonMass(this.params.pistonMass);
    if (changed('plane')) this.narrow.planeChanged = true;
    if (changed('rotation')) {
      this.bodies.updateInverseMasses(this.params.rotation);
      if (!this.params.rotation) {
        for (let k = 0; k < this.bodies.n; k++) if ((this.bodies.flags[k] & (PRESCRIBED | DRAGGED)) === 0) this.bodies.omega[k] = 0;
      }
    }
    this.applyMaterial();
    const oldDt = this.dt;
    if (changed('integrator')) this.dt = this.stepSetting.switchKind(this.integrator.kind, INTEGRATORS[this.params.integrator].kind, 'dtOverTc' in p, this.dt, this.params);
    this.dt = this.stepSetting.fit(this.dt, this.params, this.timeScales().tc);
    const memberChanged = this.params.integrator === 'gssss' && GSSSS_PARAMS.some(changed);
    if (changed('integrator') || memberChanged) {
      const previousKind = this.integrator.kind;
      this.integrator = INTEGRATORS[this.params.integrator].create(this.params);
      this.tangentialCtx.markers = this.integrator.markers;
      if (this.integrator.kind !== previousKind) {
        // History slots mean springs to soft DEM and impulses R to contact dynamics: start afresh.
        this.record.count = this.record.pairContacts = 0;
        this.previous.count = this.previous.pairContacts = 0;
        this.record.pairStamp = this.previous.pairStamp = -1;
        this.tangentialCtx.slotsValid = false;
      }
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

  private applyMaterial(): void {
    this.materialNow = materialCoefficients(this.params, this.stepSetting.mrRef);
    const m = this.materialNow;
    this.tangentialCtx.material = m;
    const law = DISC_LAW_INDEX[this.params.normalLaw];
    this.narrow.discLaw = law;
    this.tangentialCtx.law = CONTACT_LAWS[law];
    const shearDamping = m.viscousShear ? m.gammaS > 0 : m.gtFromRatio ? m.gtRatio * m.zetaN > 0 : m.zetaT > 0;
    this.velocityDependentForces = m.zetaN > 0 || (m.mu > 0 && shearDamping);
  }

  /** (Re)starts the integrator from the committed state, re-baselines the energy check. */
  private restart(): void {
    this.integrator.reserve(this.bodies.capacity);
    this.integrator.init(this);
    this.completeRecord();
    this.baselineEnergy();
  }

  /**
   * The energy account starts again from the committed state: the divergence bound, the dissipation
   * tally and the accuracy warnings (after a restart, and after any parameter change).
   */
  private baselineEnergy(): void {
    bodyEnergies(this.bodies, this.params.gravityX, this.params.gravityY, this.energies, this.pool, this.wasm);
    const e = this.energies;
    const eMech = e.ekTrans + e.ekRot + this.walls.kineticEnergy() + this.approxElastic();
    this.energyBaseline = eMech + e.ePotential - this.workIn;
    this.dissipatedNormal = 0;
    this.dissipatedTangential = 0;
    this.dissipatedSlip = 0;
    this.ledgerBaseline = this.ledgerTotal();
    this.accuracy = ACCURACY_OK;
    this.lastExactCheck = -Infinity;
    this.exactWait = EXACT_CHECK_EVERY;
    this.excessGrowing = false;
    this.collisions.reset(this.bodies.n);
    let rMin = Infinity, scale = 0;
    for (let k = 0; k < this.bodies.n; k++) rMin = Math.min(rMin, this.bodies.radius[k]);
    scale = this.bodies.n * this.materialNow.kn * (rMin === Infinity ? 1 : rMin * rMin);
    this.energyEpsilon = 1e-12 * (Math.abs(eMech) + Math.abs(e.ePotential) + scale);
  }

  // ---- queries ----------------------------------------------------------------------------

  timeScales(): TimeScales {
    return this.stepSetting.timeScales(this.materialNow, this.bodies, this.params, this.integrator);
  }

  /** Ek + kinetic energy of the walls + exact elastic + potential − work done from outside [J] */
  private ledgerTotal(): number {
    const e = this.energies;
    const elastic = this.integrator.kind === 'impulse' ? 0
      : elasticEnergy(this.bodies, this.search.pairs, this.walls, this.periodic, this.record, this.materialNow);
    return e.ekTrans + e.ekRot + this.walls.kineticEnergy() + elastic + e.ePotential - this.workIn;
  }

  /**
   * The energy ledger since the last baseline (a restart or a parameter change): what the dashpots and
   * Coulomb sliding dissipated, and the residual — the energy change the account does not explain, i.e.
   * energy the integration or the spring update created (> 0) or destroyed. NaN where no exact elastic
   * energy exists (polygons, contact dynamics).
   */
  private ledger(eElastic: number, ekWalls: number): {
    dissipatedNormal: number; dissipatedTangential: number; dissipatedSlip: number; energyResidual: number; energySupplied: number;
  } {
    const e = this.energies;
    const exact = this.integrator.kind === 'force' && !this.polygons;
    const residual = e.ekTrans + e.ekRot + ekWalls + eElastic + e.ePotential - this.workIn - this.ledgerBaseline
      + this.dissipatedNormal + this.dissipatedTangential + this.dissipatedSlip;
    return {
      dissipatedNormal: exact ? this.dissipatedNormal : NaN, dissipatedTangential: exact ? this.dissipatedTangential : NaN,
      dissipatedSlip: exact ? this.dissipatedSlip : NaN, energyResidual: exact ? residual : NaN,
      energySupplied: exact ? this.ledgerBaseline + this.workIn : NaN,
    };
  }

  diagnostics(): Diagnostics {
    const e = this.energies, ts = this.timeScales();
    const parts = this.elasticParts;
    parts.normal = 0; parts.tangential = 0;
    const eEl = this.integrator.kind === 'impulse'
      ? 0
      : elasticEnergy(this.bodies, this.search.pairs, this.walls, this.periodic, this.record, this.materialNow, parts);
    const ekWalls = this.walls.kineticEnergy();
    return {
      t: this.t, tAcceleration: this.t - this.integrator.accelerationShift * this.dt,
      step: this.stepCount, dt: this.dt, tc: ts.tc, dtOverTc: this.dt / ts.tc,
      ekTrans: e.ekTrans, ekRot: e.ekRot, ek: e.ekTrans + e.ekRot, eElastic: eEl,
      eElasticNormal: parts.normal, eElasticTangential: parts.tangential, ekWalls, ePotential: e.ePotential,
      workIn: this.workIn, workHand: this.workHand, contacts: this.record.count, maxOverlapRatio: this.overlapRatio,
      planeAngle: this.inspector.selected ? this.inspector.angle(this.contacts) : NaN,
      ...this.inspector.planes(this.bodies, this.periodic, this.params.planeHysteresis), sweeps: this.integrator.sweepsDone, pistonPosition: this.pistonPosition(),
      ...this.flow(), peakOverlapRatio: this.peakOverlapRatio, ...this.ledger(eEl, ekWalls),
    };
  }

  private flow(): { meanVx: number; flux: number; densitySd: number } {
    if (!this.spaceTime) return { meanVx: NaN, flux: NaN, densitySd: NaN };
    return { ...pipeFlow(this.bodies, this.periodic.length), densitySd: this.spaceTime.sd };
  }

  /** Position of the first piston along its inward normal [m] (NaN without a piston). */
  pistonPosition(): number {
    for (let w = 0; w < this.walls.count; w++) if (this.walls.isPiston(w)) return this.walls.position(w);
    return NaN;
  }

  searchReport(): SearchReport {
    return { ...this.search.report };
  }

  /** Selects the contact (i, j) whose normal angle is reported; j or i = −1 − w for wall w. */
  selectContact(i: number, j: number): void {
    this.inspector.select(i, j);
  }

  /** The selected contact as the inspector shows it (contact-inspector.ts); null when the pair is not in contact (or none is selected). */
  selectedContactDetail(): ContactDetail | null {
    return this.inspector.selected ? this.inspector.detail(this.contacts, this.materialNow) : null;
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
    this.completeRecord(); // before the masses change
    const e0 = this.kineticAndPotentialEnergy();
    act();
    this.integrator.resetBody(this, k);
    const work = this.kineticAndPotentialEnergy() - e0;
    this.workIn += work;
    this.workHand += work;
  }

  /** Kinetic + potential energy of the bodies now (a drag's change of it is the hand's work). */
  private kineticAndPotentialEnergy(): number {
    bodyEnergies(this.bodies, this.params.gravityX, this.params.gravityY, this.energies, this.pool, this.wasm);
    return this.energies.ekTrans + this.energies.ekRot + this.energies.ePotential;
  }

  // ---- snapshots --------------------------------------------------------------------------

  /** The last good state is saved after the step that brings the count to `stepCount` (every SNAPSHOT_EVERY steps). */
  private savesLastGoodAt(stepCount: number): boolean {
    return stepCount - this.lastGoodStep >= SNAPSHOT_EVERY;
  }

  private saveLastGood(): void {
    this.lastGood.capture(this);
    this.lastGoodStep = this.stepCount;
  }

  /** Puts back the last healthy state (taken at most SNAPSHOT_EVERY steps before a divergence). */
  restoreLastGood(): boolean {
    if (this.lastGoodStep < 0) return false;
    this.restoreSnapshot(this.lastGood);
    return true;
  }

  /**
   * Goes back to a state captured earlier (the last good state, or a timeline's entry): bodies, integrator
   * and contact history as they were; the live parameters stay as they are now, so a Δt set since then applies.
   */
  restoreSnapshot(snapshot: Snapshot): void {
    snapshot.restore(this);
    this.health = { status: 'ok', message: '', step: this.stepCount, t: this.t };
    this.nextSpaceTimeT = this.t + (this.spec.run.spaceTime?.every ?? 0);
    this.peaks.reset();
    this.restart();
    if (snapshot !== this.lastGood) this.saveLastGood(); // a divergence later must not go forward again
  }

  /** Internal arrays a snapshot copies (integrator state and contact history). */
  snapshotParts(): SnapshotParts {
    return {
      integrator: this.integrator.stateArrays(), contacts: this.record, walls: this.walls, workIn: this.workIn,
      workHand: this.workHand, stepCount: this.stepCount, t: this.t, dt: this.dt,
    };
  }

  restoreParts(p: SnapshotScalars): void {
    this.workIn = p.workIn;
    this.workHand = p.workHand;
    this.hand.findDriven(this.bodies); // the flags came back too (a body dragged then, or not)
    this.stepCount = p.stepCount;
    this.t = p.t;
    // the restored contacts are keyed, not slotted: their history is found by key at the next step
    this.record.pairStamp = this.previous.pairStamp = -1;
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

export function createWorld(spec: ScenarioSpec, pool?: WorkerPool): World {
  return new World(spec, pool);
}
