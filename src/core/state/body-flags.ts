/** Per-body degree-of-freedom flags (bit set in BodyState.flags). */
export const FIXED = 1;
export const LOCK_X = 2;
export const LOCK_Y = 4;
export const LOCK_ROT = 8;
/** Moves with its stored velocity and spin whatever the forces (kinematic body). */
export const PRESCRIBED = 16;
/** Set by the world while the user drags the body. */
export const DRAGGED = 32;
