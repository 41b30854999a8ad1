/**
 * t_R/t_c against Δt/t_c (log x) for the four E1 series (sweep-plan.ts), each point as its run finishes,
 * with the exact linear model's t_R as grey dashed lines (119.2 t_c rotation free, 59.6 t_c locked;
 * docs/validation.md#e1-two-disc-relaxation [R, computed]) and a dotted mark at Δt = 10⁻³ t_c, where paper 000 says the
 * Cundall spring's t_R converges.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { decadeLabel, decadeSplits, linearRange, linearTickLabels } from '../charts/axis-range';
import type { RelaxationRow } from '../../protocol/relaxation';
import { CHARTS, GRID_COLOR, TEXT, TICK_COLOR } from '../palette';
import { SWEEP_SERIES } from './sweep-plan';

/** The exact linear model's t_R/t_c: rotation free, rotation locked (docs/validation.md#e1-two-disc-relaxation) */
export const REFERENCE_TR = { free: 119.2, locked: 59.6 } as const;
/** Paper 000: with the Cundall spring t_R converges for Δt ≲ this × t_c (rotation free) */
export const PAPER_CONVERGED_DT = 1e-3;

const { exact, paperMark } = CHARTS.relaxation;

const AXIS = {
  stroke: TEXT, grid: { stroke: GRID_COLOR }, ticks: { stroke: TICK_COLOR },
  font: '16px system-ui, sans-serif', labelFont: 'bold 18px system-ui, sans-serif',
};

export interface SweepChartData {
  /** Δt/t_c ascending */
  x: number[];
  /** t_R/t_c of each series at each x (null: not run yet, or no fit) */
  series: (number | null)[][];
}

/** Lays the finished rows out on the union of their Δt/t_c (rows of a series other than SWEEP_SERIES are ignored). */
export function buildSweepData(rows: RelaxationRow[]): SweepChartData {
  const x = [...new Set(rows.map((r) => r.dtOverTc))].sort((a, b) => a - b);
  const index = new Map(x.map((v, k) => [v, k]));
  const series = SWEEP_SERIES.map(() => new Array<number | null>(x.length).fill(null));
  for (const r of rows) {
    const s = SWEEP_SERIES.findIndex((q) => q.tangential === r.tangential && q.rotation === r.rotation);
    if (s >= 0 && r.tR !== null && Number.isFinite(r.tR)) series[s][index.get(r.dtOverTc)!] = r.tR;
  }
  return { x, series };
}

export class RelaxationChart {
  private plot: uPlot | null = null;
  data: SweepChartData = { x: [], series: [] };

  constructor(private readonly host: HTMLElement) {
    new ResizeObserver(() => { if (this.plot) this.plot.setSize(this.size()); }).observe(host);
  }

  /** Points drawn */
  get points(): number {
    return this.data.series.reduce((n, s) => n + s.filter((v) => v !== null).length, 0);
  }

  private size(): { width: number; height: number } {
    return { width: Math.max(300, this.host.clientWidth), height: Math.max(200, this.host.clientHeight) };
  }

  show(rows: RelaxationRow[]): void {
    this.plot?.destroy();
    this.plot = null;
    this.data = buildSweepData(rows);
    const d = this.data;
    if (!d.x.length) return;
    const opts: uPlot.Options = {
      ...this.size(),
      scales: {
        // half a decade either side of the points (and of the paper's 1e-3), so no point sits on the frame
        x: { time: false, distr: 3, range: (_u, min, max) => sweepRange(min, max) },
        y: { auto: true, range: (_u, min, max) => linearRange(Math.min(0, min ?? 0), Math.max(REFERENCE_TR.free, max ?? 0)) },
      },
      axes: [
        { ...AXIS, label: 'Δt / tc', labelSize: 28, size: 50, splits: (_u, _a, min, max) => decadeSplits(min, max), values: (_u, s) => s.map((v) => (v === null ? '' : decadeLabel(v))) },
        { ...AXIS, label: 'tR / tc', labelSize: 28, size: 70, values: (_u, s) => linearTickLabels(s) },
      ],
      series: [
        { label: 'Δt/tc' },
        ...SWEEP_SERIES.map((s) => ({
          label: s.label, stroke: s.color, width: 3, dash: s.dash, spanGaps: true,
          points: { show: true, size: 12, fill: s.color, stroke: s.color },
        })),
        { label: 'exact, free', stroke: exact.color, width: 1.5, dash: exact.dash, points: { show: false } },
        { label: 'exact, locked', stroke: exact.color, width: 1.5, dash: exact.dash, points: { show: false } },
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      hooks: { draw: [(u: uPlot) => markPaperLimit(u)] },
    };
    const aligned = [d.x, ...d.series, d.x.map(() => REFERENCE_TR.free), d.x.map(() => REFERENCE_TR.locked)] as uPlot.AlignedData;
    this.plot = new uPlot(opts, aligned, this.host);
  }
}

/** The x range: half a decade (×/÷ √10) beyond the smallest Δt (or the paper's 1e-3, if smaller) and the largest. */
export function sweepRange(min: number | null, max: number | null): [number, number] {
  const lo = Math.min(min !== null && min > 0 ? min : PAPER_CONVERGED_DT, PAPER_CONVERGED_DT);
  const hi = max !== null && max > 0 ? Math.max(max, lo) : lo;
  return [lo / Math.sqrt(10), hi * Math.sqrt(10)];
}

/** A dotted vertical line at Δt = 10⁻³ t_c, labelled with paper 000's claim. */
function markPaperLimit(u: uPlot): void {
  const min = u.scales.x.min ?? 0, max = u.scales.x.max ?? 0;
  if (!(PAPER_CONVERGED_DT >= min && PAPER_CONVERGED_DT <= max)) return;
  const ctx = u.ctx, dpr = window.devicePixelRatio || 1;
  const px = u.valToPos(PAPER_CONVERGED_DT, 'x', true);
  ctx.save();
  ctx.strokeStyle = paperMark.color;
  ctx.lineWidth = 2 * dpr;
  ctx.setLineDash(paperMark.dash.map((d) => d * dpr));
  ctx.beginPath();
  ctx.moveTo(px, u.bbox.top);
  ctx.lineTo(px, u.bbox.top + u.bbox.height);
  ctx.stroke();
  ctx.font = `bold ${Math.round(15 * dpr)}px system-ui, sans-serif`;
  ctx.fillStyle = paperMark.color;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText('paper 000: Cundall converged ≲ 1e-3 tc', px + 6 * dpr, u.bbox.top + 18 * dpr);
  ctx.restore();
}
