/**
 * Loading a scene into the worker: a built-in by name (the menu, a comparison preset, the URL), a scenario file
 * (the import control, the URL fragment, the test hook), a saved session's state, Reset, and the thread count (the scene starts again on
 * the new threads). The status line says what is loading meanwhile; what a load has to say replaces the banner.
 */
import { MAX_SCENARIO_BYTES } from '../core/scenarios/file-limit';
import type { Checked, LoadResult, ThreadsInfo } from '../protocol/api';
import type { Controls } from './controls/controls';
import { isStoredScene, loadStoredScene } from './lecture/stored-scenes';
import { fmtInt } from './controls/format';
import { pickTextFile } from './export';
import type { MessageBanner } from './message-banner';
import type { PageState } from './page-state';
import type { Scene } from './render/scene';
import type { SimRemote } from './sim-client';
import { encodeSpecFragment } from './spec-fragment';
import type { StatusLine } from './status-line';
import type { StatusView } from './status-view';
import { DEFAULT_SCENARIO } from './url-state';

export interface ScenarioLoaderDeps {
  api: SimRemote;
  scene: Scene;
  state: PageState;
  controls: Controls;
  banner: MessageBanner;
  statusLine: StatusLine;
  view: StatusView;
  /** another scenario was chosen: the lesson, if any, is left */
  leaveLesson(): void;
  updateUrl(): void;
  poll(): Promise<void>;
}

export class ScenarioLoader {
  /** files read through the import control so far (accepted or not), for the tests */
  readonly fileLoads = { count: 0, problems: [] as string[] };

  constructor(private readonly d: ScenarioLoaderDeps) {}

  /** Another scenario (the menu, a comparison preset): it plays at its own default speed, and leaves the lesson. */
  switchTo(name: string, overrides: Record<string, unknown> = {}): Promise<boolean> {
    this.d.state.ui.speed = null;
    this.d.state.chosenRecordEvery = null;
    this.d.leaveLesson();
    return this.load(name, overrides, true);
  }

  /** Loads a built-in (or a stored scene: lecture/stored-scenes.ts); one the worker refuses is said, and the default scenario loaded in its place. */
  async load(name: string, overrides: Record<string, unknown>, fit: boolean, extraProblems: string[] = []): Promise<boolean> {
    // the menu names the scene while it loads (the silo's 100,000 discs take seconds), not the one before
    this.d.controls.setUi(this.d.state.ui, name);
    const load = isStoredScene(name) ? loadStoredScene(this.d.api, name, overrides) : this.d.api.loadScenario(name, overrides);
    const r = await this.d.statusLine.loading<Checked<LoadResult>>(name, load);
    if (!r.ok) {
      if (name === DEFAULT_SCENARIO) { this.d.banner.show([...extraProblems, ...r.problems]); return false; }
      return this.load(DEFAULT_SCENARIO, overrides, fit, [...extraProblems, ...r.problems, `Loaded '${DEFAULT_SCENARIO}' instead.`]);
    }
    if (fit) this.d.scene.requestFit();
    this.d.state.specFragment = '';
    return this.afterLoad(r, name, extraProblems);
  }

  /** Loads a scenario file (its JSON text); the URL carries it when it is small enough. Returns the problems. */
  async loadFileText(text: string, overrides: Record<string, unknown>, extraProblems: string[] = []): Promise<string[]> {
    const r = await this.d.statusLine.loading<Checked<LoadResult>>(`a scenario file (${fmtInt(text.length / 1000)} kB)`, this.d.api.loadSpec(text, overrides));
    if (!r.ok) return r.problems;
    this.d.scene.requestFit();
    const frag = await encodeSpecFragment(text);
    this.d.state.specFragment = frag ?? '';
    const notes = frag === null
      ? [`This scenario file is too large to share in a URL (${fmtInt(text.length / 1000)} kB): the URL keeps its parameters, not its bodies; share the file itself (Export → scenario JSON).`]
      : [];
    this.afterLoad(r, r.value.status.scenario, [...extraProblems, ...notes]);
    return [];
  }

