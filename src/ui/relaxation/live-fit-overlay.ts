/**
 * The Ek chart's live relaxation fit (issue 11, the Δt lecture): in a scene with run.relaxation (two-disc,
 * two-polygon) the worker's fit Ek(t) = E₀ exp(−t/t_R) through the Ek peaks so far (paper 000 Eq. 12, the
 * core's fitRelaxation, as `sim run` and `sim sweep` fit it) is drawn as a white dashed line over the peaks it
 * used, and t_R/t_c is printed after the chart's title with the two decimals of the sweep table.
 */
import type uPlot from 'uplot';
import './live-fit.css';
import type { LiveRelaxationFit } from '../../protocol/relaxation';
import type { LiveChart } from '../charts/charts';
import { strokeInPlot } from '../charts/chart-style';
import { CHARTS } from '../palette';

/** The title's words for a fit (empty outside relaxation scenes). */
export function fitLabel(f: LiveRelaxationFit | null): string {
  if (!f) return '';
  // the value first: a narrow chart (1280×720) cuts the end of the line
  if (!Number.isFinite(f.tR)) return `tR/tc = — (fit: ${f.peaks} of 3 peaks so far)`;
  if (!f.decaying) return `tR/tc = — (fit: Ek grows, ${f.peaks} peaks)`;
  return `tR/tc = ${f.tROverTc.toFixed(2)} (fit of ${f.peaks} Ek peaks)`;
}

export class LiveFitOverlay {
  fit: LiveRelaxationFit | null = null;
  readonly label: HTMLElement;
  private key = '';

  constructor(private readonly chart: LiveChart, title: HTMLElement) {
    this.label = document.createElement('div');
    this.label.setAttribute('data-testid', 'ek-fit');
    this.label.title = 'Ek(t) = E0 exp(−t/tR) fitted through the Ek peaks between 1e-2 and 1e-6 of the largest since the run started or was put back (paper 000 Eq. 12)';
    this.label.className = 'fit-note';
    this.label.hidden = true;
    title.after(this.label); // its own line under the title: a narrow chart (1280×720) cuts the title short
    chart.setOverlay('fit', (u) => this.draw(u));
  }

  /** Shows the worker's latest fit (redraws only when it changed). */
  set(f: LiveRelaxationFit | null): void {
    const key = f ? `${f.tR},${f.e0},${f.t0},${f.t1},${f.peaks}` : '';
    if (key === this.key) return;
    this.key = key;
    this.fit = f;
    this.label.textContent = fitLabel(f);
    this.label.hidden = f === null;
    this.chart.setOverlay('fit', (u) => this.draw(u));
  }

  private draw(u: uPlot): void {
    const f = this.fit;
    if (!f || !Number.isFinite(f.tR) || !Number.isFinite(f.e0) || !(f.t1 > f.t0)) return;
    strokeInPlot(u, CHARTS.ek.fit, 2, (ctx) => {
      const N = 64;
      for (let k = 0; k <= N; k++) {
        const t = f.t0 + ((f.t1 - f.t0) * k) / N;
        const x = u.valToPos(t, 'x', true), y = u.valToPos(f.e0 * Math.exp(-t / f.tR), 'y', true);
        if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
      }
    });
  }
}
