/**
 * A small read-mostly hook for the end-to-end tests and the browser benchmark:
 * `window.__sandbox`. It reads state the page already has; its few actions call the same worker
 * API as the buttons (step, pause, diagnostics). Every call counts as the user's input does for drawing on
 * demand (render/idle-frames.ts), except `frames()` and `idle()`, with which a test watches an idle page.
 */
import type { SimStatus } from '../protocol/api';
import type { LiveChart } from './charts/charts';
import type { LedgerChart } from './charts/ledger-chart';
import type { ContactInspector } from './inspector/contact-inspector';
import type { SeriesStore } from './charts/series-store';
import type { Controls } from './controls/controls';
import type { ConvergencePanel } from './convergence/convergence-panel';
import type { ThrowEstimate } from './hand-velocity';
import type { IdleFrames } from './render/idle-frames';
import type { Scene } from './render/scene';
import type { SpaceTimePanel } from './spacetime/space-time-panel';
import type { FramePool, SimRemote } from './sim-client';

export class PerfStats {
  private readonly ring = new Float64Array(1024);
  private count = 0;

  add(ms: number): void {
    this.ring[this.count % this.ring.length] = ms;
    this.count++;
  }

  reset(): void {
    this.count = 0;
  }

  summary(): { frames: number; mean: number; p50: number; p95: number; max: number } {
    const n = Math.min(this.count, this.ring.length);
    if (!n) return { frames: 0, mean: 0, p50: 0, p95: 0, max: 0 };
    const a = Array.from(this.ring.subarray(0, n)).sort((x, y) => x - y);
    const mean = a.reduce((s, v) => s + v, 0) / n;
    return { frames: this.count, mean, p50: a[Math.floor(0.5 * (n - 1))], p95: a[Math.floor(0.95 * (n - 1))], max: a[n - 1] };
  }
}

export interface HookDeps {
  api: SimRemote;
  scene: Scene;
  store: SeriesStore;
  perf: PerfStats;
  renderPerf: PerfStats;
  pool: FramePool;
  idle: IdleFrames;
  status(): SimStatus | null;
  charts: { ek: LiveChart; angle: LiveChart; position: LiveChart; flow: LiveChart; ghost: { span(): [number, number] | null } };
  /** the energy ledger chart and whether it is shown (in the Ek chart's place) */
  ledger: { chart: LedgerChart; shown(): boolean };
  inspector: ContactInspector;
  spaceTime: SpaceTimePanel;
  controls: Controls;
  fps(): number;
  /** the exported PNG's caption lines */
  pngCaption(): string[];
  /** the charts the exported PNG draws: title and legend labels */
  pngCharts(): { title: string; legend: string[] }[];
  /** the velocity the last released disc was given, from the hand's recent path */
  lastThrow(): ThrowEstimate | null;
  messages(): string[];
  /** files read through the import control (Export / import → load scenario JSON…): how many, and the last one's problems */
  fileLoads(): { count: number; problems: string[] };
  scenario(): string;
  convergence: ConvergencePanel;
  /** loads a scenario file through the same path as "load scenario JSON…"; returns the problems */
  loadSpec(json: unknown): Promise<string[]>;
}

