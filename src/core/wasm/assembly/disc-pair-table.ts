/**
 * The disc kernels' table (assembly/disc-pairs.ts, disc-walls.ts), in one place for the kernels and their glue
 * (contacts/disc-pair-wasm.ts): plain constants, valid AssemblyScript and TypeScript alike. The table is a
 * thread's TABLE_BYTES in the first page of the arena's memory (wasm/kernels.ts): first an i32 byte offset per
 * column slot, then the f64 parameters from PARAMS_AT on.
 */
/** Column slots: the bodies' evaluation state, masses and forces */
export const EX = 0, EY = 1, EVX = 2, EVY = 3, EW = 4, RAD = 5, IM = 6, II = 7, FX = 8, FY = 9, TAU = 10;
/** …the candidate pairs, this step's record, last step's ξ and pair slots, the history index by key */
export const PI = 11, PJ = 12, OI = 13, OJ = 14, OFN = 15, OFT = 16, OXI_EVAL = 17, OXI = 18, OPREV = 19, SLOT = 20;
export const PXI = 21, PARTNER = 22, PSLOT = 23, H_START = 24, H_PARTNER = 25, H_CONTACT = 26;
/** …n (a pool's block), the block's own bodies, the touching pairs' list, the sums (at the first one this call adds to) */
export const ONX = 27, ONY = 28, INNER = 29, LIST = 30, SUMS = 31;
/** …and the record's columns a wall's contact also fills (disc-walls.ts: n and δ it reads, from touchWall) */
export const ODELTA = 32, OUN = 33, OUT = 34, OMR = 35, ONEW = 36, OGN = 37, OGT = 38, OFE = 39;
/** How many column slots */
export const TABLE_SLOTS = 40;
/** Parameters, f64 indices from PARAMS_AT: the material, the periodic length, Δt, a wall's velocity and (out) the force on it */
export const KN = 0, KT = 1, MU = 2, ZETA_N = 3, ZETA_T = 4, RATIO = 5, LENGTH = 6, DT = 7, WALL_VX = 8, WALL_VY = 9, WALL_FX = 10, WALL_FY = 11;
/** How many parameters */
export const PARAMS = 12;
/** Where the parameters start (bytes into the table) */
export const PARAMS_AT = 4 * TABLE_SLOTS;
/** A thread's table, in bytes (PARAMS_AT + 8 · PARAMS, a multiple of 64 so that threads share no cache line) */
export const TABLE_BYTES = 256;
