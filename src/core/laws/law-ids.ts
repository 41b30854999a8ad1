/** Index of each contact law in laws/registry.ts, as the colliders write it into the record's `law` column. */
export const LINEAR = 0;
export const AREA = 1;
