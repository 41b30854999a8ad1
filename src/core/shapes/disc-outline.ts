/**
 * The polygon that stands in for a disc where a disc meets a polygon (contacts/collide-polygon.ts): the regular
 * DISC_SIDES-gon of the disc's area, so its equivalent radius is the disc's radius (docs/model.md#area-law-for-polygons).
 */
/** Sides of the polygon that stands in for a disc in a disc–polygon contact */
export const DISC_SIDES = 24;
/** Circumradius of the equal-area regular DISC_SIDES-gon, per unit disc radius */
export const DISC_OUTLINE_SCALE = Math.sqrt((2 * Math.PI) / (DISC_SIDES * Math.sin((2 * Math.PI) / DISC_SIDES)));
/** The stand-in's vertices for a unit radius about the origin (x, y interleaved) */
export const UNIT_OUTLINE = new Float64Array(2 * DISC_SIDES);
for (let s = 0; s < DISC_SIDES; s++) {
  UNIT_OUTLINE[2 * s] = DISC_OUTLINE_SCALE * Math.cos((2 * Math.PI * s) / DISC_SIDES);
  UNIT_OUTLINE[2 * s + 1] = DISC_OUTLINE_SCALE * Math.sin((2 * Math.PI * s) / DISC_SIDES);
}
