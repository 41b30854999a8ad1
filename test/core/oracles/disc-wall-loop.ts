/**
 * The JavaScript oracle of the disc wall kernel (src/core/wasm/assembly/disc-walls.ts with linear-cundall.ts, run by
 * src/core/contacts/disc-wall-wasm.ts): the fused pass's wall-contact loop as it was written in JavaScript, the
 * staged pipeline's expressions in its order (dashpots, linear law, Cundall spring, Coulomb cap; the wall gets −F).
 * test/core/wasm-disc-pairs.test.ts checks the kernel against it, bit for bit.
 */
import { DASHPOT_POWER, ELASTIC, MAX_RATIO, NORMAL_POWER, SLIP_POWER, WALL_POWER } from '../../../src/core/contacts/disc-force-pass';
import type { NarrowPhase } from '../../../src/core/contacts/narrow-phase';
import type { MaterialCoefficients } from '../../../src/core/laws/material';
import type { ContactList } from '../../../src/core/state/contact-list';

/** Forces of wall w's contacts, rows [start, end) of `out` (their geometry written by touchWall), committing ξ with `commit`; sets out.count = end. */
export function wallContactsOracle(
  np: NarrowPhase, w: number, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array, start: number, end: number,
  commit: boolean,
): void {
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
