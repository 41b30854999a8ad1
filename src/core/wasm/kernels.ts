/**
 * The core's WebAssembly kernels (assembly/*.ts, compiled by src/cli/build-wasm.ts into one module) on
 * one arena's memory: one instance per arena, the memory being the instance's import. The module (for a shared or
 * a plain memory, wasm-arena.ts) is compiled once per thread. The kernels read the columns in place (byte offsets); callers check that
 * every column they pass is the arena's (WasmArena.offsetOf) and otherwise fall back: the disc pass to the staged pipeline,
 * the other kernels to their JavaScript twins; the polygon colliders have none (their JavaScript oracle is in
 * test/core/oracles/), and contacts/polygon-wasm.ts names the column instead.
 */
import { FILTER_CHUNK } from './assembly/disc-pair-flags';
import { PARAMS, PARAMS_AT, TABLE_BYTES, TABLE_SLOTS } from './assembly/disc-pair-table';
import * as polygon from './assembly/polygon-table';
import { kernelsWasm, kernelsWasmUnshared } from './generated/kernels-wasm';
import { FIRST_PAGE, wasmApi, type WasmArena } from './wasm-arena';

type Kernel = (...args: number[]) => number;

/** The module for a shared memory and for a plain one (build-wasm.ts compiles both), once a thread */
let compiledShared: object | null = null, compiledPlain: object | null = null;
/**
 * From this many candidate pairs on, the serial pair loop lists each chunk's touching pairs first (FILTER):
 * measured on the bench piles (cdm) +5–17 % at 100k discs and +11 % at 1M, but −3 to −7 % at 10k (30k pairs)
 * and ±5 % at 1k, where the bodies stay in cache anyway and the count is a second pass over them.
 */
const FILTER_PAIRS = 65_536;

export class WasmKernels {
  /** how many pair loops ran in WebAssembly: the tests' and the bench's count */
  pairRuns = 0;
  /** how many walls' contacts had their forces in WebAssembly: the tests' count */
  wallRuns = 0;
  /** how many polygon pair loops and polygon walls ran in WebAssembly (contacts/polygon-wasm.ts): the tests' count */
  polygonRuns = 0;
  /** how many contact-dynamics sweeps and warm starts ran in WebAssembly (contact-dynamics/sweeps-wasm.ts): the tests' count */
  cdRuns = 0;
  /** candidate pairs from which the serial pair loop filters them first (discPairsFilteredWasm); the tests set 0 */
  filterFrom = FILTER_PAIRS;
  /** scratch the kernels return sums in (the arena's; 8 doubles) */
  readonly sums: Float64Array;
  /** scratch for the touching pairs of one chunk of candidates (the pair loop's FILTER), the arena's; empty on a worker */
  readonly touching: Int32Array;
  /** the disc kernels' table (assembly/disc-pair-table.ts): its byte offset, its column offsets by slot and its parameters */
  readonly tableAt: number;
  readonly table: Int32Array;
  readonly params: Float64Array;
  /**
   * The polygon kernels' table (assembly/polygon-table.ts), the arena's (empty on a worker): its byte offset, its
   * slots and its parameters
   */
  readonly polygonTableAt: number;
  readonly polygonTable: Int32Array;
  readonly polygonParams: Float64Array;
  /** The thread these kernels run on: 0 the calling thread, 1 … a pool's workers (create) */
  readonly thread: number;
  /** Gear's derivatives, one array for whichever Gear integrator the world has (gearDerivatives) */
  private gear: Float64Array<ArrayBuffer> | null = null;
  /** The polygon kernels' scratch and the vertex room it was made for (polygonScratch) */
  private scratch: Float64Array<ArrayBuffer> | null = null;
  private scratchRoom = 0;

  readonly discPairs: Kernel;
  readonly discWalls: Kernel;
  readonly gssssPredictCoordinate: Kernel;
  readonly gssssUpdateCoordinate: Kernel;
  readonly gearPredict: Kernel;
  readonly gearCorrect: Kernel;
  readonly gearCorrectPredict: Kernel;
  readonly bodyForces: Kernel;
  readonly bodyEnergies: Kernel;
  readonly movedBeyond: Kernel;
  readonly collisionEvents: Kernel;
  readonly freeFlight: Kernel;
  readonly countTouching: Kernel;
  readonly gatherForces: Kernel;
  readonly cellBin: Kernel;
  readonly cellPairs: Kernel;
  readonly copyPairs: Kernel;
  readonly pairAdjacency: Kernel;
  readonly pairHistory: Kernel;
  readonly particleBounds: Kernel;
  readonly blockBodies: Kernel;
  readonly polygonPairs: Kernel;
  readonly polygonWall: Kernel;
  readonly polygonRowForces: Kernel;
  readonly polygonMoveRows: Kernel;
  readonly rotatePolygons: Kernel;
  /** The count of boundary crossings the polygon kernels found last (the plane probe's) */
  readonly polygonCrossings: Kernel;
  readonly cdPack: Kernel;
  readonly cdApplyAll: Kernel;
  readonly cdGaussSeidel: Kernel;
  readonly cdJacobi: Kernel;

