/**
 * The polygon pipeline fused into one pass per contact (issue 38), as the disc pass (contacts/disc-force-pass.ts) does
 * for discs: for a polygons-only soft-DEM run under the area law with the Cundall spring, each contact the WebAssembly
 * colliders find (wasm/assembly/polygon-pairs.ts, the pairs then the line walls) gets its velocities, dashpots, area-law
 * normal force, spring trial, Coulomb cap, scatter and energy sums while its row is in registers
 * (wasm/assembly/area-cundall.ts). It replaces carryHistory → contactVelocities → dashpots → area law → Cundall trial →
 * coulombCap → scatterForces and the energy account's loop over the record (docs/architecture.md#polygon-contacts), and
 * writes the same record, whole, with the same numbers, bit for bit (test/core/polygon-force-pass.test.ts runs both).
 *   f_n = k_n A / l_c − γ_n u_n along n at the overlap centroid (paper 000 Eqs. 4–5);  ξ* = ξ + u_t Δt (paper 000 Eq. 7);
 *   the cap of contacts/coulomb-cap.ts;  F = f_n n + f_t t on j, −F on i, torques from the lever arms.
 * The body forces must hold gravity and the external forces already; walls.fx, fy are set here. Within a step
 * (`commit`) it commits the spring too, ξ ← ξ* (commitTrial's work); the force pass that starts a run (Δt = 0) leaves ξ.
 * The sums go to `sums` in the disc pass's order (NORMAL_POWER … ELASTIC). On a worker pool the pairs' rows are found
 * there and their forces follow in row order, as the chunks finish (the same bits as serially, for any thread count).
 */
import { LINE } from '../boundaries/walls';
import type { MaterialCoefficients } from '../laws/material';
import type { PairBuffer } from '../neighbors/pair-buffer';
import type { ContactList } from '../state/contact-list';
import { ArenaOffsets } from '../wasm/arena-offsets';
import {
  CAP_ELASTIC, CLAMP, COLUMNS, COMMIT, DT, EVX, EVY, EW, FLAGS, FORCE_COLUMNS, FORCES, FROM_RATIO, FX, FY, KN, KT, LEFT, MU, OFE, OFN, OFT, OGN, OGT,
  OISNEW, OKT, OMR, OUN, OUT, OXI, OXI_EVAL, PXI, RATIO, ROW_FORCE_FLAGS, SUMS_AT, TAU, WALL_AX, WALL_AY, WALL_FIXED, WALL_FX, WALL_FY, WALL_NX, WALL_NY, WALL_VX,
  WALL_VY, ZETA_N, ZETA_T,
} from '../wasm/assembly/polygon-table';
import type { WasmKernels } from '../wasm/kernels';
import { collidePolygonRange } from './collide-polygon';
import { PASS_SUMS } from './disc-force-pass';
import type { NarrowPhase } from './narrow-phase';
import { polygonPairsTable } from './polygon-wasm';

/** The pass's columns' offsets, by the table's slot */
const OFFSETS = new ArenaOffsets(FORCE_COLUMNS);

/**
 * Fills `out` with the contacts among `pairs` (every body a polygon) and against the line walls, their forces, and adds
 * the forces to the bodies and walls. `np` supplies bodies, walls, boundary, the plane definition, the history index
 * (built here) and the kernels; `rotated`: the caller found the polygons' outlines already (np.rotations). Returns false,
 * having added no force, where the kernels are missing or a column is not in their arena: the caller then takes the
 * staged pipeline for this evaluation.
 */
