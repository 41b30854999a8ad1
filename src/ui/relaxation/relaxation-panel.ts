/**
 * The "t_R(Δt)…" panel (issue 11, the Δt lecture; docs/validation.md#e1-two-disc-relaxation): the E1 sweep of `sim sweep
 * two-disc` run point by point in its own worker (the core's runRelaxation), plotted as t_R/t_c against
 * Δt/t_c for Cundall and geometric, rotation free and locked, each point as its run finishes, next to
 * paper 000's claim; the table under the plot is the legend and prints t_R/t_c to the CLI table's digits.
 * Export CSV writes the `sim sweep --json` fields, one row per run.
 */
import './relaxation-panel.css';
import { relaxationCsvLine, RELAXATION_COLUMNS } from '../../core/diagnostics/relaxation-row';
import type { RelaxationRow } from '../../protocol/relaxation';
import { downloadText } from '../export';
import { RelaxationChart } from './relaxation-chart';
import { borderStyle } from '../palette';
import { DEFAULT_DTS, planSweep, SWEEP_SCENARIO, SWEEP_SERIES } from './sweep-plan';
import { SweepClient } from './sweep-client';
import { RunProgress, type RunState } from '../run-progress';


const CLAIM = 'Paper 000: with the Cundall spring t_R depends on Δt unless Δt ≲ 10⁻³ t_c (10⁻⁴ t_c with rotation locked); '
  + 'with the geometric update (Eqs. 14–15) it does not. Grey dashed: the exact linear model, 119.2 t_c (free) and 59.6 t_c (locked).';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

/** The CSV of the finished runs: the `sim sweep --json` fields (RELAXATION_COLUMNS), one line per run. */
export function buildSweepCsv(rows: RelaxationRow[]): string {
  return [RELAXATION_COLUMNS.join(','), ...rows.map(relaxationCsvLine)].join('\n') + '\n';
}

export class RelaxationPanel {
  /** idle, running, done or failed, and what its progress line says */
  private readonly progress: RunProgress;
  get state(): RunState { return this.progress.state; }
  get message(): string { return this.progress.message; }
  /** Finished runs, in the order they ran */
  rows: RelaxationRow[] = [];
  readonly root: HTMLElement;
  private readonly client = new SweepClient();
  private readonly chart: RelaxationChart;
  private readonly dts: HTMLInputElement;
  private readonly table: HTMLTableElement;
  private readonly plot: HTMLElement;
  private readonly buttons: Record<'run' | 'stop' | 'csv', HTMLButtonElement>;
  private token = 0;

