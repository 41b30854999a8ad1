/**
 * Error vs Δt on log–log axes (uPlot), one series per quantity and ladder, plus slope-1 and slope-2
 * guide lines. Up to two ladders are shown: the older one dashed, the newer one solid, each quantity
 * in its own colour and named at its coarsest point (the panel's orders table is the legend). Both guides
 * fan out from the finest point of the newest ladder (see guideAnchor), so a curve parallel to one of them
 * has that order.
 */
import uPlot from 'uplot';
import { logRange } from '../charts/axis-range';
import 'uplot/dist/uPlot.min.css';
import type { LadderResult, Quantity } from '../../protocol/convergence';
import { CHARTS, GRID_COLOR, TEXT, TICK_COLOR } from '../palette';

const LINES = CHARTS.convergence;

export const QUANTITY_COLORS: Record<Quantity, string> = {
  position: LINES.position.color, velocity: LINES.velocity.color, angle: LINES.angle.color, spin: LINES.spin.color,
};

/** Line style of ladder k when `count` ladders are shown: the last one solid, an earlier one dashed. */
export function ladderDash(k: number, count: number): number[] | undefined {
  return k === count - 1 ? undefined : [12, 8];
}

const GUIDE_STYLE: Record<1 | 2, { dash: number[]; stroke: string }> = {
  1: { dash: [4, 7], stroke: LINES.guide.color },
  2: { dash: [18, 8], stroke: LINES.guide.color },
};

export interface ChartSeries {
  ladder: number;
  quantity: Quantity;
  values: (number | null)[];
}

export interface GuideLine {
  slope: 1 | 2;
  /** The point it passes through: [Δt, error] */
  anchor: [number, number];
  values: number[];
}

export interface ConvergenceChartData {
  /** Δt ascending (union of the ladders' step sizes) */
  x: number[];
  series: ChartSeries[];
  guides: GuideLine[];
}

/** Errors that can be drawn on a log axis: finite and > 0, else null (a stopped run, or an exact quantity). */
function drawable(e: number): number | null {
  return Number.isFinite(e) && e > 0 ? e : null;
}

export function buildChartData(results: LadderResult[]): ConvergenceChartData {
  const x = [...new Set(results.flatMap((r) => r.quantities[0]?.dt ?? []))].sort((a, b) => a - b);
  const index = new Map(x.map((v, k) => [v, k]));
  const series: ChartSeries[] = [];
  results.forEach((r, ladder) => {
    for (const q of r.quantities) {
      const values = new Array<number | null>(x.length).fill(null);
      q.dt.forEach((dt, k) => { values[index.get(dt)!] = drawable(q.errors[k]); });
      series.push({ ladder, quantity: q.quantity, values });
    }
  });
  const anchor = guideAnchor(results, series, x);
  const guides: GuideLine[] = anchor
    ? ([1, 2] as const).map((slope) => ({ slope, anchor, values: x.map((dt) => anchor[1] * (dt / anchor[0]) ** slope) }))
    : [];
  return { x, series, guides };
}

/**
 * Where both guides start: the finest point of the newest ladder, on the quantity with an observed
 * order and the largest error there (the one the eye follows); null when no quantity has an order.
 */
function guideAnchor(results: LadderResult[], series: ChartSeries[], x: number[]): [number, number] | null {
  const newest = results.length - 1;
  let best: [number, number] | null = null;
  for (const s of series) {
    if (s.ladder !== newest) continue;
    const q = results[newest].quantities.find((c) => c.quantity === s.quantity);
    if (!q || q.order === null) continue;
    const k = s.values.findIndex((v) => v !== null);
    if (k >= 0 && (!best || s.values[k]! > best[1])) best = [x[k], s.values[k]!];
  }
  return best;
}

const AXIS = {
  stroke: TEXT, grid: { stroke: GRID_COLOR }, ticks: { stroke: TICK_COLOR },
  font: '16px system-ui, sans-serif', labelFont: 'bold 18px system-ui, sans-serif',
};

/**
 * Log-axis tick labels: the decades as 1e-4; when the axis spans less than two decades (a short
 * ladder), also 2× and 5× so that it keeps more than two labels.
 */
/** Keeps every split for logTicks to label (uPlot's default log filter keeps the decades only). */
function allSplits(_u: uPlot, splits: number[]): number[] {
  return splits;
}

function logTicks(u: uPlot, splits: number[], axisIdx: number): string[] {
  const scale = u.scales[u.axes[axisIdx].scale ?? (axisIdx === 0 ? 'x' : 'y')];
  const narrow = (scale.max ?? 1) / (scale.min ?? 1) < 100;
  return splits.map((v) => {
    const l = Math.floor(Math.log10(v) + 1e-9);
    const m = Math.round(v / 10 ** l);
    if (Math.abs(v / 10 ** l - m) > 1e-6) return '';
    if (m === 1) return `1e${l}`;
    return narrow && (m === 2 || m === 5) ? `${m}e${l}` : '';
  });
}

