/**
 * The disc pipeline fused into one pass per contact, as a LAMMPS pair style runs it (issue 9): for the
 * commonest soft-DEM run — discs only, the linear law, the Cundall spring — each candidate pair is
 * tested, and a touching one gets its record, history, velocities, dashpots, forces and Coulomb cap and
 * scatters its force while its numbers are still in registers; then the walls the same way. It replaces
 * narrow phase → dashpots → linear law → Cundall trial → coulombCap → scatterForces
 * (docs/model.md#contact-geometry) and fills the same record with the same numbers, bit for bit: every
 * expression is the stages' own, in their order (test/core/disc-force-pass.test.ts runs both). The pair and wall
 * loops run in WebAssembly only (contacts/disc-pair-wasm.ts, disc-wall-wasm.ts, their per-contact block
 * wasm/assembly/linear-cundall.ts); their JavaScript oracles are test/core/oracles/ (test/core/wasm-disc-pairs.test.ts).
 *   δ = a_i + a_j − |d|, n = d/|d| (paper 002 Eq. 5);  f_n = k_n δ − γ_n u_n (paper 002 Eq. 8);
 *   ξ* = ξ + u_t Δt (paper 000 Eq. 7);  the cap of contacts/coulomb-cap.ts;  F = f_n n + f_t t on j.
 * The body forces must hold gravity and the external forces already; walls.fx, fy are zeroed here.
 * Within a step (`commit`) the pass also commits the spring, ξ ← ξ* (what commitTrial does after the
 * integrator's update), so no second pass over the contacts is needed; the force pass that starts a run
 * (Δt = 0) leaves ξ as it was.
 * A pair contact's record is written lean — what the step and the next one read (i, j, feature, law,
 * f_n, f_t, ξ, ξ_eval, prevIndex and the pair slots; the elastic energy goes to `sums`) — and
 * completeDiscRecord fills the rest (n, δ, depth, l_c, ratio, lever arms, C, u_n, u_t, m_r, γ, f_e,
 * isNew, pair) from the evaluation state the pass read, once a batch of steps is done (World.step, and
 * after a restart): on a 10k-disc pile, storing every column each step cost a quarter of the step.
 * Wall contacts (a few per cent of the contacts) are written whole.
 */
import type { PeriodicX } from '../boundaries/periodic';
import { LINE, type WallSet } from '../boundaries/walls';
import { MANY } from '../diagnostics/collision-monitor';
import { LINEAR } from '../laws/law-ids';
import type { MaterialCoefficients } from '../laws/material';
import type { PairBuffer } from '../neighbors/pair-buffer';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import { discPairsFilteredWasm, discPairsWasm } from './disc-pair-wasm';
import { discWallsWasm, wallColumnsInArena } from './disc-wall-wasm';
import { DiscPassView } from './disc-pass-view';
import type { NarrowPhase } from './narrow-phase';

/** What the pass adds up, in the order the separate stages did: indices into its `sums` argument */
export const NORMAL_POWER = 0, DASHPOT_POWER = 1, SLIP_POWER = 2, MAX_RATIO = 3, WALL_POWER = 4;
/** …and the elastic energy ½k_n δ² + ½k_t ξ² of the contacts at the evaluation state, summed as EnergyLedger.approxElastic sums it (sim/energy-ledger.ts) */
export const ELASTIC = 5;
/** How many sums the pass fills */
export const PASS_SUMS = 6;

/**
 * Fills `out` with the contacts among `pairs` and against the walls, their forces, and adds the forces
 * to the bodies and walls, in WebAssembly (the pair loop contacts/disc-pair-wasm.ts, the walls' contacts/disc-wall-wasm.ts;
 * their JavaScript oracles are in test/core/oracles/). `np` supplies bodies, walls, boundary, the history index (built
 * here) and the kernels. With `partner` (the collision monitor's column, diagnostics/collision-monitor.ts: NONE for every
 * body on entry) it also writes each body's partner: the one body it touches, none, or MANY (several, or a wall).
 * Returns false, having added no force, where the kernels are missing or a column is not in their arena (a plain
 * arena the scene outgrew, wasm/wasm-arena.ts): the caller then takes the staged pipeline for this evaluation.
 */
