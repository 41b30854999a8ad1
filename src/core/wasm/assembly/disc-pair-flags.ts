/**
 * The disc kernels' flags (assembly/disc-pairs.ts, disc-walls.ts), in one place for the kernel and its caller
 * (contacts/disc-pair-wasm.ts): plain constants, valid AssemblyScript and TypeScript alike.
 * Bit 0 periodic in x, 1 commit ξ ← ξ*, 2 cap with the elastic force, 3 clamp f_n ≥ 0, 4 γ_t = ratio·γ_n,
 * 5 note partners, 6 history by key (else by pair slot), 7 a worker pool's block (n into the record, forces
 * only on the block's own bodies; else every force scattered at once), 8 the pairs are list[p0 … p1), the
 * touching ones countTouching found (their slots set to −1 already; else the pairs p0 … p1 − 1), 9 the kernel
 * lists them itself, FILTER_CHUNK candidates at a time, into `list` (a scratch of FILTER_CHUNK entries);
 * 10 (the wall kernel, disc-walls.ts, with bits 1–4) the wall is fixed: its power is counted.
 */
export const PERIODIC = 1, COMMIT = 2, CAP_ELASTIC = 4, CLAMP = 8, FROM_RATIO = 16, PARTNERS = 32, BY_KEY = 64, BLOCK = 128, LISTED = 256, FILTER = 512;
export const FIXED_WALL = 1024;
/** Candidate pairs FILTER lists at a time: their list stays in L1 */
export const FILTER_CHUNK = 1024;
