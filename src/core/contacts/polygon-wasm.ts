/**
 * The polygon colliders (soft DEM, the area law) in WebAssembly (assembly/polygon-pairs.ts), their only production form:
 * the glue that moves what they read into the kernels' arena, sizes their scratch at scene build and fills their table
 * (assembly/polygon-table.ts) from the search. Their JavaScript oracle, the loops they were ported from, is
 * test/core/oracles/polygon-colliders.ts; test/core/polygon-wasm.test.ts checks the two bit for bit. The scratch holds
 * a clip of the scene's two largest outlines (two convex n- and m-gons meet in at most n + m vertices; a stage is given
 * room for twice the larger); a clip whose stages' rounding would still outgrow it stops the kernel before that pair,
 * and the pair is clipped again, in WebAssembly, on a scratch twice the size. There is no other path: a search without
 * the kernels, or with a column outside their arena, is an error that names it.
 */
import { AREA } from '../laws/law-ids';
import type { PairBuffer } from '../neighbors/pair-buffer';
import { DISC_OUTLINE_SCALE, DISC_SIDES, UNIT_OUTLINE } from '../shapes/disc-outline';
import { F64_FIELDS, type BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import {
  BY_SLOT, COLUMNS, DISC_SCALE, EQR, EX, EY, FLAGS, HYSTERESIS, II, IM, KF, KI, KJ, KV, LAW, LEFT, LENGTH, MASK, OCHOICE, OCX, OCY, ODELTA, ODEPTH,
  OFEAT, OI, OJ, OLAW, OLC, ONX, ONY, OPREV, ORATIO, ORIN, ORIT, ORJN, ORJT, OSLOT, PCHOICE, PERIODIC, PI, PJ, PLANE, PLANE_CHANGED, PNX, PNY, PSEP, PSLOT, RAD, ROOM,
  SCRATCH, SHAPE, VCOUNT, VSTART, WALL_AX, WALL_AY, WALL_NX, WALL_NY, WV, XMIN,
} from '../wasm/assembly/polygon-table';
import { ArenaOffsets } from '../wasm/arena-offsets';
import { WasmKernels } from '../wasm/kernels';
import { WasmArena } from '../wasm/wasm-arena';
import type { ContactSearch } from './contact-search';

/** The columns' offsets, by the table's slot */
const OFFSETS = new ArenaOffsets(COLUMNS);
/** A contact list's columns the polygon kernels write (the record) or read (last step's normals and flip choices) */
const LIST_COLUMNS = ['i', 'j', 'feature', 'law', 'planeChoice', 'prevIndex', 'contactOfPair', 'nx', 'ny', 'delta', 'depth', 'lc', 'ratio', 'rin', 'rit', 'rjn', 'rjt', 'cx', 'cy'];

/**
 * Moves into `arena` what the polygon kernels read and write in place (columns already there stay): the bodies' columns
 * (b, where given), search np's world outlines, wall candidates and history index, the contact lists' columns and the candidate pairs'
 */
export function adoptPolygonColumns(arena: WasmArena, b: BodyState | null, np: ContactSearch, lists: readonly ContactList[], pairs: readonly PairBuffer[]): void {
  if (b) arena.adopt(b, [...F64_FIELDS, 'shape', 'vertexStart', 'vertexCount', 'vertices']);
  for (const c of lists) arena.adopt(c, LIST_COLUMNS);
  arena.adopt(np, ['worldVertices', 'cosPhi', 'sinPhi']); // (the rotations', wasm/assembly/polygon-rotations.ts)
  arena.adopt(np.wallCandidates, ['bodies']); // the fused pass's wall loops (contacts/polygon-force-pass.ts)
  arena.adopt(np.index, ['ki', 'kj', 'kf', 'vals']);
  for (const p of pairs) arena.adopt(p, ['i', 'j', 'separatingEdge']);
}

/**
 * Gives search np, outside a World's pipeline (the plane probe and sweep, a test's), the kernels its polygon contacts run
 * on: `kernels` (a World's, whose arena holds bodies b) or new ones on an arena of their own, with b's, np's, the lists'
 * and the pairs' columns moved there (the narrow phase's pairs by kind pair too, for a scene of discs and polygons);
 * throws without WebAssembly
 */
export function polygonKernels(b: BodyState, np: ContactSearch, lists: readonly ContactList[], pairs: readonly PairBuffer[], kernels: WasmKernels | null = null): WasmKernels {
  if (!kernels) {
    const arena = WasmArena.create(1 << 20);
    kernels = arena && WasmKernels.create(arena);
    if (!kernels) throw new Error('polygon contacts run in WebAssembly only, and this runtime gives no WebAssembly kernels');
  }
  adoptPolygonColumns(kernels.arena, b, np, lists, pairs);
  np.kernels = kernels;
  return kernels;
}

/** The kernels' scratch for the bodies' largest outline (a disc's stand-in has DISC_SIDES); false when the arena is full */
export function reservePolygonScratch(w: WasmKernels, b: BodyState): boolean {
  return w.polygonScratch(Math.max(b.maxVertices, DISC_SIDES), UNIT_OUTLINE) !== null;
}

/** The error of a search the kernels cannot run on (fillTable false): the first column outside their arena, or the scratch */
function cannotRun(w: WasmKernels): Error {
  let what = 'their scratch';
  for (let s = 0; s < COLUMNS; s++) {
    if (w.polygonTable[s] < 0) { what = `the column in slot ${s} of assembly/polygon-table.ts`; break; }
  }
  const why = w.arena.shared ? 'never moved there, or the memory is at its 2 GB' : 'never moved there, or the scene outgrew the plain memory reserved for it (a page without cross-origin isolation; with it the memory grows)';
  return new Error(`polygon contacts run in WebAssembly only, and ${what} is not in the kernels' memory: ${why}`);
}

/**
 * The table's columns and parameters for this search (the record's columns as they are now); false if a column is not
 * in the kernels' arena or the scratch does not fit it.
 */
function fillTable(w: WasmKernels, np: ContactSearch): boolean {
  const a = w.arena, o = OFFSETS, t = w.polygonTable, b = np.bodies, out = np.out, prev = np.previous, x = np.index;
  const scratch = w.polygonScratch(Math.max(b.maxVertices, DISC_SIDES), UNIT_OUTLINE);
  if (!scratch || t.length === 0) return false;
  t[PI] = 0; t[PJ] = 0; t[PSEP] = 0; // the pair kernel's own (polygonPairsTable)
  t[EX] = o.of(a, EX, b.ex); t[EY] = o.of(a, EY, b.ey); t[RAD] = o.of(a, RAD, b.radius); t[EQR] = o.of(a, EQR, b.eqRadius);
  t[IM] = o.of(a, IM, b.invMass); t[II] = o.of(a, II, b.invInertia); t[SHAPE] = o.of(a, SHAPE, b.shape);
  t[VSTART] = o.of(a, VSTART, b.vertexStart); t[VCOUNT] = o.of(a, VCOUNT, b.vertexCount); t[WV] = o.of(a, WV, np.worldVertices);
  t[OI] = o.of(a, OI, out.i); t[OJ] = o.of(a, OJ, out.j); t[OFEAT] = o.of(a, OFEAT, out.feature); t[OLAW] = o.of(a, OLAW, out.law);
  t[ONX] = o.of(a, ONX, out.nx); t[ONY] = o.of(a, ONY, out.ny); t[ODELTA] = o.of(a, ODELTA, out.delta); t[ODEPTH] = o.of(a, ODEPTH, out.depth);
  t[OLC] = o.of(a, OLC, out.lc); t[ORATIO] = o.of(a, ORATIO, out.ratio); t[ORIN] = o.of(a, ORIN, out.rin); t[ORIT] = o.of(a, ORIT, out.rit);
  t[ORJN] = o.of(a, ORJN, out.rjn); t[ORJT] = o.of(a, ORJT, out.rjt); t[OCX] = o.of(a, OCX, out.cx); t[OCY] = o.of(a, OCY, out.cy);
  t[OCHOICE] = o.of(a, OCHOICE, out.planeChoice); t[OPREV] = o.of(a, OPREV, out.prevIndex);
  t[OSLOT] = o.of(a, OSLOT, out.contactOfPair); t[PSLOT] = o.of(a, PSLOT, prev.contactOfPair);
  t[PNX] = o.of(a, PNX, prev.nx); t[PNY] = o.of(a, PNY, prev.ny); t[PCHOICE] = o.of(a, PCHOICE, prev.planeChoice);
  t[KI] = o.of(a, KI, x.ki); t[KJ] = o.of(a, KJ, x.kj); t[KF] = o.of(a, KF, x.kf); t[KV] = o.of(a, KV, x.vals);
  t[SCRATCH] = o.of(a, SCRATCH, scratch);
  let missing = 0;
  for (let s = 0; s < COLUMNS; s++) missing |= t[s];
  if (missing < 0) return false;
  t[MASK] = x.mask; t[ROOM] = w.polygonRoom; t[PLANE] = np.plane; t[LAW] = AREA;
  t[FLAGS] = (np.periodic.enabled ? PERIODIC : 0) | (np.planeChanged ? PLANE_CHANGED : 0);
  const par = w.polygonParams;
  par[XMIN] = np.periodic.xmin; par[LENGTH] = np.periodic.length; par[HYSTERESIS] = np.hysteresis; par[DISC_SCALE] = DISC_OUTLINE_SCALE;
  return true;
}

/**
 * The table with the columns of candidate pairs `pairs` (w.polygonTable: a worker pool copies it for each of its threads,
 * contacts/parallel-polygon-pairs.ts), or false if a column is not in the kernels' arena. The record gets a slot for
 * each pair; a record stamped with the pair list's generation after one so stamped (the fused pass, step after step
 * between two builds of the list: contacts/polygon-force-pass.ts) finds its history through last step's slots.
 */
export function polygonPairsTable(w: WasmKernels, np: ContactSearch, pairs: PairBuffer): boolean {
  np.out.reservePairSlots(pairs.count);
  if (!fillTable(w, np)) return false;
  const a = w.arena, t = w.polygonTable, out = np.out, prev = np.previous;
  if (out.pairStamp >= 0 && prev.pairStamp === out.pairStamp && prev.contactOfPair.length >= pairs.count) t[FLAGS] |= BY_SLOT;
  t[PI] = OFFSETS.of(a, PI, pairs.i); t[PJ] = OFFSETS.of(a, PJ, pairs.j); t[PSEP] = OFFSETS.of(a, PSEP, pairs.separatingEdge);
  return t[PI] >= 0 && t[PJ] >= 0 && t[PSEP] >= 0;
}

/**
 * The contacts of candidate pairs [p0, p1), appended to np.out (which has a row for each pair); a pair the kernel stops
 * before (its clip would outgrow the scratch) is clipped again on a scratch twice the size. Throws where the kernels
 * cannot run (cannotRun).
 */
export function polygonPairsWasm(w: WasmKernels, np: ContactSearch, pairs: PairBuffer, p0: number, p1: number): void {
  for (let p = p0; p < p1;) {
    if (!polygonPairsTable(w, np, pairs)) throw cannotRun(w);
    np.out.count = w.polygonPairs(w.polygonTableAt, p, p1, np.out.count);
    w.polygonRuns++;
    p = w.polygonTable[LEFT];
    if (p < p1 && !w.polygonScratch(2 * w.polygonRoom, UNIT_OUTLINE)) throw cannotRun(w);
  }
}

/**
 * Wall w's contacts with the movable polygons (the wall's line through (ax, ay) with normal (nx, ny)), appended to np.out
 * (grown as they come). Throws where the kernels cannot run (cannotRun).
 */
export function polygonWallWasm(w: WasmKernels, np: ContactSearch, wall: number, ax: number, ay: number, nx: number, ny: number): void {
  const out = np.out, n = np.bodies.n, par = w.polygonParams, t = w.polygonTable;
  for (let j0 = 0; j0 < n;) {
    if (!fillTable(w, np)) throw cannotRun(w);
    par[WALL_AX] = ax; par[WALL_AY] = ay; par[WALL_NX] = nx; par[WALL_NY] = ny;
    out.count = w.polygonWall(w.polygonTableAt, wall, j0, n, out.count, out.capacity, 0);
    w.polygonRuns++;
    j0 = t[LEFT];
    if (j0 < n) out.reserve(out.count + 1);
  }
}
