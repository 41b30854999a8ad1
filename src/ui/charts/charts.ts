/**
 * Live uPlot charts fed from the SeriesStore: Ek(t) (total, translational, rotational; linear or
 * log y), the selected contact's plane angle (angle-chart.ts), the position chart (the tracked
 * particle's x and y, or the piston's position) and, in pipe scenes, the flow chart (mean velocity
 * along the pipe and the number flux). They show a scrolling window of the newest rows; the
 * store keeps the full history for export. The same functions build chart data and CSV rows, so an
 * exported CSV's rows are exactly the chart's points.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ANGLE_COLUMNS, angleLayout, DISC_VIEW, samePlaneView, type PlaneView } from './angle-chart';
import { inPageType, onLectureChange } from './lecture-axes';
import { AXIS, LEGEND_MARKERS, LINEAR_AXIS, LINEAR_SCALE, LOG_AXIS, LOG_SCALE, T_AXIS, T_SERIES, line, plotSize } from './chart-style';
import { CHARTS, TEXT } from '../palette';
import type { SeriesStore } from './series-store';

/** 'particle' and 'piston' are the two faces of the position chart; 'position' is its CSV (all columns). */
export type ChartKind = 'ek' | 'angle' | 'particle' | 'piston' | 'flow';
export type CsvKind = ChartKind | 'position';

type Cols = SeriesStore['cols'];
const col = (name: keyof Cols) => (cols: Cols, k: number) => cols[name][k];

/** Columns of each chart (the first is x = t) and of each CSV: header and value at row k. */
export const CHART_COLUMNS: Record<CsvKind, { header: string[]; get: ((cols: Cols, k: number) => number)[] }> = {
  ek: { header: ['t_s', 'Ek_J', 'EkTrans_J', 'EkRot_J'], get: [col('t'), col('ek'), col('ekTrans'), col('ekRot')] },
  angle: ANGLE_COLUMNS,
  particle: { header: ['t_s', 'x_m', 'y_m'], get: [col('t'), col('trackX'), col('trackY')] },
  piston: { header: ['t_s', 'pistonPosition_m'], get: [col('t'), col('piston')] },
  flow: { header: ['t_s', 'meanVx_m_per_s', 'flux_per_s'], get: [col('t'), col('meanVx'), col('flux')] },
  position: {
    header: ['t_s', 'particle', 'x_m', 'y_m', 'pistonPosition_m'],
    get: [col('t'), col('tracked'), col('trackX'), col('trackY'), col('piston')],
  },
};

/** Value of column c of chart `kind` at row k, or null when it is not drawable (NaN, or ≤ 0 on a log axis). */
export function chartValue(store: SeriesStore, kind: CsvKind, c: number, k: number, logY: boolean): number | null {
  const v = CHART_COLUMNS[kind].get[c](store.cols, k);
  if (!Number.isFinite(v)) return null;
  if (logY && c > 0 && v <= 0) return null;
  return v;
}

/** On a log axis, values below this fraction of the window's largest value are not drawn
 * (an Ek that relaxes to 1e-300 or 0 would otherwise ask uPlot for hundreds of decades). */
export const LOG_FLOOR = 1e-16;

/**
 * The chart's points for rows [from, to). `particle` ≥ 0 keeps only the rows recorded while that
 * particle was tracked (the position chart after another disc was clicked); the others are gaps.
 */
export function buildData(store: SeriesStore, kind: ChartKind, from: number, to: number, logY: boolean, particle = -1): (number | null)[][] {
  const ncol = CHART_COLUMNS[kind].header.length;
  const out: (number | null)[][] = [];
  const tracked = store.cols.tracked;
  for (let c = 0; c < ncol; c++) {
    const a = new Array<number | null>(to - from);
    for (let k = from; k < to; k++) {
      a[k - from] = c > 0 && particle >= 0 && tracked[k] !== particle ? null : chartValue(store, kind, c, k, logY);
    }
    out.push(a);
  }
  if (logY) {
    let max = 0;
    for (let c = 1; c < ncol; c++) for (const v of out[c]) if (v !== null && v > max) max = v;
    const floor = max * LOG_FLOOR;
    for (let c = 1; c < ncol; c++) {
      const a = out[c];
      for (let k = 0; k < a.length; k++) { const v = a[k]; if (v !== null && v < floor) a[k] = null; }
    }
  }
  return out;
}

