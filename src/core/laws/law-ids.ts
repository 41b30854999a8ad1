/** Index of each contact law in laws/registry.ts, as the colliders write it into the record's `law` column. */
export const LINEAR = 0;
export const AREA = 1;
export const HERTZ = 2;

/** The laws a disc contact may use (the `normalLaw` parameter); polygon contacts always use the area law. */
export const DISC_LAW_IDS = ['linear', 'hertz'] as const;
export type DiscLawId = (typeof DISC_LAW_IDS)[number];
export const DISC_LAW_INDEX: Record<DiscLawId, number> = { linear: LINEAR, hertz: HERTZ };
