/**
 * What the live uPlot charts share: axis colours and fonts, value formatting, line series in the palette's
 * styles with a key that shows their dash, and the scales and axes whose ranges and ticks come from
 * axis-range.ts (finite, never degenerate, so nothing can freeze).
 */
import type uPlot from 'uplot';
import { AXIS_COLOR, borderStyle, GRID_COLOR, TICK_COLOR, type LineStyle } from '../palette';
import { decadeLabel, decadeSplits, labelledDecades, linearRange, linearTickLabels, linearTicks, linearTickSpace, logRange } from './axis-range';
import { PAGE_TICK_PX, PAGE_TITLE_PX, tickFont, tickPx, titleFont } from './lecture-axes';

/** Every axis's colours and type (lecture mode's larger type: lecture-axes.ts) */
export const AXIS = { stroke: AXIS_COLOR, grid: { stroke: GRID_COLOR }, ticks: { stroke: TICK_COLOR }, font: tickFont(PAGE_TICK_PX), labelFont: titleFont(PAGE_TITLE_PX) };

/** The key's markers: each series' box bordered in its colour, dashed or dotted as its line. */
export const LEGEND_MARKERS = { dash: (u: uPlot, i: number) => borderStyle(u.series[i].dash) };

export function fmt(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e4) ? v.toExponential(3) : v.toPrecision(4);
}

/** Axis width that fits its longest tick label (7.6 px a character in 13 px type) plus the ticks. */
export function labelWidth(u: uPlot, values: string[] | null, axisIdx: number): number {
  const chars = values && values.length ? Math.max(...values.map((v) => (v ?? '').length)) : 4;
  return 34 + (7.6 / PAGE_TICK_PX) * tickPx(u, axisIdx) * chars;
}

/**
 * The height a plot gets in `host`: the host less the legend under it (a long legend may take two lines;
 * before the legend is laid out, room for one line), at least 120 × 40 px (axes and a sliver of plot): more would push
 * the legend out of a small chart's box (four charts and a banner at 1280×720, or two banners and a three-line
 * legend of a diverged run's values: 60 px hung the legend 4 px out of the Ek chart), where it was cut off.
 */
export function plotSize(host: HTMLElement, legend: HTMLElement | null | undefined): { width: number; height: number } {
  const below = legend && legend.offsetHeight > 0 ? legend.offsetHeight + 8 : 40;
  return { width: Math.max(120, host.clientWidth - 8), height: Math.max(40, host.clientHeight - below) };
}

/** Each linear axis's ticks and their step, as its `incrs` worked them out for its `splits` and `values` (axis-range.ts). */
const linearAxisTicks = new WeakMap<uPlot, { ticks: number[]; step: number }[]>();

/**
 * Linear axes: a finite, non-flat range and ticks that never repeat a label, about three of them even on a short
 * plot. The ticks are axis-range.ts's linearTicks, worked out when uPlot asks for the axis's increments (for each
 * axis it then asks for the splits and the labels); uPlot is handed one increment it always accepts, for it has no
 * other use here.
 */
export const LINEAR_SCALE = { auto: true, range: (_u: uPlot, min: number | null, max: number | null) => linearRange(min, max) };
export const LINEAR_AXIS = {
  space: (_u: uPlot, _axis: number, _min: number, _max: number, plotDim: number) => linearTickSpace(plotDim),
  incrs: (u: uPlot, axis: number, min: number, max: number, plotDim: number, space: number) => {
    const all = linearAxisTicks.get(u) ?? [];
    all[axis] = linearTicks(min, max, plotDim / space);
    linearAxisTicks.set(u, all);
    return [Number.MAX_VALUE];
  },
  splits: (u: uPlot, axis: number) => linearAxisTicks.get(u)?.[axis]?.ticks ?? [],
  values: (u: uPlot, splits: number[], axis: number) => linearTickLabels(splits, linearAxisTicks.get(u)?.[axis]?.step ?? 0),
  size: labelWidth,
};
/** Log axes: whole decades, labelled at the decades only (uPlot's own log splits are never called). */
export const LOG_SCALE = { distr: 3, range: (_u: uPlot, min: number | null, max: number | null) => logRange(min, max) };
export const LOG_AXIS = {
  splits: (_u: uPlot, _axis: number, min: number, max: number) => decadeSplits(min, max),
  // the decades left unlabelled where labels would crowd are null (axis-range.ts labelledDecades)
  filter: (u: uPlot, splits: number[], axis: number) => {
    const scale = u.axes[axis].scale ?? 'y';
    const keep = labelledDecades(splits, Math.abs(u.valToPos(10, scale) - u.valToPos(1, scale)));
    return splits.map((v, k) => (keep[k] ? v : null));
  },
  values: (_u: uPlot, splits: (number | null)[]) => splits.map((v) => (v === null ? '' : decadeLabel(v))),
  size: 78,
};

/** The time axis and series every chart has first. */
// tick labels (13 px) and ticks fit in 30 px, the title in 18: uPlot's 50 + 22 left a 1280×720 chart ≈ 30 px of plot
/**
 * The time axis: uPlot's splits, labelled with as many decimals as their step needs (uPlot's own labels gave
 * 0, 0.001, 0.001, 0.002 … for a step of 0.0005 s: the blow-up lesson's end frame).
 */
export const T_AXIS = { ...AXIS, label: 't [s]', labelSize: 18, size: 30,
  values: (_u: uPlot, splits: number[], _axis: number, _space: number, incr: number) => linearTickLabels(splits, incr) };
export const T_SERIES = { label: 't', value: (_u: uPlot, v: number | null) => fmt(v) };

/** A line series in `style` (palette.ts: colour, dash) on scale `scale`. */
export function line(label: string, style: LineStyle, width: number, scale = 'y'): uPlot.Series {
  return { label, stroke: style.color, dash: style.dash, width, scale, value: (_u: uPlot, v: number | null) => fmt(v) };
}

/**
 * Strokes the path `trace` draws (moveTo/lineTo in canvas pixels) over plot `u`, clipped to its plot area, in `style`
 * at `width` CSS px: the lines a chart draws over its series (the live relaxation fit, the run before going back).
 */
export function strokeInPlot(u: uPlot, style: LineStyle, width: number, trace: (ctx: CanvasRenderingContext2D) => void): void {
  const ctx = u.ctx, dpr = window.devicePixelRatio || 1, b = u.bbox;
  ctx.save();
  ctx.beginPath();
  ctx.rect(b.left, b.top, b.width, b.height);
  ctx.clip();
  ctx.strokeStyle = style.color;
  ctx.lineWidth = width * dpr;
  ctx.setLineDash((style.dash ?? []).map((d) => d * dpr));
  ctx.beginPath();
  trace(ctx);
  ctx.stroke();
  ctx.restore();
}
