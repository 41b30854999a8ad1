/**
 * One world's contact pipeline (docs/architecture.md#one-step) and the choice of its path: a discs-only, Cundall
 * run of a law that declares the fused pass (`fused`: the linear law) takes that pass in WebAssembly (contacts/disc-force-pass.ts;
 * on a worker pool contacts/parallel-disc-pass.ts; wasm/kernels.ts) where it has the kernels and its columns are in their
 * arena; a polygons-only, Cundall run (the area law, `fused`; dashpots from restitution) the fused polygon pass
 * (contacts/polygon-force-pass.ts) likewise; any other run — any other law, scheme or shape, or no WebAssembly — goes stage by stage, to the same bits: neighbour search →
 * narrow phase and history → dashpots → normal law → tangential trial → Coulomb cap → external forces and gravity →
 * scatter (a scene with polygons needs WebAssembly all the same: their colliders run only there, contacts/polygon-wasm.ts).
 * It holds the contact records of this evaluation and the last (history is carried over by key) and the tangential
 * scheme's context.
 */
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import type { LiveParams } from '../config/param-table';
import { coulombCap } from '../contacts/coulomb-cap';
import { completeDiscRecord, DASHPOT_POWER, discForcePass, MAX_RATIO, NORMAL_POWER, PASS_SUMS, SLIP_POWER, WALL_POWER } from '../contacts/disc-force-pass';
import { polygonForcePass } from '../contacts/polygon-force-pass';
import { collidersMissing, NarrowPhase } from '../contacts/narrow-phase';
import { ParallelDiscPass } from '../contacts/parallel-disc-pass';
import { ParallelPolygonPairs } from '../contacts/parallel-polygon-pairs';
import { scatterForces, type ScatterStats } from '../contacts/scatter-forces';
import type { CollisionMonitor } from '../diagnostics/collision-monitor';
import { ENERGY_CHUNK, ENERGY_SUMS } from '../diagnostics/energy';
import { CD_HISTORY } from '../integrators/contact-dynamics';
import type { GssssMarkers } from '../integrators/gssss-parameters';
import { dashpots } from '../laws/dashpot';
import type { MaterialCoefficients } from '../laws/material';
import { materialCoefficients } from '../config/material-coefficients';
import { AREA } from '../laws/law-ids';
import { CONTACT_LAWS } from '../laws/registry';
import { copyPrefix } from '../math/grow';
import { NeighborSearch } from '../neighbors/neighbor-search';
import type { SearchInput } from '../neighbors/search-input';
import { BODY_CHUNK } from '../columns/body-columns';
import { PoolContext } from '../columns/pool-context';
import { sharedCopy, shareColumns } from '../columns/shared-memory';
import type { KernelPool } from '../columns/kernel-pool';
import { PLANE_IDS } from '../plane/plane-ids';
import { POLYGON, servesAll } from '../shapes/shape-kind';
import { F64_FIELDS, type BodyState } from '../state/body-state';
import { ContactList } from '../state/contact-list';
import { historyMask } from '../state/history-slots';
import { cundallSpring } from '../tangential/cundall';
import { TANGENTIAL_SCHEMES } from '../tangential/registry';
import { commitTrial, type TangentialContext, type TangentialScheme } from '../tangential/tangential-scheme';
import { WasmKernels } from '../wasm/kernels';
import { PLAIN_BYTES_PER_DISC, PLAIN_BYTES_PER_POLYGON, PLAIN_BYTES_PER_VERTEX, WasmArena } from '../wasm/wasm-arena';
import { adoptPolygonColumns, reservePolygonScratch } from '../contacts/polygon-wasm';
import { bodyForces } from './body-forces';

/** Neighbour skin as a fraction of the smallest radius: keeps the committed-state energy exact (docs/model.md#verlet-reuse-and-the-oracle). */
const SKIN_FRACTION = 0.05;
/**
 * With polygons: a candidate pair that does not reach costs a polygon pair a bounding-circle test, a contact a clip of
 * two outlines, so a wide skin costs a settled pile nothing and spares a flowing scene most rebuilds (the polygon silo
 * rebuilt its list every 1.7 steps with 5 %, every 14 with 50 %: 27 % off its step; the settled 1,000-polygon pile's step
 * unchanged)
 */