export function discForcePass(
  np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array,
  partner: Int32Array | null = null, commit = false,
): boolean {
  const w = np.kernels, walls = np.walls, near = np.wallCandidates;
  if (!w) return false;
  out.count = 0;
  // room for every pair and every wall candidate first, so no column the kernels write moves during the pass
  near.update(np.bodies, walls, pairs.generation);
  out.reserve(pairs.count + 16 + (walls.count > 0 ? near.end(walls.count - 1) : 0));
  out.reservePairSlots(pairs.count);
  out.pairStamp = pairs.generation;
  const bySlot = prev.pairStamp === pairs.generation;
  buildHistoryIndex(np, prev, bySlot);
  if (walls.count > 0 && !wallColumnsInArena(w, np.bodies, prev, out)) return false;
  sums.fill(0);
  const v = serialView.fromStages(np, pairs, prev, out, bySlot, partner, commit), P = pairs.count;
  const k = P >= w.filterFrom ? discPairsFilteredWasm(w, v, m, dt, P, out.count, sums) : discPairsWasm(w, v, m, dt, 0, P, out.count, sums, 0);
  if (k < 0) return false;
  out.count = k;
  wallPass(np, pairs.generation, prev, out, m, dt, sums, commit);
  if (partner) for (let k = out.pairContacts, oj = out.j; k < out.count; k++) partner[oj[k]] = MANY; // a wall: not a binary collision
  return true;
}

/**
 * Last step's contacts by key: the walls' in the hash (np.index); after a rebuild of the pair list (not
 * `bySlot`) the pairs' in np.pairHistory too.
 */
export function buildHistoryIndex(np: NarrowPhase, prev: ContactList, bySlot: boolean): void {
  np.index.build(prev, prev.pairContacts);
  if (!bySlot) np.pairHistory.build(prev, np.bodies.n, np.kernels);
}

/** The walls' part of the pass, after the pair contacts (the last of them is out.count − 1). */
export function wallPass(np: NarrowPhase, generation: number, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array, commit: boolean): void {
  const walls = np.walls, b = np.bodies, near = np.wallCandidates;
  beginWalls(np, out);
  near.update(b, walls, generation);
  for (let w = 0; w < walls.count; w++) {
    // the geometry first, by the wall's kind, in its own loop: the two kinds' branches in one loop left V8
    // boxing doubles in some of its compilations (≈100 minor GCs per 20,000 steps of a 400-disc pile)
    const start = out.count, e0 = near.first(w), e1 = near.end(w);
    out.reserve(out.count + e1 - e0);
    const end = touchWall(b, walls, w, out, near.bodies, e0, e1, start, true);
    wallContacts(np, w, prev, out, m, dt, sums, start, end, commit);
  }
  np.planeChanged = false;
}

/** Before the walls' contacts: the pair contacts end here, and the walls' forces start from zero. */
export function beginWalls(np: NarrowPhase, out: ContactList): void {
  out.pairContacts = out.count;
  np.walls.fx.fill(0, 0, np.walls.count);
  np.walls.fy.fill(0, 0, np.walls.count);
}

/**
 * The movable bodies among list[e0 … e1) (wall w's candidates, contacts/wall-candidates.ts) that touch wall w:
 * with `write`, their geometry rows from k on (the pass's record); without, only counted. Returns k plus
 * their number.
 */
export function touchWall(b: BodyState, walls: WallSet, w: number, out: ContactList, list: Int32Array, e0: number, e1: number, k: number, write: boolean): number {
  return walls.kind[w] === LINE ? touchLineWall(b, walls, w, out, list, e0, e1, k, write) : touchSegmentWall(b, walls, w, out, list, e0, e1, k, write);
}

