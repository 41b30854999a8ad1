/**
 * Live uPlot charts fed from the SeriesStore: Ek(t) (total, translational, rotational; linear or
 * log y) and the selected contact's plane angle. They show a scrolling window of the newest rows;
 * the store keeps the full history for export. The same functions build chart data and CSV rows,
 * so an exported CSV's rows are exactly the chart's points.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SeriesStore } from './series-store';

export type ChartKind = 'ek' | 'angle';

/** Chart columns (after the x column) of each chart, with CSV headers. */
export const CHART_COLUMNS: Record<ChartKind, { header: string[] }> = {
  ek: { header: ['t_s', 'Ek_J', 'EkTrans_J', 'EkRot_J'] },
  angle: { header: ['t_s', 'planeAngle_deg'] },
};

/** Value of column c of chart `kind` at row k, or null when it is not drawable (NaN, or ≤ 0 on a log axis). */
export function chartValue(store: SeriesStore, kind: ChartKind, c: number, k: number, logY: boolean): number | null {
  const cols = store.cols;
  let v: number;
  if (c === 0) v = cols.t[k];
  else if (kind === 'ek') v = c === 1 ? cols.ek[k] : c === 2 ? cols.ekTrans[k] : cols.ekRot[k];
  else v = (cols.angle[k] * 180) / Math.PI;
  if (!Number.isFinite(v)) return null;
  if (logY && c > 0 && v <= 0) return null;
  return v;
}

/** On a log axis, values below this fraction of the window's largest value are not drawn
 * (an Ek that relaxes to 1e-300 or 0 would otherwise ask uPlot for hundreds of decades). */
export const LOG_FLOOR = 1e-16;

export function buildData(store: SeriesStore, kind: ChartKind, from: number, to: number, logY: boolean): (number | null)[][] {
  const ncol = CHART_COLUMNS[kind].header.length;
  const out: (number | null)[][] = [];
  for (let c = 0; c < ncol; c++) {
    const a = new Array<number | null>(to - from);
    for (let k = from; k < to; k++) a[k - from] = chartValue(store, kind, c, k, logY);
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
export function buildCsv(store: SeriesStore, kind: ChartKind): string {
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

export class LiveChart {
  private plot: uPlot | null = null;
  private lastVersion = -1;
  private lastWindow = -1;
  logY = false;
  /** rows shown (0 = all) */
  windowRows = 3000;
  /** data currently given to uPlot (for tests and PNG export) */
  data: (number | null)[][] = [];

  constructor(private readonly host: HTMLElement, readonly kind: ChartKind, private readonly store: SeriesStore) {
    this.create();
    new ResizeObserver(() => this.resize()).observe(host);
  }

  get canvas(): HTMLCanvasElement | null {
    return this.plot ? this.plot.ctx.canvas : null;
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
    const ek = this.kind === 'ek';
    const opts: uPlot.Options = {
      ...this.size(),
      scales: { x: { time: false }, y: ek && this.logY ? { distr: 3 } : { auto: true } },
      axes: [
        { ...AXIS, label: 't [s]', labelSize: 22 },
        {
          ...AXIS, label: ek ? 'Ek [J]' : 'contact-plane angle [°]', size: 78, labelSize: 22,
          // log axis: label the decades only
          ...(ek && this.logY ? { values: (_u: uPlot, splits: number[]) => splits.map((v) => (Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? `1e${Math.round(Math.log10(v))}` : '')) } : {}),
        },
      ],
      series: ek
        ? [
            { label: 't', value: (_u, v) => fmt(v) },
            { label: 'Ek', stroke: '#ffd166', width: 2.5, value: (_u, v) => fmt(v) },
            { label: 'trans', stroke: '#4cc9f0', width: 1.5, value: (_u, v) => fmt(v) },
            { label: 'rot', stroke: '#f72585', width: 1.5, value: (_u, v) => fmt(v) },
          ]
        : [
            { label: 't', value: (_u, v) => fmt(v) },
            { label: 'angle', stroke: '#90e0ef', width: 2.5, value: (_u, v) => fmt(v) },
          ],
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
    };
    this.plot = new uPlot(opts, this.data.length ? (this.data as uPlot.AlignedData) : (ek ? [[], [], [], []] : [[], []]), this.host);
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
    this.data = buildData(this.store, this.kind, from, to, this.logY);
    const plot = this.plot;
    plot.batch(() => plot.setData(this.data as uPlot.AlignedData));
  }
}