  /**
   * A saved session's state (session-keeper.ts), loaded as a file's scene is but under the name it had, with
   * `overrides` (the address's parameters) over it; the address stays the page's own (`fragment`: its `#…`,
   * a file's scene, or ''). Returns the problems; `extraProblems` go to the banner when it loads.
   */
  async resume(spec: unknown, name: string, fragment: string, overrides: Record<string, unknown>, extraProblems: string[]): Promise<string[]> {
    const r = await this.d.statusLine.loading<Checked<LoadResult>>(`the saved session (${name})`, this.d.api.loadSpec(spec, overrides));
    if (!r.ok) return r.problems;
    this.d.scene.requestFit();
    this.d.state.specFragment = fragment.replace(/^#/, '');
    this.afterLoad(r, name, extraProblems);
    return [];
  }

  /** The import control: a scenario file the user picks. */
  async loadFile(): Promise<void> {
    let text: string | null = null;
    let problems: string[] = [];
    try {
      text = await pickTextFile('.json,application/json', MAX_SCENARIO_BYTES);
    } catch (e) {
      // the browser could not read it (removed, unreadable): say so instead of doing nothing
      problems = [`the file could not be read (${e instanceof Error ? e.message : String(e)})`];
    }
    if (text === null && !problems.length) return;
    if (text !== null) problems = await this.loadFileText(text, {});
    if (problems.length) this.d.banner.show(problems, 'That scenario file was rejected:');
    this.fileLoads.count++;
    this.fileLoads.problems = problems;
  }

  /** Back to the start state of what is loaded (a built-in or a file), keeping the parameters. */
  async reset(): Promise<void> {
    const { api, state } = this.d;
    const params = state.status?.params ? { ...state.status.params } : {};
    const r = await this.d.statusLine.loading<Checked<LoadResult>>(state.scenario, api.reload(params as Record<string, unknown>));
    if (!r.ok) this.d.banner.show(r.problems, 'Reset failed; the run is unchanged:');
    else this.afterLoad(r, state.scenario, []);
    await this.d.poll();
  }

  /** Steps on `threads` (null: automatic) from now on: the loaded scene starts again on them, keeping the parameters. */
  async setThreads(threads: number | null): Promise<void> {
    const { api, state } = this.d;
    const params = state.status?.params ? { ...state.status.params } : {};
    const r = await this.d.statusLine.loading<Checked<ThreadsInfo>>(`${state.scenario} on ${threads ?? 'automatic'} threads`, api.setThreads(threads, params as Record<string, unknown>));
    if (!r.ok) {
      this.d.banner.show(r.problems, 'That thread count was refused; the run is unchanged:');
      this.d.controls.setUi(state.ui, state.scenario);
    } else {
      state.ui.threads = threads;
      const notes = r.value.note ? [`threads: ${r.value.note}`] : [];
      if (r.value.reloaded) this.afterLoad({ ok: true, value: r.value.reloaded }, state.scenario, notes);
      else { this.d.banner.show(notes); this.d.updateUrl(); }
    }
    await this.d.poll();
  }

  /** The page follows a load: its status, the banner, the controls, the selection; the chosen speed and cadence stay. */
  private afterLoad(r: Checked<LoadResult>, name: string, extraProblems: string[]): boolean {
    if (!r.ok) return false;
    const { api, controls, state, view } = this.d;
    state.scenario = name;
    const status = r.value.status;
    state.status = status;
    view.showPipe(status.spaceTime);
    // what this load has to say replaces the banner (a rejected file's message must not outlive the good file after it)
    this.d.banner.show([...extraProblems, ...r.value.rejected]);
    if (status.params) view.showParams(status.params);
    controls.nameScene(name, r.value.title);
    controls.setUi(state.ui, name);
    controls.setDescription(r.value.description || (r.value.title !== name ? r.value.title : ''));
    this.d.scene.selection = status.selection;
    // a speed the user chose (or the URL gave) outlives Reset; else the scenario's default plays
    if (state.ui.speed !== null) void api.setSpeed(state.ui.speed);
    if (state.chosenRecordEvery !== null) void api.setRecordEvery(state.chosenRecordEvery);
    this.d.updateUrl();
    return true;
  }
}
