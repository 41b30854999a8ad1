/**
 * Packs the world's state into a frame buffer (layout: src/protocol/frame.ts). Runs in the worker;
 * writes only inside the capacities the UI put in the header; never lets a non-finite value
 * through as drawable (FLAG_FINITE is cleared instead, and the UI keeps its last picture).
 */
import {
  BODY_FIXED, COLOR_CONTACTS, COLOR_SPEED, CONTACT_FLOATS, DATA_OFFSET_BYTES, F_STEP, F_T,
  FLAG_DIVERGED, FLAG_EMPTY, FLAG_FINITE, FLAG_HAS_CONTACTS, FLAG_HAS_STATIC, FLAG_HAS_WALLS, FLAG_TOO_SMALL,
  H_BYTES_NEEDED, H_COLOR_MODE, H_CONTACTS, H_CONTACTS_TOTAL, H_CONTACT_CAP, H_FLAGS, H_MASK, H_N, H_N_CAP,
  H_SEQ, H_STATIC_SEEN, H_STATIC_VERSION, H_WALLS, H_WALL_CAP, HEADER_INTS, MASK_CONTACTS, MASK_WALLS,
  PARTICLE_FLOATS, SHAPE_POLYGON, STATIC_FLOATS, WALL_FLOATS, capsFor, frameOffsets,
} from '../protocol/frame';
import type { WorldLike } from './core-adapter';

const LIMIT = 1e30;
let countScratch = new Float32Array(0);

