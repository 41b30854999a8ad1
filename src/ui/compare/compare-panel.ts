/**
 * The app's side of a lockstep comparison (issue 11): the lil-gui "Compare" folder (one-click presets and
 * "off"), the variants drawn over variant 1 on the canvas (variant-layer.ts), the legend naming each
 * variant's overrides in its colour (and why a stopped one stopped), the Ek and angle charts overlaying every
 * variant's Ek(t) and selected contact's plane angle in place of the single run's, and the divergence chart.
 * The layout is overlaid or side by side (pane-view.ts: one pane per variant; the mouse acts in any pane).
 * The worker runs the comparison (SimApi.setComparison); this reads it from the status and the series rows.
 */
import './compare.css';
import type GUI from 'lil-gui';
import type { Controller } from 'lil-gui';
import type { ComparisonStatus, PickResult, SimStatus, VariantStatus } from '../../protocol/api';
import { fmtNum } from '../controls/format';
import { fitLabel } from '../relaxation/live-fit-overlay';
import type { SeriesStore } from '../charts/series-store';
import type { Scene } from '../render/scene';
import type { SimRemote } from '../sim-client';
import type { UrlComparison } from '../url-state';
import { VariantChart } from './compare-charts';
import type { ChartPicture } from '../export';
import { PaneView } from './pane-view';
import { VARIANTS } from '../palette';
import { COMPARE_PRESETS, presetNamed, variantText, type ComparePreset } from './presets';
import { StoppedLabels } from './stopped-labels';
import { packedColor, VariantLayer } from './variant-layer';

export interface CompareHandlers {
  /** Loads a built-in scenario with overrides, as the scenario menu does; false when it failed */
  load(scenario: string, overrides: Record<string, unknown>): Promise<boolean>;
  /** Shows refused input (each line names the field) */
  problems(lines: string[]): void;
  /** After a change: poll the worker */
  changed(): Promise<void>;
  /** The comparison in the URL changed (urlState): write the URL */
  url(): void;
  /** The layout changed (side by side or overlaid): keep it in the URL */
  panes(sideBySide: boolean): void;
}

export interface CompareElements {
  gui: GUI;
  stage: HTMLElement;
  /** under the canvas (#stage-foot): the variants' legend goes there */
  legendHost: HTMLElement;
  /** the Ek chart's plot (#chart-ek-plot): the variants' Ek plot takes its place while a comparison runs */
  ekPlot: HTMLElement;
  /** the angle chart's plot (#chart-angle-plot): the variants' plane angles take its place likewise */
  anglePlot: HTMLElement;
  /** #charts: the divergence chart is added to it */
  charts: HTMLElement;
}

const IDLE_NOTE = 'Runs 2–4 variants of one scene in lockstep, drawn over each other (variant 1 filled, the others outlined) or side by side; drag a body to move it in all of them.';
const LAYOUTS = ['overlaid', 'side by side'] as const;

export class CompareUi {
  readonly layer = new VariantLayer();
  readonly ek: VariantChart;
  readonly divergence: VariantChart;
  readonly angle: VariantChart;
  readonly panes: PaneView;
  /** the layout: each variant in its own pane (true) or all overlaid */
  private sideBySide = false;
  private readonly layoutModel: { layout: (typeof LAYOUTS)[number] } = { layout: 'overlaid' };
  private readonly layoutCtl: Controller;
  /** the panes' labels (a new array only when they change) */
  private paneTexts: string[] = [];
  /** variants 2…'s canvas labels while stopped (null: running) */
  private stoppedTexts: (string | null)[] = [];
  private readonly angleHost = document.createElement('div');
  private readonly legend = document.createElement('div');
  private readonly divergenceBox = document.createElement('div');
  private readonly ekHost = document.createElement('div');
  private readonly note: HTMLElement;
  private readonly stage: HTMLElement;
  /** the single run's Ek and angle plots, hidden while a comparison runs */
  private readonly ekPlot: HTMLElement;
  private readonly anglePlot: HTMLElement;
  private comparison: ComparisonStatus | null = null;
  /** the preset that started the running comparison (null: variants from the URL, or none) */
  private preset: string | null = null;
  private legendKey = '';
  private urlKey = 'null';

