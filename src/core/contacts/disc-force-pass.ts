/**
 * The disc pipeline fused into one pass per contact, as a LAMMPS pair style runs it (issue 9): for the
 * commonest soft-DEM run — discs only, the linear law, the Cundall spring — each candidate pair is
 * tested, and a touching one gets its record, history, velocities, dashpots, forces and Coulomb cap and
 * scatters its force while its numbers are still in registers; then the walls the same way. It replaces
 * narrow phase → dashpots → linear law → Cundall trial → coulombCap → scatterForces
 * (docs/model.md#contact-geometry) and fills the same record with the same numbers, bit for bit: every
 * expression is the stages' own, in their order (test/core/disc-force-pass.test.ts runs both).
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
import { MANY, NONE } from '../diagnostics/collision-monitor';
import { LINEAR } from '../laws/law-ids';
import type { MaterialCoefficients } from '../laws/material';
import type { PairBuffer } from '../neighbors/pair-buffer';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import { discPairsFilteredWasm, discPairsWasm } from './disc-pair-wasm';
import { discWallsWasm } from './disc-wall-wasm';
import { DiscPassView, type PairMaterial } from './disc-pass-view';
import type { NarrowPhase } from './narrow-phase';

/** What the pass adds up, in the order the separate stages did: indices into its `sums` argument */
export const NORMAL_POWER = 0, DASHPOT_POWER = 1, SLIP_POWER = 2, MAX_RATIO = 3, WALL_POWER = 4;
/** …and the elastic energy ½k_n δ² + ½k_t ξ² of the contacts at the evaluation state, summed as EnergyLedger.approxElastic sums it (sim/energy-ledger.ts) */
export const ELASTIC = 5;
/** How many sums the pass fills */
export const PASS_SUMS = 6;

/**
 * Fills `out` with the contacts among `pairs` and against the walls, their forces, and adds the forces
 * to the bodies and walls. `np` supplies bodies, walls, boundary and the history index (built here).
 * With `partner` (the collision monitor's column, diagnostics/collision-monitor.ts: NONE for every body on entry)
 * it also writes each body's partner: the one body it touches, none, or MANY (several, or a wall).
 */
