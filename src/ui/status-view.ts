/**
 * A worker status shown on the page: the status line, the divergence banner, the colour legend, the controls'
 * read-outs (speed, recording, tc, run state, the scene's folders), the parameters with the schemes the core
 * refuses for them, the pipe panel, and the worker's selection.
 */
import type { LiveParams } from '../core/config/param-table';
import type { SimStatus, SpaceTimeInfo } from '../protocol/api';
import type { PageCharts } from './charts/page-charts';
import type { Controls } from './controls/controls';
import type { ConvergencePanel } from './convergence/convergence-panel';
import type { DivergenceBanner } from './divergence-banner';
import type { PageState } from './page-state';
import { showColorLegend } from './render/color-legend';
import type { IdleFrames } from './render/idle-frames';
import type { Scene } from './render/scene';
import type { SimRemote } from './sim-client';
import type { SpaceTimePanel } from './spacetime/space-time-panel';
import type { StatusLine } from './status-line';

export interface StatusViewDeps {
  api: SimRemote;
  scene: Scene;
  state: PageState;
  controls: Controls;
  convergence: ConvergencePanel;
  spaceTime: SpaceTimePanel;
  charts: PageCharts;
  statusLine: StatusLine;
  divergence: DivergenceBanner;
  /** #legend */
  legend: HTMLElement;
  /** #stage: the canvas and what lies over and under it */
  stage: HTMLElement;
  idle: IdleFrames;
  /** frames drawn a second */
  fps(): number;
  updateUrl(): void;
}

export class StatusView {
  /** the parameters the controls show (JSON) */
  private shownParamsKey = '';

  constructor(private readonly d: StatusViewDeps) {}

  /** Shows the worker's parameters in the controls, with the schemes the core refuses for them. */
  showParams(p: LiveParams): void {
    const { controls } = this.d;
    controls.setParams(p);
    this.shownParamsKey = JSON.stringify(p);
    const what = this.d.state.status?.polygons ? `${p.integrator} in a polygon scene` : p.integrator;
    void this.d.api.schemeProblems(p).then((problems) => controls.setSchemeProblems(problems, what));
    void this.d.convergence.refresh();
  }

  /** A pipe scene (run.spaceTime) shows the space–time panel under the canvas and the flow chart; other scenes neither. */
  showPipe(info: SpaceTimeInfo | null): void {
    this.d.spaceTime.setScene(info);
    this.d.stage.classList.toggle('with-spacetime', info !== null);
    this.d.charts.showFlow(info !== null);
  }

  /** Shows status `s`; `selectionCurrent`: no click here changed the selection since `s` was asked for. */
  show(s: SimStatus, selectionCurrent: boolean): void {
    const { controls, scene } = this.d;
    controls.setSpeed(s.speed);
    controls.setRecording(s.recordEvery, s.rowEvery, s.dt);
    const cd = s.params ? controls.isContactDynamics(s.params.integrator) : false;
    this.d.statusLine.show(s, cd, this.d.fps(), this.d.idle.idle);
    controls.setRunning(s.running);
    if (s.params) {
      const key = JSON.stringify(s.params);
      if (key !== this.shownParamsKey) { this.showParams(s.params); this.d.updateUrl(); }
    }
    controls.setTc(s.timeScales?.tc, s.timeScales?.stableDtOverTc, s.dt, s.timeScales?.hertzSpeed, s.timeScales?.stableLimit === 'dashpot-rate' ? s.timeScales.springDtOverTc : undefined);
    controls.setScene(s.hasPiston, s.polygons, s.schedule);
    if (selectionCurrent) scene.selection = s.selection;
    this.d.divergence.show(s, cd);
    showColorLegend(this.d.legend, this.d.state.ui.color, scene.speedMax);
  }
}
