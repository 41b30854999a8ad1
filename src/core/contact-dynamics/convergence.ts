/**
 * Stopping rule of the contact-dynamics iteration, [Sho12] §2.2 (docs/model.md#sweeps-and-the-stopping-rule), between
 * sweep k−1 (rnPrev, rtPrev) and sweep k (rn, rt), with ΔR = R^k − R^{k−1}, S = R^k + R^{k−1} and
 * R_avg the mean force magnitude over the contacts:
 *   (I)  at least 90 % of the contacts have |ΔR|²/|S|² < α, and the others |ΔR|² < α R_avg^{k−1}²;
 *   (II) |R_avg^k − R_avg^{k−1}|² / |R_avg^k + R_avg^{k−1}|² < α.
 * Contacts without force in both sweeps count as converged.
 */
import type { ImpulseContacts } from './impulse-contacts';

export function converged(ic: ImpulseContacts, alpha: number): boolean {
  const n = ic.count;
  if (n === 0) return true;
  const rn = ic.rn, rt = ic.rt, pn = ic.rnPrev, pt = ic.rtPrev;
  let avg = 0, avgPrev = 0;
  for (let k = 0; k < n; k++) {
    avg += Math.sqrt(rn[k] * rn[k] + rt[k] * rt[k]);
    avgPrev += Math.sqrt(pn[k] * pn[k] + pt[k] * pt[k]);
  }
  avg /= n; avgPrev /= n;
  const sAvg = avg + avgPrev;
  if (sAvg > 0 && ((avg - avgPrev) * (avg - avgPrev)) / (sAvg * sAvg) >= alpha) return false; // (II)
  const absLimit = alpha * avgPrev * avgPrev;
  let relativeOk = 0;
  for (let k = 0; k < n; k++) {
    const dn = rn[k] - pn[k], dt = rt[k] - pt[k], sn = rn[k] + pn[k], st = rt[k] + pt[k];
    const d2 = dn * dn + dt * dt, s2 = sn * sn + st * st;
    if (d2 <= alpha * s2) relativeOk++; // also 0 ≤ 0 for contacts without force
    else if (d2 >= absLimit) return false; // (I), second part
  }
  return relativeOk >= 0.9 * n; // (I), first part
}
