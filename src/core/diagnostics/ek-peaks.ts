/**
 * Local maxima of Ek(t), found every step with a parabola through three samples, and the relaxation
 * fit of paper 000 Eq. 12: Ek(t) = E₀ exp(−t/t_R), a least-squares line through ln Ek at the peaks
 * whose height lies between `from` and `to` times the largest peak (docs/validation.md#e1-two-disc-relaxation).
 * Storage grows geometrically; `push` allocates nothing otherwise.
 */
import { growF64 } from '../math/grow';

export class EkPeaks {
  t = new Float64Array(256);
  ek = new Float64Array(256);
  count = 0;
  max = 0;
  private t1 = NaN; private e1 = NaN; private t2 = NaN; private e2 = NaN;

  reset(): void {
    this.count = 0; this.max = 0; this.t1 = this.e1 = this.t2 = this.e2 = NaN;
  }

  /** Feeds one sample (t strictly increasing, constant spacing). */
  push(t: number, ek: number): void {
    const e0 = this.e2, e1 = this.e1;
    if (e1 > e0 && e1 >= ek && e1 > 0) {
      // Parabola through (−h, e0), (0, e1), (h, ek): vertex offset and height.
      const h = this.t1 - this.t2;
      const den = e0 - 2 * e1 + ek;
      const s = den !== 0 ? (0.5 * (e0 - ek)) / den : 0;
      const tp = this.t1 + s * h, ep = e1 - 0.25 * (e0 - ek) * s;
      if (this.count === this.t.length) {
        this.t = growF64(this.t, this.count * 2);
        this.ek = growF64(this.ek, this.count * 2);
      }
      this.t[this.count] = tp;
      this.ek[this.count] = ep;
      this.count++;
      if (ep > this.max) this.max = ep;
    }
    this.t2 = this.t1; this.e2 = this.e1;
    this.t1 = t; this.e1 = ek;
  }

  /** True once a peak has fallen below `to` × the largest peak. */
  relaxedBelow(to: number): boolean {
    return this.count > 0 && this.ek[this.count - 1] < to * this.max;
  }
}

export interface RelaxationFit {
  /** Relaxation time [s] (NaN if fewer than 3 peaks in the window) */
  tR: number;
  /** Peaks used */
  peaks: number;
  /** Coefficient of determination of the line through ln Ek */
  r2: number;
  /** False if Ek grew instead of decaying (negative slope of −1/tR) */
  decaying: boolean;
  /** E₀ of the fitted line, Ek(t) = E₀ exp(−t/tR) [J] (NaN if fewer than 3 peaks) */
  e0: number;
}

export function fitRelaxation(p: EkPeaks, from: number, to: number): RelaxationFit {
  let n = 0, st = 0, sy = 0, stt = 0, sty = 0, syy = 0;
  const hi = from * p.max, lo = to * p.max;
  for (let k = 0; k < p.count; k++) {
    const e = p.ek[k];
    if (e > hi || e < lo) continue;
    const t = p.t[k], yv = Math.log(e);
    n++; st += t; sy += yv; stt += t * t; sty += t * yv; syy += yv * yv;
  }
  if (n < 3) return { tR: NaN, peaks: n, r2: NaN, decaying: false, e0: NaN };
  const vt = stt - (st * st) / n, vy = syy - (sy * sy) / n, cty = sty - (st * sy) / n;
  const slope = cty / vt;
  return { tR: -1 / slope, peaks: n, r2: (cty * cty) / (vt * vy), decaying: slope < 0, e0: Math.exp((sy - slope * st) / n) };
}
