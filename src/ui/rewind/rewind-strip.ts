/**
 * The rewind strip (issue 11, the Δt lecture): a scrubber over the worker's timeline of recent snapshots
 * (src/worker/rewind.ts). Dragging it puts the run back to a snapshot (the canvas shows it, the run pauses);
 * the later snapshots stay, so it can go forward again, until the run steps on from there — then they and the
 * charts' rows after it are dropped. "Too large, back, smaller, again": scrub back, lower Δt/tc in the
 * Solver folder, press Run from here (or space). Keys [ and ] step to the previous / next snapshot.
 */
import './rewind.css';
import type { Checked } from '../../protocol/api';
import type { TimelineInfo } from '../../protocol/timeline';
import { LatestWins } from './latest-wins';

export interface RewindDeps {
  info(): Promise<TimelineInfo>;
  restore(k: number): Promise<Checked<number>>;
  run(): Promise<void>;
  /** after a restore (the page polls the status and redraws) */
  changed(): Promise<void>;
  /** a refusal, shown in the page's message banner */
  refused(problems: string[]): void;
}

function fmtMB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

export class RewindStrip {
  readonly root: HTMLElement;
  readonly slider: HTMLInputElement;
  private readonly text: HTMLElement;
  private readonly memory: HTMLElement;
  private readonly runButton: HTMLButtonElement;
  info: TimelineInfo | null = null;
  /** the slider is held by the pointer: the poll leaves it alone (changing its range mid-drag ends the drag) */
  private holding = false;
  /** bumps with every restore, so an answer to a timelineInfo() asked before one is not shown */
  private restores = 0;
  /** restores one at a time, the latest asked for wins (a drag asks many times) */
  private readonly restorer: LatestWins<number>;
  private refreshing = false;

  constructor(parent: HTMLElement, private readonly deps: RewindDeps) {
    this.restorer = new LatestWins<number>(
      async (k) => {
        this.restores++;
        const r = await this.deps.restore(k);
        if (!r.ok) this.deps.refused(r.problems);
      },
      async () => {
        await this.refresh(true);
        await this.deps.changed();
      },
    );
    const root = (this.root = document.createElement('div'));
    root.id = 'rewind';
    root.setAttribute('data-testid', 'rewind');
    const label = document.createElement('span');
    label.className = 'rewind-label';
    label.textContent = '⟲ rewind';
    label.title = 'drag back through the recent snapshots (keys [ and ]), change Δt/tc, then run from there';
    this.slider = document.createElement('input');
    this.slider.type = 'range';
    this.slider.min = '0';
    this.slider.step = '1';
    this.slider.setAttribute('data-testid', 'rewind-slider');
    this.slider.setAttribute('aria-label', 'rewind: snapshot');
    this.text = document.createElement('span');
    this.text.className = 'rewind-text';
    this.text.setAttribute('data-testid', 'rewind-text');
    this.memory = document.createElement('span');
    this.memory.className = 'rewind-memory';
    this.memory.setAttribute('data-testid', 'rewind-memory');
    this.runButton = document.createElement('button');
    this.runButton.type = 'button';
    this.runButton.textContent = '▶ Run from here';
    this.runButton.title = 'change Δt/tc (Solver folder) first to run again with another step';
    this.runButton.setAttribute('data-testid', 'rewind-run');
    root.append(label, this.slider, this.text, this.runButton, this.memory);
    parent.append(root);
    this.slider.addEventListener('pointerdown', () => { this.holding = true; });
    window.addEventListener('pointerup', () => { this.holding = false; });
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    this.runButton.addEventListener('click', () => { void this.deps.run().then(() => this.refresh()); });
    window.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement | null;
      // typing goes to text fields; the scrubber itself (a range input) takes the keys too
      if (t && ((t.tagName === 'INPUT' && (t as HTMLInputElement).type !== 'range') || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      if (e.key === '[' || e.key === ']') { e.preventDefault(); this.stepBy(e.key === '[' ? -1 : 1); }
    });
    setInterval(() => { void this.refresh(); }, 200);
  }

  /** The snapshot the run shows, or the newest when it is at its head */
  get position(): number {
    const i = this.info;
    if (!i || !i.times.length) return -1;
    return i.viewing >= 0 ? i.viewing : i.times.length - 1;
  }

  /** One snapshot back (-1) or forward (+1); from the head, back goes to the newest snapshot. */
  stepBy(d: -1 | 1): void {
    const i = this.info;
    if (!i || i.disabled || !i.times.length) return;
    const k = i.viewing < 0 ? (d < 0 ? i.times.length - 1 : -1) : i.viewing + d;
    if (k >= 0 && k < i.times.length) this.go(k);
  }

  /** Puts the run back to snapshot k (a drag asks many times: one restore at a time, the latest wins). */
  go(k: number): void {
    void this.restorer.ask(k);
  }

  async refresh(force = false): Promise<void> {
    if (this.refreshing && !force) return;
    this.refreshing = true;
    try {
      const asked = this.restores;
      const i = await this.deps.info();
      if (asked !== this.restores) return; // a restore went out meanwhile: this answer is stale
      this.info = i;
      this.show(i);
    } finally {
      this.refreshing = false;
    }
  }

  private show(i: TimelineInfo): void {
    const n = i.times.length;
    const off = i.disabled !== '' || n === 0;
    if (!this.holding && !this.restorer.busy) {
      this.slider.disabled = off;
      this.slider.max = String(Math.max(0, n - 1));
      this.slider.value = String(Math.max(0, this.position));
    }
    this.root.classList.toggle('viewing', i.viewing >= 0);
    this.runButton.disabled = off || i.viewing < 0;
    const k = this.position;
    const text = i.disabled !== '' ? i.disabled
      : n === 0 ? 'no snapshots yet'
        : i.viewing >= 0 ? `back at t = ${fmtT(i.times[k])} s (${k + 1}/${n})`
          : `${n} snapshots, t = ${fmtT(i.times[0])} … ${fmtT(i.times[n - 1])} s`;
    if (this.text.textContent !== text) this.text.textContent = text;
    // a large scene's two newest snapshots are kept even when they alone exceed the budget
    const mem = i.bytes > i.budgetBytes ? `${fmtMB(i.bytes)} (2 kept; budget ${fmtMB(i.budgetBytes)})` : `${fmtMB(i.bytes)} of ${fmtMB(i.budgetBytes)}`;
    if (this.memory.textContent !== mem) this.memory.textContent = mem;
    this.memory.title = `snapshots hold ${i.bytes} bytes; at most ${i.maxEntries} snapshots within ${i.budgetBytes} bytes (plus one spare; the two newest are kept whatever their size), the oldest go first`;
  }
}

function fmtT(t: number): string {
  return String(+t.toPrecision(5));
}
