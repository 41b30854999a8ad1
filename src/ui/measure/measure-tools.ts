/**
 * Measuring tools on the canvas (issue 36 item 8, PhET's rulers and timers): a ruler (two ends, its length), a
 * protractor (a vertex and two arms, the angle between them: put the vertex at a heap's toe, one arm along the
 * floor, the other along its flank) and a stopwatch of simulated time. The ends are SVG handles over the canvas,
 * kept in world coordinates, so they stay on what they measure as the view pans and zooms; drag them with the mouse
 * or a finger, or focus one (Tab) and move it with the arrows (Shift: 10×). The buttons sit under the canvas.
 */
import './measure.css';
import { angleAt, degreesText, distance, lengthText, toScreen, toWorld, type Point, type View } from './measure-geometry';

export interface MeasureDeps {
  /** the canvas's host: the handles are drawn over it */
  host: HTMLElement;
  /** where the tools' buttons go (under the canvas) */
  bar: HTMLElement;
  /** the scene's view now */
  view(): View;
  /** the simulated time now [s], or null before a scene */
  time(): number | null;
}

const SVG = 'http://www.w3.org/2000/svg';
type ToolName = 'ruler' | 'protractor';

interface Tool {
  group: SVGGElement;
  handles: SVGCircleElement[];
  points: Point[];
  label: SVGTextElement;
  lines: SVGPolylineElement;
  button: HTMLButtonElement;
}

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string>, parent: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  parent.appendChild(e);
  return e;
}

export class MeasureTools {
  private readonly svg: SVGSVGElement;
  private readonly tools = {} as Record<ToolName, Tool>;
  private readonly watchButton: HTMLButtonElement;
  private readonly watchBox: HTMLElement;
  private readonly watchText: HTMLElement;
  private readonly watchStart: HTMLButtonElement;
  /** the stopwatch: simulated time at its start, and what it read when stopped (null: running or unused) */
  private watchT0: number | null = null;
  private watchHeld = 0;
  private watchRunning = false;
  private frame = 0;

  constructor(private readonly d: MeasureDeps) {
    this.svg = el('svg', { class: 'measure-layer', 'aria-hidden': 'false' }, d.host);
    const bar = document.createElement('div');
    bar.className = 'measure-bar';
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', 'measuring tools');
    d.bar.appendChild(bar);
    this.tools.ruler = this.makeTool('ruler', bar, 'Ruler', ['ruler end 1', 'ruler end 2']);
    this.tools.protractor = this.makeTool('protractor', bar, 'Protractor', ['protractor arm 1', 'protractor vertex', 'protractor arm 2']);
    this.watchButton = this.button(bar, 'Stopwatch', 'stopwatch');
    this.watchBox = document.createElement('span');
    this.watchBox.className = 'stopwatch';
    this.watchBox.hidden = true;
    this.watchText = document.createElement('span');
    this.watchText.dataset.testid = 'stopwatch-reading';
    this.watchText.setAttribute('aria-live', 'off');
    this.watchStart = this.button(this.watchBox, 'Start', 'stopwatch-start');
    const reset = this.button(this.watchBox, 'Reset', 'stopwatch-reset');
    this.watchBox.prepend(this.watchText);
    bar.appendChild(this.watchBox);
    this.watchButton.addEventListener('click', () => this.toggleWatch());
    this.watchStart.addEventListener('click', () => this.startStop());
    reset.addEventListener('click', () => { this.watchT0 = this.watchRunning ? this.d.time() : null; this.watchHeld = 0; this.update(); });
  }

  /** For window.__sandbox.measure (tests): what each tool reads now */
  hook(): Record<string, unknown> {
    return {
      ruler: () => this.reading('ruler'),
      protractor: () => this.reading('protractor'),
      stopwatch: () => ({ shown: !this.watchBox.hidden, running: this.watchRunning, seconds: this.watchSeconds(), text: this.watchText.textContent }),
      /** puts a tool's points (world [m]) where a test wants them */
      place: (name: ToolName, points: Point[]) => { this.tools[name].points = points.map((p) => ({ ...p })); this.update(); },
    };
  }

  private reading(name: ToolName): { shown: boolean; points: Point[]; value: number; label: string } {
    const t = this.tools[name];
    return { shown: t.group.style.display !== 'none', points: t.points.map((p) => ({ ...p })), value: this.value(name), label: t.label.textContent ?? '' };
  }

  private value(name: ToolName): number {
    const p = this.tools[name].points;
    return name === 'ruler' ? distance(p[0], p[1]) : angleAt(p[1], p[0], p[2]);
  }

  private button(parent: HTMLElement, text: string, testid: string): HTMLButtonElement {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.dataset.testid = testid;
    parent.appendChild(b);
    return b;
  }

