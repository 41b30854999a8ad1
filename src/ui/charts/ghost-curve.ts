/**
 * The run before a rewind, as a ghost on the Ek chart (issue 36 item 8): when the run goes on from an earlier
 * time (rewind → Run from here, or back to the last good state), the rows it replaces are kept and drawn as a grey
 * dashed line under the new run's, so the class sees what the change of Δt (or μ, …) changed. One ghost: the
 * latest replaced stretch; a new scene or Reset forgets it. Its buffers are allocated once (the store's capacity).
 */
import type uPlot from 'uplot';
import type { LiveChart } from './charts';
import { strokeInPlot } from './chart-style';
import type { SeriesStore } from './series-store';
import { CHARTS } from '../palette';

/** At most this many segments drawn (the ghost is thinned evenly beyond) */
const MAX_POINTS = 2000;

export class GhostCurve {
  private readonly t: Float64Array;
  private readonly ek: Float64Array;
  /** rows held */
  length = 0;
  /** the line under the chart's title that says what the ghost is */
  private readonly label: HTMLElement;

  constructor(private readonly store: SeriesStore, private readonly chart: LiveChart, title: HTMLElement) {
    this.label = document.createElement('div');
    this.label.className = 'fit-note';
    this.label.dataset.testid = 'ek-ghost';
    this.label.hidden = true;
    title.after(this.label);
    this.t = new Float64Array(store.capacity);
    this.ek = new Float64Array(store.capacity);
    store.onDrop.push((from) => this.keep(from));
    chart.setOverlay('ghost', (u) => this.draw(u));
  }

  /** The time span of the ghost [s], or null */
  span(): [number, number] | null {
    return this.length ? [this.t[0], this.t[this.length - 1]] : null;
  }

  private keep(from: number | null): void {
    const s = this.store;
    if (from === null) {
      this.length = 0;
    } else {
      const n = s.length - from;
      this.t.set(s.cols.t.subarray(from, s.length));
      this.ek.set(s.cols.ek.subarray(from, s.length));
      this.length = n;
    }
    const span = this.span();
    this.label.hidden = span === null;
    this.label.textContent = span ? `grey dashed: the run before going back (t = ${span[0].toPrecision(4)} … ${span[1].toPrecision(4)} s)` : '';
  }

  private draw(u: uPlot): void {
    drawGhost(u, this.t, this.ek, this.length, this.chart.logY);
  }
}

/**
 * Draws a ghost, the points (x[k], y[k]) for k < n, grey and dashed over plot `u` (scales x and y), thinned to at most
 * MAX_POINTS segments; the line breaks at a value it cannot draw (not finite, or ≤ 0 on a log y).
 */
export function drawGhost(u: uPlot, xs: ArrayLike<number | null>, ys: ArrayLike<number | null>, n: number, logY: boolean): void {
  if (!n) return;
  const every = Math.max(1, Math.ceil(n / MAX_POINTS));
  strokeInPlot(u, CHARTS.ek.ghost, 1.5, (ctx) => {
    let pen = false;
    for (let k = 0; k < n; k += every) {
      const e = ys[k], t = xs[k];
      if (e === null || t === null || !Number.isFinite(e) || !Number.isFinite(t) || (logY && !(e > 0))) { pen = false; continue; }
      const x = u.valToPos(t, 'x', true), y = u.valToPos(e, 'y', true);
      if (pen) ctx.lineTo(x, y);
      else ctx.moveTo(x, y);
      pen = true;
    }
  });
}
