/**
 * Live uPlot charts fed from the SeriesStore: Ek(t) (total, translational, rotational; linear or
 * log y), the selected contact's plane angle, and the position chart (the tracked particle's x and y,
 * or the piston's position). They show a scrolling window of the newest rows; the store keeps the
 * full history for export. The same functions build chart data and CSV rows, so an exported CSV's
 * rows are exactly the chart's points.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { decadeLabel, decadeSplits, linearRange, linearTickLabels, logRange } from './axis-range';
import type { SeriesStore } from './series-store';

/** 'particle' and 'piston' are the two faces of the position chart; 'position' is its CSV (all columns). */
export type ChartKind = 'ek' | 'angle' | 'particle' | 'piston';
export type CsvKind = ChartKind | 'position';

type Cols = SeriesStore['cols'];
const col = (name: keyof Cols) => (cols: Cols, k: number) => cols[name][k];

/** Columns of each chart (the first is x = t) and of each CSV: header and value at row k. */
export const CHART_COLUMNS: Record<CsvKind, { header: string[]; get: ((cols: Cols, k: number) => number)[] }> = {
  ek: { header: ['t_s', 'Ek_J', 'EkTrans_J', 'EkRot_J'], get: [col('t'), col('ek'), col('ekTrans'), col('ekRot')] },
  angle: { header: ['t_s', 'planeAngle_deg'], get: [col('t'), (c, k) => (c.angle[k] * 180) / Math.PI] },
  particle: { header: ['t_s', 'x_m', 'y_m'], get: [col('t'), col('trackX'), col('trackY')] },
  piston: { header: ['t_s', 'pistonPosition_m'], get: [col('t'), col('piston')] },
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

const AXIS = { stroke: '#c9d3e3', grid: { stroke: 'rgba(255,255,255,0.08)' }, ticks: { stroke: 'rgba(255,255,255,0.2)' }, font: '13px system-ui, sans-serif', labelFont: 'bold 14px system-ui, sans-serif' };

function fmt(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e4) ? v.toExponential(3) : v.toPrecision(4);
}

/** Axis width that fits its longest tick label (13 px font) plus the axis title. */
function labelWidth(_u: uPlot, values: string[] | null): number {
  const chars = values && values.length ? Math.max(...values.map((v) => (v ?? '').length)) : 4;
  return 34 + 7.6 * chars;
}

/** Linear axes: a finite, non-flat range and ticks that never repeat a label. */
const LINEAR_SCALE = { auto: true, range: (_u: uPlot, min: number | null, max: number | null) => linearRange(min, max) };
const LINEAR_AXIS = { values: (_u: uPlot, splits: number[]) => linearTickLabels(splits), size: labelWidth };
/** Log axes: whole decades, labelled at the decades only (uPlot's own log splits are never called). */
const LOG_SCALE = { distr: 3, range: (_u: uPlot, min: number | null, max: number | null) => logRange(min, max) };
const LOG_AXIS = {
  splits: (_u: uPlot, _axis: number, min: number, max: number) => decadeSplits(min, max),
  // uPlot's log filter hands null for decades it leaves unlabelled where they would crowd
  values: (_u: uPlot, splits: (number | null)[]) => splits.map((v) => (v === null ? '' : decadeLabel(v))),
  size: 78,
};

/** Which coordinates of the tracked particle the position chart draws. */
export type Coordinates = 'x' | 'y' | 'xy';