/** CSV of the full history of one chart (same values as the chart; empty cell = no value). */
export function buildCsv(store: SeriesStore, kind: CsvKind): string {
  const ncol = CHART_COLUMNS[kind].header.length;
  const lines = [CHART_COLUMNS[kind].header.join(',')];
  for (let k = 0; k < store.length; k++) {
    const row: string[] = [];
    for (let c = 0; c < ncol; c++) {
      const v = chartValue(store, kind, c, k, false);
      row.push(v === null ? '' : String(v));
    }
    lines.push(row.join(','));
  }
  return lines.join('\n') + '\n';
}

/** Which coordinates of the tracked particle the position chart draws. */
export type Coordinates = 'x' | 'y' | 'xy';

/** uPlot scales, axes and series of each chart. */
function plotLayout(kind: ChartKind, logY: boolean, coords: Coordinates, plane: PlaneView): Pick<uPlot.Options, 'scales' | 'axes' | 'series'> {
  if (kind === 'ek') {
    return {
      scales: { x: { time: false }, y: logY ? LOG_SCALE : LINEAR_SCALE },
      axes: [T_AXIS, { ...AXIS, ...(logY ? LOG_AXIS : LINEAR_AXIS), label: 'Ek [J]', labelSize: 22 }],
      series: [T_SERIES, line('Ek', CHARTS.ek.total, 2.5), line('trans', CHARTS.ek.trans, 1.5), line('rot', CHARTS.ek.rot, 1.5)],
    };
  }
  if (kind === 'angle') return angleLayout(plane);
  if (kind === 'particle') {
    // x on the left axis, y on the right one, each auto-scaled; a coordinate that never moves
    // (a locked one, e.g. y in the cd-chain) is left out so the one that moves fills the chart
    const showX = coords !== 'y', showY = coords !== 'x';
    const { x, y } = CHARTS.position;
    return {
      scales: { x: { time: false }, y: LINEAR_SCALE, y2: LINEAR_SCALE },
      axes: [
        T_AXIS,
        { ...AXIS, ...LINEAR_AXIS, scale: 'y', label: 'x [m]', labelSize: 22, stroke: x.color, show: showX },
        { ...AXIS, ...LINEAR_AXIS, scale: 'y2', side: showX ? 1 : 3, label: 'y [m]', labelSize: 22, stroke: y.color, show: showY, grid: { show: !showX } },
      ],
      series: [T_SERIES, { ...line('x', x, 2.5, 'y'), show: showX }, { ...line('y', y, 2, 'y2'), show: showY }],
    };
  }
  if (kind === 'flow') {
    // flux = N⟨vx⟩/L in a periodic pipe: the two lines coincide, each read on its own axis
    const { meanVx, flux } = CHARTS.flow;
    return {
      scales: { x: { time: false }, y: LINEAR_SCALE, y2: LINEAR_SCALE },
      axes: [
        T_AXIS,
        { ...AXIS, ...LINEAR_AXIS, scale: 'y', label: '⟨vx⟩ [m/s]', labelSize: 22, stroke: meanVx.color },
        { ...AXIS, ...LINEAR_AXIS, scale: 'y2', side: 1, label: 'flux [1/s]', labelSize: 22, stroke: flux.color, grid: { show: false } },
      ],
      series: [T_SERIES, line('⟨vx⟩', meanVx, 3), line('flux', flux, 1.5, 'y2')],
    };
  }
  return {
    scales: { x: { time: false }, y: LINEAR_SCALE },
    axes: [T_AXIS, { ...AXIS, ...LINEAR_AXIS, label: 'position [m]', labelSize: 22 }],
    series: [T_SERIES, line('piston', CHARTS.piston.position, 2.5)],
  };
}

export class LiveChart {
  private plot: uPlot | null = null;
  /** resizes the plot when its host or its legend changes size (a long legend wraps to more lines) */
  private readonly observer = new ResizeObserver(() => this.resize());
  private legendEl: HTMLElement | null = null;
  private lastVersion = -1;
  private lastWindow = -1;
  logY = false;
  /** rows shown (0 = all) */
  windowRows = 3000;
  /** position chart: the particle whose rows are drawn (-1: every row) */
  private particle = -1;
  /** position chart: the coordinates drawn */
  private coords: Coordinates = 'xy';
  /** angle chart: polygons or not, and the plane definition drawn as the main line */
  private planeView: PlaneView = DISC_VIEW;
  /** the y axis' tick labels as last drawn */
  yTicks: string[] = [];
  /** the series drawn (label, colour, dash), for the exported picture's legend */
  legend: { label: string; color: string; dash?: number[] }[] = [];
  /** data currently given to uPlot (for tests and PNG export) */
  data: (number | null)[][] = [];
  /** drawn over the plot after every redraw, by name (the Ek chart's live relaxation fit, the run before a rewind) */
  private readonly overlays = new Map<string, (u: uPlot) => void>();

