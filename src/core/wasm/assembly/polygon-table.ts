/**
 * The polygon kernels' table (assembly/polygon-pairs.ts), in one place for the kernels and their glue
 * (contacts/polygon-wasm.ts): plain constants, valid AssemblyScript and TypeScript alike. The table is
 * TABLE_BYTES of the arena (wasm/kernels.ts): an i32 per slot (a column's byte offset, or a small integer), then
 * the f64 parameters from PARAMS_AT on.
 */
/**
 * Column slots: the bodies' evaluation state, sizes and masses, shapes, and the polygons' world outlines of this search
 * (ContactSearch.rotations: x + Rot(φ) X at the vertex pool's offsets, vertexStart)
 */
export const EX = 0, EY = 1, RAD = 2, EQR = 3, IM = 4, II = 5, SHAPE = 6, VSTART = 7, VCOUNT = 8, WV = 9;
/** …the candidate pairs, and the record's columns a contact fills */
export const PI = 10, PJ = 11, OI = 12, OJ = 13, OFEAT = 14, OLAW = 15, ONX = 16, ONY = 17, ODELTA = 18, ODEPTH = 19, OLC = 20;
export const ORATIO = 21, ORIN = 22, ORIT = 23, ORJN = 24, ORJT = 25, OCX = 26, OCY = 27, OCHOICE = 28;
/** …last step's normals and flip choices, the history index by key (state/contact-list.ts ContactHistoryIndex), the scratch */
export const PNX = 29, PNY = 30, PCHOICE = 31, KI = 32, KJ = 33, KF = 34, KV = 35, SCRATCH = 36;
/**
 * …the record's prevIndex: a pair contact's row in last step's list (the history lookup carryHistory then skips); the
 * record's pair slots (each candidate pair's row, or −1) and last step's, read for the history while the pair list is
 * last step's (BY_SLOT: state/contact-list.ts contactOfPair)
 */
export const OPREV = 37, OSLOT = 38, PSLOT = 39;
/** …each candidate pair's separating-edge hint (PairBuffer.separatingEdge, u8: separating-edge.ts) */
export const PSEP = 40;
/** How many column slots the colliders read and write (the rest are the fused pass's) */
export const COLUMNS = 41;
/**
 * …the fused polygon pass's (contacts/polygon-force-pass.ts, FORCES): the bodies' evaluation velocities and forces, the
 * record's columns the force stages fill, last step's springs
 */
export const EVX = 41, EVY = 42, EW = 43, FX = 44, FY = 45, TAU = 46, OUN = 47, OUT = 48, OMR = 49, OGN = 50, OGT = 51, OKT = 52;
export const OFE = 53, OFN = 54, OFT = 55, OXI = 56, OXI_EVAL = 57, OISNEW = 58, PXI = 59;
/** The end of the fused pass's column slots */
export const FORCE_COLUMNS = 60;
/** Integer slots: the index's mask, the scratch's vertex room M, the plane definition, the flags, the law's id, (out) the pair a kernel left */
export const MASK = 60, ROOM = 61, PLANE = 62, FLAGS = 63, LAW = 64, LEFT = 65;
/** How many i32 slots */
export const SLOTS = 66;
/** Parameters, f64 indices from PARAMS_AT: the periodic box (x_min, L), the flip's hysteresis [rad], the disc stand-in's scale, a wall's line (a, n) */
export const XMIN = 0, LENGTH = 1, HYSTERESIS = 2, DISC_SCALE = 3, WALL_AX = 4, WALL_AY = 5, WALL_NX = 6, WALL_NY = 7;
/**
 * …the fused pass's: the material (k_n, k_t, μ, ζ_n, ζ_t, γ_t/γ_n), the spring's Δt, the wall's velocity and (in and out)
 * the force on it, and the pass's sums (contacts/disc-force-pass.ts's order: normal, dashpot and slip power, max ratio,
 * wall power, elastic energy)
 */
export const KN = 8, KT = 9, MU = 10, ZETA_N = 11, ZETA_T = 12, RATIO = 13, DT = 14, WALL_VX = 15, WALL_VY = 16, WALL_FX = 17, WALL_FY = 18;
export const SUMS_AT = 19;
/** How many parameters */
export const PARAMS = 25;
/** Where the parameters start (bytes into the table, 8-aligned) */
export const PARAMS_AT = 4 * 66;
/** The table's size in bytes */
export const TABLE_BYTES = PARAMS_AT + 8 * PARAMS;
/**
 * Flags: x is periodic; the plane definition changed since last step (every polygon contact starts afresh); the pair
 * list is last step's (the pair contacts' history by PSLOT, not by key)
 */
export const PERIODIC = 1, PLANE_CHANGED = 2, BY_SLOT = 256;
/**
 * The fused pass's: each contact's forces too (FORCES), the spring committed (COMMIT), the elastic Coulomb cap, the
 * clamped normal force, γ_t from γ_n (FROM_RATIO), the wall immovable (its power counted)
 */
export const FORCES = 4, COMMIT = 8, CAP_ELASTIC = 16, CLAMP = 32, FROM_RATIO = 64, WALL_FIXED = 128;
/** The fused pass's flags that hold for every row (all but the wall's) */
export const ROW_FORCE_FLAGS = FORCES | COMMIT | CAP_ELASTIC | CLAMP | FROM_RATIO;
/** Sides of the disc's stand-in polygon (shapes/disc-outline.ts DISC_SIDES); its unit outline opens the scratch */
export const SIDES = 24;
/**
 * The scratch (f64 indices) for M = ROOM vertices a polygon: the disc's unit outline (2·SIDES), the two world outlines
 * (2M each), the clipper's two buffers of 4M + 2 vertices (as shapes/polygon-clip.ts's), the boundary crossings (at
 * most M² points): SCRATCH_FIXED + SCRATCH_PER_ROOM · M + 2M² doubles
 */
export const SCRATCH_FIXED = 2 * SIDES + 8, SCRATCH_PER_ROOM = 20;
