/** Indices of the worker pool's kernels (rows of parallel/kernels.ts), apart so a kernel's module can name its own. */
export const COUNT_TOUCHING = 0, PAIR_FORCES = 1, GATHER_FORCES = 2, BODY_FORCES = 3, GSSSS_PREDICT = 4, GSSSS_UPDATE = 5, BODY_ENERGIES = 6;
export const WALL_COUNT = 7, WALL_WRITE = 8, REUSE_TEST = 9, COLLISION_EVENTS = 10, FREE_FLIGHT = 11;
