/**
 * The "Convergence…" panel: runs the core's Δt ladder for the loaded scenario with the current
 * integrator and tangential scheme (or, in compare mode, with the traditional and the consistent
 * update one after the other) in the convergence worker, and shows error vs Δt on log–log axes with
 * the observed orders. The previous ladder stays visible, dashed, so one change can be compared.
 * The main thread only edits the scenario's solver fields (data); every number comes from the core.
 */
import type { Checked } from '../../protocol/api';
import type { LadderResult, LadderRun } from '../../protocol/convergence';
import { downloadText } from '../export';
import { ConvergenceChart, QUANTITY_COLORS, ladderDash } from './convergence-chart';
import { buildConvergenceCsv } from './convergence-csv';
import { LadderClient } from './ladder-client';
import { RunProgress, type RunState } from '../run-progress';

export type LadderMode = 'current' | 'compare';

interface SolverFields { integrator: string; tangential: string }
interface LadderSpec {
  name: string;
  solver: SolverFields & Record<string, unknown>;
  run: { duration?: number; convergence?: { steps: number[]; duration?: number } };
}

export interface PanelDeps {
  /** The loaded scenario's spec with the current solver choice (SimApi.convergenceSpec) */
  spec(): Promise<Checked<unknown>>;
}

function byTestId<T extends HTMLElement = HTMLElement>(root: HTMLElement, id: string): T {
  const el = root.querySelector<T>(`[data-testid="${id}"]`);
  if (!el) throw new Error(`missing [data-testid="${id}"]`);
  return el;
}

function fmtOrder(v: number | null): string {
  return v === null ? '—' : v.toFixed(2);
}

function fmtSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

export class ConvergencePanel {
  /** idle, running, done or failed, and what its progress line says */
  private readonly progress: RunProgress;
  get state(): RunState { return this.progress.state; }
  get message(): string { return this.progress.message; }
  /** The ladders shown (at most two; the last one is the newest) */
  shown: LadderRun[] = [];
  private readonly client = new LadderClient();
  private readonly chart: ConvergenceChart;
  private readonly setup: HTMLElement;
  private readonly orders: HTMLTableElement;
  private readonly buttons: Record<'run' | 'compare' | 'stop' | 'csv', HTMLButtonElement>;
  private token = 0;

