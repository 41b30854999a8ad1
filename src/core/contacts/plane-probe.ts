/**
 * The selected polygon contact seen through every contact-plane definition (docs/user-guide.md#contact-plane-chart-for-polygons):
 * each definition has its own small narrow phase and its own history (previous normal, flip choice), so
 * the "ghost" angles evolve as they would if that definition were active. Display only: the forces use the
 * world's own narrow phase. Run on the evaluation configuration after a step, on the world's WebAssembly kernels (the
 * polygon colliders' only form; the probe's columns join their arena at its first measure); allocation-free after that.
 */
import type { PeriodicX } from '../boundaries/periodic';
import { WallSet } from '../boundaries/walls';
import { NarrowPhase } from './narrow-phase';
import { PairBuffer } from '../neighbors/pair-buffer';
import { PLANE_IDS, USUAL } from '../plane/plane-ids';
import type { BodyState } from '../state/body-state';
import { ContactList } from '../state/contact-list';
import type { WasmKernels } from '../wasm/kernels';
import { polygonKernels } from './polygon-wasm';

const NO_WALLS = new WallSet();

export class PlaneProbe {
  /** Normal angle atan2(n_y, n_x) of each definition (PLANE_IDS order) [rad]; NaN when not in contact */
  readonly angles = new Float64Array(PLANE_IDS.length).fill(NaN);
  /** Boundary crossings of the pair (the usual plane's points); NaN when not in contact */
  crossings = NaN;
  private readonly pairs = new PairBuffer();
  /** The kernels the probe's searches run on, whose arena holds their columns */
  private kernels: WasmKernels | null = null;
  private readonly phases = PLANE_IDS.map((_, d) => {
    const np = new NarrowPhase();
    np.plane = d;
    return { np, prev: new ContactList(), cur: new ContactList() };
  });

  /** Forgets the histories (a new selection, a restart). */
  reset(): void {
    for (const p of this.phases) { p.prev.count = 0; p.cur.count = 0; }
    this.angles.fill(NaN);
    this.crossings = NaN;
  }

  /** Measures the pair i < j (both bodies; a wall contact's plane is the wall) on the world's kernels (its bodies in their arena). */
  measure(b: BodyState, periodic: PeriodicX, i: number, j: number, hysteresisRad: number, kernels: WasmKernels): void {
    if (kernels !== this.kernels) {
      this.kernels = kernels;
      for (const p of this.phases) polygonKernels(b, p.np, [p.prev, p.cur], [this.pairs, ...p.np.byKind], kernels);
    }
    this.pairs.count = 0;
    this.pairs.push(i, j);
    for (let d = 0; d < this.phases.length; d++) {
      const p = this.phases[d];
      p.np.hysteresis = hysteresisRad;
      p.np.findContacts(b, this.pairs, NO_WALLS, periodic, p.prev, p.cur);
      const c = p.cur;
      this.angles[d] = c.count ? Math.atan2(c.ny[0], c.nx[0]) : NaN;
      if (d === USUAL) this.crossings = c.count ? kernels.polygonCrossings() : NaN;
      p.cur = p.prev;
      p.prev = c;
    }
  }
}
