/**
 * The JavaScript oracle of the disc wall kernel (src/core/wasm/assembly/disc-walls.ts with linear-cundall.ts, run by
 * src/core/contacts/disc-wall-wasm.ts): the fused pass's wall-contact loop as it was written in JavaScript, the
 * staged pipeline's expressions in its order (dashpots, linear law, Cundall spring, Coulomb cap; the wall gets −F).
 * test/core/wasm-disc-pairs.test.ts checks the kernel against it, bit for bit.
 */
import { MAX_RATIO, WALL_POWER } from '../../../src/core/contacts/disc-force-pass';
import type { NarrowPhase } from '../../../src/core/contacts/narrow-phase';
import type { MaterialCoefficients } from '../../../src/core/laws/material';
import type { ContactList } from '../../../src/core/state/contact-list';
import { linearCundall, type ContactForce } from './linear-cundall';

/** Forces of wall w's contacts, rows [start, end) of `out` (their geometry written by touchWall), committing ξ with `commit`; sets out.count = end. */
export function wallContactsOracle(
  np: NarrowPhase, w: number, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array, start: number, end: number,
  commit: boolean,
): void {
  const walls = np.walls, b = np.bodies, evx = b.evx, evy = b.evy, ew = b.eomega;
  const rad = b.radius, im = b.invMass, fx = b.fx, fy = b.fy, tau = b.tau;
  const wvx = walls.vx[w], wvy = walls.vy[w], fixedWall = walls.invMass[w] === 0;
  const pxi = prev.xi, index = np.index;
  const c: ContactForce = { g: 0, gt: 0, e: 0, fn: 0, ft: 0, xi: 0 };
  let maxRatio = sums[MAX_RATIO];
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
    linearCundall(m, dt, delta, un, ut, mr, xi0, sums, 0, c);
    const fn = c.fn, ft = c.ft;
    ogn[k] = c.g; ogt[k] = c.gt; ofe[k] = c.e; ofn[k] = fn;
    oxiE[k] = c.xi;
    oxi[k] = commit ? c.xi : xi0;
    oft[k] = ft;
    const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
    fx[j] += Fx; fy[j] += Fy; tau[j] += -aj * ft;
    wfx -= Fx; wfy -= Fy;
    if (fixedWall) power += Fx * wvx + Fy * wvy;
  }
  out.count = end;
  walls.fx[w] += wfx; walls.fy[w] += wfy;
  sums[MAX_RATIO] = maxRatio; sums[WALL_POWER] = power;
}
