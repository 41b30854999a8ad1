/** Largest scenario file, in bytes: the CLI reads at most this much, the app refuses a larger file before reading it. */
export const MAX_SCENARIO_BYTES = 16 * 1024 * 1024;
