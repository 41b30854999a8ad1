/**
 * Frame layout shared by the worker (which packs) and the UI (which unpacks).
 * docs/architecture.md#worker-and-page: the UI owns a small pool of ArrayBuffers sized from this layout,
 * transfers one to the worker's `fillFrame`, and gets it back filled (also by transfer).
 * No core runtime code here: constants and pure layout arithmetic only.
 *
 * Byte layout of one frame buffer:
 *   [0, 64)    Int32 header, HEADER_INTS slots (indices H_*)
 *   [64, 96)   Float64 header, 4 slots (indices F_*)
 *   [96, …)    Float32 data blocks, in this order:
 *     particles  PARTICLE_FLOATS × nCap    per particle i: x, y, φ, colour scalar
 *     static     STATIC_FLOATS × nCap      per particle i: radius (a polygon's circumradius), body flags,
 *                                          shape kind (SHAPE_*), all as floats
 *     walls      WALL_FLOATS × wallCap     per wall, where it is now (start point + displacement):
 *                                          kind, ax, ay, bx, by, nx, ny
 *     contacts   CONTACT_FLOATS × contactCap  per contact: a polyline x1, y1 → xm, ym → x2, y2, and fn.
 *                                          Two discs: centre to centre (xm, ym the midpoint); a polygon
 *                                          in the pair: centre → contact point → centre; a wall
 *                                          contact: contact point (x1, y1 = xm, ym) → centre.
 *     variants   VARIANT_FLOATS × nCap × variantCap  a lockstep comparison's variants 2, 3, …: per
 *                                          variant, per particle i: x, y, φ (variant 1 is the particles block)
 * A polygon's vertices are static and not in the frame: SimApi.polygonShapes() gives them.
 * The capacities are written by the UI into the header before it sends the buffer; the worker
 * never writes past them and reports `H_BYTES_NEEDED` when a frame did not fit.
 */

export const HEADER_INTS = 16;
export const HEADER_F64 = 4;
export const DATA_OFFSET_BYTES = HEADER_INTS * 4 + HEADER_F64 * 8; // 96

// Int32 header slots
/** Frame sequence number, written by the worker */
export const H_SEQ = 0;
/** Particles in this frame */
export const H_N = 1;
/** Contacts written into the contact block */
export const H_CONTACTS = 2;
/** Contacts in the world (may exceed H_CONTACTS when truncated) */
export const H_CONTACTS_TOTAL = 3;
/** Walls written */
export const H_WALLS = 4;
/** FLAG_* bits */
export const H_FLAGS = 5;
/** Bytes a buffer must have to hold this frame in full (0 when it fitted) */
export const H_BYTES_NEEDED = 6;
/** Version of the static block (radius, flags, shape): bumps on every scenario load */
export const H_STATIC_VERSION = 7;
/** Written by the UI: the static version it already has (worker sends statics when it differs) */
export const H_STATIC_SEEN = 8;
/** Written by the UI: capacities */
export const H_N_CAP = 9;
export const H_CONTACT_CAP = 10;
export const H_WALL_CAP = 11;
/** Written by the UI: COLOR_* */
export const H_COLOR_MODE = 12;
/** Written by the UI: MASK_* */
export const H_MASK = 13;
/** Written by the UI: variant blocks the buffer holds (a comparison's variants after the first) */
export const H_VARIANT_CAP = 14;
/** Written by the worker: variants after the first in the comparison, and which are drawable (variantHeader) */
export const H_VARIANTS = 15;

// Float64 header slots (index into a Float64Array at byte 64)
export const F_T = 0;
export const F_STEP = 1;

// Flags
/** Every value in the frame is finite: the UI may draw it */
export const FLAG_FINITE = 1;
export const FLAG_HAS_STATIC = 2;
export const FLAG_HAS_CONTACTS = 4;
export const FLAG_HAS_WALLS = 8;
/** The buffer was too small; nothing but the header is valid */
export const FLAG_TOO_SMALL = 16;
/** The simulation had diverged when the frame was packed */
export const FLAG_DIVERGED = 32;
/** No world is loaded */
export const FLAG_EMPTY = 64;

// Request mask
export const MASK_CONTACTS = 1;
export const MASK_WALLS = 2;

// Colour modes: what the colour scalar holds
export const COLOR_SPEED = 0;
export const COLOR_CONTACTS = 1;
export const COLOR_NONE = 2;

export const PARTICLE_FLOATS = 4;
export const STATIC_FLOATS = 3;
export const WALL_FLOATS = 7;
export const CONTACT_FLOATS = 7;
export const VARIANT_FLOATS = 3;

/** Body flag bits (same as the core's `bodies.flags`) */
export const BODY_FIXED = 1;
export const BODY_PRESCRIBED = 16;

/** Shape kinds in the static block: the core's shape registry's (shapes/shape-kind.ts) */
export { DISC as SHAPE_DISC, POLYGON as SHAPE_POLYGON } from '../core/shapes/shape-kind';

export interface FrameCaps {
  nCap: number;
  contactCap: number;
  wallCap: number;
  /** Blocks for a comparison's variants after the first (0 when absent) */
  variantCap?: number;
}

export interface FrameOffsets {
  /** Float32 indices of each block */
  particles: number;
  statics: number;
  walls: number;
  contacts: number;
  /** the first variant block (variant 2); block v − 2 starts VARIANT_FLOATS × nCap × (v − 2) further */
  variants: number;
  /** total bytes */
  bytes: number;
}

export function frameOffsets(c: FrameCaps): FrameOffsets {
  const base = DATA_OFFSET_BYTES / 4;
  const particles = base;
  const statics = particles + PARTICLE_FLOATS * c.nCap;
  const walls = statics + STATIC_FLOATS * c.nCap;
  const contacts = walls + WALL_FLOATS * c.wallCap;
  const variants = contacts + CONTACT_FLOATS * c.contactCap;
  const end = variants + VARIANT_FLOATS * c.nCap * (c.variantCap ?? 0);
  return { particles, statics, walls, contacts, variants, bytes: end * 4 };
}

/** Capacities the UI allocates for n particles and about `contacts` contacts, with headroom. */
export function capsFor(n: number, contacts = 0, walls = 0, variants = 0): FrameCaps {
  const nCap = Math.max(16, Math.ceil(n * 1.0));
  const contactCap = Math.max(256, Math.ceil(Math.max(3 * n, contacts * 1.5)));
  const wallCap = Math.max(32, walls * 2);
  return { nCap, contactCap, wallCap, variantCap: variants };
}

/** H_VARIANTS: `total` variants after the first, of which those with bit v − 2 of `drawable` have finite positions written. */
export function variantHeader(total: number, drawable: number): number {
  return total | (drawable << 8);
}
export function readVariantHeader(h: number): { total: number; drawable: number } {
  return { total: h & 0xff, drawable: (h >> 8) & 0xff };
}