  constructor(private readonly root: HTMLElement, private readonly deps: PanelDeps) {
    this.chart = new ConvergenceChart(byTestId(root, 'convergence-plot'));
    this.setup = byTestId(root, 'convergence-setup');
    this.progress = new RunProgress(byTestId(root, 'convergence-progress'), () => this.syncButtons());
    this.orders = byTestId<HTMLTableElement>(root, 'convergence-orders');
    this.buttons = {
      run: byTestId(root, 'convergence-run'),
      compare: byTestId(root, 'convergence-compare'),
      stop: byTestId(root, 'convergence-stop'),
      csv: byTestId(root, 'convergence-csv'),
    };
    this.buttons.run.addEventListener('click', () => { void this.run('current'); });
    this.buttons.compare.addEventListener('click', () => { void this.run('compare'); });
    this.buttons.stop.addEventListener('click', () => this.stop());
    this.buttons.csv.addEventListener('click', () => this.exportCsv());
    byTestId(root, 'convergence-close').addEventListener('click', () => this.close());
    this.syncButtons();
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  get chartPoints(): number {
    return this.chart.points;
  }

  get chartCanvas(): HTMLCanvasElement | null {
    return this.chart.canvas;
  }

  open(): void {
    this.root.hidden = false;
    void this.refresh();
    // the plot may have been created while hidden (zero size)
    if (this.shown.length) this.chart.show(this.shown.map((r) => r.result));
  }

  close(): void {
    this.root.hidden = true;
  }

  /** Re-reads the scenario and solver choice (after a scenario load or a solver change). */
  async refresh(): Promise<void> {
    if (!this.isOpen || this.state === 'running') return;
    const r = await this.deps.spec();
    this.setup.textContent = r.ok ? describeSetup(r.value as LadderSpec) : r.problems.join(' ');
    this.buttons.run.disabled = this.buttons.compare.disabled = !r.ok;
  }

  async run(mode: LadderMode): Promise<void> {
    if (this.state === 'running') return;
    const token = ++this.token;
    const r = await this.deps.spec();
    if (!r.ok) { this.progress.fail(r.problems.join(' ')); return; }
    const spec = r.value as LadderSpec;
    this.setup.textContent = describeSetup(spec);
    const schemes = mode === 'compare' ? ['traditional', 'consistent'] : [spec.solver.tangential];
    this.progress.enter('running');
    const runs: LadderRun[] = [];
    for (const [k, tangential] of schemes.entries()) {
      this.progress.say(`Ladder ${k + 1} of ${schemes.length}: ${spec.solver.integrator} + ${tangential}, ${ladderLabel(spec)} … (in the worker)`);
      let out: Awaited<ReturnType<LadderClient['runLadder']>>;
      try {
        out = await this.client.runLadder({ ...spec, solver: { ...spec.solver, tangential } });
      } catch (e) {
        // the worker failed or the ladder threw (task-worker.ts): say so, and the next run starts a fresh worker
        if (token === this.token) this.progress.fail(e instanceof Error ? e.message : String(e));
        return;
      }
      if (token !== this.token) return; // stopped meanwhile
      if (!out.ok) { this.progress.fail(out.problems.join(' ')); return; }
      runs.push(out.value);
    }
    const previous = this.shown.at(-1);
    const keep = mode === 'current' && previous && previous.result.scenario === spec.name && !sameSolver(previous.result, runs[0].result);
    this.shown = keep ? [previous, ...runs] : runs;
    this.progress.enter('done', `Done: ${runs.map((x) => `${x.result.tangential} ${fmtSeconds(x.ms)}`).join(', ')} of stepping in the worker.`);
    this.draw();
  }

  stop(): void {
    if (this.state !== 'running') return;
    this.token++;
    this.client.stop();
    this.progress.enter('idle', 'Stopped.');
  }

  exportCsv(): void {
    if (!this.shown.length) return;
    const r = this.shown.at(-1)!.result;
    downloadText(`${r.scenario}-convergence.csv`, buildConvergenceCsv(this.shown.map((x) => x.result)), 'text/csv');
  }

  private syncButtons(): void {
    const running = this.state === 'running';
    this.buttons.run.disabled = running;
    this.buttons.compare.disabled = running;
    this.buttons.stop.disabled = !running;
    this.buttons.csv.disabled = running || !this.shown.length;
  }

  private draw(): void {
    const results = this.shown.map((x) => x.result);
    this.chart.show(results);
    this.renderOrders(this.shown);
  }

  /** The orders table, which is also the chart's legend (colour = quantity, line style = ladder). */
  private renderOrders(runs: LadderRun[]): void {
    const t = this.orders;
    t.replaceChildren();
    const head = t.createTHead().insertRow();
    const cellText = (row: HTMLTableRowElement, text: string, tag: 'th' | 'td' = 'td'): HTMLTableCellElement => {
      const c = document.createElement(tag);
      c.textContent = text;
      row.appendChild(c);
      return c;
    };
    cellText(head, '', 'th');
    cellText(head, 'observed order', 'th');
    for (const q of runs[0]?.result.quantities ?? []) {
      const th = cellText(head, q.quantity, 'th');
      th.style.color = QUANTITY_COLORS[q.quantity];
    }
    const body = t.createTBody();
    runs.forEach((run, k) => {
      const r = run.result;
      const row = body.insertRow();
      row.setAttribute('data-testid', `convergence-row-${k}`);
      const swatch = document.createElement('td');
      const line = document.createElement('span');
      line.className = 'line-sample';
      line.style.borderTopStyle = ladderDash(k, runs.length) ? 'dashed' : 'solid';
      swatch.appendChild(line);
      row.appendChild(swatch);
      const stopped = r.runs.slice(0, r.steps.length).filter((s) => s !== 'ok').length;
      cellText(row, `${r.integrator} + ${r.tangential}${stopped ? ` (${stopped} coarse run${stopped > 1 ? 's' : ''} diverged)` : ''}`).className = 'ladder';
      for (const q of r.quantities) {
        const exact = q.errors.every((e) => !Number.isFinite(e) || e === 0);
        const c = cellText(row, exact ? 'exact' : fmtOrder(q.order));
        c.className = 'order';
        c.setAttribute('data-quantity', q.quantity);
        if (!exact && q.fittedOrder !== null) {
          const fit = document.createElement('small');
          fit.textContent = ` fit ${fmtOrder(q.fittedOrder)}`;
          c.appendChild(fit);
        }
        c.title = exact ? 'error is zero at every Δt (this quantity is held fixed)' : q.order === null
          ? 'no order: errors at round-off or fewer than two runs finished'
          : `finest pair ${fmtOrder(q.order)}, least-squares over the ladder ${fmtOrder(q.fittedOrder)}`;
      }
    });
    const caption = t.createCaption();
    const ref = runs.at(-1)?.result.reference;
    caption.textContent = `Order from the finest pair of Δt (least-squares fit over the ladder in small print). `
      + `Grey guides from the finest point: dotted slope 1, dashed slope 2${ref ? `. Reference: ${ref}` : ''}.`;
  }
}

function sameSolver(a: LadderResult, b: LadderResult): boolean {
  return a.integrator === b.integrator && a.tangential === b.tangential;
}

function ladderLabel(spec: LadderSpec): string {
  const steps = spec.run.convergence?.steps ?? [];
  const window = spec.run.convergence?.duration ?? spec.run.duration;
  return `${steps.length} runs of ${steps[0]} … ${steps.at(-1)} steps${window !== undefined ? ` over ${window} s` : ''}`;
}

function describeSetup(spec: LadderSpec): string {
  return `Scenario ${spec.name} · ${spec.solver.integrator} + ${spec.solver.tangential} · ${ladderLabel(spec)}`;
}
