/**
 * The JavaScript oracle of the disc pair kernel (src/core/wasm/assembly/disc-pairs.ts with linear-cundall.ts, run by
 * src/core/contacts/disc-pair-wasm.ts): the fused pass's pair loop as it was written in JavaScript before the kernel
 * became the only one, every expression the staged pipeline's own, in its order:
 *   δ = a_i + a_j − |d|, n = d/|d| (paper 002 Eq. 5);  f_n = k_n δ − γ_n u_n (paper 002 Eq. 8);
 *   ξ* = ξ + u_t Δt (paper 000 Eq. 7);  the cap of src/core/contacts/coulomb-cap.ts;  F = f_n n + f_t t on j.
 * test/core/wasm-disc-pairs.test.ts checks the kernel against it, bit for bit.
 */
import { MAX_RATIO } from '../../../src/core/contacts/disc-force-pass';
import type { DiscPassView, PairMaterial } from '../../../src/core/contacts/disc-pass-view';
import { MANY, NONE } from '../../../src/core/diagnostics/collision-monitor';
import { LINEAR } from '../../../src/core/laws/law-ids';
import { linearCundall, type ContactForce } from './linear-cundall';

/**
 * The pair loop over candidate pairs [p0, p1), writing contacts from k0 on, scattering every force; returns the end.
 * Its sums go to sums[s0 …]. (A worker pool's blocks, the kernel's other mode, give the serial bits: test/core/worker-pool.test.ts.)
 */
export function pairContactsRangeOracle(v: DiscPassView, m: PairMaterial, dt: number, p0: number, p1: number, k0: number, sums: Float64Array, s0: number): number {
  const ex = v.ex, ey = v.ey, evx = v.evx, evy = v.evy, ew = v.ew;
  const rad = v.rad, im = v.im, ii = v.ii, fx = v.fx, fy = v.fy, tau = v.tau;
  const periodic = v.periodic, L = v.L, bySlot = v.bySlot, commit = v.commit;
  const pi = v.pi, pj = v.pj;
  const oi = v.oi, oj = v.oj, of = v.of, olaw = v.olaw, ofn = v.ofn, oft = v.oft, oxiE = v.oxiE;
  const oxi = v.oxi, oprev = v.oprev, slot = v.slot;
  const pxi = v.pxi, pslot = v.pslot, history = v.history, findPartners = v.findPartners, partner = v.partner;
  const c: ContactForce = { g: 0, gt: 0, e: 0, fn: 0, ft: 0, xi: 0 };
  let maxRatio = sums[s0 + MAX_RATIO];
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
    // dashpots, the linear law, the Cundall spring under the Coulomb cap, the sums (linear-cundall.ts)
    linearCundall(m, dt, delta, un, ut, mr, xi0, sums, s0, c);
    const fn = c.fn, ft = c.ft;
    ofn[k] = fn;
    oxiE[k] = c.xi;
    oxi[k] = commit ? c.xi : xi0;
    oft[k] = ft;
    // scatter (contacts/scatter-forces.ts): F on j, −F on i
    const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
    fx[j] += Fx; fy[j] += Fy; tau[j] += -aj * ft;
    fx[i] -= Fx; fy[i] -= Fy; tau[i] -= ai * ft;
    if (findPartners) { partner[i] = partner[i] === NONE ? j : MANY; partner[j] = partner[j] === NONE ? i : MANY; }
    k++;
  }
  of.fill(0, k0, k); olaw.fill(LINEAR, k0, k);
  sums[s0 + MAX_RATIO] = maxRatio;
  return k;
}
