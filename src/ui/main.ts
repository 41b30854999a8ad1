/**
 * The page's composition root: starts the worker (sim-client) and builds the page's parts, wired to each other —
 * the Pixi scene, the charts, the lil-gui controls, the status line and banners, the comparison, lecture mode,
 * rewind, the loaders, the status poll, the frame loop, the pointer and the keys. No physics runs here: the main
 * thread only unpacks frames and draws (docs/architecture.md#worker-and-page).
 */
import './style.css';
import { installAccessibility } from './a11y/accessibility';
import { startsRunning } from './a11y/reduced-motion';
import { BodyHand } from './body-hand';
import { PageCharts } from './charts/page-charts';
import { SeriesStore } from './charts/series-store';
import { CompareUi } from './compare/compare-panel';
import { Controls } from './controls/controls';
import { ConvergencePanel } from './convergence/convergence-panel';
import { DivergenceBanner } from './divergence-banner';
import { $ } from './dom';
import { installBuildMode } from './edit/build-mode';
import { FrameLoop } from './frame-loop';
import { loadFromUrl } from './initial-load';
import { ContactInspector } from './inspector/contact-inspector';
import { installKeyboardShortcuts } from './keyboard-shortcuts';
import { LessonNavigation } from './lecture/lesson-navigation';
import { LessonStory } from './lecture/lesson-story';
import { MeasureTools } from './measure/measure-tools';
import { MessageBanner } from './message-banner';
import { PageExport } from './page-export';
import type { PageState } from './page-state';
import { PointerInput } from './pointer-input';
import { LiveFitOverlay } from './relaxation/live-fit-overlay';
import { RelaxationPanel } from './relaxation/relaxation-panel';
import { ContactMarker } from './render/contact-marker';
import { EscapeMarkers } from './render/escape-markers';
import { IdleFrames } from './render/idle-frames';
import { Scene } from './render/scene';
import { RewindStrip } from './rewind/rewind-strip';
import { runCommands } from './run-commands';
import { ScenarioLoader } from './scenario-loader';
import { SessionKeeper } from './session-keeper';
import { SessionNotice } from './session-notice';
import { browserStorage } from './session-store';
import { FramePool, startWorker } from './sim-client';
import { SpaceTimePanel } from './spacetime/space-time-panel';
import { StatusLine } from './status-line';
import { StatusPoll } from './status-poll';
import { StatusView } from './status-view';
import { installTestHook, PerfStats, wakingCalls } from './test-hook';
import { DEFAULT_SCENARIO, parseUrl, writeUrl } from './url-state';
import { UserSettings } from './user-settings';
import { WorkerFaultBanner } from './worker-fault-banner';
import { quietLostCalls } from './worker-watch';

