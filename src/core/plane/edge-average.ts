/**
 * The contact line's direction from the edges of the overlap polygon (docs/model.md#contact-plane-for-polygons):
 *   literal-signed  θ = Σ l_k θ_k / Σ l_k, θ_k = atan(slope of edge k) ∈ (−90°, 90°]   (paper 001, one reading)
 *   literal-abs     the same with θ_k = min(φ_k, 180° − φ_k) ∈ [0°, 90°]             (the other reading)
 *   axial           θ = ½ atan2(Σ l_k sin 2φ_k, Σ l_k cos 2φ_k), ρ = |Σ l_k e^{2iφ_k}| / Σ l_k
 * (φ_k: the edge's angle, l_k: its length). Writes θ [rad] to out[0] and the axial anisotropy ρ to out[1]
 * (1 for the literal readings, which cannot tell an isotropic overlap): an array, not a returned double, which V8
 * would box when it does not inline the call.
 */
import { LITERAL_ABS, LITERAL_SIGNED } from './plane-ids';

export function edgeAverageAngle(definition: number, xy: Float64Array, count: number, out: Float64Array): void {
  let sum = 0, total = 0, s2 = 0, c2 = 0;
  for (let k = 0; k < count; k++) {
    const l = k + 1 === count ? 0 : k + 1;
    const ex = xy[2 * l] - xy[2 * k], ey = xy[2 * l + 1] - xy[2 * k + 1];
    const len = Math.sqrt(ex * ex + ey * ey);
    if (len === 0) continue;
    total += len;
    if (definition === LITERAL_SIGNED) {
      sum += len * (ex === 0 ? Math.PI / 2 : Math.atan(ey / ex));
    } else if (definition === LITERAL_ABS) {
      let phi = Math.atan2(ey, ex);
      if (phi < 0) phi += Math.PI;
      if (phi >= Math.PI) phi -= Math.PI;
      sum += len * Math.min(phi, Math.PI - phi);
    } else {
      const phi2 = 2 * Math.atan2(ey, ex);
      s2 += len * Math.sin(phi2);
      c2 += len * Math.cos(phi2);
    }
  }
  if (definition === LITERAL_SIGNED || definition === LITERAL_ABS) {
    out[0] = total > 0 ? sum / total : 0;
    out[1] = 1;
    return;
  }
  out[0] = 0.5 * Math.atan2(s2, c2);
  out[1] = total > 0 ? Math.sqrt(s2 * s2 + c2 * c2) / total : 0;
}