  private constructor(
    readonly arena: WasmArena, sums: Float64Array, touching: Int32Array, polygonTable: Float64Array, thread: number, e: Record<string, Kernel>,
  ) {
    this.thread = thread;
    this.sums = sums;
    this.touching = touching;
    this.polygonTableAt = polygonTable.byteOffset;
    this.polygonTable = new Int32Array(arena.memory.buffer, polygonTable.byteOffset, polygonTable.length > 0 ? polygon.SLOTS : 0);
    this.polygonParams = new Float64Array(arena.memory.buffer, polygonTable.byteOffset + polygon.PARAMS_AT, polygonTable.length > 0 ? polygon.PARAMS : 0);
    // each thread's table in the arena's first page, which nothing else uses (wasm-arena.ts)
    this.tableAt = thread * TABLE_BYTES;
    this.table = new Int32Array(arena.memory.buffer, this.tableAt, TABLE_SLOTS);
    this.params = new Float64Array(arena.memory.buffer, this.tableAt + PARAMS_AT, PARAMS);
    this.discPairs = e.discPairs;
    this.discWalls = e.discWalls;
    this.gssssPredictCoordinate = e.gssssPredictCoordinate;
    this.gssssUpdateCoordinate = e.gssssUpdateCoordinate;
    this.gearPredict = e.gearPredict;
    this.gearCorrect = e.gearCorrect;
    this.gearCorrectPredict = e.gearCorrectPredict;
    this.bodyForces = e.bodyForces;
    this.bodyEnergies = e.bodyEnergies;
    this.movedBeyond = e.movedBeyond;
    this.collisionEvents = e.collisionEvents;
    this.freeFlight = e.freeFlight;
    this.countTouching = e.countTouching;
    this.gatherForces = e.gatherForces;
    this.cellBin = e.cellBin;
    this.cellPairs = e.cellPairs;
    this.copyPairs = e.copyPairs;
    this.pairAdjacency = e.pairAdjacency;
    this.pairHistory = e.pairHistory;
    this.particleBounds = e.particleBounds;
    this.blockBodies = e.blockBodies;
    this.polygonPairs = e.polygonPairs;
    this.polygonWall = e.polygonWall;
    this.polygonRowForces = e.polygonRowForces;
    this.polygonMoveRows = e.polygonMoveRows;
    this.rotatePolygons = e.rotatePolygons;
    this.polygonCrossings = e.polygonCrossings;
    this.cdPack = e.cdPack;
    this.cdApplyAll = e.cdApplyAll;
    this.cdGaussSeidel = e.cdGaussSeidel;
    this.cdJacobi = e.cdJacobi;
  }

  /**
   * The arena's array for Gear's derivatives, at least `length` long, or null when the arena is full: the same
   * one for every Gear integrator of the world, so switching integrators back and forth does not fill the arena.
   */
  gearDerivatives(length: number): Float64Array<ArrayBuffer> | null {
    if (!this.gear || this.gear.length < length) this.gear = this.arena.f64(length);
    return this.gear;
  }

  /**
   * The polygon kernels' scratch for polygons of up to `room` vertices (assembly/polygon-table.ts's layout), the disc
   * stand-in's unit outline `unit` at its start; null when the arena is full. One made for more vertices serves.
   */
  polygonScratch(room: number, unit: Float64Array): Float64Array<ArrayBuffer> | null {
    if (this.scratch && this.scratchRoom >= room) return this.scratch;
    this.scratch = this.arena.f64(polygon.SCRATCH_FIXED + polygon.SCRATCH_PER_ROOM * room + 2 * room * room);
    this.scratchRoom = this.scratch ? room : 0;
    this.scratch?.set(unit);
    return this.scratch;
  }

  /** The vertex room of the polygon kernels' scratch (polygonScratch), 0 before there is one */
  get polygonRoom(): number {
    return this.scratchRoom;
  }

  /**
   * The kernels on `arena`'s memory for thread `thread` (0 the calling thread, 1 … a pool's workers: the table
   * is the thread's), or null where WebAssembly is not available (with SIMD: the polygon kernels' f64x2 lanes). A worker's attached arena (WasmArena.attach)
   * gets no scratch: its callers (a pool's chunk kernels) write their sums in place.
   */
  static create(arena: WasmArena, thread = 0): WasmKernels | null {
    const sums = arena.attached ? new Float64Array(0) : arena.f64(8);
    const touching = arena.attached ? new Int32Array(0) : arena.i32(FILTER_CHUNK);
    const polygonTable = arena.attached ? new Float64Array(0) : arena.f64(polygon.TABLE_BYTES / 8);
    if (!wasmApi || !sums || !touching || !polygonTable || (thread + 1) * TABLE_BYTES > FIRST_PAGE) return null;
    try {
      const module = arena.shared ? (compiledShared ??= new wasmApi.Module(kernelsWasm)) : (compiledPlain ??= new wasmApi.Module(kernelsWasmUnshared));
      // the host's Math functions the polygon plane imports (assembly/polygon-plane.ts): JavaScript's own, so the same bits
      const env = { memory: arena.memory, 'Math.atan2': Math.atan2, 'Math.atan': Math.atan, 'Math.acos': Math.acos, 'Math.cos': Math.cos, 'Math.sin': Math.sin };
      const e = new wasmApi.Instance(module, { env }).exports as Record<string, Kernel>;
      return new WasmKernels(arena, sums, touching, polygonTable, thread, e);
    } catch {
      return null;
    }
  }
}