  constructor(private readonly api: SimRemote, private readonly scene: Scene, store: SeriesStore, el: CompareElements, private readonly h: CompareHandlers) {
    scene.addWorldLayer(this.layer.container);
    this.legend.id = 'compare-legend';
    this.legend.setAttribute('data-testid', 'compare-legend');
    this.legend.hidden = true;
    el.legendHost.appendChild(this.legend);
    this.stage = el.stage;

    this.ekHost.className = 'plot';
    this.ekHost.setAttribute('data-testid', 'chart-compare-ek-plot');
    this.ekHost.hidden = true;
    el.ekPlot.after(this.ekHost);
    this.ekPlot = el.ekPlot;
    this.ek = new VariantChart(this.ekHost, 'ek', store);

    this.angleHost.className = 'plot';
    this.angleHost.setAttribute('data-testid', 'chart-compare-angle-plot');
    this.angleHost.hidden = true;
    el.anglePlot.after(this.angleHost);
    this.anglePlot = el.anglePlot;
    this.angle = new VariantChart(this.angleHost, 'angle', store);

    this.panes = new PaneView(scene, this.layer, el.stage);
    scene.addWorldLayer(this.panes.container);
    scene.app.ticker.add(() => this.panes.sync(this.sideBySide && this.comparison ? this.comparison.variants.length : 0, this.paneTexts));
    // a variant that stopped stays drawn, frozen and grey, and is named on the canvas (issue 36)
    const stopped = new StoppedLabels(scene, this.layer, el.stage);
    scene.app.ticker.add(() => stopped.sync(this.stoppedTexts));

    this.divergenceBox.className = 'chart';
    this.divergenceBox.id = 'chart-divergence';
    this.divergenceBox.setAttribute('data-testid', 'chart-divergence');
    this.divergenceBox.hidden = true;
    const title = document.createElement('h2');
    title.textContent = 'Divergence from variant 1';
    title.title = 'the RMS over bodies of each variant\'s position difference to variant 1, over the mean radius (log scale; 0 is not drawn)';
    const plot = document.createElement('div');
    plot.className = 'plot';
    this.divergenceBox.append(title, plot);
    el.charts.appendChild(this.divergenceBox);
    this.divergence = new VariantChart(plot, 'divergence', store);

    const folder = el.gui.addFolder('Compare');
    folder.domElement.setAttribute('data-testid', 'gui-compare-folder');
    const model: Record<string, () => void> = {};
    for (const p of COMPARE_PRESETS) {
      model[p.name] = () => { void this.startPreset(p); };
      const c = folder.add(model, p.name).name(p.title);
      c.domElement.setAttribute('data-testid', `gui-compare-${p.name}`);
      c.domElement.title = p.shows;
    }
    model.off = () => { void this.set(null, null); };
    folder.add(model, 'off').name('off (single run)').domElement.setAttribute('data-testid', 'gui-compare-off');
    this.layoutCtl = folder.add(this.layoutModel, 'layout', LAYOUTS).name('layout')
      .onChange((v: (typeof LAYOUTS)[number]) => this.setSideBySide(v === 'side by side'));
    this.layoutCtl.domElement.setAttribute('data-testid', 'gui-compare-layout');
    this.layoutCtl.domElement.title = 'overlaid: every variant on the one scene; side by side: each variant in its own pane, left to right, with its own walls (drag a body in any pane)';
    this.note = document.createElement('div');
    this.note.className = 'solver-note';
    this.note.setAttribute('data-testid', 'gui-compare-note');
    this.note.textContent = IDLE_NOTE;
    folder.$children.prepend(this.note);
  }

  /** Each variant in its own pane (true) or overlaid; the handler keeps it in the URL. */
  setSideBySide(on: boolean): void {
    this.sideBySide = on;
    const name = LAYOUTS[on ? 1 : 0];
    if (this.layoutModel.layout !== name) {
      this.layoutModel.layout = name;
      this.layoutCtl.updateDisplay();
    }
    this.h.panes(on);
  }

  /**
   * Side by side: the world x shift [m] of the pane under world x, which the mouse subtracts so a dragged
   * body sits under the cursor in that pane (0 when overlaid).
   */
  paneOffset(x: number): number {
    return this.panes.offsetAt(x);
  }

