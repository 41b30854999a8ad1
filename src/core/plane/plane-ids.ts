/**
 * The contact-plane definitions for polygon contacts (design/contact-plane.md): `usual`, the line through
 * the boundary crossings (§1, paper 000/001); `literal-signed` and `literal-abs`, paper 001's length-
 * weighted mean of "acute" edge angles in its two readings (§2); `axial`, the doubled-angle mean (§3).
 * The last three pick the line or its perpendicular by the flip rule of §4, with hysteresis.
 */
export const PLANE_IDS = ['usual', 'literal-signed', 'literal-abs', 'axial'] as const;
export type PlaneId = (typeof PLANE_IDS)[number];
export const USUAL = 0, LITERAL_SIGNED = 1, LITERAL_ABS = 2, AXIAL = 3;
