/**
 * The kinematic contact-plane sweep of E4 (docs/validation.md#e4-continuity-of-the-contact-plane): polygon j
 * slides and turns around a fixed polygon i, forces off; at each step the centre distance is bisected so
 * that the overlap has a target area (a fraction of the smaller polygon's), and every plane definition
 * gives its normal through the narrow phase, each with its own history (previous normal, flip choice).
 * Counts, per definition, the steps whose normal turns by more than `jumpDeg`, and for the usual plane
 * whether each such jump coincides with a change in the number of boundary crossings. The narrow phases run on
 * WebAssembly kernels of their own (the polygon colliders' only form), the two bodies' columns in their arena.
 */
import { PeriodicX } from '../boundaries/periodic';
import { WallSet } from '../boundaries/walls';
import { NarrowPhase } from './narrow-phase';
import { PairBuffer } from '../neighbors/pair-buffer';
import { PolygonClipper, toWorld } from '../shapes/polygon-clip';
import { BodyState } from '../state/body-state';
import { ContactList } from '../state/contact-list';
import { PLANE_IDS, USUAL, type PlaneId } from '../plane/plane-ids';
import type { WasmKernels } from '../wasm/kernels';
import { polygonKernels } from './polygon-wasm';

export interface SweepResult {
  steps: number;
  /** Steps (with a contact in this and the previous step) whose normal turned by more than jumpDeg */
  jumps: Record<PlaneId, number>;
  /** Usual-plane jumps in a step where the crossing count did not change */
  usualJumpsWithoutCountChange: number;
  /** Largest turn of the normal in one step [°] */
  largest: Record<PlaneId, number>;
}

/**
 * xyI, xyJ: the polygons (body-frame vertices about their centroids, counter-clockwise); `overlap`: the
 * target overlap area as a fraction of the smaller polygon's; the path: j's direction from i turns by
 * `turns` × 2π and j itself by `spin` × 2π over `steps` steps.
 */
export function planeSweep(
  xyI: Float64Array, xyJ: Float64Array, overlap: number, steps: number, turns: number, spin: number,
  hysteresisDeg: number, jumpDeg = 5,
): SweepResult {
  const b = new BodyState(2);
  const area = (xy: Float64Array) => { let a = 0; for (let k = 0; k < xy.length; k += 2) { const l = (k + 2) % xy.length; a += xy[k] * xy[l + 1] - xy[l] * xy[k + 1]; } return a / 2; };
  const aI = area(xyI), aJ = area(xyJ), target = overlap * Math.min(aI, aJ);
  b.addPolygon(0, 0, xyI, aI, 1, 1);
  b.addPolygon(0, 0, xyJ, aJ, 1, 1);
  const pairs = new PairBuffer();
  pairs.push(0, 1);
  const walls = new WallSet(), periodic = PeriodicX.none();
  const phases = PLANE_IDS.map((_, d) => {
    const np = new NarrowPhase();
    np.plane = d;
    np.hysteresis = (hysteresisDeg * Math.PI) / 180;
    return { np, prev: new ContactList(), cur: new ContactList(), angle: NaN };
  });
  let kernels: WasmKernels | null = null;
  for (const ph of phases) kernels = polygonKernels(b, ph.np, [ph.prev, ph.cur], [pairs, ...ph.np.byKind], kernels);
  const clip = new PolygonClipper(Math.max(xyI.length, xyJ.length));
  const wi = new Float64Array(xyI.length), wj = new Float64Array(xyJ.length);
  toWorld(xyI, 0, xyI.length / 2, 0, 0, 0, wi);
  const reach = b.radius[0] + b.radius[1];
  const jumps = Object.fromEntries(PLANE_IDS.map((p) => [p, 0])) as Record<PlaneId, number>;
  const largest = Object.fromEntries(PLANE_IDS.map((p) => [p, 0])) as Record<PlaneId, number>;
  let crossingsBefore = -1, usualJumpsWithoutCountChange = 0;
  for (let s = 0; s < steps; s++) {
    const psi = (2 * Math.PI * turns * s) / steps, phi = (2 * Math.PI * spin * s) / steps;
    const ux = Math.cos(psi), uy = Math.sin(psi);
    // bisect the centre distance for the target overlap area (the area falls as j moves out)
    let lo = 0, hi = reach;
    for (let it = 0; it < 60; it++) {
      const mid = 0.5 * (lo + hi);
      toWorld(xyJ, 0, xyJ.length / 2, mid * ux, mid * uy, phi, wj);
      const a = clip.overlap(wi, xyI.length / 2, wj, xyJ.length / 2) ? clip.area : 0;
      if (a > target) lo = mid; else hi = mid;
    }
    const d = 0.5 * (lo + hi);
    b.ex[1] = b.x[1] = d * ux; b.ey[1] = b.y[1] = d * uy; b.ephi[1] = b.phi[1] = phi;
    for (let k = 0; k < phases.length; k++) {
      const ph = phases[k];
      ph.np.findContacts(b, pairs, walls, periodic, ph.prev, ph.cur);
      const angle = ph.cur.count ? Math.atan2(ph.cur.ny[0], ph.cur.nx[0]) : NaN;
      if (Number.isFinite(angle) && Number.isFinite(ph.angle)) {
        let turn = Math.abs(angle - ph.angle);
        if (turn > Math.PI) turn = 2 * Math.PI - turn;
        const deg = (turn * 180) / Math.PI;
        if (deg > largest[PLANE_IDS[k]]) largest[PLANE_IDS[k]] = deg;
        if (deg > jumpDeg) {
          jumps[PLANE_IDS[k]]++;
          if (k === USUAL && kernels!.polygonCrossings() === crossingsBefore) usualJumpsWithoutCountChange++;
        }
      }
      if (k === USUAL) crossingsBefore = ph.cur.count ? kernels!.polygonCrossings() : -1;
      ph.angle = angle;
      const t = ph.prev; ph.prev = ph.cur; ph.cur = t;
    }
  }
  return { steps, jumps, usualJumpsWithoutCountChange, largest };
}
