/**
 * The contact-plane-angle chart of the selected contact (docs/user-guide.md#contact-plane-chart-for-polygons): the active plane
 * definition's angle (the contact's own normal, the one the forces use) as the main line, the other
 * definitions as thin "ghost" lines, markers where the main line turns by more than 5° in one sample, and
 * the polygon pair's number of boundary crossings as a step series on a right-hand axis. In a disc scene
 * it is the main line alone, as before (the others have no values there). Angles in degrees modulo 180°,
 * unwrapped (plane-angle.ts); the columns come from the store (plane-columns.ts), so the angle CSV is the
 * chart's points.
 */
import uPlot from 'uplot';
import { PLANE_IDS, type PlaneId } from '../../core/plane/plane-ids';
import { CHARTS } from '../palette';
import { COUNT_INCRS, countRange, linearTickLabels } from './axis-range';
import { AXIS, LINEAR_AXIS, LINEAR_SCALE, T_AXIS, T_SERIES, labelWidth, line } from './chart-style';
import { JUMP_DEG } from './plane-angle';
import { PLANE_DEG_COLUMN } from './plane-columns';
import type { SeriesStore } from './series-store';

/** What the chart is set up for: a scene with polygons or not, and the plane definition in force. */
export interface PlaneView {
  polygons: boolean;
  plane: PlaneId;
}

export const DISC_VIEW: PlaneView = { polygons: false, plane: 'axial' };

export function samePlaneView(a: PlaneView, b: PlaneView): boolean {
  return a.polygons === b.polygons && a.plane === b.plane;
}

/** The lines' styles (palette.ts): the ghosts muted and dashed, each its own dash, told apart from each other and from the main line. */
const STYLE = CHARTS.angle;

/** uPlot series class of the series the legend leaves out (style.css): the ones a view does not show. */
export const LEGEND_OMIT = 'legend-omit';

/** The label of the jump markers (a turn by more than JUMP_DEG in one sample). */
export const JUMP_LABEL = `|Δθ| > ${JUMP_DEG}°`;

const CSV_NAME: Record<PlaneId, string> = {
  usual: 'usual_deg', 'literal-signed': 'literalSigned_deg', 'literal-abs': 'literalAbs_deg', axial: 'axial_deg',
};

type Cols = SeriesStore['cols'];

/**
 * The chart's columns and the angle CSV's, whatever the view: t, the main line, every definition (PLANE_IDS
 * order; the active one's ghost is hidden, not dropped), the jump markers, the crossings.
 */
export const ANGLE_COLUMNS: { header: string[]; get: ((cols: Cols, k: number) => number)[] } = {
  header: ['t_s', 'planeAngle_deg', ...PLANE_IDS.map((id) => CSV_NAME[id]), 'jump_deg', 'crossings'],
  get: [
    (c, k) => c.t[k],
    (c, k) => c.angleDeg[k],
    ...PLANE_IDS.map((id) => (c: Cols, k: number) => c[PLANE_DEG_COLUMN[id]][k]),
    (c, k) => c.jumpDeg[k],
    (c, k) => c.crossings[k],
  ],
};

/** Column (and uPlot series) index of definition `id`'s ghost line. */
export function ghostIndex(id: PlaneId): number {
  return 2 + PLANE_IDS.indexOf(id);
}

/** The label of the main line. */
export function activeLabel(view: PlaneView): string {
  return view.polygons ? `${view.plane} (active)` : 'angle';
}

/** A series shown in this view, or hidden and left out of the legend. */
function shownIf(series: uPlot.Series, show: boolean): uPlot.Series {
  return show ? series : { ...series, show: false, class: LEGEND_OMIT };
}

/** uPlot scales, axes and series of the chart in this view. */
export function angleLayout(view: PlaneView): Pick<uPlot.Options, 'scales' | 'axes' | 'series'> {
  const poly = view.polygons;
  const ghosts = PLANE_IDS.map((id) => shownIf(line(id, STYLE[id], 1.25), poly && id !== view.plane));
  const jumps = shownIf({
    ...line(JUMP_LABEL, STYLE.jumps, 1.5),
    paths: () => null,
    points: { show: true, size: 9, width: 1.5, stroke: STYLE.jumps.color, fill: `${STYLE.jumps.color}59` },
  }, poly);
  const crossings = shownIf({
    ...line('crossings', STYLE.crossings, 1.5, 'y2'),
    paths: uPlot.paths.stepped!({ align: 1 }),
    value: (_u: uPlot, v: number | null) => (v === null || !Number.isFinite(v) ? '–' : String(v)),
  }, poly);
  return {
    scales: {
      x: { time: false },
      y: LINEAR_SCALE,
      y2: { auto: true, range: (_u: uPlot, _min: number | null, max: number | null) => countRange(max) },
    },
    axes: [
      T_AXIS,
      { ...AXIS, ...LINEAR_AXIS, label: 'θ [°]', labelSize: 22 },
      {
        ...AXIS, scale: 'y2', side: 1, show: poly, grid: { show: false }, label: 'crossings', labelSize: 22,
        stroke: STYLE.crossings.color, incrs: COUNT_INCRS, values: (_u: uPlot, splits: number[]) => linearTickLabels(splits), size: labelWidth,
      },
    ],
    // the definition in force the boldest line, 3× a ghost's width, so a ghost crossing it does not hide it
    series: [T_SERIES, line(activeLabel(view), STYLE.active, 4), ...ghosts, jumps, crossings],
  };
}