export function polygonForcePass(
  np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array, commit: boolean,
  rotated = false,
): boolean {
  const w = np.kernels, b = np.bodies, walls = np.walls;
  if (!w) return false;
  np.out = out; np.previous = prev;
  out.count = 0;
  // room for every pair and every wall candidate first (the walls' Verlet list, contacts/wall-candidates.ts: a body not in
  // it cannot reach its wall), so no column moves during the pass
  const near = np.wallCandidates;
  near.update(b, walls, pairs.generation);
  out.reserve(pairs.count + 16 + (walls.count > 0 ? near.end(walls.count - 1) : 0));
  out.reservePairSlots(pairs.count);
  // between two builds of the pair list the pair contacts find last step's rows through its pair slots (the kernels'
  // BY_SLOT), and the index holds the walls' contacts only
  out.pairStamp = pairs.generation;
  if (!rotated) np.rotations(b);
  np.index.build(prev, prev.pairStamp === pairs.generation ? prev.pairContacts : 0);
  if (!forceTable(w, np, pairs, m, dt, commit)) return false;
  const t = w.polygonTable, par = w.polygonParams, at = w.polygonTableAt, P = pairs.count;
  par.fill(0, SUMS_AT, SUMS_AT + PASS_SUMS);
  // on a worker pool the chunks find the rows, and the pool's ordered stage gives them their forces by the same block,
  // row after row (contacts/parallel-polygon-pairs.ts): the serial pass's bits on any number of threads
  const pooled = np.polygonPool?.run(np, pairs, t[FLAGS] & ROW_FORCE_FLAGS) ?? false;
  if (pooled) refill(w, np, pairs, m, dt, commit);
  for (let p = pooled ? P : 0; p < P;) {
    out.count = w.polygonPairs(at, p, P, out.count);
    w.polygonRuns++;
    const left = t[LEFT];
    if (left >= P) break;
    // the pair the kernel left (its clip would outgrow the scratch): its row by the colliders' kernel on a scratch twice
    // the size (collidePolygonRange), then its forces by the kernel's block from that row
    const k = out.count;
    collidePolygonRange(np, pairs, left, left + 1);
    refill(w, np, pairs, m, dt, commit);
    if (out.count > k) w.polygonRowForces(at, k, out.count);
    p = left + 1;
  }
  out.pairContacts = out.count;
  const flags = t[FLAGS];
  walls.fx.fill(0, 0, walls.count);
  walls.fy.fill(0, 0, walls.count);
  // each wall's candidates (in the kernels' arena with the bodies, else every body: 0)
  const list = w.arena.offsetOf(near.bodies), at0 = list >= 0 ? list : 0;
  for (let wall = 0; wall < walls.count; wall++) {
    if (walls.kind[wall] !== LINE) continue; // segment walls meet discs only (refused at load for polygons)
    const e1 = at0 > 0 ? near.end(wall) : b.n;
    for (let e0 = at0 > 0 ? near.first(wall) : 0, first = true; e0 < e1; first = false) {
      // the table as the pairs left it (their kernels write only LEFT), but after rows were added
      if (!first) refill(w, np, pairs, m, dt, commit);
      par[WALL_AX] = walls.ax[wall] + walls.ox[wall]; par[WALL_AY] = walls.ay[wall] + walls.oy[wall];
      par[WALL_NX] = walls.nx[wall]; par[WALL_NY] = walls.ny[wall];
      par[WALL_VX] = walls.vx[wall]; par[WALL_VY] = walls.vy[wall];
      par[WALL_FX] = walls.fx[wall]; par[WALL_FY] = walls.fy[wall];
      t[FLAGS] = walls.invMass[wall] === 0 ? flags | WALL_FIXED : flags & ~WALL_FIXED;
      out.count = w.polygonWall(at, wall, e0, e1, out.count, out.capacity, at0);
      w.polygonRuns++;
      walls.fx[wall] = par[WALL_FX]; walls.fy[wall] = par[WALL_FY];
      e0 = t[LEFT];
      if (e0 < e1) out.reserve(out.count + 1); // not reached while the candidates bound the walls' contacts
    }
  }
  for (let s = 0; s < PASS_SUMS; s++) sums[s] = par[SUMS_AT + s];
  np.planeChanged = false;
  return true;
}

/** forceTable once forces were added: a column that left the arena (a plain arena the scene outgrew) can no longer go stage by stage */
function refill(w: WasmKernels, np: NarrowPhase, pairs: PairBuffer, m: MaterialCoefficients, dt: number, commit: boolean): void {
  if (!forceTable(w, np, pairs, m, dt, commit)) throw new Error('polygon force pass: a record column left the WebAssembly arena during the pass');
}

/** The kernels' table for the fused pass over `pairs` (the colliders' columns, then the pass's); false if a column is not in the arena */
function forceTable(w: WasmKernels, np: NarrowPhase, pairs: PairBuffer, m: MaterialCoefficients, dt: number, commit: boolean): boolean {
  if (!polygonPairsTable(w, np, pairs)) return false;
  const a = w.arena, o = OFFSETS, t = w.polygonTable, par = w.polygonParams, b = np.bodies, out = np.out, prev = np.previous;
  t[EVX] = o.of(a, EVX, b.evx); t[EVY] = o.of(a, EVY, b.evy); t[EW] = o.of(a, EW, b.eomega);
  t[FX] = o.of(a, FX, b.fx); t[FY] = o.of(a, FY, b.fy); t[TAU] = o.of(a, TAU, b.tau);
  t[OUN] = o.of(a, OUN, out.un); t[OUT] = o.of(a, OUT, out.ut); t[OMR] = o.of(a, OMR, out.mr);
  t[OGN] = o.of(a, OGN, out.gn); t[OGT] = o.of(a, OGT, out.gt); t[OKT] = o.of(a, OKT, out.kt);
  t[OFE] = o.of(a, OFE, out.fe); t[OFN] = o.of(a, OFN, out.fn); t[OFT] = o.of(a, OFT, out.ft);
  t[OXI] = o.of(a, OXI, out.xi); t[OXI_EVAL] = o.of(a, OXI_EVAL, out.xiEval); t[OISNEW] = o.of(a, OISNEW, out.isNew);
  t[PXI] = o.of(a, PXI, prev.xi);
  let missing = 0;
  for (let s = COLUMNS; s < FORCE_COLUMNS; s++) missing |= t[s];
  if (missing < 0) return false;
  t[FLAGS] |= FORCES | (commit ? COMMIT : 0) | (m.capElastic ? CAP_ELASTIC : 0) | (m.clampNormal ? CLAMP : 0) | (m.gtFromRatio ? FROM_RATIO : 0);
  par[KN] = m.kn; par[KT] = m.kt; par[MU] = m.mu; par[ZETA_N] = m.zetaN; par[ZETA_T] = m.zetaT; par[RATIO] = m.gtRatio; par[DT] = dt;
  return true;
}
