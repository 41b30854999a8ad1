/**
 * The kinds of shape a body can have (docs/model.md#bodies-and-shapes). A body's kind is in
 * BodyState.shape; the narrow-phase table (contacts/narrow-phase.ts) is indexed by the kinds of the
 * two bodies of a pair. Adding a shape = one kind here, its colliders, and their rows in the table.
 */
export const DISC = 0;
/** Convex polygon: vertices in the body frame about the centroid, in BodyState's vertex pool */
export const POLYGON = 1;
/** Number of shape kinds: the size of each dimension of the narrow-phase table */
export const SHAPE_KINDS = 2;
export const SHAPE_NAMES: readonly string[] = ['disc', 'polygon'];
