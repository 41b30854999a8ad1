/**
 * The Export folder's files: a chart's rows as CSV, the canvas with the charts shown and a caption as PNG (what,
 * when, which solver and material, so a slide says what it shows), and the worker's current state as a scenario file.
 */
import { normalLawNamed } from '../core/laws/registry';
import { buildCsv, type CsvKind } from './charts/charts';
import type { PageCharts } from './charts/page-charts';
import type { SeriesStore } from './charts/series-store';
import type { CompareUi } from './compare/compare-panel';
import { fmtInt, fmtNum, fmtTime, tcText } from './controls/format';
import { composePng, download, downloadText, type ChartPicture } from './export';
import type { PageState } from './page-state';
import type { Scene } from './render/scene';
import type { SimRemote } from './sim-client';

export interface PageExportDeps {
  api: SimRemote;
  scene: Scene;
  store: SeriesStore;
  state: PageState;
  charts: PageCharts;
  compare: CompareUi;
  /** whether an integrator is contact dynamics (its caption names N_I and Δt, not Δt/tc) */
  isContactDynamics(integrator: string): boolean;
}

export class PageExport {
  constructor(private readonly d: PageExportDeps) {}

  csv(kind: Extract<CsvKind, 'ek' | 'angle' | 'position'>): void {
    downloadText(`${this.d.state.scenario}-${kind}.csv`, buildCsv(this.d.store, kind), 'text/csv');
  }

  async png(): Promise<void> {
    const { scene } = this.d;
    scene.app.render();
    download(`${this.d.state.scenario}.png`, await composePng(scene.app.canvas, this.pngCharts(), this.pngCaption()));
  }

  async json(): Promise<void> {
    const spec = await this.d.api.exportSpec();
    if (spec) downloadText(`${this.d.state.scenario}-scenario.json`, JSON.stringify(spec, null, 2) + '\n', 'application/json');
  }

  /** The charts shown, as the PNG draws them: a comparison's overlays (and its divergence) in place of the single run's. */
  pngCharts(): ChartPicture[] {
    const c = this.d.charts;
    const single: [string, { canvas: HTMLCanvasElement | null; legend: { label: string; color: string }[]; title?: string } | null][] = [
      ['chart-ek', c.ek], ['chart-ledger', c.ledger], ['chart-angle', c.angle], ['chart-divergence', null], ['chart-position', c.position], ['chart-xy', c.xy], ['chart-flow', c.flow],
    ];
    const out: ChartPicture[] = [];
    for (const [id, chart] of single) {
      const box = document.getElementById(id);
      if (!box || box.hidden) continue;
      // the x–y chart's title is its menus: it names its choice itself
      const title = chart?.title ?? box.querySelector('h2')?.textContent ?? '';
      const picture = this.d.compare.picture(id, title) ?? (chart?.canvas ? { canvas: chart.canvas, title, legend: chart.legend } : null);
      if (picture) out.push(picture);
    }
    return out;
  }

  /** The picture's caption: what and when, which solver, which material. */
  pngCaption(): string[] {
    const { scenario, status: s } = this.d.state;
    const p = s?.params;
    if (!s || !p) return [scenario];
    const what = `${scenario} · t = ${fmtTime(s.t, s.dt)} s · step ${fmtInt(s.step)} · ${fmtInt(s.n)} particles · ${fmtInt(s.contacts)} contacts`;
    if (this.d.isContactDynamics(p.integrator)) {
      return [what, `contact dynamics: N_I = ${p.iterations} ${p.sweep} sweeps, Δt = ${fmtNum(s.dt)} s, restitution ${fmtNum(p.cdRestitution)}`,
        `μ = ${fmtNum(p.mu)} · gravity (${fmtNum(p.gravityX)}, ${fmtNum(p.gravityY)}) m/s² · rotation ${p.rotation ? 'on' : 'off'}`];
    }
    // the law's own caption (the Hertz law's k_N and γN stand for kn and εn), εn where it sets the dashpot;
    // Haff–Werner's γS for the tangential spring (its cap is always on the total force)
    const haffWerner = p.tangential === 'haff-werner', law = normalLawNamed(p.normalLaw).choice;
    const normal = law.caption(p, fmtNum);
    const tangential = haffWerner ? `γS = ${fmtNum(p.gammaS)} 1/s` : `kt/kn = ${fmtNum(p.ktOverKn)}`;
    const restitution = law.damping === 'restitution' ? ` · εn = ${fmtNum(p.en)}` : '';
    return [what,
      `integrator ${p.integrator} · tangential ${p.tangential} · Δt/tc = ${fmtNum(p.dtOverTc)} (${tcText(s.timeScales?.tc ?? NaN, s.timeScales?.hertzSpeed)}, stable up to ${fmtNum(s.timeScales?.stableDtOverTc ?? NaN)}${s.timeScales?.stableLimit === 'dashpot-rate' ? ', the dashpots\' rate' : ''}) · rotation ${p.rotation ? 'on' : 'off'}`,
      `${normal} · ${tangential}${restitution} · μ = ${fmtNum(p.mu)} (${haffWerner ? 'total' : p.capMode} cap) · gravity (${fmtNum(p.gravityX)}, ${fmtNum(p.gravityY)}) m/s²`];
  }
}