const POLYGON_SKIN_FRACTION = 0.5;
/** Indices into `power` */
export const DISSIPATED_NORMAL = 0, DISSIPATED_TANGENTIAL = 1, DISSIPATED_SLIP = 2;

export class ForcePipeline {
  /** The record of the last force evaluation, as the steps leave it (the fused pass's lean columns: completeRecord) */
  record = new ContactList();
  /** The evaluation's before it, whose history the next one carries over */
  previous = new ContactList();
  readonly narrow = new NarrowPhase();
  readonly search = new NeighborSearch();
  /**
   * Whether a discs-only, Cundall run of a law with the fused pass written in (the linear law) takes that pass;
   * false forces the stage-by-stage pipeline, which gives the same bits (the reference the pass is tested against)
   */
  fuse = true;
  /** The worker pool the per-body stages and the fused pass run on, if the world was given one */
  readonly pool: PoolContext | null = null;
  /** The WebAssembly kernels of a serial disc scene (adoptArena), or null */
  wasm: WasmKernels | null = null;
  /** The fused pass on that pool */
  readonly parallelPass: ParallelDiscPass | null = null;
  /** The record holds the fused pass's lean columns only (completeRecord fills the rest) */
  leanRecord = false;
  /** The last contact pass wrote the collision monitor's partners (the fused disc pass does: serially as it scatters, on the pool as it gathers) */
  partnersFound = false;
  /** The last evaluation's fused polygon pass summed the elastic energy the energy account reads (passSums[ELASTIC]) */
  elasticSummed = false;
  /** The fused disc pass's sums (contacts/disc-force-pass.ts), reused */
  readonly passSums = new Float64Array(PASS_SUMS);
  /** Power the last evaluation dissipated [W]: normal dashpots, tangential dashpots, Coulomb sliding (DISSIPATED_*) */
  readonly power = new Float64Array(3);
  /** The wall power and the largest overlap ratio of the last evaluation (or of contact dynamics' solve: recordStats) */
  readonly scatterStats: ScatterStats = { maxOverlapRatio: 0, wallPower: 0 };
  readonly tangentialCtx: TangentialContext;
  /** The contact coefficients the force loops use now (useMaterial) */
  material: MaterialCoefficients;
  /** The forces depend on the velocities (dashpots present): StepDriver.velocityDependentForces */
  velocityDependent = true;
  private scheme: TangentialScheme;
  /** The history fields the contact laws and the tangential scheme declare: what soft-DEM steps carry */
  private schemeHistory: number;
  /** The history fields the contact laws and the contact-dynamics solver declare: what its steps carry */
  private readonly impulseHistory = historyMask([...CONTACT_LAWS, { id: 'contact-dynamics', history: CD_HISTORY }]);
  /** The disc law has the fused pass written in (its declaration's `fused`); any other runs stage by stage */
  private lawFused = false;
  /** Every shape of the scene has the fused disc pass written for it (shapes/shape-kind.ts) */
  private readonly shapesFused: boolean;
  /** …and every shape has the fused polygon pass (polygons only) */
  private readonly shapesPolygonFused: boolean;
  /** The fused pass has committed this step's spring (commit has nothing left to do) */
  private springCommitted = false;
  private readonly tangentialPower = new Float64Array(2);
  private readonly searchInput: SearchInput;
  /** The neighbour skin without the law's range [m] */
  private baseSkin = 0;

