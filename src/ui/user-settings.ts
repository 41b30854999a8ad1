/**
 * The user's settings on their way to the worker, the scene and the URL: the view and playback settings
 * (colour, contact network, log y, steps per frame, frames/s, speed, "let it blow up"), a solver or material parameter, the
 * recording cadence. A value the worker refuses is said in the banner and the control shows the worker's value.
 */
import type { ParamName } from '../core/config/param-table';
import { COLOR_CONTACTS, COLOR_NONE, COLOR_SPEED } from '../protocol/frame';
import type { PageCharts } from './charts/page-charts';
import type { Controls } from './controls/controls';
import type { MessageBanner } from './message-banner';
import type { PageState } from './page-state';
import type { Scene } from './render/scene';
import type { SimRemote } from './sim-client';
import type { StatusView } from './status-view';
import type { UiState } from './url-state';

export interface UserSettingsDeps {
  api: SimRemote;
  scene: Scene;
  state: PageState;
  charts: PageCharts;
  controls: Controls;
  banner: MessageBanner;
  view: StatusView;
  updateUrl(): void;
  poll(): Promise<void>;
}

export class UserSettings {
  constructor(private readonly d: UserSettingsDeps) {}

  /** Applies view and playback settings (an empty patch: all of them, as they are). */
  apply(patch: Partial<UiState>): void {
    const { api, scene, state } = this.d;
    const ui = state.ui;
    Object.assign(ui, patch);
    scene.colorMode = ui.color === 'contacts' ? COLOR_CONTACTS : ui.color === 'none' ? COLOR_NONE : COLOR_SPEED;
    scene.showContacts = ui.network;
    this.d.charts.ek.setLog(ui.logy);
    if (patch.spf !== undefined) void api.setStepsPerFrame(ui.spf);
    if (patch.blowUp !== undefined) void api.setBlowUp(ui.blowUp);
    scene.app.ticker.maxFPS = ui.fps; // 0: every animation frame
    if (patch.speed !== undefined && patch.speed !== null) void this.setSpeed(patch.speed);
    this.d.updateUrl();
  }

  async setParam(name: ParamName, value: unknown): Promise<void> {
    const { api, controls, state, view } = this.d;
    const r = await api.setParams({ [name]: value });
    if (!r.ok) {
      // nothing changed in the worker: say why, and put the control back to the worker's value
      this.d.banner.show(r.problems, 'That change was refused; the settings are unchanged:');
      controls.showRejection(r.problems.join(' '));
      const s = await api.getStatus();
      if (s.params) view.showParams(s.params);
      return;
    }
    controls.showRejection('');
    if (state.status) state.status.params = r.value;
    view.showParams(r.value);
    this.d.charts.showPlane(state.status);
    this.d.updateUrl();
  }

  /** The recording cadence for charts and export [simulated s; 0: every step]; kept through Reset. */
  async setRecordEvery(seconds: number): Promise<void> {
    this.d.state.chosenRecordEvery = seconds;
    const r = await this.d.api.setRecordEvery(seconds);
    if (!r.ok) this.d.banner.show(r.problems, 'That value was refused; the setting is unchanged:');
    await this.d.poll();
  }

  private async setSpeed(v: number): Promise<void> {
    const r = await this.d.api.setSpeed(v);
    if (!r.ok) this.d.banner.show(r.problems, 'That speed was refused; the playback is unchanged:');
    await this.d.poll();
  }
}