async function main(): Promise<void> {
  const { api, watch } = startWorker();
  quietLostCalls();
  const pool = new FramePool(api);
  const scene = new Scene();
  const store = new SeriesStore();
  const perf = new PerfStats();
  /** Pixi's render call for each frame applied (main-thread JS; the GPU's work is not in it) */
  const renderPerf = new PerfStats();
  const stage = $('stage');
  const divergence = new DivergenceBanner(() => { void run.restoreLastGood(); });

  const url = parseUrl(location.search);
  // read before anything writes the URL (a control set from it may): a file's scene is in the fragment
  const initialHash = location.hash;
  const state: PageState = { ui: { ...url.ui }, status: null, scenario: DEFAULT_SCENARIO, chosenRecordEvery: null, specFragment: '', selectionEdits: 0 };
  // reduced motion (a11y/reduced-motion.ts): the page opens paused unless its URL says run=1
  const pausedForMotion = url.ui.run && !startsRunning(location.search, url.ui.run);
  if (pausedForMotion) state.ui.run = false;
  const banner = new MessageBanner();
  // the session saved as the user works, resumed when the page opens at its address again; a worker that fails or hangs is said
  const keeper = new SessionKeeper({ api, state, watch, storage: browserStorage(), notice: new SessionNotice() });
  const faultBanner = new WorkerFaultBanner({ keptTime: () => keeper.keptTime(), restart: () => keeper.restart(), startFresh: () => keeper.startFresh() });
  watch.onFault((f) => faultBanner.show(f));

  await scene.init($('canvas-host'));
  /** fewer frames while paused and unchanged (render/idle-frames.ts); a user's input brings them back */
  const idle = new IdleFrames(scene.app.ticker);
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'input', 'change', 'drop', 'resize']) {
    window.addEventListener(type, () => idle.wake(), { capture: true, passive: true });
  }
  scene.app.renderer.on('resize', () => idle.wake());
  const statusLine = new StatusLine(scene.softwareGl);
  const spaceTime = new SpaceTimePanel({ root: $('spacetime'), host: $('spacetime-host'), title: $('spacetime-title'), stats: $('spacetime-stats') });
  await spaceTime.init();
  const scenarios = await api.listScenarios();
  const catalog = await api.solverCatalog();

  const charts = new PageCharts(store, state.ui.logy);
  charts.shapeOf = (i) => scene.polygons.nameOf(i); // the position chart names a polygon by its shape
  // the selected contact: the inspector panel over the canvas and its plane, normal and spring drawn on it
  const inspector = new ContactInspector(stage);
  const contactMarker = new ContactMarker();
  scene.app.stage.addChild(contactMarker.g);

  const convergence = new ConvergencePanel($('convergence'), { spec: () => api.convergenceSpec() });
  // the Δt lecture (issue 11): the t_R(Δt) sweep panel and the Ek chart's live relaxation fit
  const relaxationPanel = new RelaxationPanel($('layout'));
  const liveFit = new LiveFitOverlay(charts.ek, $('chart-ek').querySelector('h2') as HTMLElement);

  const controls = new Controls($('gui-host'), scenarios, catalog, {
    param: (name, value) => { void settings.setParam(name, value); },
    refused: (message) => banner.show([message], 'That value was refused; the setting is unchanged:'),
    recordEvery: (seconds) => { void settings.setRecordEvery(seconds); },
    scenario: (name) => { void loader.switchTo(name); },
    runToggle: () => { void run.toggleRun(); },
    step: () => { void run.singleStep(); },
    reset: () => { void loader.reset(); },
    ui: (patch) => settings.apply(patch),
    threads: (t) => { void loader.setThreads(t); },
    fit: () => scene.fit(),
    exportCsv: (kind) => pageExport.csv(kind),
    exportPng: () => { void pageExport.png(); },
    exportJson: () => { void pageExport.json(); },
    loadFile: () => { void loader.loadFile(); },
    convergence: () => { relaxationPanel.close(); convergence.open(); },
    relaxationSweep: () => { convergence.close(); relaxationPanel.open(); },
  });

  // a lockstep comparison (issue 11): presets in the Compare folder, variants on the canvas and charts
  const compare = new CompareUi(api, scene, store, { gui: controls.gui, stage, legendHost: $('stage-foot'), ekPlot: $('chart-ek-plot'), anglePlot: $('chart-angle-plot'), charts: $('charts') }, {
    load: (name, overrides): Promise<boolean> => loader.switchTo(name, overrides),
    problems: (lines) => banner.show(lines, 'The comparison was refused:'),
    changed: () => poll(),
    url: () => updateUrl(),
    panes: (on) => { state.ui.panes = on; updateUrl(); },
  });
  compare.setSideBySide(state.ui.panes);

  // lecture mode (issue 11): the lesson menu, the lesson's note and chart layout, larger type; a lesson is a URL
  const lessons = new LessonNavigation($('topbar'), stage, $('charts'), state, updateUrl);
  if (lessons.lesson()?.charts.includes('chart-ledger')) charts.ledgerSwitch.show(true);

  const view = new StatusView({
    api, scene, state, controls, convergence, spaceTime, charts, statusLine, divergence, legend: $('legend'), stage, idle, fps: (): number => frames.fps, updateUrl,
  });
  const settings = new UserSettings({ api, scene, state, charts, controls, banner, view, updateUrl, poll });
  const loader = new ScenarioLoader({ api, scene, state, controls, banner, statusLine, view, leaveLesson: () => { lessons.leave(); void api.setStopAt(null); }, updateUrl, poll });
  const run = runCommands(api, state, poll);
  const pageExport = new PageExport({ api, scene, store, state, charts, compare, isContactDynamics: (i) => controls.isContactDynamics(i) });
  const statusPoll = new StatusPoll({ api, store, state, view, charts, spaceTime, compare, inspector, contactMarker });
  function poll(): Promise<void> {
    return statusPoll.poll();
  }
  function updateUrl(): void {
    writeUrl(state.scenario, state.status?.params ?? null, state.ui, state.specFragment, compare.urlState());
    keeper.addressChanged();
  }

  const { resumed } = await loadFromUrl(url, initialHash, { api, state, settings, loader, compare, banner, scenarios, resume: keeper.toResume });

  // ---- frames: request on every animation frame, apply the newest, never queue ----
  // bodies that leave the scene in a blow-up (issue 36), marked at its edge
  const escapes = new EscapeMarkers();
  scene.app.stage.addChild(escapes.g);
  const frames = new FrameLoop({ api, scene, pool, compare, contactMarker, escapes, idle, perf, renderPerf, running: () => state.status?.running ?? false });

  // ---- status and series at ~10 Hz ----
  setInterval(() => { void poll(); }, 100);
  setInterval(() => { void api.relaxationFit().then((f) => liveFit.set(f)); }, 200);
  // a lesson's story to its end (issue 36): the run pauses there and the note shows its numbers, Replay and the next part
  const story = new LessonStory({ api, state, store, scene, spaceTime, charts, mode: lessons.mode, loader, settings, compare, lesson: () => lessons.lesson() });
  setInterval(() => { escapes.bounds = state.status?.blowUp?.bounds ?? null; story.update(); }, 100);
  // rewind (issue 11): the scrubber over the worker's recent snapshots; keys [ and ]
  new RewindStrip(stage, {
    info: () => api.timelineInfo(),
    restore: (k) => api.restoreTimeline(k),
    run: async () => { await api.run(); await poll(); },
    changed: () => poll(),
    refused: (lines) => banner.show(lines, 'Rewind refused:'),
  });
  // measuring tools over the canvas (issue 36): a ruler, a protractor, a stopwatch of simulated time
  const measure = new MeasureTools({ host: $('canvas-host'), bar: $('stage-foot'), view: () => scene.view, time: () => state.status?.t ?? null });
  // build mode (issue 37): draw walls, pour, erase, pin, gates, gravity, as edits in the worker; undo, save
  const build = installBuildMode({ api, scene, state, banner, host: $('canvas-host'), foot: $('stage-foot'), store, updateUrl, poll, loadFile: (text) => loader.loadFileText(text, {}) });
  await poll();
  keeper.start(resumed);

  // one hand holds and throws a body, the pointer's or the keyboard's (a11y/keyboard-hand.ts)
  const hand = new BodyHand(api);
  const selected = (): void => { state.selectionEdits++; };
  new PointerInput({ api, scene, hand, compare, pickContacts: () => state.ui.network, selected });
  // the screen reader's and the keyboard's page (issue 42): names, the live region, skip links, the canvas's keys
  const a11y = installAccessibility({
    api, scene, state, store, hand, mode: lessons.mode, lesson: () => lessons.lesson(), headline: () => story.snapshot().lines, selected, pausedForMotion,
  });
  installKeyboardShortcuts({
    lecture: (e) => lessons.mode.handleKey(e),
    toggleRun: () => { void run.toggleRun(); },
    step: () => { void run.singleStep(); },
    reset: () => { void loader.reset(); },
    fit: () => scene.fit(),
    numbers: () => a11y.numbers(),
  });

  installTestHook({
    api, scene, store, perf, renderPerf, pool, idle, inspector, spaceTime, controls, convergence, charts,
    status: () => state.status,
    ledger: { chart: charts.ledger, shown: charts.ledgerSwitch.shown },
    fps: () => frames.fps,
    lastThrow: () => hand.lastThrow,
    pngCaption: () => pageExport.pngCaption(),
    pngCharts: () => pageExport.pngCharts().map((c) => ({ title: c.title, legend: c.legend.map((l) => l.label) })),
    messages: () => banner.lines,
    fileLoads: () => ({ count: loader.fileLoads.count, problems: loader.fileLoads.problems.slice() }),
    scenario: () => state.scenario,
    loadSpec: async (json: unknown) => {
      const problems = await loader.loadFileText(typeof json === 'string' ? json : JSON.stringify(json), {});
      await poll();
      return problems;
    },
  });
  Object.assign((window as unknown as { __sandbox: object }).__sandbox, {
    compare: wakingCalls(compare.hook(), idle),
    // the worker's faults (test/e2e/worker-faults.test.ts): the one seen, the watchdog's limit, a fault injected
    worker: { fault: () => watch.fault, setWatchdogMs: (ms: number) => { watch.watchdogMs = ms; }, inject: (kind: string) => api.injectFault(kind) },
    session: keeper.hook(),
    measure: measure.hook(),
    xy: charts.xyHook(),
    edit: wakingCalls(build, idle),
    // the lesson's story (test/e2e/lesson-blow-up.test.ts): its part, end and headline; Replay
    lesson: wakingCalls({ story: () => story.snapshot(), replay: () => story.replay(), escapes: () => escapes.marked }, idle),
  });
}

main().catch((e: unknown) => {
  const box = document.getElementById('fatal');
  if (box) {
    box.hidden = false;
    box.textContent = `The app failed to start: ${e instanceof Error ? e.message : String(e)}`;
  }
  console.error(e);
});
