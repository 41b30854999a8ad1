/**
 * JavaScript oracle of src/core/wasm/assembly/polygon-plane.ts's chordNormal (test/core/polygon-wasm.test.ts).
 * The usual contact plane (docs/model.md#contact-plane-for-polygons): the line through the points where the two
 * boundaries cross. For two points the line through them; for more, the total-least-squares line, i.e.
 * the principal axis of the points. Taking the pair farthest apart instead, which tilts the
 * normal of two aligned squares by atan(overlap/side): an edge-on-edge contact has four crossings (the
 * ends of the two shared stretches), and their principal axis is the edge direction.
 * Writes the (unoriented) unit normal to out[0], out[1]; false (no line) for fewer than two points or
 * points spread nearly evenly in every direction (minor/major variance > ½).
 */
export function chordNormal(xy: Float64Array, count: number, out: Float64Array): boolean {
  if (count < 2) return false;
  let mx = 0, my = 0;
  for (let k = 0; k < count; k++) { mx += xy[2 * k]; my += xy[2 * k + 1]; }
  mx /= count; my /= count;
  let sxx = 0, syy = 0, sxy = 0;
  for (let k = 0; k < count; k++) {
    const u = xy[2 * k] - mx, v = xy[2 * k + 1] - my;
    sxx += u * u; syy += v * v; sxy += u * v;
  }
  const half = 0.5 * (sxx + syy), dev = Math.sqrt(0.25 * (sxx - syy) * (sxx - syy) + sxy * sxy);
  const major = half + dev, minor = half - dev;
  if (!(major > 0) || minor > 0.5 * major) return false;
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy); // direction of the major axis
  out[0] = -Math.sin(theta);
  out[1] = Math.cos(theta);
  return true;
}
