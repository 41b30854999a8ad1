/**
 * Narrow phase for discs and walls at the evaluation configuration (design/contact-laws.md §2):
 *   disc–disc: d = x_j − x_i (minimum image), n = d/|d|, δ = a_i + a_j − |d|,
 *              lever arms r_i = a_i n, r_j = −a_j n (paper 002 Eq. 5, paper 003 Eq. 16)
 *   wall–disc: see boundaries/walls.ts; the wall is body i (stored as i = −1 − w)
 * and the relative velocity of j's contact point w.r.t. i's (design/README.md):
 *   u_n = (v_j − v_i)·n,  u_t = (v_j − v_i)·t − a_i ω_i − a_j ω_j,  t = ẑ×n.
 * History (ξ, h0..h3) is copied from the previous step's contact with the same key
 * (design/contact-laws.md §10); a new contact starts with ξ = 0 (paper 002 note 1).
 * `gapMax` > 0 also keeps pairs whose gap g = −δ is below it (contact dynamics detects contacts at the
 * start of the step with a gap threshold, design/integrators.md §3.2); δ is then negative and the
 * contact point (cx, cy) is the mid-gap point.
 */
import type { PeriodicX } from '../boundaries/periodic';
import { LINE, type WallSet } from '../boundaries/walls';
import type { PairBuffer } from '../neighbors/pair-buffer';
import type { BodyState } from '../state/body-state';
import type { ContactHistoryIndex, ContactList } from '../state/contact-list';

export function findContacts(
  b: BodyState, pairs: PairBuffer, walls: WallSet, periodic: PeriodicX,
  prev: ContactList, index: ContactHistoryIndex, out: ContactList, gapMax = 0,
): void {
  index.build(prev);
  out.count = 0;
  out.reserve(pairs.count + 16);
  const ex = b.ex, ey = b.ey, evx = b.evx, evy = b.evy, ew = b.eomega, rad = b.radius, im = b.invMass, ii = b.invInertia;
  const per = periodic.enabled, L = periodic.length;
  const pi = pairs.i, pj = pairs.j, np = pairs.count;
  const oi = out.i, oj = out.j, onx = out.nx, ony = out.ny, odelta = out.delta, oun = out.un, out_ = out.ut, omr = out.mr;
  const ocx = out.cx, ocy = out.cy;
  const oxi = out.xi, oh0 = out.h0, oh1 = out.h1, oh2 = out.h2, oh3 = out.h3, onew = out.isNew;
  const pxi = prev.xi, ph0 = prev.h0, ph1 = prev.h1, ph2 = prev.h2, ph3 = prev.h3;
  let k = 0;
  for (let p = 0; p < np; p++) {
    const i = pi[p], j = pj[p];
    let dx = ex[j] - ex[i];
    if (per) dx -= L * Math.round(dx / L);
    const dy = ey[j] - ey[i];
    const ai = rad[i], aj = rad[j], s = ai + aj, reach = s + gapMax;
    const d2 = dx * dx + dy * dy;
    if (d2 >= reach * reach) continue;
    const imSum = im[i] + im[j];
    if (imSum === 0 && ii[i] + ii[j] === 0) continue; // two immovable bodies
    const dist = Math.sqrt(d2);
    const inv = dist > 0 ? 1 / dist : 0;
    const nx = dist > 0 ? dx * inv : 1, ny = dy * inv;
    const dvx = evx[j] - evx[i], dvy = evy[j] - evy[i];
    const delta = s - dist;
    oi[k] = i;
    oj[k] = j;
    onx[k] = nx;
    ony[k] = ny;
    odelta[k] = delta;
    oun[k] = dvx * nx + dvy * ny;
    out_[k] = -dvx * ny + dvy * nx - ai * ew[i] - aj * ew[j];
    omr[k] = imSum > 0 ? 1 / imSum : 0;
    ocx[k] = ex[i] + (ai - 0.5 * delta) * nx;
    ocy[k] = ey[i] + (ai - 0.5 * delta) * ny;
    const q = index.find(i, j);
    if (q >= 0) {
      oxi[k] = pxi[q]; oh0[k] = ph0[q]; oh1[k] = ph1[q]; oh2[k] = ph2[q]; oh3[k] = ph3[q]; onew[k] = 0;
    } else {
      oxi[k] = 0; oh0[k] = 0; oh1[k] = 0; oh2[k] = 0; oh3[k] = 0; onew[k] = 1;
    }
    k++;
  }
  out.count = k;
  for (let w = 0; w < walls.count; w++) wallContacts(b, walls, w, prev, index, out, gapMax);
}

function wallContacts(b: BodyState, walls: WallSet, w: number, prev: ContactList, index: ContactHistoryIndex, out: ContactList, gapMax: number): void {
  const ex = b.ex, ey = b.ey, evx = b.evx, evy = b.evy, ew = b.eomega, rad = b.radius, im = b.invMass;
  const ax = walls.ax[w] + walls.ox[w], ay = walls.ay[w] + walls.oy[w];
  const wvx = walls.vx[w], wvy = walls.vy[w];
  const isLine = walls.kind[w] === LINE;
  const wnx = walls.nx[w], wny = walls.ny[w];
  const sx = walls.bx[w] - walls.ax[w], sy = walls.by[w] - walls.ay[w];
  const sl2 = sx * sx + sy * sy;
  const i = -1 - w;
  for (let j = 0; j < b.n; j++) {
    if (im[j] === 0) continue;
    const aj = rad[j];
    let nx: number, ny: number, delta: number;
    if (isLine) {
      delta = aj - ((ex[j] - ax) * wnx + (ey[j] - ay) * wny);
      if (delta <= -gapMax) continue;
      nx = wnx; ny = wny;
    } else {
      let u = ((ex[j] - ax) * sx + (ey[j] - ay) * sy) / sl2;
      u = u < 0 ? 0 : u > 1 ? 1 : u;
      const dx = ex[j] - (ax + u * sx), dy = ey[j] - (ay + u * sy);
      const d2 = dx * dx + dy * dy;
      const reach = aj + gapMax;
      if (d2 >= reach * reach || d2 === 0) continue;
      const dist = Math.sqrt(d2);
      delta = aj - dist;
      nx = dx / dist; ny = dy / dist;
    }
    if (out.count === out.capacity) out.reserve(out.count + 1);
    const k = out.count++;
    const dvx = evx[j] - wvx, dvy = evy[j] - wvy;
    out.i[k] = i;
    out.j[k] = j;
    out.nx[k] = nx;
    out.ny[k] = ny;
    out.delta[k] = delta;
    out.un[k] = dvx * nx + dvy * ny;
    out.ut[k] = -dvx * ny + dvy * nx - aj * ew[j];
    out.mr[k] = 1 / im[j];
    out.cx[k] = ex[j] - (aj - 0.5 * delta) * nx;
    out.cy[k] = ey[j] - (aj - 0.5 * delta) * ny;
    const q = index.find(i, j);
    if (q >= 0) {
      out.xi[k] = prev.xi[q]; out.h0[k] = prev.h0[q]; out.h1[k] = prev.h1[q]; out.h2[k] = prev.h2[q]; out.h3[k] = prev.h3[q];
      out.isNew[k] = 0;
    } else {
      out.xi[k] = 0; out.h0[k] = 0; out.h1[k] = 0; out.h2[k] = 0; out.h3[k] = 0;
      out.isNew[k] = 1;
    }
  }
}
