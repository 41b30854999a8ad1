/**
 * The x–y chart (issue 36 item 8, PhET's "any quantity against any other"): a recorded quantity against another
 * (xy-quantities.ts), each chosen in a labelled menu in the chart's title — the selected contact's overlap δ against t,
 * its normal force against δ (the contact law's loading and unloading), Ek against t / tc. It shares the position
 * chart's place (a button at each one's top right switches). It draws the newest rows, as the other live charts do; the
 * rows a rewind drops stay as a grey dashed ghost under the new branch, as on the Ek chart (ghost-curve.ts). uPlot's x–y mode (mode 2): the points joined in row order, so
 * a loop is drawn as a loop, whatever x does. With nothing to draw it says what to do (empty-chart-note.ts).
 */
import uPlot from 'uplot';
import { CHARTS } from '../palette';
import { AXIS, LINEAR_AXIS, LINEAR_SCALE } from './chart-style';
import { EmptyChartNote } from './empty-chart-note';
import { drawGhost } from './ghost-curve';
import { inPageType, onLectureChange } from './lecture-axes';
import type { SeriesStore } from './series-store';
import { axisTitle, DEFAULT_XY, emptyXyText, pointCount, validChoice, xyPoints, xyQuantity, XY_QUANTITIES, type XyChoice, type XyContext, type XyPoints } from './xy-quantities';

/** Least gap between the x axis's ticks [CSS px] (lecture mode widens it with its type: lecture-axes.ts) */
const X_TICK_SPACE = 64;

/**
 * The line's path: the points joined in row order, lifted at a break (a null pair). uPlot's own line paths merge the
 * points that share a pixel column and cut gaps as bands of x, both of which assume that x grows: they would fold a loop.
 */
function rowOrderPath(u: uPlot, seriesIdx: number): uPlot.Series.Paths {
  const [xs, ys] = u.data[seriesIdx] as unknown as XyPoints[keyof XyPoints][];
  const stroke = new Path2D();
  let pen = false;
  for (let k = 0; k < xs.length; k++) {
    const x = xs[k], y = ys[k];
    if (x === null || y === null) { pen = false; continue; }
    const px = u.valToPos(x, 'x', true), py = u.valToPos(y, 'y', true);
    if (pen) stroke.lineTo(px, py);
    else stroke.moveTo(px, py);
    pen = true;
  }
  return { stroke, fill: null, clip: null, band: null, gaps: [], flags: 0 };
}

/** A menu of the quantities, named for assistive technology by `name`. */
function quantityMenu(name: string, testId: string): HTMLSelectElement {
  const s = document.createElement('select');
  s.setAttribute('aria-label', name);
  s.dataset.testid = testId;
  for (const q of XY_QUANTITIES) s.add(new Option(q.label, q.id));
  return s;
}

/** A menu with the words before it, both in one label. */
function labelled(text: string, menu: HTMLSelectElement): HTMLLabelElement {
  const l = document.createElement('label');
  l.append(`${text} `, menu);
  return l;
}

export class XyChart {
  private plot: uPlot | null = null;
  private readonly observer = new ResizeObserver(() => this.plot?.setSize(this.size()));
  private lastVersion = -1;
  private readonly xMenu = quantityMenu('quantity on the x axis', 'xy-x');
  private readonly yMenu = quantityMenu('quantity on the y axis', 'xy-y');
  private readonly note: EmptyChartNote;
  private ctx: XyContext = { tc: NaN, polygons: false };
  /** what is plotted */
  choice: XyChoice = { ...DEFAULT_XY };
  /** rows shown (0 = all), as the Ek chart */
  windowRows = 3000;
  /** the points drawn (tests) */
  data: XyPoints = { x: [], y: [] };
  /** what the chart says instead of a plot (null: it has points) */
  empty: string | null = null;
  /** the run before going back (rewind → Run from here), its points for the choice then: grey and dashed under the new branch */
  ghost: XyPoints = { x: [], y: [] };

  /** `box`: the chart's box (.chart); its title (h2) gets the menus; `host`: where the plot goes */
  constructor(box: HTMLElement, private readonly host: HTMLElement, private readonly store: SeriesStore) {
    const title = box.querySelector('h2') as HTMLElement;
    title.append(labelled('plot', this.yMenu), ' ', labelled('against', this.xMenu));
    const chosen = () => this.choose(this.xMenu.value, this.yMenu.value);
    this.xMenu.addEventListener('change', chosen);
    this.yMenu.addEventListener('change', chosen);
    this.note = new EmptyChartNote(box, 'chart-xy-empty');
    this.showChoice();
    this.observer.observe(host);
    onLectureChange(() => { this.drop(); this.update(); });
    store.onDrop.push((from) => this.keepGhost(from));
  }

