/**
 * The layout the worker pool's fused disc pass shares between its calling thread (contacts/parallel-disc-pass.ts)
 * and its kernels (contacts/parallel-disc-kernels.ts): the chunk sizes, the scalar arguments' slots and the
 * record's columns by name.
 */
/**
 * Candidate pairs per chunk, 2^shift, by the list's length alone (so the sums do not depend on the threads): 4,096 from
 * `largeFrom` pairs on, else 2,048, so that the last blocks of a short list are short enough for the threads to end
 * together (ParallelDiscPass.largeChunksFrom)
 */
export function pairChunkShift(pairs: number, largeFrom: number): number {
  return pairs < largeFrom ? 11 : 12;
}
/** blockEnds' mark for a block not counted yet */
export const UNCOUNTED = -1;
/** Gathered bodies per chunk of the gather: small, so the chunks fill the time the last blocks leave idle */
export const GATHER_CHUNK = 512;
/**
 * Scalar arguments (KernelPool.args). A_OUT: which of the two lists (A, B: the World's contacts and
 * previous, which swap each step) is this step's record.
 */
export const A_PAIRS = 0, A_BODIES = 1, A_OUT = 2, A_PERIODIC = 3, A_L = 4, A_BY_SLOT = 5, A_DT = 6, A_WALLS = 17;
/** 1: write each body's collision partner (diagnostics/collision-monitor.ts) as the forces are gathered */
export const A_PARTNER = 18;
/** 1: commit the spring as it is found (discForcePass's `commit`) */
export const A_COMMIT = 19;
/** chunks of the candidate list, chunks per block, how many bodies the gather does, and how many blocks there are */
export const A_CHUNKS = 20, A_GATHERED = 22, A_BLOCKS = 23;
/** The chunks' size, 2^a[A_SHIFT] candidate pairs (pairChunkShift) */
export const A_SHIFT = 21;
export const A_KN = 8, A_KT = 9, A_MU = 10, A_ZN = 11, A_ZT = 12, A_FROM_RATIO = 13, A_RATIO = 14, A_ELASTIC = 15, A_CLAMP = 16;

/** The record's columns the kernels use, and their names for list A and list B */
export const LIST_FIELDS = [
  'i', 'j', 'feature', 'law', 'fn', 'ft', 'xiEval', 'xi', 'nx', 'ny', 'prevIndex', 'contactOfPair',
  'delta', 'depth', 'lc', 'ratio', 'rin', 'rit', 'rjn', 'rjt', 'cx', 'cy',
] as const;
export const [I, J, FEATURE, LAW, FN, FT, XI_EVAL, XI, NX, NY, PREV_INDEX, SLOT] = LIST_FIELDS.map((_, f) => f);
export const LIST_KEYS = ['A', 'B'].map((l) => LIST_FIELDS.map((f) => l + f));
