/**
 * The polygon colliders in WebAssembly (assembly/polygon-pairs.ts) over the arena's columns in place: the glue that
 * fills their table (assembly/polygon-table.ts) from the search. They give collide-polygon.ts's bits (its JavaScript
 * loops, which run where the kernels are missing or a column is outside their arena, and for a pair whose clip
 * outgrows the kernels' scratch; test/core/polygon-wasm.test.ts).
 */
import { AREA } from '../laws/law-ids';
import type { PairBuffer } from '../neighbors/pair-buffer';
import { DISC_OUTLINE_SCALE, DISC_SIDES, UNIT_OUTLINE } from '../shapes/disc-outline';
import {
  COLUMNS, COS, DISC_SCALE, EQR, EX, EY, FLAGS, HYSTERESIS, II, IM, KF, KI, KJ, KV, LAW, LEFT, LENGTH, MASK, OCHOICE, OCX, OCY, ODELTA, ODEPTH,
  OFEAT, OI, OJ, OLAW, OLC, ONX, ONY, OPREV, ORATIO, ORIN, ORIT, ORJN, ORJT, PCHOICE, PERIODIC, PI, PJ, PLANE, PLANE_CHANGED, PNX, PNY, RAD, ROOM,
  SCRATCH, SHAPE, SIN, VCOUNT, VERTS, VSTART, WALL_AX, WALL_AY, WALL_NX, WALL_NY, XMIN,
} from '../wasm/assembly/polygon-table';
import { ArenaOffsets } from '../wasm/arena-offsets';
import type { WasmKernels } from '../wasm/kernels';
import type { ContactSearch } from './contact-search';

/** The columns' offsets, by the table's slot */
const OFFSETS = new ArenaOffsets(COLUMNS);

/**
 * The table's columns and parameters for this search (the record's columns as they are now); false if a column is not
 * in the kernels' arena or the scratch does not fit it.
 */
function fillTable(w: WasmKernels, np: ContactSearch): boolean {
  const a = w.arena, o = OFFSETS, t = w.polygonTable, b = np.bodies, out = np.out, prev = np.previous, x = np.index;
  const room = Math.max(b.maxVertices, DISC_SIDES), scratch = w.polygonScratch(room, UNIT_OUTLINE);
  if (!scratch || t.length === 0) return false;
  t[PI] = 0; t[PJ] = 0; // the pair kernel's own (polygonPairsTable)
  t[EX] = o.of(a, EX, b.ex); t[EY] = o.of(a, EY, b.ey); t[RAD] = o.of(a, RAD, b.radius); t[EQR] = o.of(a, EQR, b.eqRadius);
  t[IM] = o.of(a, IM, b.invMass); t[II] = o.of(a, II, b.invInertia); t[SHAPE] = o.of(a, SHAPE, b.shape);
  t[VSTART] = o.of(a, VSTART, b.vertexStart); t[VCOUNT] = o.of(a, VCOUNT, b.vertexCount); t[VERTS] = o.of(a, VERTS, b.vertices);
  t[COS] = o.of(a, COS, np.cosPhi); t[SIN] = o.of(a, SIN, np.sinPhi);
  t[OI] = o.of(a, OI, out.i); t[OJ] = o.of(a, OJ, out.j); t[OFEAT] = o.of(a, OFEAT, out.feature); t[OLAW] = o.of(a, OLAW, out.law);
  t[ONX] = o.of(a, ONX, out.nx); t[ONY] = o.of(a, ONY, out.ny); t[ODELTA] = o.of(a, ODELTA, out.delta); t[ODEPTH] = o.of(a, ODEPTH, out.depth);
  t[OLC] = o.of(a, OLC, out.lc); t[ORATIO] = o.of(a, ORATIO, out.ratio); t[ORIN] = o.of(a, ORIN, out.rin); t[ORIT] = o.of(a, ORIT, out.rit);
  t[ORJN] = o.of(a, ORJN, out.rjn); t[ORJT] = o.of(a, ORJT, out.rjt); t[OCX] = o.of(a, OCX, out.cx); t[OCY] = o.of(a, OCY, out.cy);
  t[OCHOICE] = o.of(a, OCHOICE, out.planeChoice); t[OPREV] = o.of(a, OPREV, out.prevIndex);
  t[PNX] = o.of(a, PNX, prev.nx); t[PNY] = o.of(a, PNY, prev.ny); t[PCHOICE] = o.of(a, PCHOICE, prev.planeChoice);
  t[KI] = o.of(a, KI, x.ki); t[KJ] = o.of(a, KJ, x.kj); t[KF] = o.of(a, KF, x.kf); t[KV] = o.of(a, KV, x.vals);
  t[SCRATCH] = o.of(a, SCRATCH, scratch);
  let missing = 0;
  for (let s = 0; s < COLUMNS; s++) missing |= t[s];
  if (missing < 0) return false;
  t[MASK] = x.mask; t[ROOM] = room; t[PLANE] = np.plane; t[LAW] = AREA;
  t[FLAGS] = (np.periodic.enabled ? PERIODIC : 0) | (np.planeChanged ? PLANE_CHANGED : 0);
  const par = w.polygonParams;
  par[XMIN] = np.periodic.xmin; par[LENGTH] = np.periodic.length; par[HYSTERESIS] = np.hysteresis; par[DISC_SCALE] = DISC_OUTLINE_SCALE;
  return true;
}

/**
 * The table with the columns of candidate pairs `pairs` (w.polygonTable: a worker pool copies it for each of its threads,
 * contacts/parallel-polygon-pairs.ts), or false if a column is not in the kernels' arena
 */
export function polygonPairsTable(w: WasmKernels, np: ContactSearch, pairs: PairBuffer): boolean {
  if (!fillTable(w, np)) return false;
  const a = w.arena, t = w.polygonTable;
  t[PI] = OFFSETS.of(a, PI, pairs.i); t[PJ] = OFFSETS.of(a, PJ, pairs.j);
  return t[PI] >= 0 && t[PJ] >= 0;
}

/**
 * collidePolygonPair's loop in WebAssembly over candidate pairs [p0, p1), appending to np.out (which has a row for each
 * pair): the first pair it left to the JavaScript collider (p1 when none), or −1 (nothing done) if a column is not in
 * the kernels' arena.
 */
export function polygonPairsWasm(w: WasmKernels, np: ContactSearch, pairs: PairBuffer, p0: number, p1: number): number {
  if (!polygonPairsTable(w, np, pairs)) return -1;
  np.out.count = w.polygonPairs(w.polygonTableAt, p0, p1, np.out.count);
  w.polygonRuns++;
  return w.polygonTable[LEFT];
}

/**
 * collideWallPolygon's loop in WebAssembly: wall w's contacts with the movable polygons, appended to np.out (grown as
 * they come): the body the JavaScript loop goes on from (n when all are done; 0 if a column is not in the kernels' arena).
 */
export function polygonWallWasm(w: WasmKernels, np: ContactSearch, wall: number, ax: number, ay: number, nx: number, ny: number): number {
  const out = np.out, n = np.bodies.n, par = w.polygonParams, t = w.polygonTable;
  let j0 = 0;
  while (j0 < n && fillTable(w, np)) {
    par[WALL_AX] = ax; par[WALL_AY] = ay; par[WALL_NX] = nx; par[WALL_NY] = ny;
    out.count = w.polygonWall(w.polygonTableAt, wall, j0, n, out.count, out.capacity);
    w.polygonRuns++;
    j0 = t[LEFT];
    if (j0 < n) out.reserve(out.count + 1);
  }
  return j0;
}