export class ConvergenceChart {
  private plot: uPlot | null = null;
  data: ConvergenceChartData = { x: [], series: [], guides: [] };

  constructor(private readonly host: HTMLElement) {
    new ResizeObserver(() => { if (this.plot) this.plot.setSize(this.size()); }).observe(host);
  }

  get canvas(): HTMLCanvasElement | null {
    return this.plot ? this.plot.ctx.canvas : null;
  }

  /** Points drawn (non-null errors over all data series; guides not counted). */
  get points(): number {
    return this.data.series.reduce((n, s) => n + s.values.filter((v) => v !== null).length, 0);
  }

  private size(): { width: number; height: number } {
    return { width: Math.max(300, this.host.clientWidth), height: Math.max(200, this.host.clientHeight) };
  }

  show(results: LadderResult[]): void {
    this.plot?.destroy();
    this.plot = null;
    this.data = buildChartData(results);
    if (!this.data.x.length) return;
    const d = this.data;
    const guides = d.guides;
    const opts: uPlot.Options = {
      ...this.size(),
      // whole decades within the range uPlot's log splits handle (axis-range.ts)
      scales: { x: { time: false, distr: 3, range: (_u, min, max) => logRange(min, max) }, y: { distr: 3, range: (_u, min, max) => logRange(min, max) } },
      axes: [
        { ...AXIS, label: 'Δt [s]', labelSize: 28, size: 50, values: logTicks, filter: allSplits },
        { ...AXIS, label: 'max error  (m, m/s, rad, rad/s)', labelSize: 28, size: 78, values: logTicks, filter: allSplits },
      ],
      series: [
        { label: 'Δt' },
        ...d.series.map((s) => ({
          label: `${s.quantity} · ${results[s.ladder].tangential}`,
          stroke: QUANTITY_COLORS[s.quantity],
          width: s.ladder === results.length - 1 ? 3.5 : 2.5,
          dash: ladderDash(s.ladder, results.length),
          spanGaps: true,
          points: { show: true, size: 11, fill: QUANTITY_COLORS[s.quantity], stroke: QUANTITY_COLORS[s.quantity] },
        })),
        ...guides.map((g) => ({
          label: `slope ${g.slope}`, stroke: GUIDE_STYLE[g.slope].stroke, width: 2.5, dash: GUIDE_STYLE[g.slope].dash,
          points: { show: false },
        })),
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      hooks: { draw: [(u: uPlot) => { labelGuides(u, d); labelQuantities(u, d); }] },
    };
    const aligned = [d.x, ...d.series.map((s) => s.values), ...guides.map((g) => g.values)] as uPlot.AlignedData;
    this.plot = new uPlot(opts, aligned, this.host);
  }
}

/** Writes "slope 1" / "slope 2" next to the coarse end of each guide. */
function labelGuides(u: uPlot, d: ConvergenceChartData): void {
  const ctx = u.ctx;
  const dpr = window.devicePixelRatio || 1;
  ctx.save();
  ctx.font = `bold ${Math.round(17 * dpr)}px system-ui, sans-serif`;
  ctx.fillStyle = TEXT;
  ctx.textAlign = 'right';
  for (const g of d.guides) {
    // the coarsest Δt whose guide value is inside the plotted y range
    const ymax = u.scales.y.max ?? Infinity;
    let k = d.x.length - 1;
    while (k > 0 && g.values[k] > ymax) k--;
    const px = u.valToPos(d.x[k], 'x', true);
    const py = u.valToPos(g.values[k], 'y', true);
    ctx.fillText(`slope ${g.slope}`, px - 8 * dpr, py - 8 * dpr);
  }
  ctx.restore();
}

/** Names each quantity of the newest ladder beside its finest point, in its colour: the colour is not the only cue. */
function labelQuantities(u: uPlot, d: ConvergenceChartData): void {
  const newest = Math.max(-1, ...d.series.map((s) => s.ladder));
  const ctx = u.ctx;
  const dpr = window.devicePixelRatio || 1;
  ctx.save();
  ctx.font = `bold ${Math.round(16 * dpr)}px system-ui, sans-serif`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  for (const s of d.series) {
    const k = s.values.findIndex((v) => v !== null);
    if (s.ladder !== newest || k < 0) continue;
    ctx.fillStyle = QUANTITY_COLORS[s.quantity];
    ctx.fillText(s.quantity, u.valToPos(d.x[k], 'x', true) + 9 * dpr, u.valToPos(s.values[k]!, 'y', true) + 6 * dpr);
  }
  ctx.restore();
}
