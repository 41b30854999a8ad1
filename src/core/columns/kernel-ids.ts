/** Indices of the worker pool's kernels (rows of core/pool-kernels.ts), apart so a kernel's module can name its own. */
export const PAIR_FORCES = 0, BODY_FORCES = 1, GSSSS_PREDICT = 2, GSSSS_UPDATE = 3, BODY_ENERGIES = 4;
export const WALL_COUNT = 5, WALL_WRITE = 6, REUSE_TEST = 7, COLLISION_EVENTS = 8, FREE_FLIGHT = 9, PAIR_ADJACENCY = 10;
export const GEAR_PREDICT = 11, GEAR_CORRECT = 12, MASK_PAIRS = 13, MASK_PAIRS_COPY = 14, POLYGON_PAIRS = 15;
export const POLYGON_ROTATIONS = 16, POLYGON_ROWS = 17;