  constructor(parent: HTMLElement) {
    const root = (this.root = el('section', { id: 'tr-sweep', 'data-testid': 'tr-sweep-panel', role: 'dialog', 'aria-labelledby': 'tr-sweep-title' }));
    root.hidden = true;
    const header = el('header');
    header.append(el('h2', { id: 'tr-sweep-title' }, 'Relaxation time t_R vs Δt (two-disc, paper 000 E1)'));
    const close = el('button', { type: 'button', 'data-testid': 'tr-sweep-close', 'aria-label': 'close the t_R(Δt) panel' }, '✕');
    close.addEventListener('click', () => this.close());
    header.append(close);
    const buttons = el('div', { class: 'buttons' });
    const label = el('label', {}, 'Δt/tc: ');
    this.dts = el('input', { type: 'text', 'data-testid': 'tr-sweep-dts', value: DEFAULT_DTS, spellcheck: 'false' });
    label.append(this.dts);
    this.buttons = {
      run: el('button', { type: 'button', 'data-testid': 'tr-sweep-run' }, 'Run sweep'),
      stop: el('button', { type: 'button', 'data-testid': 'tr-sweep-stop' }, 'Stop'),
      csv: el('button', { type: 'button', 'data-testid': 'tr-sweep-csv' }, 'Export CSV'),
    };
    this.buttons.run.addEventListener('click', () => { void this.run(); });
    this.buttons.stop.addEventListener('click', () => this.stop());
    this.buttons.csv.addEventListener('click', () => this.exportCsv());
    buttons.append(label, this.buttons.run, this.buttons.stop, this.buttons.csv);
    const progress = el('p', { class: 'progress', 'data-testid': 'tr-sweep-progress', 'aria-live': 'polite' });
    this.progress = new RunProgress(progress, () => this.syncButtons());
    const plot = (this.plot = el('div', { class: 'plot', 'data-testid': 'tr-sweep-plot' }));
    this.table = el('table', { 'data-testid': 'tr-sweep-table' });
    root.append(header, el('p', { class: 'claim', 'data-testid': 'tr-sweep-claim' }, CLAIM), buttons, progress, plot, this.table);
    parent.append(root);
    this.chart = new RelaxationChart(plot);
    this.syncButtons();
    this.renderTable();
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  /** Points on the plot */
  get chartPoints(): number {
    return this.chart.points;
  }

  open(): void {
    this.root.hidden = false;
    this.draw(); // the plot may have been made while hidden (zero size)
  }

  close(): void {
    this.root.hidden = true;
  }

  /** Runs every point of the Δt list for the four series, one at a time in the sweep worker. */
  async run(): Promise<void> {
    if (this.state === 'running') return;
    let plan;
    try {
      plan = planSweep(this.dts.value);
    } catch (e) {
      this.progress.fail((e as Error).message);
      return;
    }
    const token = ++this.token;
    this.rows = [];
    this.draw();
    this.progress.enter('running');
    let ms = 0;
    for (const [k, p] of plan.entries()) {
      this.progress.say(`Run ${k + 1} of ${plan.length}: Δt = ${p.dt} tc, ${SWEEP_SERIES[p.series].label} … (in the worker)`);
      let out: Awaited<ReturnType<SweepClient['runPoint']>>;
      try {
        out = await this.client.runPoint(SWEEP_SCENARIO, p.assignments);
      } catch (e) {
        // the worker failed or the run threw (task-worker.ts): say so, keep the rows so far; the next sweep starts a fresh worker
        if (token === this.token) this.progress.fail(e instanceof Error ? e.message : String(e));
        return;
      }
      if (token !== this.token) return; // stopped meanwhile
      if (!out.ok) { this.progress.fail(out.problems.join(' ')); return; }
      ms += out.value.ms;
      this.rows.push(out.value.row);
      this.draw();
    }
    this.progress.enter('done', `Done: ${plan.length} runs, ${(ms / 1000).toFixed(1)} s of stepping in the worker.`);
  }

  stop(): void {
    if (this.state !== 'running') return;
    this.token++;
    this.client.stop();
    this.progress.enter('idle', `Stopped after ${this.rows.length} runs.`);
  }

  exportCsv(): void {
    if (this.rows.length) downloadText(`${SWEEP_SCENARIO}-tR-sweep.csv`, buildSweepCsv(this.rows), 'text/csv');
  }

  private syncButtons(): void {
    const running = this.state === 'running';
    this.buttons.run.disabled = running;
    this.buttons.stop.disabled = !running;
    this.buttons.csv.disabled = running || !this.rows.length;
  }

  /** The plot and its table from the rows so far; the plot host carries the number of points drawn (data-points). */
  private draw(): void {
    this.chart.show(this.rows);
    this.plot.setAttribute('data-points', String(this.chart.points));
    this.renderTable();
  }

  /** One line per series (the legend): t_R/t_c at each Δt/t_c, two decimals as `sim sweep` prints them. */
  private renderTable(): void {
    const t = this.table;
    t.replaceChildren();
    const dts = this.chart.data.x;
    const head = t.createTHead().insertRow();
    head.append(el('th', {}, 'tR/tc at Δt/tc ='), ...dts.map((d) => el('th', {}, String(+d.toPrecision(3)))));
    const body = t.createTBody();
    SWEEP_SERIES.forEach((s, k) => {
      const row = body.insertRow();
      row.setAttribute('data-testid', `tr-sweep-row-${k}`);
      const name = el('td');
      const swatch = el('span', { class: 'swatch' });
      swatch.style.borderTopColor = s.color;
      swatch.style.borderTopStyle = borderStyle(s.dash);
      name.append(swatch, ` ${s.label}`);
      row.append(name, ...(this.chart.data.series[k] ?? []).map((v) => el('td', {}, v === null ? '—' : v.toFixed(2))));
    });
  }
}
