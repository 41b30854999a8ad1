/**
 * JavaScript oracle of src/core/wasm/assembly/polygon-plane.ts's edgeAverage (test/core/polygon-wasm.test.ts):
 * the contact line's direction from the edges of the overlap polygon (docs/model.md#contact-plane-for-polygons):
 *   literal-signed  θ = Σ l_k θ_k / Σ l_k, θ_k = atan(slope of edge k) ∈ (−90°, 90°]   (paper 001, one reading)
 *   literal-abs     the same with θ_k = min(φ_k, 180° − φ_k) ∈ [0°, 90°]             (the other reading)
 *   axial           θ = ½ atan2(Σ l_k sin 2φ_k, Σ l_k cos 2φ_k), ρ = |Σ l_k e^{2iφ_k}| / Σ l_k
 * (φ_k: the edge's angle, l_k: its length). Writes the line's direction d = (cos θ, sin θ) to out[0], out[1] and the
 * axial anisotropy ρ to out[2] (1 for the literal readings, which cannot tell an isotropic overlap): an array, not
 * returned doubles, which V8 would box when it does not inline the call. The axial reading needs no trigonometry:
 * l sin 2φ = 2 e_x e_y / l and l cos 2φ = (e_x² − e_y²) / l for an edge e of length l, and d follows from the
 * doubled angle's cosine and sine by the half-angle formulas (θ ∈ (−90°, 90°], so cos θ ≥ 0).
 */
import { LITERAL_ABS, LITERAL_SIGNED } from '../../../src/core/plane/plane-ids';

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
      s2 += (2 * ex * ey) / len;
      c2 += (ex * ex - ey * ey) / len;
    }
  }
  if (definition === LITERAL_SIGNED || definition === LITERAL_ABS) {
    const theta = total > 0 ? sum / total : 0;
    out[0] = Math.cos(theta); out[1] = Math.sin(theta); out[2] = 1;
    return;
  }
  const r = Math.sqrt(s2 * s2 + c2 * c2);
  out[2] = total > 0 ? r / total : 0;
  if (r === 0) { out[0] = 1; out[1] = 0; return; } // isotropic: no line (the caller checks ρ)
  const cos2 = c2 / r, sin2 = s2 / r;
  // half angle from the better-conditioned side: cos θ = √((1 + cos 2θ)/2) when cos 2θ ≥ 0, else sin θ = ±√((1 − cos 2θ)/2)
  if (cos2 >= 0) {
    const c = Math.sqrt(0.5 * (1 + cos2));
    out[0] = c; out[1] = sin2 / (2 * c);
  } else {
    const s = s2 < 0 ? -Math.sqrt(0.5 * (1 - cos2)) : Math.sqrt(0.5 * (1 - cos2));
    out[0] = sin2 / (2 * s); out[1] = s;
  }
}
