/** The browser fuzz's fixed seed and the size of the sample the normal test suite runs. */
export const SEED = 8;
export const SAMPLE = { perUrlFamily: 1, perFileFamily: 1 };
