/**
 * The contact-plane chart's columns (docs/user-guide.md#contact-plane-chart-for-polygons), computed on the page from the recorded
 * ones, row by row in time order: the active plane's angle (the selected contact's normal, `angle`) and every
 * definition's angle, in degrees modulo 180° and unwrapped (plane-angle.ts), and the jump markers of the
 * active one. They are kept with the history (SeriesStore), so the chart's window and the CSV export show
 * the same values whichever row the window starts at.
 */
import { PLANE_IDS, type PlaneId } from '../../core/plane/plane-ids';
import { PLANE_COLUMN, type SeriesColumn } from '../../protocol/api';
import { isJump, planeAngleDeg } from './plane-angle';

export const PLANE_DERIVED_COLUMNS = ['angleDeg', 'usualDeg', 'literalSignedDeg', 'literalAbsDeg', 'axialDeg', 'jumpDeg'] as const;
export type PlaneDerivedColumn = (typeof PLANE_DERIVED_COLUMNS)[number];

/** The shown angle [°] of each definition. */
export const PLANE_DEG_COLUMN: Record<PlaneId, PlaneDerivedColumn> = {
  usual: 'usualDeg', 'literal-signed': 'literalSignedDeg', 'literal-abs': 'literalAbsDeg', axial: 'axialDeg',
};

type Cols = Record<SeriesColumn | PlaneDerivedColumn, Float64Array>;

/** The last finite value of a[0, length), or NaN. */
function lastFinite(a: Float64Array, length: number): number {
  for (let k = length - 1; k >= 0; k--) if (Number.isFinite(a[k])) return a[k];
  return NaN;
}

export class PlaneColumns {
  /** the active line's last finite value [°]: the unwrap reference of the next sample */
  private refActive = NaN;
  /** the same for each definition (PLANE_IDS order); a definition's first value is unwrapped near the active line */
  private readonly refs = new Float64Array(PLANE_IDS.length).fill(NaN);
  /** the active line's value at the sample before (NaN: none, or a gap): a jump needs two samples in a row */
  private prevActive = NaN;

  /** Fills the derived columns of row k from its recorded columns (the rows before it are done). */
  derive(cols: Cols, k: number): void {
    const a = planeAngleDeg(cols.angle[k], this.refActive);
    cols.angleDeg[k] = a;
    cols.jumpDeg[k] = isJump(this.prevActive, a) ? a : NaN;
    this.prevActive = a;
    if (Number.isFinite(a)) this.refActive = a;
    for (let p = 0; p < PLANE_IDS.length; p++) {
      const id = PLANE_IDS[p];
      const g = planeAngleDeg(cols[PLANE_COLUMN[id]][k], Number.isFinite(this.refs[p]) ? this.refs[p] : this.refActive);
      cols[PLANE_DEG_COLUMN[id]][k] = g;
      if (Number.isFinite(g)) this.refs[p] = g;
    }
  }

  /** The history now ends at row `length` (cleared or truncated): go on from its last values. */
  rewind(cols: Cols, length: number): void {
    this.prevActive = length > 0 ? cols.angleDeg[length - 1] : NaN;
    this.refActive = lastFinite(cols.angleDeg, length);
    PLANE_IDS.forEach((id, p) => { this.refs[p] = lastFinite(cols[PLANE_DEG_COLUMN[id]], length); });
  }
}
