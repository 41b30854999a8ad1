/**
 * Packs a lockstep comparison's variants after the first into a frame's variant blocks (layout:
 * src/protocol/frame.ts): per variant, every body's x, y, φ. Runs after packFrame on the same buffer;
 * writes only the blocks the UI made room for (H_VARIANT_CAP) and asks for more (H_BYTES_NEEDED) when
 * the comparison has more variants. A stopped (diverged) variant takes no more steps, so its blocks hold where
 * it stopped: they are marked drawable like the others (the UI draws it frozen even when no frame caught it
 * running); a variant with a non-finite value is written but not marked drawable, so the UI never draws it.
 */
import {
  capsFor, frameOffsets, FLAG_EMPTY, FLAG_TOO_SMALL, H_BYTES_NEEDED, H_CONTACT_CAP, H_CONTACTS_TOTAL, H_FLAGS, H_N,
  H_N_CAP, H_VARIANT_CAP, H_VARIANTS, H_WALL_CAP, HEADER_INTS, VARIANT_FLOATS, variantHeader,
} from '../protocol/frame';
import type { WorldLike } from './core-adapter';

const LIMIT = 1e30;

export function packVariants(buf: ArrayBuffer, others: readonly WorldLike[], walls: number): void {
  const hdr = new Int32Array(buf, 0, HEADER_INTS);
  const total = others.length;
  hdr[H_VARIANTS] = variantHeader(total, 0);
  if (total === 0 || hdr[H_FLAGS] & (FLAG_EMPTY | FLAG_TOO_SMALL)) return;
  const cap = Math.max(0, Math.min(hdr[H_VARIANT_CAP], total));
  const n = hdr[H_N];
  if (cap < total) {
    const need = frameOffsets(capsFor(n, hdr[H_CONTACTS_TOTAL], walls, total)).bytes;
    hdr[H_BYTES_NEEDED] = Math.max(hdr[H_BYTES_NEEDED], need);
  }
  const off = frameOffsets({ nCap: hdr[H_N_CAP], contactCap: hdr[H_CONTACT_CAP], wallCap: hdr[H_WALL_CAP], variantCap: cap });
  if (off.bytes > buf.byteLength) return;
  const f = new Float32Array(buf, 0, off.bytes / 4);
  let drawable = 0;
  for (let v = 0; v < cap; v++) {
    const w = others[v];
    if (w.n !== n) continue;
    const { x, y, phi } = w.bodies;
    let q = off.variants + v * VARIANT_FLOATS * hdr[H_N_CAP];
    let finite = true;
    for (let i = 0; i < n; i++) {
      const xi = x[i], yi = y[i], ph = phi[i];
      // NaN fails every comparison: this catches NaN as well as ±Infinity and huge values
      if (!(xi > -LIMIT && xi < LIMIT && yi > -LIMIT && yi < LIMIT && ph > -LIMIT && ph < LIMIT)) finite = false;
      f[q] = xi; f[q + 1] = yi; f[q + 2] = ph;
      q += VARIANT_FLOATS;
    }
    if (finite) drawable |= 1 << v;
  }
  hdr[H_VARIANTS] = variantHeader(total, drawable);
}
