/**
 * The disc pass's wall contacts in WebAssembly (assembly/disc-walls.ts, the pair loop's per-contact block) over the
 * arena's columns in place: the forces of one wall's contacts, whose geometry touchWall wrote
 * (contacts/disc-force-pass.ts); their history by key is found here first (ContactHistoryIndex's hash, state/contact-list.ts,
 * stays in JavaScript). The same bits as its JavaScript oracle, test/core/oracles/disc-wall-loop.ts (test/core/wasm-disc-pairs.test.ts).
 */
import type { WallSet } from '../boundaries/walls';
import type { MaterialCoefficients } from '../laws/material';
import type { BodyState } from '../state/body-state';
import type { ContactHistoryIndex, ContactList } from '../state/contact-list';
import { CAP_ELASTIC, CLAMP, COMMIT, FIXED_WALL, FROM_RATIO } from '../wasm/assembly/disc-pair-flags';
import {
  DT, EVX, EVY, EW, FX, FY, IM, KN, KT, MU, ODELTA, OFE, OFN, OFT, OGN, OGT, OJ, OMR, ONEW, ONX, ONY, OPREV, OUN, OUT, OXI, OXI_EVAL,
  PXI, RAD, RATIO, SUMS, TABLE_SLOTS, TAU, WALL_FX, WALL_FY, WALL_VX, WALL_VY, ZETA_N, ZETA_T,
} from '../wasm/assembly/disc-pair-table';
import { ArenaOffsets } from '../wasm/arena-offsets';
import type { WasmKernels } from '../wasm/kernels';

/** the pass's sums the kernel carries (NORMAL_POWER … ELASTIC of disc-force-pass.ts) */
const SUMS_CARRIED = 6;
/** The wall kernel's slots, and their columns' offsets (this thread's) */
const SLOTS = [EVX, EVY, EW, RAD, IM, FX, FY, TAU, OJ, ONX, ONY, ODELTA, OUN, OUT, OMR, ONEW, OGN, OGT, OFE, OFN, OFT, OXI_EVAL, OXI, OPREV, PXI];
const OFFSETS = new ArenaOffsets(TABLE_SLOTS);

/**
 * Whether every column the wall kernel reads and writes is in the kernels' arena (their offsets left in its table):
 * the disc pass asks before it writes anything, after it has made room for every wall contact.
 */
export function wallColumnsInArena(w: WasmKernels, b: BodyState, prev: ContactList, out: ContactList): boolean {
  const a = w.arena, o = OFFSETS, t = w.table;
  t[EVX] = o.of(a, EVX, b.evx); t[EVY] = o.of(a, EVY, b.evy); t[EW] = o.of(a, EW, b.eomega); t[RAD] = o.of(a, RAD, b.radius); t[IM] = o.of(a, IM, b.invMass);
  t[FX] = o.of(a, FX, b.fx); t[FY] = o.of(a, FY, b.fy); t[TAU] = o.of(a, TAU, b.tau);
  t[OJ] = o.of(a, OJ, out.j); t[ONX] = o.of(a, ONX, out.nx); t[ONY] = o.of(a, ONY, out.ny); t[ODELTA] = o.of(a, ODELTA, out.delta);
  t[OUN] = o.of(a, OUN, out.un); t[OUT] = o.of(a, OUT, out.ut); t[OMR] = o.of(a, OMR, out.mr); t[ONEW] = o.of(a, ONEW, out.isNew);
  t[OGN] = o.of(a, OGN, out.gn); t[OGT] = o.of(a, OGT, out.gt); t[OFE] = o.of(a, OFE, out.fe); t[OFN] = o.of(a, OFN, out.fn); t[OFT] = o.of(a, OFT, out.ft);
  t[OXI_EVAL] = o.of(a, OXI_EVAL, out.xiEval); t[OXI] = o.of(a, OXI, out.xi); t[OPREV] = o.of(a, OPREV, out.prevIndex); t[PXI] = o.of(a, PXI, prev.xi);
  let missing = 0;
  for (let s = 0; s < SLOTS.length; s++) missing |= t[SLOTS[s]];
  return missing >= 0;
}

/**
 * Wall w's contacts, rows [start, end) of `out`: their forces added to the bodies and the wall, the sums to `sums`,
 * ξ committed with `commit`; false (nothing done) if a column the kernel reads is not in the kernels' arena.
 */
export function discWallsWasm(
  w: WasmKernels, b: BodyState, walls: WallSet, wall: number, index: ContactHistoryIndex, prev: ContactList, out: ContactList,
  m: MaterialCoefficients, dt: number, sums: Float64Array, start: number, end: number, commit: boolean,
): boolean {
  if (!wallColumnsInArena(w, b, prev, out)) return false;
  const a = w.arena, o = OFFSETS, t = w.table;
  const into = o.of(a, SUMS, sums), s = w.sums;
  t[SUMS] = into >= 0 ? into : s.byteOffset;
  if (into < 0) for (let q = 0; q < SUMS_CARRIED; q++) s[q] = sums[q];
  // last step's contact with the wall, by key (contact i = −1 − w)
  const oj = out.j, oprev = out.prevIndex, i = -1 - wall;
  for (let k = start; k < end; k++) oprev[k] = index.find(i, oj[k], 0);
  const par = w.params;
  par[KN] = m.kn; par[KT] = m.kt; par[MU] = m.mu; par[ZETA_N] = m.zetaN; par[ZETA_T] = m.zetaT; par[RATIO] = m.gtRatio; par[DT] = dt;
  par[WALL_VX] = walls.vx[wall]; par[WALL_VY] = walls.vy[wall];
  const flags = (commit ? COMMIT : 0) | (m.capElastic ? CAP_ELASTIC : 0) | (m.clampNormal ? CLAMP : 0) | (m.gtFromRatio ? FROM_RATIO : 0)
    | (walls.invMass[wall] === 0 ? FIXED_WALL : 0);
  w.discWalls(w.tableAt, start, end, flags);
  if (into < 0) for (let q = 0; q < SUMS_CARRIED; q++) sums[q] = s[q];
  walls.fx[wall] += par[WALL_FX]; walls.fy[wall] += par[WALL_FY];
  w.wallRuns++;
  return true;
}
