/**
 * The page's live charts (#charts): Ek (or, switched, the energy ledger in its place), the contact-plane angle,
 * the position of the tracked particle or the piston (or, switched, the x–y chart), and in pipe scenes the flow; all drawn from the series
 * store, redrawn at each status poll. A click enlarges a chart (chart-zoom.ts); an empty one says how to fill it.
 */
import type { SimStatus } from '../../protocol/api';
import { $, setText } from '../dom';
import { DISC_VIEW } from './angle-chart';
import { LiveChart } from './charts';
import { ChartZoom } from './chart-zoom';
import { EmptyChartNote, hasPoints } from './empty-chart-note';
import { GhostCurve } from './ghost-curve';
import { installChartSwitch, type ChartSwitch } from './chart-switch';
import { LedgerChart } from './ledger-chart';
import { movingCoordinates, POSITION_WINDOW_ROWS, positionChartKind, positionChartTitle } from './position-chart';
import type { SeriesStore, StoreColumn } from './series-store';
import { XyChart } from './xy-chart';
import { pointCount } from './xy-quantities';

export class PageCharts {
  readonly ek: LiveChart;
  readonly angle: LiveChart;
  readonly position: LiveChart;
  readonly flow: LiveChart;
  readonly ledger: LedgerChart;
  /** the run before going back, grey on the Ek chart */
  readonly ghost: GhostCurve;
  /** the ledger shown in the Ek chart's place, or not */
  readonly ledgerSwitch: ChartSwitch;
  /** any recorded quantity against any other, in the position chart's place */
  readonly xy: XyChart;
  readonly xySwitch: ChartSwitch;
  private readonly positionTitle = $('chart-position-title');
  private readonly flowBox = $('chart-flow');
  private readonly angleNote = new EmptyChartNote($('chart-angle'), 'chart-angle-empty');
  private readonly positionNote = new EmptyChartNote($('chart-position'), 'chart-position-empty');
  /** a body's name by its shape ('hexagon'), undefined for a disc: the position chart's title names it */
  shapeOf: (i: number) => string | undefined = () => undefined;

  constructor(private readonly store: SeriesStore, logY: boolean) {
    this.ek = new LiveChart($('chart-ek-plot'), 'ek', store);
    this.angle = new LiveChart($('chart-angle-plot'), 'angle', store);
    this.position = new LiveChart($('chart-position-plot'), 'piston', store);
    // a shorter window than the energy charts: the piston's µm ringing after a force step must not be
    // flattened by the compaction before it (cd-piston: ~1 s of simulated time at one row per step)
    this.position.windowRows = POSITION_WINDOW_ROWS;
    this.flow = new LiveChart($('chart-flow-plot'), 'flow', store);
    this.ek.setLog(logY);
    this.ghost = new GhostCurve(store, this.ek, $('chart-ek').querySelector('h2') as HTMLElement);
    this.ledger = new LedgerChart($('chart-ledger-plot'), store, $('ledger-residual'));
    this.ledgerSwitch = installChartSwitch($('chart-ek'), $('chart-ledger'), 'show-ledger', 'show-ek', () => this.ledger.update());
    this.xy = new XyChart($('chart-xy'), $('chart-xy-plot'), store);
    this.xySwitch = installChartSwitch($('chart-position'), $('chart-xy'), 'show-xy', 'show-position', () => this.xy.update());
    // a click on a chart enlarges it over the canvas, Esc puts it back
    new ChartZoom($('layout'), $('charts'));
  }

  /** The flow chart is shown in pipe scenes only. */
  showFlow(on: boolean): void {
    if (this.flowBox.hidden !== !on) this.flowBox.hidden = !on;
  }

  /** The angle chart's main line is the plane definition in force (docs/user-guide.md#contact-plane-chart-for-polygons). */
  showPlane(s: SimStatus | null): void {
    this.angle.setPlaneView({ polygons: s?.polygons ?? false, plane: s?.params?.plane ?? DISC_VIEW.plane });
  }

  /** Redraws from the rows just taken, for status `s` (the ledger apart: updateLedger). */
  update(s: SimStatus): void {
    const { position, store } = this;
    this.showPlane(s);
    position.setKind(positionChartKind(s));
    position.setParticle(s.tracked);
    if (s.tracked >= 0) position.setCoordinates(movingCoordinates(store, store.windowStart(position.windowRows), store.length, s.tracked));
    this.ek.update();
    this.angle.update();
    position.update();
    if (s.spaceTime) this.flow.update();
    this.xy.setContext({ tc: s.timeScales?.tc ?? NaN, polygons: s.polygons });
    this.xy.update();
    setText(this.positionTitle, positionChartTitle(s, this.shapeOf));
    this.angleNote.show(hasPoints(this.angle.data) ? null : s.selection.contact ? 'the selected bodies are not touching' : 'shift-click two touching bodies to chart their contact');
    this.positionNote.show(position.kind === 'particle' && s.tracked < 0 ? 'click a body to chart its position' : null);
  }

  /** The x–y chart for the tests: shown or not, its choice, the points drawn, its note; a recorded column as stored. */
  xyHook() {
    const { xy, store } = this;
    return {
      snapshot: () => ({ shown: this.xySwitch.shown(), choice: { ...xy.choice }, x: xy.data.x.slice(), y: xy.data.y.slice(), empty: xy.empty, ghost: pointCount(xy.ghost) }),
      recorded: (name: StoreColumn) => Array.from(store.cols[name].subarray(0, store.length)),
    };
  }

  /** Redraws the ledger if it is shown. */
  updateLedger(): void {
    if (this.ledgerSwitch.shown()) this.ledger.update();
  }
}
