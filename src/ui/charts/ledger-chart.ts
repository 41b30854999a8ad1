/**
 * The energy ledger chart (issue 11 item 2; Diagnostics in core/sim/world-types.ts): where the energy is,
 * stacked — kinetic (bodies and moving walls), elastic (normal and tangential springs), potential, and what the
 * normal dashpots, the tangential dashpots and Coulomb sliding dissipated — against the energy supplied (the
 * start plus the work of walls, pistons and the hand since), and the residual (stack − supplied: energy from
 * nowhere) as its own line on the same axis; in a comparison each other variant's residual is drawn over it in the
 * variant's colour and dash (issue 36: both updates' books on one chart). The potential energy's zero is arbitrary:
 * it is drawn above its lowest value in the window, and the supplied line is shifted with it. Same window and update rhythm as the
 * other live charts (charts.ts); the title prints the newest residual, in joules and as a share of the supply.
 */
import uPlot from 'uplot';
import { VARIANT_RESIDUAL_COLUMNS } from '../../protocol/api';
import { BAND_OPACITY, CHARTS, VARIANTS } from '../palette';
import { fmtNum } from '../controls/format';
import { AXIS, LEGEND_MARKERS, LINEAR_AXIS, LINEAR_SCALE, T_AXIS, T_SERIES, plotSize } from './chart-style';
import { inPageType, onLectureChange } from './lecture-axes';
import { residualShare } from './residual-share';
import type { SeriesStore } from './series-store';

type Cols = SeriesStore['cols'];

const LINES = CHARTS.ledger;

/**
 * The stacked accounts, bottom to top: label, colour, value at row k [J] (potential before its shift). The key
 * lists them in the stack's order: a band's place is its second cue.
 */
export const LEDGER_LAYERS: { label: string; color: string; get: (c: Cols, k: number) => number }[] = [
  { label: 'kinetic', color: LINES.kinetic.color, get: (c, k) => c.ek[k] + c.ekWalls[k] },
  { label: 'elastic', color: LINES.elastic.color, get: (c, k) => c.eElastic[k] },
  { label: 'potential', color: LINES.potential.color, get: (c, k) => c.ePotential[k] },
  { label: 'dashpot n', color: LINES.dashpotN.color, get: (c, k) => c.dissipatedNormal[k] },
  { label: 'dashpot t', color: LINES.dashpotT.color, get: (c, k) => c.dissipatedTangential[k] },
  { label: 'sliding', color: LINES.sliding.color, get: (c, k) => c.dissipatedSlip[k] },
];
const POTENTIAL = 2;
/** a band's fill: its colour at BAND_OPACITY, as the hex alpha appended to #rrggbb */
const BAND_ALPHA = Math.round(255 * BAND_OPACITY).toString(16).padStart(2, '0');

/** The variants (1 … 4) whose residual has a value in rows [from, to): 1 outside a comparison. */
export function residualVariants(store: SeriesStore, from: number, to: number): number {
  for (let v = VARIANT_RESIDUAL_COLUMNS.length - 1; v > 0; v--) {
    const a = store.cols[VARIANT_RESIDUAL_COLUMNS[v]];
    for (let k = from; k < to; k++) if (Number.isFinite(a[k])) return v + 1;
  }
  return 1;
}

/**
 * The chart's columns for rows [from, to): t, the running sums of LEDGER_LAYERS (so the top one is everything
 * accounted for), the supplied energy and the residual, then variants 2 … `variants`' residuals; null where a value
 * is missing (no ledger for polygons and contact dynamics: the dissipation, supplied and residual columns; a
 * variant stopped). Potential and supplied are shifted by the window's lowest potential energy.
 */
export function buildLedgerData(store: SeriesStore, from: number, to: number, variants = 1): (number | null)[][] {
  const c = store.cols;
  let pMin = Infinity;
  for (let k = from; k < to; k++) if (c.ePotential[k] < pMin) pMin = c.ePotential[k];
  if (!Number.isFinite(pMin)) pMin = 0;
  const out: (number | null)[][] = Array.from({ length: LEDGER_LAYERS.length + 2 + variants }, () => new Array<number | null>(to - from));
  for (let k = from; k < to; k++) {
    const r = k - from;
    out[0][r] = c.t[k];
    let sum = 0;
    for (let L = 0; L < LEDGER_LAYERS.length; L++) {
      sum += LEDGER_LAYERS[L].get(c, k) - (L === POTENTIAL ? pMin : 0);
      out[L + 1][r] = Number.isFinite(sum) ? sum : null;
    }
    const supplied = c.energySupplied[k] - pMin, residual = c.energyResidual[k];
    out[LEDGER_LAYERS.length + 1][r] = Number.isFinite(supplied) ? supplied : null;
    out[LEDGER_LAYERS.length + 2][r] = Number.isFinite(residual) ? residual : null;
    for (let v = 1; v < variants; v++) {
      const e = store.cols[VARIANT_RESIDUAL_COLUMNS[v]][k];
      out[LEDGER_LAYERS.length + 2 + v][r] = Number.isFinite(e) ? e : null;
    }
  }
  return out;
}