  /**
   * `pool`: a worker pool (parallel/worker-pool.ts) the fused disc pass and the polygon pairs
   * (contacts/parallel-polygon-pairs.ts) run on; the state's columns move
   * to shared memory here (the WebAssembly arena's for discs), before anything holds them. The numbers are
   * the serial run's, but for the energy account's sums, which are added by chunk (contacts/parallel-disc-pass.ts).
   */
  constructor(
    private readonly bodies: BodyState, private readonly walls: WallSet, private readonly periodic: PeriodicX,
    private readonly collisions: CollisionMonitor, shapes: readonly number[], params: LiveParams, markers: GssssMarkers | null, pool?: KernelPool,
  ) {
    const missing = collidersMissing(shapes);
    if (missing) throw new Error(missing);
    this.shapesFused = servesAll(shapes, 'fused-disc');
    this.shapesPolygonFused = servesAll(shapes, 'fused-polygon');
    if (servesAll(shapes, 'wasm')) this.adoptArena(shapes.includes(POLYGON));
    // the polygon colliders (soft DEM) run in WebAssembly only (contacts/polygon-wasm.ts)
    if (shapes.includes(POLYGON) && !this.wasm) throw new Error('polygons need WebAssembly: their contacts run in its kernels only, and this runtime gave none (no WebAssembly with SIMD — a browser from before 2021, or Safari before 16.4 — or no memory for the scene)');
    if (pool) {
      for (const owner of [bodies, walls, this.record, this.previous, this.narrow.pairHistory, this.narrow.wallCandidates, this.search, this.search.pairs, collisions.columns]) shareColumns(owner);
      collisions.reset(bodies.n);
      const chunks = Math.ceil(bodies.n / BODY_CHUNK), arena = this.wasm?.arena ?? null, energyChunks = Math.ceil(bodies.n / ENERGY_CHUNK);
      const energySums = arena?.f64(ENERGY_SUMS * energyChunks) ?? sharedCopy(new Float64Array(ENERGY_SUMS * energyChunks));
      this.pool = new PoolContext(pool, { energySums, reuseMoved: arena?.u8(chunks) ?? sharedCopy(new Uint8Array(chunks)) });
      this.parallelPass = new ParallelDiscPass(this.pool, arena);
      if (arena && shapes.includes(POLYGON)) this.narrow.polygonPool = new ParallelPolygonPairs(this.pool, arena);
      pool.useWasm(this.wasm);
    }
    this.scheme = TANGENTIAL_SCHEMES[params.tangential];
    this.schemeHistory = historyMask([...CONTACT_LAWS, this.scheme]);
    this.material = materialCoefficients(params);
    this.tangentialCtx = {
      bodies, walls, periodic, dt: 0, slotsValid: true, markers, tState: 0, material: this.material,
      law: CONTACT_LAWS[this.material.law], previous: this.previous,
    };
    let rMin = Infinity;
    for (let k = 0; k < bodies.n; k++) rMin = Math.min(rMin, bodies.radius[k]);
    // Radii never change after the build, so the skin is fixed (but for the law's range, useMaterial); positions
    // are the evaluation configuration.
    const fraction = shapes.includes(POLYGON) ? POLYGON_SKIN_FRACTION : SKIN_FRACTION;
    this.baseSkin = fraction * (rMin === Infinity ? 0 : rMin);
    this.searchInput = {
      n: bodies.n, x: bodies.ex, y: bodies.ey, radius: bodies.radius, periodic,
      // with the law's range beyond contact, so every pair within it is a candidate
      skin: this.baseSkin + this.material.range,
      // A quarter of the skin: contacts at the evaluation point are always in the list, and so are the
      // pairs overlapping at the committed state as long as a step moves a disc less than skin/4.
      reuseDistance: 0.25 * fraction * (rMin === Infinity ? 0 : rMin),
      pool: this.pool,
      wasm: this.wasm,
    };
    // between two builds of the pair list a body moves at most the reuse distance from where it was at the
    // build; twice that covers lists made at a step where the pair list was kept (contacts/wall-candidates.ts)
    this.narrow.wallCandidates.margin = 2 * (this.searchInput.reuseDistance ?? 0);
  }

