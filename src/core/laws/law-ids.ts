/**
 * Index of each built-in contact law in laws/registry.ts, as the colliders and the fused disc pass write it into
 * the record's `law` column. A law whose index no other kernel writes declares it in its own file.
 */
export const LINEAR = 0;
export const AREA = 1;
export const HERTZ = 2;