/** The residual line of variant v ≥ 2 (index v − 1): its colour and dash, as its other charts */
const variantResidual = (v: number) => ({ label: `residual #${v + 1}`, color: VARIANTS[v].color, dash: VARIANTS[v].dash });

function layout(variants: number): Pick<uPlot.Options, 'scales' | 'axes' | 'series' | 'bands'> {
  const layers: uPlot.Series[] = LEDGER_LAYERS.map((l, L) => ({
    label: l.label, stroke: l.color, width: 1, scale: 'y',
    // the lowest band fills down to 0; each one above fills to the band below it (bands)
    ...(L === 0 ? { fill: `${l.color}${BAND_ALPHA}`, fillTo: 0 } : {}),
  }));
  return {
    scales: { x: { time: false }, y: LINEAR_SCALE },
    // ticks 18 px apart at least: a short plot (1280×720 with a banner open) still gets two labelled values
    axes: [T_AXIS, { ...AXIS, ...LINEAR_AXIS, label: 'energy [J]', labelSize: 22, space: 18 }],
    series: [
      T_SERIES, ...layers,
      { label: 'supplied', stroke: LINES.supplied.color, width: 2, dash: LINES.supplied.dash, scale: 'y' },
      { label: 'residual', stroke: LINES.residual.color, width: 3, scale: 'y' },
      ...Array.from({ length: variants - 1 }, (_, k) => {
        const l = variantResidual(k + 1);
        return { label: l.label, stroke: l.color, dash: l.dash, width: 3, scale: 'y' };
      }),
    ],
    bands: LEDGER_LAYERS.slice(1).map((l, i) => ({ series: [i + 2, i + 1] as [number, number], fill: `${l.color}${BAND_ALPHA}` })),
  };
}

export class LedgerChart {
  private plot: uPlot | null = null;
  private readonly observer = new ResizeObserver(() => this.resize());
  private lastVersion = -1;
  /** rows shown (0 = all), as the Ek chart */
  windowRows = 3000;
  /** data currently given to uPlot (tests, PNG export) */
  data: (number | null)[][] = [];
  /** variants whose residual is drawn (1: variant 1's only); a change rebuilds the plot */
  private variants = 1;

  /** the series drawn (label, colour, dash), for the exported picture's legend */
  get legend(): { label: string; color: string; dash?: number[] }[] {
    return [...LEDGER_LAYERS.map((l) => ({ label: l.label, color: l.color })), { label: 'supplied', ...LINES.supplied }, { label: 'residual', ...LINES.residual },
      ...Array.from({ length: this.variants - 1 }, (_, k) => variantResidual(k + 1))];
  }

  /** `readout`: where the newest residual is printed (in the chart's title) */
  constructor(private readonly host: HTMLElement, private readonly store: SeriesStore, private readonly readout: HTMLElement) {
    this.observer.observe(host);
    // lecture mode's type: the plot is made again at the next update
    onLectureChange(() => { this.drop(); this.update(); });
  }

  get canvas(): HTMLCanvasElement | null {
    return this.plot ? this.plot.ctx.canvas : null;
  }

  private size(): { width: number; height: number } {
    return plotSize(this.host, this.plot?.root.querySelector<HTMLElement>('.u-legend'));
  }

  private resize(): void {
    if (this.plot) this.plot.setSize(this.size());
  }

  /** Destroys the plot (the next update makes it again). */
  private drop(): void {
    const key = this.plot?.root.querySelector<HTMLElement>('.u-legend');
    if (key) this.observer.unobserve(key);
    this.plot?.destroy();
    this.plot = null;
  }

  /** Redraws from the store if it changed; the plot is made the first time the chart is shown. */
  update(): void {
    if (this.host.clientWidth === 0) return; // hidden: nothing to draw
    const from = this.store.windowStart(this.windowRows), to = this.store.length;
    const variants = residualVariants(this.store, from, to);
    if (variants !== this.variants) {
      this.drop();
      this.variants = variants;
    }
    if (!this.plot) {
      // a key without live values: eight series fit in two short lines at 1280×720 (the title prints the residual)
      this.plot = new uPlot(inPageType({ ...this.size(), ...layout(variants), legend: { show: true, live: false, markers: LEGEND_MARKERS }, cursor: { drag: { x: false, y: false } } }),
        Array.from({ length: LEDGER_LAYERS.length + 2 + variants }, (): number[] => []) as uPlot.AlignedData, this.host);
      const legendEl = this.plot.root.querySelector<HTMLElement>('.u-legend');
      if (legendEl) this.observer.observe(legendEl);
      this.lastVersion = -1;
    }
    if (this.store.version === this.lastVersion) return;
    this.lastVersion = this.store.version;
    this.data = buildLedgerData(this.store, from, to, variants);
    const plot = this.plot;
    plot.batch(() => plot.setData(this.data as uPlot.AlignedData));
    // the newest row's residual and its share of the supply as recorded (the supplied line is drawn shifted)
    const residual = to > from ? this.store.cols.energyResidual[to - 1] : NaN, share = to > from ? residualShare(residual, this.store.cols.energySupplied[to - 1]) : '';
    const text = Number.isFinite(residual) ? `· residual ${fmtNum(residual)} J${share ? `, ${share}` : ''}` : '';
    if (this.readout.textContent !== text) this.readout.textContent = text;
  }
}
