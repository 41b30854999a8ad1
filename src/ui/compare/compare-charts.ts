/**
 * The charts of a lockstep comparison (issue 11), drawn in the variants' colours: every variant's Ek(t)
 * overlaid (linear or log y, as the Ek chart), and the divergence of variants 2… from variant 1 (the RMS
 * position difference over the mean radius, log y: it is exactly 0 until the variants part, then grows by
 * decades), and every variant's plane angle of the selected contact (degrees modulo 180°, unwrapped as the
 * angle chart's, charts/plane-angle.ts). They read the worker's rows from the SeriesStore (columns
 * VARIANT_EK_COLUMNS, VARIANT_DIVERGENCE_COLUMNS and VARIANT_ANGLE_COLUMNS of protocol/api.ts).
 */
import uPlot from 'uplot';
import { VARIANT_ANGLE_COLUMNS, VARIANT_DIVERGENCE_COLUMNS, VARIANT_EK_COLUMNS } from '../../protocol/api';
import { planeAngleDeg } from '../charts/plane-angle';
import { LOG_FLOOR } from '../charts/charts';
import { inPageType, onLectureChange } from '../charts/lecture-axes';
import { AXIS, LEGEND_MARKERS, LINEAR_AXIS, LINEAR_SCALE, LOG_AXIS, LOG_SCALE, T_AXIS, T_SERIES, line, plotSize } from '../charts/chart-style';
import type { SeriesStore } from '../charts/series-store';
import { VARIANTS } from '../palette';

export type VariantChartKind = 'ek' | 'divergence' | 'angle';

/** Rows shown: the newest, as the Ek chart */
const WINDOW_ROWS = 3000;

/**
 * Points of rows [from, to): x = t, then one column per variant (Ek and angle: variants 1…k; divergence: 2…k).
 * null where there is no value, and on a log axis where the value is ≤ 0 or below LOG_FLOOR of the largest.
 */
export function variantChartData(store: SeriesStore, kind: VariantChartKind, variants: number, from: number, to: number, logY: boolean): (number | null)[][] {
  if (kind === 'angle') return variantAngleData(store, variants, from, to);
  const names = kind === 'ek' ? VARIANT_EK_COLUMNS.slice(0, variants) : VARIANT_DIVERGENCE_COLUMNS.slice(1, variants);
  const out: (number | null)[][] = [Array.from(store.cols.t.subarray(from, to))];
  let max = 0;
  for (const name of names) {
    const src = store.cols[name!];
    const a = new Array<number | null>(to - from);
    for (let k = from; k < to; k++) {
      const v = src[k];
      a[k - from] = Number.isFinite(v) && !(logY && v <= 0) ? v : null;
      if (v > max) max = v;
    }
    out.push(a);
  }
  if (logY) {
    const floor = max * LOG_FLOOR;
    for (let c = 1; c < out.length; c++) for (let k = 0; k < out[c].length; k++) { const v = out[c][k]; if (v !== null && v < floor) out[c][k] = null; }
  }
  return out;
}

/**
 * The angle chart's points [°]: variant 1's as the single run's angle chart shows it (the store's angleDeg);
 * each other variant's unwrapped near its own previous value, its first one near variant 1's, so variants
 * whose planes agree draw on the same branch of the modulo-180° angle.
 */
function variantAngleData(store: SeriesStore, variants: number, from: number, to: number): (number | null)[][] {
  const ref = store.cols.angleDeg;
  const out: (number | null)[][] = [Array.from(store.cols.t.subarray(from, to))];
  for (let v = 0; v < variants; v++) {
    const src = store.cols[VARIANT_ANGLE_COLUMNS[v]];
    const a = new Array<number | null>(to - from);
    let prev = NaN;
    for (let k = from; k < to; k++) {
      const deg = v === 0 ? ref[k] : planeAngleDeg(src[k], Number.isFinite(prev) ? prev : ref[k]);
      if (Number.isFinite(deg)) prev = deg;
      a[k - from] = Number.isFinite(deg) ? deg : null;
    }
    out.push(a);
  }
  return out;
}

export class VariantChart {
  private plot: uPlot | null = null;
  private readonly observer = new ResizeObserver(() => { if (this.plot) this.plot.setSize(this.size()); });
  private lastVersion = -1;
  private legendEl: HTMLElement | null = null;
  private labels: string[] = [];
  private logY: boolean;
  /** data currently given to uPlot (tests) */
  data: (number | null)[][] = [];

  constructor(private readonly host: HTMLElement, readonly kind: VariantChartKind, private readonly store: SeriesStore) {
    this.logY = kind === 'divergence';
    this.observer.observe(host);
    onLectureChange(() => this.create());
  }

  /** The variants' labels (variant 1 first); a change rebuilds the plot. */
  setVariants(labels: string[]): void {
    if (labels.join('\n') === this.labels.join('\n')) return;
    this.labels = labels.slice();
    this.create();
  }

  /** Ek only: log or linear y, as the Ek chart. */
  setLog(on: boolean): void {
    if (this.kind !== 'ek' || on === this.logY) return;
    this.logY = on;
    this.create();
  }

  /** The plot's canvas (null before the first variants arrive) */
  get canvas(): HTMLCanvasElement | null {
    return this.plot ? this.plot.ctx.canvas : null;
  }

  /** The series drawn: label, colour and dash (each variant its own). */
  get legend(): { label: string; color: string; dash?: number[] }[] {
    const first = this.kind === 'divergence' ? 1 : 0;
    return this.labels.slice(first).map((label, k) => ({ label, color: VARIANTS[first + k].color, dash: VARIANTS[first + k].dash }));
  }

  private size(): { width: number; height: number } {
    return plotSize(this.host, this.plot?.root.querySelector<HTMLElement>('.u-legend'));
  }

  private create(): void {
    if (this.plot) this.plot.destroy();
    this.plot = null;
    if (this.labels.length < 2) return;
    const title = this.kind === 'ek' ? 'Ek [J]' : this.kind === 'angle' ? 'θ [°]' : 'RMS Δx / r̄';
    const opts: uPlot.Options = {
      ...this.size(),
      scales: { x: { time: false }, y: this.logY ? LOG_SCALE : LINEAR_SCALE },
      axes: [T_AXIS, { ...AXIS, ...(this.logY ? LOG_AXIS : LINEAR_AXIS), label: title, labelSize: 22 }],
      series: [T_SERIES, ...this.legend.map((l) => line(l.label, l, 2))],
      // the variants' colours and dashes only, on one line (the canvas legend names them): more height for the plot
      legend: { show: true, live: false, markers: LEGEND_MARKERS },
      cursor: { drag: { x: false, y: false } },
    };
    this.plot = new uPlot(inPageType(opts), this.legend.map(() => []).concat([[]]) as unknown as uPlot.AlignedData, this.host);
    // the legend's height is known once it is laid out: the observer then fits the plot above it
    if (this.legendEl) this.observer.unobserve(this.legendEl);
    this.legendEl = this.plot.root.querySelector<HTMLElement>('.u-legend');
    if (this.legendEl) this.observer.observe(this.legendEl);
    this.lastVersion = -1;
    this.update();
  }

  /** Redraws from the store if it changed. */
  update(): void {
    if (!this.plot || this.store.version === this.lastVersion) return;
    this.lastVersion = this.store.version;
    const to = this.store.length, from = this.store.windowStart(WINDOW_ROWS);
    this.data = variantChartData(this.store, this.kind, this.labels.length, from, to, this.logY);
    const plot = this.plot;
    plot.batch(() => plot.setData(this.data as unknown as uPlot.AlignedData));
  }
}
