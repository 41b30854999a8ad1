/** The reference contact's reduced mass (docs/model.md#reduced-mass-and-time-scales), for t_c and the step setting. */
import type { BodyState } from './body-state';

/** Smallest reduced mass any contact can have: the two lightest movable bodies, or one against a wall. */
export function referenceReducedMass(b: BodyState, hasWalls: boolean): number {
  let m1 = Infinity, m2 = Infinity, immovable = false;
  for (let k = 0; k < b.n; k++) {
    if (b.invMass[k] === 0) { immovable = true; continue; }
    const m = b.mass[k];
    if (m < m1) { m2 = m1; m1 = m; } else if (m < m2) m2 = m;
  }
  if (m1 === Infinity) return 1;
  let mr = m2 < Infinity ? (m1 * m2) / (m1 + m2) : Infinity;
  if (hasWalls || immovable) mr = Math.min(mr, m1);
  return mr === Infinity ? m1 : mr;
}