  constructor(private readonly host: HTMLElement, private chartKind: ChartKind, private readonly store: SeriesStore) {
    this.create();
    this.observer.observe(host);
    onLectureChange(() => this.create());
  }

  get canvas(): HTMLCanvasElement | null {
    return this.plot ? this.plot.ctx.canvas : null;
  }

  get kind(): ChartKind {
    return this.chartKind;
  }

  /** Shows another chart in the same place (the position chart: particle ↔ piston). */
  setKind(kind: ChartKind): void {
    if (kind === this.chartKind) return;
    this.chartKind = kind;
    this.data = [];
    this.create();
  }

  /** Position chart: which coordinates to draw. */
  setCoordinates(c: Coordinates): void {
    if (c === this.coords) return;
    this.coords = c;
    if (this.kind === 'particle') this.create();
  }

  get coordinates(): Coordinates {
    return this.coords;
  }

  /** Angle chart: the scene's kind and the active plane definition (the main line; the others are ghosts). */
  setPlaneView(view: PlaneView): void {
    if (samePlaneView(view, this.planeView)) return;
    this.planeView = { ...view };
    if (this.kind === 'angle') this.create();
  }

  /** Position chart: draws only the rows recorded while particle i was tracked. */
  setParticle(i: number): void {
    if (i === this.particle) return;
    this.particle = i;
    this.lastVersion = -1;
    this.update();
  }

  setLog(on: boolean): void {
    if (this.kind !== 'ek' || on === this.logY) return;
    this.logY = on;
    this.create();
  }

  private size(): { width: number; height: number } {
    return plotSize(this.host, this.plot?.root.querySelector<HTMLElement>('.u-legend'));
  }

  private resize(): void {
    if (this.plot) this.plot.setSize(this.size());
  }

  private create(): void {
    if (this.plot) this.plot.destroy();
    const layout = plotLayout(this.kind, this.logY, this.coords, this.planeView);
    this.legend = (layout.series ?? []).slice(1)
      .filter((ser) => ser.show !== false)
      .map((ser) => ({ label: String(ser.label ?? ''), color: typeof ser.stroke === 'string' ? ser.stroke : TEXT, dash: ser.dash }));
    // keep the first y axis' labels as drawn (tests and PNG captions read them; the canvas has no text)
    const yAxis = layout.axes?.[1];
    const values = yAxis?.values;
    if (yAxis && typeof values === 'function') {
      yAxis.values = (u: uPlot, splits: number[], axisIdx: number, space: number, incr: number) => {
        const labels = values(u, splits, axisIdx, space, incr);
        this.yTicks = labels.map((l) => String(l ?? ''));
        return labels;
      };
    }
    const opts: uPlot.Options = {
      ...this.size(),
      ...layout,
      legend: { show: true, live: true, markers: LEGEND_MARKERS },
      cursor: { drag: { x: false, y: false } },
      hooks: { draw: [(u: uPlot) => { for (const draw of this.overlays.values()) draw(u); }] },
    };
    const empty = CHART_COLUMNS[this.kind].header.map(() => []);
    const data = this.data.length === empty.length ? this.data : empty;
    this.plot = new uPlot(inPageType(opts), data as uPlot.AlignedData, this.host);
    // the legend's height is known once it is laid out: the observer then fits the plot above it
    if (this.legendEl) this.observer.unobserve(this.legendEl);
    this.legendEl = this.plot.root.querySelector<HTMLElement>('.u-legend');
    if (this.legendEl) this.observer.observe(this.legendEl);
    this.lastVersion = -1;
    this.update();
  }

  /** Sets what `name` draws over the plot (null: nothing) and redraws. */
  setOverlay(name: string, draw: ((u: uPlot) => void) | null): void {
    if (draw) this.overlays.set(name, draw);
    else this.overlays.delete(name);
    this.plot?.redraw(false, false);
  }

  /** Redraws from the store if it changed (called ~10 times a second). */
  update(): void {
    if (!this.plot) return;
    if (this.store.version === this.lastVersion && this.windowRows === this.lastWindow) return;
    this.lastVersion = this.store.version;
    this.lastWindow = this.windowRows;
    const to = this.store.length;
    const from = this.store.windowStart(this.windowRows);
    this.data = buildData(this.store, this.kind, from, to, this.logY, this.kind === 'particle' ? this.particle : -1);
    const plot = this.plot;
    plot.batch(() => plot.setData(this.data as uPlot.AlignedData));
  }
}