  /** Keeps the points of rows [from, length) as the ghost (from null: a new history, no ghost). */
  private keepGhost(from: number | null): void {
    this.ghost = from === null ? { x: [], y: [] } : xyPoints(this.store, this.choice, from, this.store.length, this.ctx);
    this.plot?.redraw(false, false);
  }

  get canvas(): HTMLCanvasElement | null {
    return this.plot ? this.plot.ctx.canvas : null;
  }

  /** What is plotted, in words (the exported PNG's title: the chart's own is its menus) */
  get title(): string {
    return `${xyQuantity(this.choice.y)!.label} against ${xyQuantity(this.choice.x)!.label}`;
  }

  /** The line drawn, for the exported picture's legend */
  get legend(): { label: string; color: string }[] {
    return [{ label: this.title, color: CHARTS.xy.line.color }];
  }

  /** Plots quantity `y` against `x` (ids; an unknown one is replaced by the default's). */
  choose(x: string, y: string): void {
    const c = validChoice(x, y);
    if (c.x === this.choice.x && c.y === this.choice.y) return;
    this.choice = c;
    this.ghost = { x: [], y: [] }; // of the quantities before
    this.showChoice();
    this.drop();
    this.update(); // at once, the run paused or not
  }

  /** The scene's t_c and whether it has polygons (an overlap is then an area). */
  setContext(ctx: XyContext): void {
    if (ctx.tc === this.ctx.tc && ctx.polygons === this.ctx.polygons) return;
    if (ctx.polygons !== this.ctx.polygons) this.drop(); // an axis title's unit
    this.ctx = { ...ctx };
    this.lastVersion = -1;
  }

  private showChoice(): void {
    this.xMenu.value = this.choice.x;
    this.yMenu.value = this.choice.y;
  }

  private size(): { width: number; height: number } {
    return { width: Math.max(120, this.host.clientWidth - 8), height: Math.max(40, this.host.clientHeight - 8) };
  }

  /** Destroys the plot: the next update makes it for the choice and the type now. */
  private drop(): void {
    this.plot?.destroy();
    this.plot = null;
    this.lastVersion = -1;
  }

  private make(): uPlot {
    const qx = xyQuantity(this.choice.x)!, qy = xyQuantity(this.choice.y)!;
    const axes: uPlot.Axis[] = [
      // ticks at least X_TICK_SPACE apart: a label such as 0.0025 or 1.0e-5 is ≈ 46 px wide
      { ...AXIS, ...LINEAR_AXIS, space: X_TICK_SPACE, label: axisTitle(qx, this.ctx, 'x'), labelSize: 18, size: 30 },
      { ...AXIS, ...LINEAR_AXIS, label: axisTitle(qy, this.ctx, 'y'), labelSize: 22 },
    ];
    return new uPlot(inPageType({
      mode: 2,
      ...this.size(),
      scales: { x: { time: false, ...LINEAR_SCALE }, y: LINEAR_SCALE },
      axes,
      series: [{}, {
        label: this.title, stroke: CHARTS.xy.line.color, width: 2,
        paths: rowOrderPath, points: { show: false },
        facets: [{ scale: 'x', auto: true }, { scale: 'y', auto: true }],
      }],
      // the menus name what is drawn; no key, no cursor readout
      legend: { show: false },
      cursor: { show: false },
      hooks: { draw: [(u: uPlot) => drawGhost(u, this.ghost.x, this.ghost.y, this.ghost.x.length, false)] },
    }), [null, [[], []]] as unknown as uPlot.AlignedData, this.host);
  }

  /** Redraws from the store if it changed; the plot is made when the chart is first shown. */
  update(): void {
    if (this.host.clientWidth === 0) return; // hidden: nothing to draw
    this.plot ??= this.make();
    if (this.store.version === this.lastVersion) return;
    this.lastVersion = this.store.version;
    const to = this.store.length, from = this.store.windowStart(this.windowRows);
    this.data = xyPoints(this.store, this.choice, from, to, this.ctx);
    this.empty = emptyXyText(this.store, this.choice, from, to, this.ctx, pointCount(this.data));
    this.note.show(this.empty);
    const plot = this.plot;
    plot.batch(() => plot.setData([null, [this.data.x, this.data.y]] as unknown as uPlot.AlignedData));
  }
}