/** uPlot scales, axes and series of each chart. */
function plotLayout(kind: ChartKind, logY: boolean, coords: Coordinates): Pick<uPlot.Options, 'scales' | 'axes' | 'series'> {
  const tAxis = { ...AXIS, label: 't [s]', labelSize: 22 };
  const tSeries = { label: 't', value: (_u: uPlot, v: number | null) => fmt(v) };
  const line = (label: string, stroke: string, width: number, scale = 'y') => ({ label, stroke, width, scale, value: (_u: uPlot, v: number | null) => fmt(v) });
  if (kind === 'ek') {
    return {
      scales: { x: { time: false }, y: logY ? LOG_SCALE : LINEAR_SCALE },
      axes: [tAxis, { ...AXIS, ...(logY ? LOG_AXIS : LINEAR_AXIS), label: 'Ek [J]', labelSize: 22 }],
      series: [tSeries, line('Ek', '#ffd166', 2.5), line('trans', '#4cc9f0', 1.5), line('rot', '#f72585', 1.5)],
    };
  }
  if (kind === 'angle') {
    return {
      scales: { x: { time: false }, y: LINEAR_SCALE },
      axes: [tAxis, { ...AXIS, ...LINEAR_AXIS, label: 'contact-plane angle [°]', labelSize: 22 }],
      series: [tSeries, line('angle', '#90e0ef', 2.5)],
    };
  }
  if (kind === 'particle') {
    // x on the left axis, y on the right one, each auto-scaled; a coordinate that never moves
    // (a locked one, e.g. y in the cd-chain) is left out so the one that moves fills the chart
    const showX = coords !== 'y', showY = coords !== 'x';
    return {
      scales: { x: { time: false }, y: LINEAR_SCALE, y2: LINEAR_SCALE },
      axes: [
        tAxis,
        { ...AXIS, ...LINEAR_AXIS, scale: 'y', label: 'x [m]', labelSize: 22, stroke: '#80ed99', show: showX },
        { ...AXIS, ...LINEAR_AXIS, scale: 'y2', side: showX ? 1 : 3, label: 'y [m]', labelSize: 22, stroke: '#ff9f68', show: showY, grid: { show: !showX } },
      ],
      series: [tSeries, { ...line('x', '#80ed99', 2.5, 'y'), show: showX }, { ...line('y', '#ff9f68', 2, 'y2'), show: showY }],
    };
  }
  return {
    scales: { x: { time: false }, y: LINEAR_SCALE },
    axes: [tAxis, { ...AXIS, ...LINEAR_AXIS, label: 'position [m]', labelSize: 22 }],
    series: [tSeries, line('piston', '#c77dff', 2.5)],
  };
}

export class LiveChart {
  private plot: uPlot | null = null;
  private lastVersion = -1;
  private lastWindow = -1;
  logY = false;
  /** rows shown (0 = all) */
  windowRows = 3000;
  /** position chart: the particle whose rows are drawn (-1: every row) */
  private particle = -1;
  /** position chart: the coordinates drawn */
  private coords: Coordinates = 'xy';
  /** the y axis' tick labels as last drawn */
  yTicks: string[] = [];
  /** the series drawn (label and colour), for the exported picture's legend */
  legend: { label: string; color: string }[] = [];
  /** data currently given to uPlot (for tests and PNG export) */
  data: (number | null)[][] = [];

  constructor(private readonly host: HTMLElement, private chartKind: ChartKind, private readonly store: SeriesStore) {
    this.create();
    new ResizeObserver(() => this.resize()).observe(host);
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
    return { width: Math.max(200, this.host.clientWidth - 8), height: Math.max(120, this.host.clientHeight - 70) };
  }

  private resize(): void {
    if (this.plot) this.plot.setSize(this.size());
  }

  private create(): void {
    if (this.plot) this.plot.destroy();
    const layout = plotLayout(this.kind, this.logY, this.coords);
    this.legend = (layout.series ?? []).slice(1)
      .filter((ser) => ser.show !== false)
      .map((ser) => ({ label: String(ser.label ?? ''), color: typeof ser.stroke === 'string' ? ser.stroke : '#e8eef8' }));
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
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
    };
    const empty = CHART_COLUMNS[this.kind].header.map(() => []);
    this.plot = new uPlot(opts, (this.data.length ? this.data : empty) as uPlot.AlignedData, this.host);
    this.lastVersion = -1;
    this.update();
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
