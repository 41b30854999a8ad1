/**
 * Colliders for discs: rows of the narrow-phase table (docs/model.md#contact-geometry), each run once per
 * step over the candidate pairs (or bodies) of its kind; a touching pair appends one contact to the
 * record at the evaluation configuration (ex, ey):
 *   disc i – disc j: d = x_j − x_i (minimum image), n = d/|d|, δ = a_i + a_j − |d|   (paper 002 Eq. 5)
 *   wall i – disc j: line: n = inward normal, δ = a_j − (x_j − x_w)·n;
 *                    segment: n from the closest point q, δ = a_j − |x_j − q| (rounded ends)
 * Lever arms (contact frame, state/contact-list.ts): to each disc's surface point along n,
 * r_i = a_i n, r_j = −a_j n (paper 002 Eq. 5, paper 003 Eq. 16), or, for contact dynamics, to the
 * mid-gap point C, r_i = (a_i − δ/2) n, r_j = −(a_j − δ/2) n ([Sho12] §3.1). The contact point drawn
 * is the mid-overlap (mid-gap) point; l_c is the smaller radius. The disc law acts (linear or Hertz).
 */
import { LINE } from '../boundaries/walls';
import type { PairBuffer } from '../neighbors/pair-buffer';
import type { ContactSearch } from './contact-search';

export function collideDiscDisc(np: ContactSearch, pairs: PairBuffer): void {
  const b = np.bodies, ex = b.ex, ey = b.ey, rad = b.radius, im = b.invMass, ii = b.invInertia;
  const periodic = np.periodic, gapMax = np.gapMax, toPoint = np.rigid, out = np.out, law = np.discLaw;
  const pi = pairs.i, pj = pairs.j, count = pairs.count;
  const oi = out.i, oj = out.j, of = out.feature, olaw = out.law, onx = out.nx, ony = out.ny;
  const odelta = out.delta, odepth = out.depth, olc = out.lc, oratio = out.ratio;
  const orin = out.rin, orit = out.rit, orjn = out.rjn, orjt = out.rjt, ocx = out.cx, ocy = out.cy;
  const opair = out.pair, slot = out.contactOfPair;
  let k = out.count; // capacity: reserved for every candidate pair by the narrow phase
  for (let p = 0; p < count; p++) {
    const i = pi[p], j = pj[p];
    slot[p] = -1;
    if (im[i] + im[j] === 0 && ii[i] + ii[j] === 0) continue; // two immovable bodies
    const dx = periodic.minimumImageX(ex[j] - ex[i]);
    const dy = ey[j] - ey[i];
    const ai = rad[i], aj = rad[j], s = ai + aj, reach = s + gapMax;
    const d2 = dx * dx + dy * dy;
    if (d2 >= reach * reach) continue;
    slot[p] = k;
    opair[k] = p;
    const dist = Math.sqrt(d2);
    const inv = dist > 0 ? 1 / dist : 0;
    const nx = dist > 0 ? dx * inv : 1, ny = dy * inv;
    const delta = s - dist;
    oi[k] = i;
    oj[k] = j;
    of[k] = 0;
    olaw[k] = law;
    onx[k] = nx;
    ony[k] = ny;
    odelta[k] = delta;
    odepth[k] = delta;
    const lc = ai < aj ? ai : aj;
    olc[k] = lc;
    oratio[k] = delta / lc;
    orin[k] = toPoint ? ai - 0.5 * delta : ai;
    orit[k] = 0;
    orjn[k] = toPoint ? -(aj - 0.5 * delta) : -aj;
    orjt[k] = 0;
    ocx[k] = ex[i] + (ai - 0.5 * delta) * nx;
    ocy[k] = ey[i] + (ai - 0.5 * delta) * ny;
    k++;
  }
  out.count = k;
}

export function collideWallDisc(np: ContactSearch, w: number, kind: number): void {
  const walls = np.walls, b = np.bodies, ex = b.ex, ey = b.ey, rad = b.radius, im = b.invMass, shape = b.shape;
  const gapMax = np.gapMax;
  const toPoint = np.rigid, out = np.out;
  const ax = walls.ax[w] + walls.ox[w], ay = walls.ay[w] + walls.oy[w];
  const isLine = walls.kind[w] === LINE;
  const wnx = walls.nx[w], wny = walls.ny[w];
  const sx = walls.bx[w] - walls.ax[w], sy = walls.by[w] - walls.ay[w];
  const sl2 = sx * sx + sy * sy;
  const i = -1 - w;
  for (let j = 0; j < b.n; j++) {
    if (im[j] === 0 || shape[j] !== kind) continue;
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
    out.i[k] = i;
    out.j[k] = j;
    out.feature[k] = 0;
    out.law[k] = np.discLaw;
    out.nx[k] = nx;
    out.ny[k] = ny;
    out.delta[k] = delta;
    out.depth[k] = delta;
    out.lc[k] = aj;
    out.ratio[k] = delta / aj;
    out.rin[k] = 0;
    out.rit[k] = 0;
    out.rjn[k] = toPoint ? -(aj - 0.5 * delta) : -aj;
    out.rjt[k] = 0;
    out.cx[k] = ex[j] - (aj - 0.5 * delta) * nx;
    out.cy[k] = ey[j] - (aj - 0.5 * delta) * ny;
  }
}
