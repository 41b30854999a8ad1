/**
 * The contact the user selected (issue 11): its detail as the inspector shows it, its normal's angle, and for
 * a polygon pair its angle under every plane definition (contacts/plane-probe.ts).
 */
import type { PeriodicX } from '../boundaries/periodic';
import { PlaneProbe } from '../contacts/plane-probe';
import type { MaterialCoefficients } from '../laws/material';
import { PLANE_IDS } from '../plane/plane-ids';
import { POLYGON } from '../shapes/shape-kind';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import type { WasmKernels } from '../wasm/kernels';
import type { ContactDetail } from './world-types';

const NO_PLANE_ANGLES: ArrayLike<number> = new Float64Array(PLANE_IDS.length).fill(NaN);

export class ContactInspector {
  /** The pair (i < j; i = −1 − w for wall w), or null */
  private pair: [number, number] | null = null;
  private readonly planeProbe = new PlaneProbe();

  /** `pair`: the scenario's run.selectContact, as given */
  constructor(pair?: readonly [number, number]) {
    if (pair) this.pair = [pair[0], pair[1]];
  }

  /** Whether a contact is selected (the detail and the angle need the whole record only then) */
  get selected(): boolean {
    return this.pair !== null;
  }

  /** Selects the contact (i, j) whose normal angle is reported; j or i = −1 − w for wall w. */
  select(i: number, j: number): void {
    this.pair = i < j ? [i, j] : [j, i];
    this.planeProbe.reset();
  }

  /**
   * The selected contact in record `c` as the inspector shows it: spring ξ, forces, the Coulomb limit and whether
   * it slides, overlap, normal and contact point; null when the pair is not in contact (or none is selected).
   */
  detail(c: ContactList, m: MaterialCoefficients): ContactDetail | null {
    if (!this.pair) return null;
    const [i, j] = this.pair;
    for (let k = 0; k < c.count; k++) {
      if (c.i[k] !== i || c.j[k] !== j) continue;
      const limit = m.mu * Math.max(m.capElastic ? c.fe[k] : c.fn[k], 0);
      const capped = m.capElastic ? m.kt * Math.abs(c.xi[k]) : Math.abs(c.ft[k]);
      return {
        i, j, xi: c.xi[k], springForce: m.kt * c.xi[k], fn: c.fn[k], ft: c.ft[k], coulombLimit: limit,
        sliding: limit === 0 ? capped > 0 || Math.abs(c.ut[k]) > 0 : capped >= limit * (1 - 1e-12),
        delta: c.delta[k], overlapRatio: c.ratio[k], nx: c.nx[k], ny: c.ny[k], cx: c.cx[k], cy: c.cy[k],
      };
    }
    return null;
  }

  /** Normal angle atan2(ny, nx) of the selected contact in record `c` [rad]; NaN when it is not in contact */
  angle(c: ContactList): number {
    if (!this.pair) return NaN;
    const [i, j] = this.pair;
    for (let k = 0; k < c.count; k++) if (c.i[k] === i && c.j[k] === j) return Math.atan2(c.ny[k], c.nx[k]);
    return NaN;
  }

  /**
   * Every plane definition's angle for a selected polygon pair (NaN otherwise), with the hysteresis in degrees, on the
   * world's WebAssembly kernels (a world with polygons has them: sim/force-pipeline.ts)
   */
  planes(b: BodyState, periodic: PeriodicX, hysteresisDegrees: number, kernels: WasmKernels | null): { planeAngles: ArrayLike<number>; crossings: number } {
    const s = this.pair;
    if (!s || s[0] < 0 || (b.shape[s[0]] !== POLYGON && b.shape[s[1]] !== POLYGON) || !kernels) return { planeAngles: NO_PLANE_ANGLES, crossings: NaN };
    this.planeProbe.measure(b, periodic, s[0], s[1], (hysteresisDegrees * Math.PI) / 180, kernels);
    return { planeAngles: this.planeProbe.angles, crossings: this.planeProbe.crossings };
  }
}