const serialView = new DiscPassView();

/**
 * Forces of wall w's contacts, rows [start, end) of `out` (their geometry written by touchWall), committing ξ with `commit`,
 * in WebAssembly (contacts/disc-wall-wasm.ts; its JavaScript oracle is test/core/oracles/disc-wall-loop.ts); sets out.count = end.
 * The passes check the columns are in the arena before they write anything (wallColumnsInArena).
 */
export function wallContacts(
  np: NarrowPhase, w: number, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array, start: number, end: number,
  commit: boolean,
): void {
  if (!np.kernels || !discWallsWasm(np.kernels, np.bodies, np.walls, w, np.index, prev, out, m, dt, sums, start, end, commit)) {
    throw new Error('disc force pass: a wall contact column is not in the WebAssembly arena (checked before the pass)');
  }
  out.count = end;
}

/** touchWall for a line wall (contacts/collide-disc.ts). */
function touchLineWall(b: BodyState, walls: WallSet, w: number, out: ContactList, list: Int32Array, e0: number, e1: number, k: number, write: boolean): number {
  const ex = b.ex, ey = b.ey, rad = b.radius, im = b.invMass;
  const ax = walls.ax[w] + walls.ox[w], ay = walls.ay[w] + walls.oy[w], nx = walls.nx[w], ny = walls.ny[w];
  const oi = out.i, oj = out.j, of = out.feature, olaw = out.law, onx = out.nx, ony = out.ny, odelta = out.delta, odepth = out.depth;
  const olc = out.lc, oratio = out.ratio, orin = out.rin, orit = out.rit, orjn = out.rjn, orjt = out.rjt, ocx = out.cx, ocy = out.cy;
  const i = -1 - w;
  for (let e = e0; e < e1; e++) {
    const j = list[e];
    if (im[j] === 0) continue;
    const aj = rad[j];
    const delta = aj - ((ex[j] - ax) * nx + (ey[j] - ay) * ny);
    if (delta <= 0) continue;
    if (!write) { k++; continue; }
    oi[k] = i; oj[k] = j; of[k] = 0; olaw[k] = LINEAR;
    onx[k] = nx; ony[k] = ny;
    odelta[k] = delta; odepth[k] = delta; olc[k] = aj; oratio[k] = delta / aj;
    orin[k] = 0; orit[k] = 0; orjn[k] = -aj; orjt[k] = 0;
    ocx[k] = ex[j] - (aj - 0.5 * delta) * nx;
    ocy[k] = ey[j] - (aj - 0.5 * delta) * ny;
    k++;
  }
  return k;
}

/** The same for a segment wall: the nearest point of the segment. */
function touchSegmentWall(b: BodyState, walls: WallSet, w: number, out: ContactList, list: Int32Array, e0: number, e1: number, k: number, write: boolean): number {
  const ex = b.ex, ey = b.ey, rad = b.radius, im = b.invMass;
  const ax = walls.ax[w] + walls.ox[w], ay = walls.ay[w] + walls.oy[w];
  const sx = walls.bx[w] - walls.ax[w], sy = walls.by[w] - walls.ay[w];
  const sl2 = sx * sx + sy * sy;
  const oi = out.i, oj = out.j, of = out.feature, olaw = out.law, onx = out.nx, ony = out.ny, odelta = out.delta, odepth = out.depth;
  const olc = out.lc, oratio = out.ratio, orin = out.rin, orit = out.rit, orjn = out.rjn, orjt = out.rjt, ocx = out.cx, ocy = out.cy;
  const i = -1 - w;
  for (let e = e0; e < e1; e++) {
    const j = list[e];
    if (im[j] === 0) continue;
    const aj = rad[j];
    let u = ((ex[j] - ax) * sx + (ey[j] - ay) * sy) / sl2;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    const dx = ex[j] - (ax + u * sx), dy = ey[j] - (ay + u * sy);
    const d2 = dx * dx + dy * dy;
    if (d2 >= aj * aj || d2 === 0) continue;
    if (!write) { k++; continue; }
    const dist = Math.sqrt(d2);
    const delta = aj - dist, nx = dx / dist, ny = dy / dist;
    oi[k] = i; oj[k] = j; of[k] = 0; olaw[k] = LINEAR;
    onx[k] = nx; ony[k] = ny;
    odelta[k] = delta; odepth[k] = delta; olc[k] = aj; oratio[k] = delta / aj;
    orin[k] = 0; orit[k] = 0; orjn[k] = -aj; orjt[k] = 0;
    ocx[k] = ex[j] - (aj - 0.5 * delta) * nx;
    ocy[k] = ey[j] - (aj - 0.5 * delta) * ny;
    k++;
  }
  return k;
}