export function packFrame(buf: ArrayBuffer, world: WorldLike | null, seq: number, staticVersion: number): void {
  if (buf.byteLength < DATA_OFFSET_BYTES) return;
  const hdr = new Int32Array(buf, 0, HEADER_INTS);
  const f64 = new Float64Array(buf, HEADER_INTS * 4, 4);
  hdr[H_SEQ] = seq;
  hdr[H_STATIC_VERSION] = staticVersion;
  hdr[H_BYTES_NEEDED] = 0;
  if (!world) { hdr[H_FLAGS] = FLAG_EMPTY; hdr[H_N] = 0; return; }
  const n = world.n;
  const caps = { nCap: hdr[H_N_CAP], contactCap: hdr[H_CONTACT_CAP], wallCap: hdr[H_WALL_CAP] };
  const off = frameOffsets(caps);
  const mask = hdr[H_MASK];
  const wantContacts = (mask & MASK_CONTACTS) !== 0;
  const wantWalls = (mask & MASK_WALLS) !== 0;
  const ccount = world.contactCount; // the record itself only when contacts are drawn or counted per disc
  const wcount = world.walls.count;
  hdr[H_N] = n;
  hdr[H_CONTACTS_TOTAL] = ccount;
  f64[F_T] = world.t;
  f64[F_STEP] = world.stepCount;
  let flags = world.health.status === 'diverged' ? FLAG_DIVERGED : 0;
  if (off.bytes > buf.byteLength || n > caps.nCap || wcount > caps.wallCap) {
    hdr[H_FLAGS] = flags | FLAG_TOO_SMALL;
    hdr[H_BYTES_NEEDED] = frameOffsets(capsFor(n, ccount, wcount)).bytes;
    return;
  }
  const f = new Float32Array(buf, 0, off.bytes / 4);
  const b = world.bodies;
  const { x, y, phi, vx, vy } = b;
  const colorMode = hdr[H_COLOR_MODE];
  let finite = true;

  if (colorMode === COLOR_CONTACTS) {
    if (countScratch.length < n) countScratch = new Float32Array(Math.ceil(n * 1.5));
    countScratch.fill(0, 0, n);
    const ci = world.contacts.i, cj = world.contacts.j;
    for (let k = 0; k < ccount; k++) {
      if (ci[k] >= 0) countScratch[ci[k]]++;
      if (cj[k] >= 0) countScratch[cj[k]]++;
    }
  }
  let p = off.particles;
  for (let i = 0; i < n; i++) {
    const xi = x[i], yi = y[i], ph = phi[i];
    // NaN fails every comparison, so this catches NaN as well as ±Infinity and huge values
    if (!(xi > -LIMIT && xi < LIMIT && yi > -LIMIT && yi < LIMIT && ph > -LIMIT && ph < LIMIT)) finite = false;
    f[p] = xi; f[p + 1] = yi; f[p + 2] = ph;
    f[p + 3] = colorMode === COLOR_SPEED ? Math.sqrt(vx[i] * vx[i] + vy[i] * vy[i])
      : colorMode === COLOR_CONTACTS ? countScratch[i] : 0;
    p += PARTICLE_FLOATS;
  }
  if (hdr[H_STATIC_SEEN] !== staticVersion) {
    let s = off.statics;
    const r = b.radius, fl = b.flags, shape = b.shape;
    for (let i = 0; i < n; i++) { f[s] = r[i]; f[s + 1] = fl[i]; f[s + 2] = shape[i]; s += STATIC_FLOATS; }
    flags |= FLAG_HAS_STATIC;
  }
  if (wantWalls) {
    const w = world.walls;
    let q = off.walls;
    for (let k = 0; k < wcount; k++) {
      // where the wall is now: a moving wall or a piston has moved by (ox, oy) from its start
      const ox = w.ox[k], oy = w.oy[k];
      if (!(ox > -LIMIT && ox < LIMIT && oy > -LIMIT && oy < LIMIT)) finite = false;
      f[q] = w.kind[k]; f[q + 1] = w.ax[k] + ox; f[q + 2] = w.ay[k] + oy; f[q + 3] = w.bx[k] + ox; f[q + 4] = w.by[k] + oy;
      f[q + 5] = w.nx[k]; f[q + 6] = w.ny[k];
      q += WALL_FLOATS;
    }
    hdr[H_WALLS] = wcount;
    flags |= FLAG_HAS_WALLS;
  } else hdr[H_WALLS] = 0;
  if (wantContacts) {
    const c = world.contacts;
    const m = Math.min(ccount, caps.contactCap);
    let q = off.contacts;
    let written = 0;
    const shape = b.shape;
    for (let k = 0; k < m; k++) {
      const i = c.i[k], j = c.j[k];
      // two discs: centre to centre; a polygon in the pair: centre → contact point → centre (the point
      // is off the centre line); a wall contact: from the contact point to the centre
      const x1 = i >= 0 ? x[i] : c.cx[k], y1 = i >= 0 ? y[i] : c.cy[k];
      const x2 = x[j], y2 = y[j], fn = c.fn[k];
      const viaPoint = i < 0 || shape[i] === SHAPE_POLYGON || shape[j] === SHAPE_POLYGON;
      const xm = viaPoint ? c.cx[k] : 0.5 * (x1 + x2), ym = viaPoint ? c.cy[k] : 0.5 * (y1 + y2);
      if (!(x1 > -LIMIT && x1 < LIMIT && y1 > -LIMIT && y1 < LIMIT && xm > -LIMIT && xm < LIMIT && ym > -LIMIT && ym < LIMIT
        && x2 > -LIMIT && x2 < LIMIT && y2 > -LIMIT && y2 < LIMIT && fn > -LIMIT && fn < LIMIT)) {
        finite = false;
        continue;
      }
      f[q] = x1; f[q + 1] = y1; f[q + 2] = xm; f[q + 3] = ym; f[q + 4] = x2; f[q + 5] = y2; f[q + 6] = fn;
      q += CONTACT_FLOATS;
      written++;
    }
    hdr[H_CONTACTS] = written;
    if (ccount > caps.contactCap) hdr[H_BYTES_NEEDED] = frameOffsets(capsFor(n, ccount, wcount)).bytes;
    flags |= FLAG_HAS_CONTACTS;
  } else hdr[H_CONTACTS] = 0;
  if (finite) flags |= FLAG_FINITE;
  hdr[H_FLAGS] = flags;
}

export { BODY_FIXED };