  private makeTool(name: ToolName, bar: HTMLElement, title: string, handleNames: string[]): Tool {
    const button = this.button(bar, title, `measure-${name}`);
    button.setAttribute('aria-pressed', 'false');
    const group = el('g', { class: `measure-tool measure-${name}` }, this.svg);
    group.style.display = 'none';
    const lines = el('polyline', { class: 'measure-line' }, group);
    const label = el('text', { class: 'measure-label', 'data-testid': `${name}-label` }, group);
    const handles = handleNames.map((aria, k) => {
      const h = el('circle', { class: 'measure-handle', r: '9', tabindex: '0', role: 'button', 'aria-label': `${aria}: drag it, or move it with the arrow keys`, 'data-testid': `${name}-handle-${k}` }, group);
      this.draggable(h, name, k);
      return h;
    });
    const tool: Tool = { group, handles, points: [], label, lines, button };
    button.addEventListener('click', () => this.toggle(name));
    return tool;
  }

  private toggle(name: ToolName): void {
    const t = this.tools[name];
    const on = t.group.style.display === 'none';
    t.group.style.display = on ? '' : 'none';
    t.button.setAttribute('aria-pressed', String(on));
    if (on) t.points = this.startPoints(name);
    this.update();
  }

  /** Where a tool appears: across the middle of the view (the protractor opening 30° from a horizontal arm) */
  private startPoints(name: ToolName): Point[] {
    const v = this.d.view(), w = this.d.host.clientWidth, h = this.d.host.clientHeight;
    const at = (fx: number, fy: number): Point => toWorld(v, { x: fx * w, y: fy * h });
    if (name === 'ruler') return [at(0.3, 0.3), at(0.7, 0.3)];
    const vertex = at(0.35, 0.7), len = (0.3 * w) / v.s;
    return [{ x: vertex.x + len, y: vertex.y }, vertex, { x: vertex.x + len * Math.cos(Math.PI / 6), y: vertex.y + len * Math.sin(Math.PI / 6) }];
  }

  private draggable(h: SVGCircleElement, name: ToolName, k: number): void {
    h.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      e.stopPropagation();
      h.setPointerCapture(e.pointerId);
      h.focus();
      const move = (m: PointerEvent): void => {
        const r = this.d.host.getBoundingClientRect();
        this.tools[name].points[k] = toWorld(this.d.view(), { x: m.clientX - r.left, y: m.clientY - r.top });
        this.update();
      };
      const up = (): void => { h.removeEventListener('pointermove', move); h.removeEventListener('pointerup', up); h.removeEventListener('pointercancel', up); };
      h.addEventListener('pointermove', move);
      h.addEventListener('pointerup', up);
      h.addEventListener('pointercancel', up);
    });
    h.addEventListener('keydown', (e) => {
      const step = (e.shiftKey ? 10 : 1) / this.d.view().s;
      const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[e.key];
      if (!d) return;
      e.preventDefault();
      e.stopPropagation();
      const p = this.tools[name].points[k];
      this.tools[name].points[k] = { x: p.x + d[0], y: p.y + d[1] };
      this.update();
    });
  }

  private toggleWatch(): void {
    const on = this.watchBox.hidden;
    this.watchBox.hidden = !on;
    this.watchButton.setAttribute('aria-pressed', String(on));
    if (!on) { this.watchRunning = false; this.watchT0 = null; this.watchHeld = 0; }
    this.update();
  }

  private startStop(): void {
    const t = this.d.time();
    if (this.watchRunning) {
      this.watchHeld = this.watchSeconds();
      this.watchRunning = false;
    } else if (t !== null) {
      this.watchT0 = t - this.watchHeld;
      this.watchRunning = true;
    }
    this.update();
  }

  /** Simulated seconds on the stopwatch: from its start to now while running (time gone back below it starts it again there) */
  private watchSeconds(): number {
    if (!this.watchRunning || this.watchT0 === null) return this.watchHeld;
    const t = this.d.time();
    if (t === null) return this.watchHeld;
    if (t < this.watchT0) this.watchT0 = t;
    return t - this.watchT0;
  }

  /** Redraws the tools shown, and keeps redrawing every frame while any is (the view and the time move). */
  private update(): void {
    const v = this.d.view();
    let shown = false;
    for (const name of ['ruler', 'protractor'] as ToolName[]) {
      const t = this.tools[name];
      if (t.group.style.display === 'none') continue;
      shown = true;
      const q = t.points.map((p) => toScreen(v, p));
      q.forEach((s, k) => { t.handles[k].setAttribute('cx', s.x.toFixed(1)); t.handles[k].setAttribute('cy', s.y.toFixed(1)); });
      t.lines.setAttribute('points', q.map((s) => `${s.x.toFixed(1)},${s.y.toFixed(1)}`).join(' '));
      const at = name === 'ruler' ? { x: (q[0].x + q[1].x) / 2, y: (q[0].y + q[1].y) / 2 - 14 } : { x: q[1].x + 14, y: q[1].y - 14 };
      t.label.setAttribute('x', at.x.toFixed(1));
      t.label.setAttribute('y', at.y.toFixed(1));
      t.label.textContent = name === 'ruler' ? lengthText(this.value(name)) : degreesText(this.value(name));
    }
    if (!this.watchBox.hidden) {
      shown = true;
      this.watchText.textContent = `${this.watchSeconds().toFixed(4)} s`;
      this.watchStart.textContent = this.watchRunning ? 'Stop' : 'Start';
    }
    cancelAnimationFrame(this.frame);
    if (shown) this.frame = requestAnimationFrame(() => this.update());
  }
}