export function discForcePass(
  np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array,
  partner: Int32Array | null = null, commit = false,
): void {
  out.count = 0;
  out.reserve(pairs.count + 16);
  out.reservePairSlots(pairs.count);
  out.pairStamp = pairs.generation;
  const bySlot = prev.pairStamp === pairs.generation;
  buildHistoryIndex(np, prev, bySlot);
  sums.fill(0);
  const v = serialView.fromStages(np, pairs, prev, out, bySlot, partner, commit);
  // the WebAssembly loop where the columns are in its arena (the same bits), else this module's
  const w = np.kernels, P = pairs.count;
  const k = !w ? -1 : P >= w.filterFrom ? discPairsFilteredWasm(w, v, m, dt, P, out.count, sums) : discPairsWasm(w, v, m, dt, 0, P, out.count, sums, 0);
  out.count = k >= 0 ? k : pairContactsRange(v, m, dt, 0, pairs.count, out.count, sums, 0);
  wallPass(np, pairs.generation, prev, out, m, dt, sums, commit);
  if (partner) for (let k = out.pairContacts, oj = out.j; k < out.count; k++) partner[oj[k]] = MANY; // a wall: not a binary collision
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
 * The pair loop over candidate pairs [p0, p1), writing contacts from k0 on; returns the end. Its sums go
 * to sums[s0 …]. With `v.scatter` false the forces stay in the record (f_n, f_t, n) for gatherPairForces.
 */
export function pairContactsRange(v: DiscPassView, m: PairMaterial, dt: number, p0: number, p1: number, k0: number, sums: Float64Array, s0: number): number {
  const ex = v.ex, ey = v.ey, evx = v.evx, evy = v.evy, ew = v.ew;
  const rad = v.rad, im = v.im, ii = v.ii, fx = v.fx, fy = v.fy, tau = v.tau;
  const periodic = v.periodic, L = v.L, bySlot = v.bySlot, scatter = v.scatter, commit = v.commit;
  const pi = v.pi, pj = v.pj;
  const oi = v.oi, oj = v.oj, of = v.of, olaw = v.olaw, ofn = v.ofn, oft = v.oft, oxiE = v.oxiE, onx = v.onx, ony = v.ony;
  const oxi = v.oxi, oprev = v.oprev, slot = v.slot;
  const pxi = v.pxi, pslot = v.pslot, history = v.history, findPartners = v.findPartners, partner = v.partner, inner = v.inner;
  const kn = m.kn, kt = m.kt, mu = m.mu, invKt = kt > 0 ? 1 / kt : 0, clamp = m.clampNormal, elastic = m.capElastic;
  const zn2 = 2 * m.zetaN, zt2 = 2 * m.zetaT, fromRatio = m.gtFromRatio, ratio = m.gtRatio, sqrtKn = Math.sqrt(kn), sqrtKt = Math.sqrt(kt);
  let normalPower = sums[s0 + NORMAL_POWER], dashpot = sums[s0 + DASHPOT_POWER], slip = sums[s0 + SLIP_POWER];
  let maxRatio = sums[s0 + MAX_RATIO], energy = sums[s0 + ELASTIC];
  let k = k0;
  for (let p = p0; p < p1; p++) {
    const i = pi[p], j = pj[p];
    const imi = im[i], imj = im[j];
    let dx = ex[j] - ex[i];
    if (periodic) dx -= L * Math.round(dx / L); // PeriodicX.minimumImageX, written out (a call V8 keeps boxes dx)
    const dy = ey[j] - ey[i];
    const ai = rad[i], aj = rad[j], s = ai + aj;
    const d2 = dx * dx + dy * dy;
    if (d2 >= s * s || (imi + imj === 0 && ii[i] + ii[j] === 0)) { slot[p] = -1; continue; } // apart, or two immovable bodies
    // the record (contacts/collide-disc.ts)
    slot[p] = k;
    const dist = Math.sqrt(d2);
    const inv = dist > 0 ? 1 / dist : 0;
    const nx = dist > 0 ? dx * inv : 1, ny = dy * inv;
    const delta = s - dist;
    oi[k] = i; oj[k] = j; // feature and law after the loop
    const r = delta / (ai < aj ? ai : aj);
    if (r > maxRatio) maxRatio = r;
    // relative velocity of the surface points and reduced mass (contacts/contact-velocity.ts)
    const dvx = evx[j] - evx[i], dvy = evy[j] - evy[i], wi = ew[i], wj = ew[j];
    const un = dvx * nx + dvy * ny;
    const ut = -dvx * ny + dvy * nx - ai * wi - aj * wj;
    const imSum = imi + imj;
    const mr = imSum > 0 ? 1 / imSum : 0;
    // history by the pair slot while the pair list is last step's, else by body and partner (state/pair-history-index.ts)
    const q = bySlot ? pslot[p] : history.find(i, j);
    oprev[k] = q;
    const xi0 = q >= 0 ? pxi[q] : 0;
    // dashpots (laws/dashpot.ts) and the linear law (laws/linear.ts)
    const sm = Math.sqrt(mr);
    const g = zn2 * sm * sqrtKn;
    const gt = fromRatio ? ratio * g : zt2 * sm * sqrtKt;
    const e = kn * delta;
    let fn = e - g * un;
    if (clamp && fn < 0) fn = 0;
    else normalPower += g * un * un;
    ofn[k] = fn;
    // Cundall trial ξ* = ξ + u_t Δt (tangential/cundall.ts) under the Coulomb cap (contacts/coulomb-cap.ts),
    // written out in both loops, not called: a call V8 leaves out of line boxes its doubles (69 minor GCs
    // per 20,000 steps of a 400-disc pile, in the runs where it did)
    let xi = xi0 + ut * dt, ft: number;
    if (elastic) {
      const lim = e > 0 ? mu * e : 0;
      if (kt * Math.abs(xi) > lim) {
        xi = (xi > 0 ? lim : -lim) * invKt;
        slip += kt * xi * ut;
      }
      ft = -kt * xi - gt * ut;
      dashpot += gt * ut * ut;
    } else {
      const f = -kt * xi - gt * ut;
      const lim = fn > 0 ? mu * fn : 0;
      if (Math.abs(f) > lim) {
        ft = f > 0 ? lim : -lim;
        xi = -ft * invKt;
        slip -= ft * ut;
      } else {
        ft = f;
        dashpot += gt * ut * ut;
      }
    }
    oxiE[k] = xi;
    oxi[k] = commit ? xi : xi0;
    oft[k] = ft;
    energy += 0.5 * kn * delta * delta; // laws/linear.ts energy
    energy += 0.5 * kt * xi * xi;
    // scatter (contacts/scatter-forces.ts): F on j, −F on i
    if (scatter) {
      const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
      fx[j] += Fx; fy[j] += Fy; tau[j] += -aj * ft;
      fx[i] -= Fx; fy[i] -= Fy; tau[i] -= ai * ft;
      if (findPartners) { partner[i] = partner[i] === NONE ? j : MANY; partner[j] = partner[j] === NONE ? i : MANY; }
    } else {
      // on a pool: the block's own bodies now, as above; the others in the gather, which reads n
      if (inner[j] === 0 || inner[i] === 0) { onx[k] = nx; ony[k] = ny; }
      if (inner[j] === 1 || inner[i] === 1) {
        const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
        if (inner[j] === 1) {
          fx[j] += Fx; fy[j] += Fy; tau[j] += -aj * ft;
          if (findPartners) partner[j] = partner[j] === NONE ? i : MANY;
        }
        if (inner[i] === 1) {
          fx[i] -= Fx; fy[i] -= Fy; tau[i] -= ai * ft;
          if (findPartners) partner[i] = partner[i] === NONE ? j : MANY;
        }
      }
    }
    k++;
  }
  of.fill(0, k0, k); olaw.fill(LINEAR, k0, k);
  sums[s0 + NORMAL_POWER] = normalPower; sums[s0 + DASHPOT_POWER] = dashpot; sums[s0 + SLIP_POWER] = slip;
  sums[s0 + MAX_RATIO] = maxRatio; sums[s0 + ELASTIC] = energy;
  return k;
}

/** Forces of wall w's contacts, rows [start, end) of `out` (their geometry written by touchWall), committing ξ with `commit`; sets out.count = end. */
export function wallContacts(
  np: NarrowPhase, w: number, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array, start: number, end: number,
  commit: boolean,
): void {
  // the WebAssembly loop where the columns are in its arena (the same bits), else this one
  if (np.kernels && discWallsWasm(np.kernels, np.bodies, np.walls, w, np.index, prev, out, m, dt, sums, start, end, commit)) {
    out.count = end;
    return;
  }
  const walls = np.walls, b = np.bodies, evx = b.evx, evy = b.evy, ew = b.eomega;
  const rad = b.radius, im = b.invMass, fx = b.fx, fy = b.fy, tau = b.tau;
  const wvx = walls.vx[w], wvy = walls.vy[w], fixedWall = walls.invMass[w] === 0;
  const pxi = prev.xi, index = np.index;
  const kn = m.kn, kt = m.kt, mu = m.mu, invKt = kt > 0 ? 1 / kt : 0, clamp = m.clampNormal, elastic = m.capElastic;
  const zn2 = 2 * m.zetaN, zt2 = 2 * m.zetaT, fromRatio = m.gtFromRatio, ratio = m.gtRatio, sqrtKn = Math.sqrt(kn), sqrtKt = Math.sqrt(kt);
  let normalPower = sums[NORMAL_POWER], dashpot = sums[DASHPOT_POWER], slip = sums[SLIP_POWER], maxRatio = sums[MAX_RATIO], energy = sums[ELASTIC];
  let power = sums[WALL_POWER], wfx = 0, wfy = 0;
  const oj = out.j, onx = out.nx, ony = out.ny, odelta = out.delta;
  const oun = out.un, out_ = out.ut, omr = out.mr, oprev = out.prevIndex, onew = out.isNew, oxi = out.xi, ogn = out.gn, ogt = out.gt;
  const ofe = out.fe, ofn = out.fn, oxiE = out.xiEval, oft = out.ft;
  const i = -1 - w;
  for (let k = start; k < end; k++) {
    const j = oj[k], aj = rad[j], nx = onx[k], ny = ony[k], delta = odelta[k];
    const r = delta / aj;
    if (r > maxRatio) maxRatio = r;
    const dvx = evx[j] - wvx, dvy = evy[j] - wvy, wj = ew[j];
    const un = dvx * nx + dvy * ny;
    const ut = -dvx * ny + dvy * nx - aj * wj;
    oun[k] = un; out_[k] = ut;
    const imSum = im[j];
    const mr = imSum > 0 ? 1 / imSum : 0;
    omr[k] = mr;
    const q = index.find(i, j, 0);
    oprev[k] = q;
    onew[k] = q >= 0 ? 0 : 1;
    const xi0 = q >= 0 ? pxi[q] : 0;
    const sm = Math.sqrt(mr);
    const g = zn2 * sm * sqrtKn;
    const gt = fromRatio ? ratio * g : zt2 * sm * sqrtKt;
    ogn[k] = g; ogt[k] = gt;
    const e = kn * delta;
    ofe[k] = e;
    let fn = e - g * un;
    if (clamp && fn < 0) fn = 0;
    else normalPower += g * un * un;
    ofn[k] = fn;
    let xi = xi0 + ut * dt, ft: number;
    if (elastic) {
      const lim = e > 0 ? mu * e : 0;
      if (kt * Math.abs(xi) > lim) {
        xi = (xi > 0 ? lim : -lim) * invKt;
        slip += kt * xi * ut;
      }
      ft = -kt * xi - gt * ut;
      dashpot += gt * ut * ut;
    } else {
      const f = -kt * xi - gt * ut;
      const lim = fn > 0 ? mu * fn : 0;
      if (Math.abs(f) > lim) {
        ft = f > 0 ? lim : -lim;
        xi = -ft * invKt;
        slip -= ft * ut;
      } else {
        ft = f;
        dashpot += gt * ut * ut;
      }
    }
    oxiE[k] = xi;
    oxi[k] = commit ? xi : xi0;
    oft[k] = ft;
    energy += 0.5 * kn * delta * delta;
    energy += 0.5 * kt * xi * xi;
    const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
    fx[j] += Fx; fy[j] += Fy; tau[j] += -aj * ft;
    wfx -= Fx; wfy -= Fy;
    if (fixedWall) power += Fx * wvx + Fy * wvy;
  }
  out.count = end;
  walls.fx[w] += wfx; walls.fy[w] += wfy;
  sums[NORMAL_POWER] = normalPower; sums[DASHPOT_POWER] = dashpot; sums[SLIP_POWER] = slip; sums[MAX_RATIO] = maxRatio; sums[WALL_POWER] = power; sums[ELASTIC] = energy;
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
  const slot = c.contactOfPair, pair = c.pair;
  for (let p = 0; p < pairs.count; p++) if (slot[p] >= 0) pair[slot[p]] = p;
}