  /** Side by side, in the pane of variant 2, 3, …: the body of that variant under (x, y) (x as on the canvas); null in pane 1 or overlaid (the worker picks). */
  pickInPane(x: number, y: number, tol: number): PickResult | null {
    const k = this.panes.paneAt(x);
    if (k === 0) return null;
    return this.layer.pick(k + 1, x - this.panes.offsetAt(x), y, tol, this.scene.radius);
  }

  /** Loads the preset's scenario and starts its variants. */
  async startPreset(p: ComparePreset): Promise<void> {
    if (!(await this.h.load(p.scenario, p.overrides))) return;
    await this.set(p.variants, p.name);
  }

  /** Starts a comparison of the loaded scenario (null: back to a single run). */
  async set(variants: Record<string, unknown>[] | null, preset: string | null): Promise<boolean> {
    const r = await this.api.setComparison(variants);
    if (!r.ok) this.h.problems(r.problems);
    else this.preset = preset;
    await this.h.changed();
    return r.ok;
  }

  /** A comparison from the URL, once its scenario is loaded; problems name the field. */
  async restore(c: UrlComparison, scenario: string): Promise<string[]> {
    const p = c.preset ? presetNamed(c.preset) : undefined;
    if (p && p.scenario !== scenario) return [`compare: ${p.name} compares '${p.scenario}', not '${scenario}'; it was not started`];
    const r = await this.api.setComparison(c.variants);
    if (!r.ok) return r.problems.map((line) => `${line}; the comparison was not started`);
    this.preset = c.preset;
    return [];
  }

  /** The comparison as the URL writes it, or null. */
  urlState(): UrlComparison | null {
    const c = this.comparison;
    if (!c) return null;
    return { preset: this.preset, variants: c.variants.map((v) => ({ ...v.overrides })) };
  }

  /** Places the other variants from a frame the Scene applied; main-thread ms (with this frame's pane upkeep, side by side). */
  applyFrame(buf: ArrayBuffer): number {
    return this.layer.apply(buf, this.scene.radius, this.scene.bflags) + this.panes.ms;
  }

  /** Follows the worker's status (about ten times a second). */
  update(s: SimStatus, logY: boolean): void {
    const c = s.comparison;
    this.comparison = c;
    if (!c) this.preset = null;
    const on = c !== null;
    this.scene.tint = on ? packedColor(VARIANTS[0].color) : null;
    this.legend.hidden = !on;
    this.stage.classList.toggle('comparing', on);
    this.divergenceBox.hidden = !on;
    this.ekHost.hidden = !on;
    this.ekPlot.hidden = on;
    this.angleHost.hidden = !on;
    this.anglePlot.hidden = on;
    const urlKey = JSON.stringify(this.urlState());
    if (urlKey !== this.urlKey) { this.urlKey = urlKey; this.h.url(); }
    this.layer.frozen = c ? c.variants.reduce((m, v, k) => (k > 0 && v.status !== 'ok' ? m | (1 << (k - 1)) : m), 0) : 0;
    this.stoppedTexts = c ? c.variants.slice(1).map((v, k) => (v.status === 'ok' ? null : `#${k + 2} stopped at t = ${fmtNum(v.t)} s`)) : [];
    if (!c) {
      this.legendKey = '';
      if (this.note.textContent !== IDLE_NOTE) this.note.textContent = IDLE_NOTE;
      return;
    }
    // the charts' legends number the variants; the canvas legend names their overrides
    const labels = c.variants.map((_v, k) => `#${k + 1}`);
    this.ek.setVariants(labels);
    this.ek.setLog(logY);
    this.divergence.setVariants(labels);
    this.angle.setVariants(labels);
    this.ek.update();
    this.divergence.update();
    this.angle.update();
    this.showLegend(c);
  }

