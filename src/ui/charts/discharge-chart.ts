/**
 * The discharge chart (issue 37 item 4, the "make your own silo" lesson): once a gate has opened, the mass of the grains
 * past its orifice against time (left axis) and its rate W(t) over the last 0.1 s (right axis), with Beverloo's rate
 * for the orifice as a dashed reference line on the rate's axis — all from the worker's rows (series columns
 * `discharged` and `beverloo`, core/diagnostics/discharge.ts). It shows itself (#chart-discharge) while the rows have a
 * discharge; the steady rate it prints under its title is the one the lesson's end frame compares.
 */
import uPlot from 'uplot';
import { rateAt, steadyRate } from '../../core/diagnostics/discharge';
import { fmtNum } from '../controls/format';
import { CHARTS } from '../palette';
import { AXIS, LEGEND_MARKERS, LINEAR_AXIS, LINEAR_SCALE, line, plotSize, T_AXIS, T_SERIES } from './chart-style';
import type { SeriesStore } from './series-store';

/** What the chart shows (the test hook's view of it) */
export interface DischargeSnapshot {
  shown: boolean;
  /** rows drawn */
  rows: number;
  /** the largest rate drawn [kg/s] (NaN: none) */
  maxRate: number;
  /** the Beverloo line's value as drawn [kg/s] (NaN: none) */
  beverloo: number;
  /** the steady rate measured [kg/s] (NaN: not enough rows) */
  steady: number;
}

export class DischargeChart {
  private readonly box: HTMLElement;
  private readonly note: HTMLElement;
  private readonly host: HTMLElement;
  private readonly plot: uPlot;
  private version = -1;
  private data: (number | null)[][] = [[], [], [], []];
  private steady = NaN;

  /** `box`: #chart-discharge (index.html), its note and plot inside */
  constructor(box: HTMLElement, private readonly store: SeriesStore) {
    this.box = box;
    this.note = box.querySelector<HTMLElement>('.discharge-note')!;
    this.host = box.querySelector<HTMLElement>('.plot')!;
    const mass = CHARTS.flow.meanVx, rate = CHARTS.flow.flux, beverloo = CHARTS.ek.fit;
    this.plot = new uPlot({
      ...plotSize(this.host, null),
      scales: { x: { time: false }, y: LINEAR_SCALE, y2: LINEAR_SCALE },
      axes: [
        T_AXIS,
        { ...AXIS, ...LINEAR_AXIS, scale: 'y', label: 'mass out [kg]', labelSize: 22, stroke: mass.color },
        { ...AXIS, ...LINEAR_AXIS, scale: 'y2', side: 1, label: 'W [kg/s]', labelSize: 22, stroke: rate.color, grid: { show: false } },
      ],
      series: [T_SERIES, line('mass out', mass, 2.5), line('W', rate, 1.5, 'y2'), line('Beverloo', beverloo, 2, 'y2')],
      legend: { show: true, live: true, markers: LEGEND_MARKERS },
      cursor: { drag: { x: false, y: false } },
    }, this.data as uPlot.AlignedData, this.host);
    // the plot fills its host above the legend, refitted when either changes size (a legend's values wrap it to more lines)
    const legend = this.plot.root.querySelector<HTMLElement>('.u-legend');
    const fit = new ResizeObserver(() => this.plot.setSize(plotSize(this.host, legend)));
    fit.observe(this.host);
    if (legend) fit.observe(legend);
  }

  /** Redraws from the store if it changed: the rows since the gate opened. */
  update(): void {
    const s = this.store;
    if (s.version === this.version) return;
    this.version = s.version;
    const { t, discharged: m, beverloo } = s.cols;
    const from = dischargeStart(m, s.length);
    const rows = s.length - from;
    this.box.hidden = rows === 0;
    if (rows === 0) return;
    const val = (v: number): number | null => (Number.isFinite(v) ? v : null);
    this.data = [
      Array.from(t.subarray(from, s.length)),
      Array.from(m.subarray(from, s.length), val),
      Array.from({ length: rows }, (_, k) => val(rateAt(t, m, from + k))),
      Array.from(beverloo.subarray(from, s.length), val),
    ];
    this.steady = steadyRate(t.subarray(from, s.length), m.subarray(from, s.length), rows);
    this.note.textContent = `steady W = ${Number.isFinite(this.steady) ? fmtNum(this.steady) : '–'} kg/s · Beverloo ${fmtNum(beverloo[s.length - 1])} kg/s`;
    const plot = this.plot;
    plot.batch(() => plot.setData(this.data as uPlot.AlignedData));
  }

  snapshot(): DischargeSnapshot {
    const rate = this.data[2].filter((v): v is number => v !== null);
    return {
      shown: !this.box.hidden, rows: this.data[0].length, maxRate: rate.length ? Math.max(...rate) : NaN,
      beverloo: this.data[3].at(-1) ?? NaN, steady: this.steady,
    };
  }
}

/** The first of the `rows` rows of the discharge under way: the rows since the last one without it (no gate open) */
export function dischargeStart(m: ArrayLike<number>, rows: number): number {
  let from = rows;
  while (from > 0 && Number.isFinite(m[from - 1])) from--;
  return from;
}