export function installTestHook(d: HookDeps): void {
  const hook = {
    ready: true,
    status: () => d.status(),
    scenario: () => d.scenario(),
    seriesLength: () => d.store.length,
    /** the Ek chart's ghost (the run before going back): its time span, or null */
    ekGhost: () => d.charts.ghost.span(),
    /** rows the worker overwrote before the page read them (none expected: run-record.ts thins rows while hidden) */
    seriesLost: () => d.store.lost,
    /** t of every recorded row (the export's history, not only the charts' window) */
    seriesTimes: () => Array.from(d.store.cols.t.subarray(0, d.store.length)),
    chartData: (kind: 'ek' | 'angle' | 'position' | 'flow') => d.charts[kind].data.map((col) => col.slice()),
    /** the legend a chart carries into the exported PNG */
    chartLegend: (kind: 'ek' | 'angle' | 'position' | 'flow') => d.charts[kind].legend.map((l) => ({ ...l })),
    /** the energy ledger chart: shown or not, its data (t, running sums of the accounts, supplied, residual) and legend labels */
    ledger: () => ({ shown: d.ledger.shown(), data: d.ledger.chart.data.map((col) => col.slice()), labels: d.ledger.chart.legend.map((l) => l.label) }),
    /** the contact the inspector panel shows (null: hidden), and its text */
    inspector: () => ({
      detail: d.inspector.detail ? { ...d.inspector.detail } : null,
      state: d.inspector.root.querySelector('[data-testid="inspector-state"]')?.textContent ?? '',
    }),
    /** the space–time panel of a pipe scene: rows kept and shown, columns, running maximum, title and figures */
    spaceTime: () => d.spaceTime.snapshot(),
    /** the space–time rows kept: times and column counts */
    spaceTimeRows: () => d.spaceTime.rows(),
    /** the exported PNG's caption lines */
    pngCaption: () => d.pngCaption(),
    /** the charts the exported PNG draws (a comparison's overlays in place of the single run's) */
    pngCharts: () => d.pngCharts(),
    /** the scenario description under the menu */
    description: () => document.querySelector('[data-testid="scenario-description"]')?.textContent ?? '',
    /** the tick labels of a chart's (first) y axis as last drawn */
    chartTicks: (kind: 'ek' | 'angle' | 'position' | 'flow') => d.charts[kind].yTicks.slice(),
    /** what the position chart shows now: 'particle' (x, y) or 'piston' */
    positionChartKind: () => d.charts.position.kind,
    /** the particle's coordinates the position chart draws: 'x', 'y' or 'xy' */
    positionCoordinates: () => d.charts.position.coordinates,
    guiValues: () => ({ ...d.controls.values }),
    messages: () => d.messages().slice(),
    fileLoads: () => d.fileLoads(),
    frames: () => ({
      received: d.pool.received,
      dropped: d.pool.dropped,
      nonFiniteSkipped: d.scene.nonFiniteSkipped,
      nonFiniteDrawn: d.scene.countNonFiniteDrawn(),
      particles: d.scene.n,
      t: d.scene.drawnT,
    }),
    perf: () => ({ ...d.perf.summary(), fps: d.fps() }),
    /** ms of Pixi's render call per frame applied (main-thread JS and GL calls issued) */
    perfRender: () => d.renderPerf.summary(),
    /** the velocity the page gave the last disc it let go (mouse tests) */
    lastThrow: () => d.lastThrow(),
    resetPerf: () => { d.perf.reset(); d.renderPerf.reset(); },
    /** textures the WebGL renderer holds on the GPU now (the soak watches it stay flat) */
    gpuTextures: () => (d.scene.app.renderer as unknown as { texture?: { managedTextures?: readonly unknown[] } }).texture?.managedTextures?.length ?? NaN,
    heap: () => {
      const m = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return m ? m.usedJSHeapSize : NaN;
    },
    // actions (same worker calls as the GUI buttons)
    pause: () => d.api.pause(),
    run: () => d.api.run(),
    stepN: (n: number) => d.api.stepN(n),
    diagnostics: () => d.api.diagnostics(),
    workerStatus: () => d.api.getStatus(),
    /** the rewind timeline: snapshot times, the one shown, bytes held and the bound */
    timeline: () => d.api.timelineInfo().then((i) => ({ ...i, times: Array.from(i.times) })),
    loadSpec: (json: unknown) => d.loadSpec(json),
    /** the convergence panel: state, message, points drawn, and the orders of the ladders shown */
    convergence: () => ({
      open: d.convergence.isOpen,
      state: d.convergence.state,
      message: d.convergence.message,
      points: d.convergence.chartPoints,
      ladders: d.convergence.shown.map(({ result, ms }) => ({
        scenario: result.scenario, integrator: result.integrator, tangential: result.tangential, ms, runs: result.runs,
        quantities: result.quantities.map((q) => ({ quantity: q.quantity, order: q.order, fittedOrder: q.fittedOrder, errors: q.errors })),
      })),
    }),
    /** the camera: screen = (ox + s·x, oy − s·y) in CSS pixels of the canvas (mouse tests) */
    view: () => ({ ...d.scene.view }),
    /** page (client) CSS pixels of world point (x, y) through the current view: where to put the mouse */
    worldToScreen: (x: number, y: number): [number, number] => {
      const r = d.scene.app.canvas.getBoundingClientRect();
      const { s, ox, oy } = d.scene.view;
      return [r.left + ox + s * x, r.top + oy - s * y];
    },
    /** the discs as drawn from the worker's latest frame: centres [m] and radii [m] */
    discs: () => {
      const n = d.scene.n;
      const x: number[] = [], y: number[] = [], r: number[] = [];
      for (let i = 0; i < n; i++) { x.push(d.scene.px(i)); y.push(d.scene.py(i)); r.push(d.scene.radius[i]); }
      return { x, y, r };
    },
    /** whether the discs are drawn as point sprites (small on screen) or as quads (disc-layer.ts) */
    discsAsPoints: () => d.scene.discsAsPoints,
    /** whether the polygons are drawn as the disc layer's dots (too small on screen for their outlines: polygon-layer.ts) */
    polygonDots: () => d.scene.polygons.dots,
    /** renders that showed the polygon outlines placed from an older frame than the discs (should stay 0) */
    polygonStaleFrames: () => d.scene.polygons.staleFrames,
    /** the polygons' outlines as last placed, from the worker's latest frame while they are shown: body index, centroid [m], angle [rad], whether drawn now (not placed while drawn as dots, nor while off the screen) */
    polygons: () => d.scene.polygons.drawn(),
    /** renders so far: a view change is applied to the layers (outlines placed) before the next one */
    renders: () => d.scene.renders,
    /** the walls as drawn from the worker's latest frame (a moving wall or piston where it is now) */
    walls: () => d.scene.drawnWalls(),
    /** the worker's current state as a scenario file (Export → scenario JSON) */
    exportSpec: () => d.api.exportSpec(),
    /** the selection the page draws (particle ring, contact pair) */
    selection: () => {
      const s = d.scene.selection;
      return { particle: s.particle, contact: s.contact ? [s.contact[0], s.contact[1]] as [number, number] : null };
    },
    setStepsPerFrame: (n: number) => d.api.setStepsPerFrame(n),
    fit: () => d.scene.fit(),
    /** benchmarks: stop/start drawing (and so frame requests) to measure the worker alone */
    setRendering: (on: boolean) => { if (on) d.scene.app.ticker.start(); else d.scene.app.ticker.stop(); },
    /** whether the page draws at its idle rate (paused and unchanged) */
    idle: () => d.idle.idle,
  };
  (window as unknown as { __sandbox: typeof hook }).__sandbox = wakingCalls(hook, d.idle, ['frames', 'idle']);
}

/** The same object, each of whose functions (but those named in `quiet`) first wakes the page's drawing. */
export function wakingCalls<T extends object>(hook: T, idle: IdleFrames, quiet: string[] = []): T {
  const out = { ...hook } as Record<string, unknown>;
  for (const [k, v] of Object.entries(hook)) {
    if (typeof v === 'function' && !quiet.includes(k)) out[k] = (...args: unknown[]) => { idle.wake(); return (v as (...a: unknown[]) => unknown)(...args); };
  }
  return out as T;
}