  private showLegend(c: ComparisonStatus): void {
    const shows = this.preset ? presetNamed(this.preset)?.shows ?? '' : '';
    const key = JSON.stringify([c.variants.map((v) => [v.overrides, v.status, v.message, tRText(v)]), shows]);
    if (key === this.legendKey) return;
    this.legendKey = key;
    this.note.textContent = shows ? `Watch: ${shows}.` : IDLE_NOTE;
    this.paneTexts = c.variants.map((v, k) => `#${k + 1} ${variantText(v.overrides)}`);
    this.legend.replaceChildren();
    c.variants.forEach((v, k) => {
      const row = document.createElement('div');
      row.className = 'row';
      row.setAttribute('data-testid', `compare-legend-${k + 1}`);
      const sw = document.createElement('span');
      sw.className = k === 0 ? 'swatch fill' : 'swatch ring';
      // variant 1 fills the discs, the others outline them in their colour and ring style (variant-layer.ts)
      if (k === 0) sw.style.background = VARIANTS[0].color;
      else { sw.style.borderColor = VARIANTS[k].color; sw.style.borderStyle = VARIANTS[k].ring; }
      const text = document.createElement('span');
      // textContent only: overrides may come from a URL
      text.textContent = `#${k + 1} ${variantText(v.overrides)}`;
      row.append(sw, text);
      const tR = tRText(v);
      if (tR) {
        const fit = document.createElement('span');
        fit.className = 'fit';
        fit.setAttribute('data-testid', `compare-tr-${k + 1}`);
        fit.textContent = tR;
        row.appendChild(fit);
      }
      if (v.status !== 'ok') {
        const why = document.createElement('span');
        why.className = 'stopped';
        // the message's first sentence (the status has all of it)
        const first = v.message.match(/^.*?\.(\s|$)/)?.[0] ?? v.message;
        why.textContent = first.length > 160 ? `${first.slice(0, 160)}…` : first;
        row.appendChild(why);
      }
      this.legend.appendChild(row);
    });
  }

  /**
   * What the exported PNG shows in place of chart `id` while a comparison runs: the variants' overlay of
   * the Ek or angle chart, and the divergence chart, each with the variants' overrides as its legend; null
   * for the single run's own charts (or no comparison).
   */
  picture(id: string, title: string): ChartPicture | null {
    if (!this.comparison) return null;
    const chart = id === 'chart-ek' ? this.ek : id === 'chart-angle' ? this.angle : id === 'chart-divergence' ? this.divergence : null;
    if (!chart?.canvas) return null;
    const first = chart.kind === 'divergence' ? 1 : 0;
    const legend = this.paneTexts.slice(first).map((label, k) => ({ label, color: VARIANTS[first + k].color, dash: VARIANTS[first + k].dash }));
    return { canvas: chart.canvas, title, legend };
  }

  /** For window.__sandbox.compare (tests and the bench). */
  hook(): Record<string, unknown> {
    return {
      status: () => this.comparison,
      preset: () => this.preset,
      set: (variants: Record<string, unknown>[] | null) => this.set(variants, null),
      startPreset: (name: string) => { const p = presetNamed(name); return p ? this.startPreset(p) : Promise.resolve(); },
      /** the other variants: how many the worker has and which are drawn (bit v − 2) */
      drawn: () => ({ total: this.layer.total, drawn: this.layer.drawn }),
      /** the variants drawn frozen because they stopped (bit v − 2) */
      frozen: () => this.layer.frozen,
      /** where variant v (2, 3, …) is drawn: body centres [m] */
      variantDiscs: (v: number) => this.layer.positions(v),
      /** variant 1's fill colour on the canvas, or null (a single run is coloured by colour mode) */
      tint: () => this.scene.tint,
      ekData: () => this.ek.data.map((c) => c.slice()),
      ekLegend: () => this.ek.legend,
      divergenceData: () => this.divergence.data.map((c) => c.slice()),
      divergenceLegend: () => this.divergence.legend,
      angleData: () => this.angle.data.map((c) => c.slice()),
      angleLegend: () => this.angle.legend,
      /** side by side: the panes (screen x ranges, canvas-relative CSS px) and their labels; null when overlaid */
      panes: () => this.panes.describe(),
      setSideBySide: (on: boolean) => this.setSideBySide(on),
      sideBySide: () => this.sideBySide,
      legendText: () => this.legend.hidden ? '' : this.legend.textContent ?? '',
      /** the run's state as a scenario file (variant 1's), for comparing with a single run */
      state: () => this.api.exportSpec(),
    };
  }
}

/** A variant's relaxation fit as the single run's Ek chart prints it ('' outside relaxation scenes). */
function tRText(v: VariantStatus): string {
  return fitLabel(v.relaxation);
}
