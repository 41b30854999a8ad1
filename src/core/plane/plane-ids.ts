/**
 * The contact-plane definitions for polygon contacts (docs/model.md#contact-plane-for-polygons): `usual`, the line through
 * the boundary crossings (docs/model.md#contact-plane-for-polygons, paper 000/001); `literal-signed` and `literal-abs`, paper 001's length-
 * weighted mean of "acute" edge angles in its two readings (docs/model.md#contact-plane-for-polygons); `axial`, the doubled-angle mean (docs/model.md#contact-plane-for-polygons).
 * The last three pick the line or its perpendicular by the flip rule of docs/model.md#contact-plane-for-polygons, with hysteresis.
 */
export const PLANE_IDS = ['usual', 'literal-signed', 'literal-abs', 'axial'] as const;
export type PlaneId = (typeof PLANE_IDS)[number];
export const USUAL = 0, LITERAL_SIGNED = 1, LITERAL_ABS = 2, AXIAL = 3;
