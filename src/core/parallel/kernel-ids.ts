/** Indices of the worker pool's kernels (rows of parallel/kernels.ts), apart so a kernel's module can name its own. */
export const PAIR_FORCES = 0, GATHER_FORCES = 1, BODY_FORCES = 2, GSSSS_PREDICT = 3, GSSSS_UPDATE = 4, BODY_ENERGIES = 5;
export const WALL_COUNT = 6, WALL_WRITE = 7, REUSE_TEST = 8, COLLISION_EVENTS = 9, FREE_FLIGHT = 10;