/**
 * The columns the pass leaves out of a pair contact's record, from the evaluation state, radii, masses
 * and material it used (the same expressions, so the record is the stage-by-stage pipeline's, bit for
 * bit): call it before anything moves the evaluation state. `pairs` is the candidate list the pass ran over.
 */
export function completeDiscRecord(c: ContactList, b: BodyState, periodic: PeriodicX, pairs: PairBuffer, m: MaterialCoefficients): void {
  const rad = b.radius, im = b.invMass, ci = c.i, cj = c.j, prevIndex = c.prevIndex;
  const ex = b.ex, ey = b.ey, evx = b.evx, evy = b.evy, ew = b.eomega, isPeriodic = periodic.enabled, L = periodic.length;
  const zn2 = 2 * m.zetaN, zt2 = 2 * m.zetaT, fromRatio = m.gtFromRatio, ratio = m.gtRatio, sqrtKn = Math.sqrt(m.kn), sqrtKt = Math.sqrt(m.kt);
  for (let k = 0; k < c.pairContacts; k++) {
    const i = ci[k], j = cj[k], ai = rad[i], aj = rad[j];
    let dx = ex[j] - ex[i];
    if (isPeriodic) dx -= L * Math.round(dx / L); // PeriodicX.minimumImageX, written out (as in the pass)
    const dy = ey[j] - ey[i];
    const dist = Math.sqrt(dx * dx + dy * dy);
    const inv = dist > 0 ? 1 / dist : 0;
    const nx = dist > 0 ? dx * inv : 1, ny = dy * inv;
    const d = ai + aj - dist;
    c.nx[k] = nx; c.ny[k] = ny;
    c.delta[k] = d; c.depth[k] = d;
    const lc = ai < aj ? ai : aj;
    c.lc[k] = lc;
    c.ratio[k] = d / lc;
    c.rin[k] = ai; c.rit[k] = 0; c.rjn[k] = -aj; c.rjt[k] = 0;
    c.cx[k] = ex[i] + (ai - 0.5 * d) * nx;
    c.cy[k] = ey[i] + (ai - 0.5 * d) * ny;
    const dvx = evx[j] - evx[i], dvy = evy[j] - evy[i];
    c.un[k] = dvx * nx + dvy * ny;
    c.ut[k] = -dvx * ny + dvy * nx - ai * ew[i] - aj * ew[j];
    const imSum = im[i] + im[j];
    const mr = imSum > 0 ? 1 / imSum : 0;
    c.mr[k] = mr;
    const sm = Math.sqrt(mr);
    const g = zn2 * sm * sqrtKn;
    c.gn[k] = g;
    c.gt[k] = fromRatio ? ratio * g : zt2 * sm * sqrtKt;
    c.fe[k] = m.kn * d;
    c.isNew[k] = prevIndex[k] >= 0 ? 0 : 1;
  }
  // the tangential stiffness of every row, the walls' too (the dashpot stage's: laws/dashpot.ts): the energy account reads it
  c.kt.fill(m.kt, 0, c.count);
  const slot = c.contactOfPair, pair = c.pair;
  for (let p = 0; p < pairs.count; p++) if (slot[p] >= 0) pair[slot[p]] = p;
}