  /**
   * Disc scenes: the bodies' columns and those the WebAssembly pair loop reads and writes move into the
   * kernels' arena (wasm/kernels.ts; they grow there), with the record's columns a wall's contact fills
   * (contacts/disc-wall-wasm.ts) and the normals a worker pool's gather reads; with `polygons`, also the outlines, the
   * search's rotations and history index and the record's other columns the polygon kernels read and write
   * (contacts/polygon-wasm.ts), and their scratch, sized for the scene's largest outline (a World is built anew for
   * every edit, so a polygon added in build mode sizes it too). A plain memory is reserved for the scene: per disc, per
   * polygon and per vertex (wasm-arena.ts). Where WebAssembly is missing, nothing changes: the disc contacts go stage by
   * stage, the other loops run in JavaScript, and a scene with polygons is refused (the constructor).
   */
  private adoptArena(polygons: boolean): void {
    const b = this.bodies;
    let polygonCount = 0;
    for (let k = 0; k < b.n; k++) if (b.shape[k] === POLYGON) polygonCount++;
    const plainBytes = PLAIN_BYTES_PER_DISC * (b.n - polygonCount) + PLAIN_BYTES_PER_POLYGON * polygonCount + PLAIN_BYTES_PER_VERTEX * b.vertexUsed;
    const arena = WasmArena.create(plainBytes);
    const kernels = arena && WasmKernels.create(arena);
    if (!arena || !kernels) return;
    arena.adopt(this.bodies, [...F64_FIELDS, 'flags']);
    const listColumns = ['i', 'j', 'feature', 'fn', 'ft', 'xiEval', 'xi', 'prevIndex', 'contactOfPair', 'nx', 'ny', 'delta', 'un', 'ut', 'mr', 'isNew', 'gn', 'gt', 'fe'];
    for (const c of [this.record, this.previous]) arena.adopt(c, listColumns);
    arena.adopt(this.search.pairs, ['i', 'j']);
    arena.adopt(this.search, ['refX', 'refY']);
    arena.adopt(this.search.mask, ['cells', 'cellX', 'cellY']);
    arena.adopt(this.narrow.pairHistory, ['start', 'partner', 'contact']);
    this.collisions.reset(this.bodies.n);
    arena.adopt(this.collisions.columns, Object.keys(this.collisions.columns));
    if (polygons) {
      adoptPolygonColumns(arena, this.bodies, this.narrow, [this.record, this.previous], [this.search.pairs, ...this.narrow.byKind]);
      for (const c of [this.record, this.previous]) arena.adopt(c, ['kt']); // the fused polygon pass's
      if (!reservePolygonScratch(kernels, this.bodies)) return;
    }
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

  /**
   * From now on the loops run in JavaScript where they have a JavaScript form: the disc contacts stage by stage, the
   * other kernels' JavaScript twins (the bench's comparison: the numbers are the same bits). The polygon colliders have
   * none: they stay in WebAssembly, on the calling thread (the pool's threads run JavaScript now).
   */
  useJavaScriptKernels(): void {
    this.wasm = null;
    this.pool?.pool.useWasm(null);
    this.narrow.polygonPool = null;
    this.searchInput.wasm = null;
  }

  /** The fused disc pass serves this run: it runs in WebAssembly alone (its JavaScript oracles are in test/core/oracles/) */
  private get fusedDiscPass(): boolean {
    return this.fuse && this.wasm !== null && this.shapesFused && this.lawFused && this.scheme === cundallSpring;
  }

  /**
   * The fused polygon pass serves this run: polygons only, in WebAssembly (on a pool, the pairs' rows there), the area law (whose `fused` says the
   * pass has it written in) with the dashpots from restitution and the Cundall spring
   */
  private get fusedPolygonPass(): boolean {
    const m = this.material;
    return this.fuse && this.wasm !== null && this.shapesPolygonFused && CONTACT_LAWS[AREA].fused
      && !m.rateDamping && !m.viscousShear && this.scheme === cundallSpring;
  }

  /**
   * Forces and torques at the evaluation configuration (e*) and time tEval, the tangential trial over dtSpring from
   * the committed state at tState; `observe`: the fused pass writes the collision monitor's partners as it goes.
   */
  evaluate(tEval: number, dtSpring: number, tState: number, p: LiveParams, observe: boolean): void {
    const b = this.bodies, n = b.n, power = this.power, m = this.material;
    this.partnersFound = false;
    this.springCommitted = false;
    this.walls.moveTo(tEval);
    const si = this.searchInput;
    si.n = n; si.x = b.ex; si.y = b.ey; si.radius = b.radius;
    const fused = this.fusedDiscPass, fusedPolygons = !fused && this.fusedPolygonPass;
    // a fused pass's gravity and external forces, and the polygons' outlines: on a pool with the search's first command
    // (the reuse test), each chunk after the predictor's chunk of the same bodies
    if (fused || fusedPolygons) bodyForces(b, p.gravityX, p.gravityY, this.pool, this.wasm, true);
    if (fusedPolygons) this.narrow.rotations(b, true);
    this.search.rebuild(si);
    this.swapRecords();
    const c = this.record;
    // a law acting beyond contact keeps the pairs within its range (0: touching only)
    this.narrow.gapMax = m.range;
    this.narrow.rigid = false;
    this.tangentialCtx.dt = dtSpring;
    this.tangentialCtx.tState = tState;
    this.tangentialCtx.previous = this.previous;
    this.narrow.plane = PLANE_IDS.indexOf(p.plane);
    this.narrow.hysteresis = (p.planeHysteresis * Math.PI) / 180;
    if (fused && this.fusedEvaluation(dtSpring, observe)) return;
    if (fusedPolygons && this.polygonEvaluation(dtSpring)) return;
    this.narrow.carried = this.schemeHistory;
    this.narrow.findContacts(b, this.search.pairs, this.walls, this.periodic, this.previous, c);
    dashpots(c, m);
    let dissipation = 0;
    for (const law of CONTACT_LAWS) dissipation += law.normalForces(c, m);
    power[DISSIPATED_NORMAL] = dissipation;
    this.scheme.trial(c, this.tangentialCtx);
    coulombCap(c, m, this.tangentialPower);
    power[DISSIPATED_TANGENTIAL] = this.tangentialPower[0];
    power[DISSIPATED_SLIP] = this.tangentialPower[1];
    bodyForces(b, p.gravityX, p.gravityY, this.pool, this.wasm);
    scatterForces(c, b, this.walls, this.scatterStats);
  }

  /**
   * The fused disc pass (WebAssembly, serially or on the pool), the body forces set; false, having added no contact force,
   * where it could not run (a column outside a plain arena the scene outgrew): evaluate then goes stage by stage.
   */
  private fusedEvaluation(dtSpring: number, observe: boolean): boolean {
    const b = this.bodies, c = this.record, m = this.material, sums = this.passSums;
    this.narrow.bodies = b; this.narrow.walls = this.walls; this.narrow.periodic = this.periodic;
    const partner = observe ? this.collisions.partnerColumn(b.n) : null;
    // within a step the pass commits the Cundall spring itself (the run's first pass, Δt = 0, does not)
    const commit = dtSpring > 0;
    if (this.parallelPass) this.parallelPass.run(this.narrow, this.search.pairs, this.previous, c, m, dtSpring, sums, partner, commit);
    else if (!discForcePass(this.narrow, this.search.pairs, this.previous, c, m, dtSpring, sums, partner, commit)) return false;
    this.partnersFound = partner !== null;
    this.takeSums(commit);
    this.leanRecord = true;
    return true;
  }

  /**
   * The fused polygon pass (WebAssembly; on a pool its pairs' rows there) onto the body forces evaluate set before the
   * search; false, having added no contact force, where it could not run (a column outside a plain arena the scene
   * outgrew): evaluate then goes stage by stage.
   */
  private polygonEvaluation(dtSpring: number): boolean {
    const b = this.bodies;
    this.narrow.bodies = b; this.narrow.walls = this.walls; this.narrow.periodic = this.periodic;
    // the body forces and outlines, deferred on a pool, before any contact reads or adds to them (the reuse test's command
    // has run them, unless the search sent none)
    this.pool?.pool.flush();
    const commit = dtSpring > 0;
    if (!polygonForcePass(this.narrow, this.search.pairs, this.previous, this.record, this.material, dtSpring, this.passSums, commit, true)) return false;
    this.takeSums(commit);
    this.elasticSummed = true;
    return true;
  }

  /** A fused pass's sums into the dissipated powers and the scatter's stats; `commit`: it committed the spring */
  private takeSums(commit: boolean): void {
    const sums = this.passSums, power = this.power;
    this.springCommitted = commit;
    power[DISSIPATED_NORMAL] = sums[NORMAL_POWER];
    power[DISSIPATED_TANGENTIAL] = sums[DASHPOT_POWER];
    power[DISSIPATED_SLIP] = sums[SLIP_POWER];
    this.scatterStats.maxOverlapRatio = sums[MAX_RATIO];
    this.scatterStats.wallPower = sums[WALL_POWER];
  }

  /**
   * Contact dynamics: the contacts at the committed configuration at time t (copied into e*, velocities into ev*)
   * with gap below gapMax [m], history carried by pair key.
   */
  detect(gapMax: number, t: number): ContactList {
    const b = this.bodies, n = b.n;
    this.walls.moveTo(t);
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
    this.swapRecords();
    this.narrow.gapMax = gapMax;
    this.narrow.rigid = true;
    this.narrow.carried = this.impulseHistory;
    this.narrow.findContacts(b, this.search.pairs, this.walls, this.periodic, this.previous, this.record);
    return this.record;
  }

  private swapRecords(): void {
    const swap = this.previous;
    this.previous = this.record;
    this.record = swap;
    this.leanRecord = false;
    this.elasticSummed = false;
  }

  /** Contact dynamics: the power fed in by walls and pistons [W] and the largest overlap ratio of its solve */
  recordStats(wallPower: number, maxOverlapRatio: number): void {
    this.scatterStats.wallPower = wallPower;
    this.scatterStats.maxOverlapRatio = maxOverlapRatio;
  }

  /** Stores the tangential springs over dtSpring for the next step, the state being that of tState. */
  commit(dtSpring: number, tState: number): void {
    this.tangentialCtx.dt = dtSpring;
    this.tangentialCtx.tState = tState;
    if (this.springCommitted) this.springCommitted = false;
    else if (this.scheme.commit) this.scheme.commit(this.record, this.tangentialCtx);
    else commitTrial(this.record);
    this.tangentialCtx.slotsValid = true;
  }

  /** Fills the columns the fused pass leaves out (with the material it used), so the record is whole whenever a caller sees it. */
  completeRecord(): void {
    if (!this.leanRecord) return;
    completeDiscRecord(this.record, this.bodies, this.periodic, this.search.pairs, this.material);
    this.leanRecord = false;
  }

  /** The contact coefficients from now on: those of the live parameters p for the reference reduced mass mrRef [kg] */
  useMaterial(p: LiveParams, mrRef: number): void {
    const m = (this.material = materialCoefficients(p, mrRef));
    this.tangentialCtx.material = m;
    const law = CONTACT_LAWS[m.law];
    this.narrow.discLaw = m.law;
    this.searchInput.skin = this.baseSkin + m.range;
    this.tangentialCtx.law = law;
    this.lawFused = law.fused;
    const shearDamping = m.viscousShear ? m.gammaS > 0 : m.gtFromRatio ? m.gtRatio * m.zetaN > 0 : m.zetaT > 0;
    this.velocityDependent = m.zetaN > 0 || (m.mu > 0 && shearDamping);
  }

  /** Another tangential scheme: its history slots are not those of the last one */
  useScheme(p: LiveParams): void {
    this.scheme = TANGENTIAL_SCHEMES[p.tangential];
    this.schemeHistory = historyMask([...CONTACT_LAWS, this.scheme]);
    this.tangentialCtx.slotsValid = false;
  }

  /** Another integrator: its GSSSS markers; `otherKind` (soft DEM ⇄ contact dynamics): the history slots mean springs to one, impulses to the other, so both records start afresh */
  useIntegrator(markers: GssssMarkers | null, otherKind: boolean): void {
    this.tangentialCtx.markers = markers;
    if (!otherKind) return;
    this.record.count = this.record.pairContacts = 0;
    this.previous.count = this.previous.pairContacts = 0;
    this.record.pairStamp = this.previous.pairStamp = -1;
    this.tangentialCtx.slotsValid = false;
  }

  /** The records were put back from a snapshot: keyed, not slotted, their history is found by key at the next step */
  rekey(): void {
    this.record.pairStamp = this.previous.pairStamp = -1;
  }
}
