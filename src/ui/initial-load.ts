/**
 * The page's first scene, from its URL: the view settings, the thread pool (before the first scene: a scene is
 * built on it), then the saved session's state when the page opened at its address (session-keeper.ts), else a
 * scenario file in the fragment (`#spec=…`), else a built-in by name; the URL's parameters over it, its
 * comparison, and the run. Whatever the URL asked for and could not have is said in the banner.
 */
import { threadsForCores } from '../core/parallel/max-threads';
import type { ScenarioInfo } from '../protocol/api';
import type { CompareUi } from './compare/compare-panel';
import { lessonById, lessonParts, partOf } from './lecture/lessons';
import { isStoredScene } from './lecture/stored-scenes';
import type { MessageBanner } from './message-banner';
import type { PageState } from './page-state';
import type { ScenarioLoader } from './scenario-loader';
import type { SavedSession } from './session-store';
import type { SimRemote } from './sim-client';
import { decodeSpecFragment } from './spec-fragment';
import { DEFAULT_SCENARIO, type UrlState } from './url-state';
import type { UserSettings } from './user-settings';

export interface InitialLoadDeps {
  api: SimRemote;
  state: PageState;
  settings: UserSettings;
  loader: ScenarioLoader;
  compare: CompareUi;
  banner: MessageBanner;
  /** the built-in scenarios */
  scenarios: ScenarioInfo[];
  /** the saved session to resume (the page opened at the address it was saved with), or null */
  resume: SavedSession | null;
}

/** Loads what `url` (the parsed query) and `hash` (the fragment as the page opened) describe; `resumed`: the saved state was loaded. */
export async function loadFromUrl(url: UrlState, hash: string, d: InitialLoadDeps): Promise<{ resumed: boolean }> {
  const { api, loader, scenarios } = d;
  const ui = d.state.ui;
  const problems = [...url.problems];
  d.settings.apply({});
  await api.setStepsPerFrame(ui.spf);
  await api.setBlowUp(ui.blowUp);
  // the worker pool, before the first scene (a scene is built on it); at most this machine's cores
  const fit = ui.threads === null ? null : threadsForCores(ui.threads, navigator.hardwareConcurrency);
  if (fit?.note) { problems.push(`threads: ${fit.note}`); ui.threads = fit.threads; }
  const threads = await api.setThreads(ui.threads);
  if (!threads.ok) problems.push(...threads.problems);
  else if (threads.value.note && ui.threads !== null) problems.push(`threads: ${threads.value.note}`);
  else if (threads.value.note) console.info(`threads: ${threads.value.note}`); // automatic: one thread, no complaint
  let resumed = false;
  if (d.resume?.state) {
    const bad = await loader.resume(d.resume.state.spec, d.resume.scenario, hash, url.overrides as Record<string, unknown>, problems);
    if (bad.length) problems.push(...bad.map((b) => `the saved session could not be restored: ${b}`));
    else resumed = true;
  }
  // a resumed state began as the fragment's file, if there is one
  let fromFragment = resumed;
  if (!resumed) {
    try {
      const text = await decodeSpecFragment(hash);
      if (text !== null) {
        const bad = await loader.loadFileText(text, url.overrides as Record<string, unknown>, problems);
        if (bad.length) problems.push(...bad.map((b) => `the scenario in the URL: ${b}`));
        else fromFragment = true;
      }
    } catch (e) {
      problems.push(e instanceof Error ? e.message : String(e));
    }
  }
  if (!fromFragment) {
    // a file's name in `scenario` is only a label when its scene is in the fragment; here it names a built-in
    if (url.scenarioProblem) problems.unshift(url.scenarioProblem);
    let first = url.scenario ?? DEFAULT_SCENARIO;
    if (!scenarios.some((s) => s.name === first) && !isStoredScene(first)) {
      problems.push(`scenario: unknown '${first}'; one of ${scenarios.map((s) => `'${s.name}'`).join(', ')}`);
      first = DEFAULT_SCENARIO;
    }
    await loader.load(first, url.overrides as Record<string, unknown>, true, problems);
  }
  if (url.comparison) {
    const bad = await d.compare.restore(url.comparison, d.state.scenario);
    if (bad.length) d.banner.show([...d.banner.lines, ...bad]);
  }
  // a session saved paused (or after its worker failed) resumes paused
  // a lesson's part pauses at its planned end (lecture/lesson-story.ts), armed before the run starts
  const lesson = ui.lesson ? lessonById(ui.lesson) : undefined;
  await api.setStopAt(lesson ? lessonParts(lesson)[partOf(lesson, d.state.scenario)].end.duration ?? null : null);
  if (ui.run && (d.resume?.running ?? true)) await api.run();
  return { resumed };
}
