/**
 * The page: wires the worker (sim-client), the Pixi scene, the uPlot charts, the lil-gui controls,
 * the status line, the divergence banner, URL state and export. No physics runs here: the main
 * thread only unpacks frames and draws (docs/architecture.md#worker-and-page).
 */
import './style.css';
import type { LiveParams, ParamName } from '../core/config/param-table';
import type { LoadResult, Checked, SimStatus, ScenarioInfo, SpaceTimeInfo, ThreadsInfo } from '../protocol/api';
import { COLOR_CONTACTS, COLOR_NONE, COLOR_SPEED } from '../protocol/frame';
import { DISC_VIEW } from './charts/angle-chart';
import { buildCsv, LiveChart, type CsvKind } from './charts/charts';
import { movingCoordinates, POSITION_WINDOW_ROWS, positionChartKind, positionChartTitle } from './charts/position-chart';
import { SeriesStore } from './charts/series-store';
import { installLedgerSwitch, LedgerChart } from './charts/ledger-chart';
import { ContactInspector } from './inspector/contact-inspector';
import { ContactMarker } from './render/contact-marker';
import { Controls } from './controls/controls';
import { CompareUi } from './compare/compare-panel';
import { LectureMode } from './lecture/lecture-mode';
import { lessonById } from './lecture/lessons';
import { fmtInt, fmtNum, fmtTime, tcText } from './controls/format';
import { ConvergencePanel } from './convergence/convergence-panel';
import { LiveFitOverlay } from './relaxation/live-fit-overlay';
import { RelaxationPanel } from './relaxation/relaxation-panel';
import { RewindStrip } from './rewind/rewind-strip';
import { MAX_SCENARIO_BYTES } from '../core/scenarios/file-limit';
import { threadsForCores } from '../core/parallel/max-threads';
import { composePng, downloadText, download, pickTextFile, type ChartPicture } from './export';
import { Scene } from './render/scene';
import { IdleFrames } from './render/idle-frames';
import { showColorLegend } from './render/color-legend';
import { SpaceTimePanel } from './spacetime/space-time-panel';
import { FramePool, startWorker } from './sim-client';
import { decodeSpecFragment, encodeSpecFragment } from './spec-fragment';
import { DEFAULT_SCENARIO, parseUrl, writeUrl, type UiState } from './url-state';
import { installTestHook, PerfStats, wakingCalls } from './test-hook';
import { $, setText } from './dom';
import { DivergenceBanner } from './divergence-banner';
import { MessageBanner } from './message-banner';
import { StatusLine } from './status-line';
import { FrameLoop } from './frame-loop';
import { installKeyboardShortcuts } from './keyboard-shortcuts';
import { PointerInput } from './pointer-input';

async function main(): Promise<void> {
  const { api } = startWorker();
  const pool = new FramePool(api);
  const scene = new Scene();
  const store = new SeriesStore();
  const perf = new PerfStats();
  /** Pixi's render call for each frame applied (main-thread JS; the GPU's work is not in it) */
  const renderPerf = new PerfStats();

  const legend = $('legend');
  const divergence = new DivergenceBanner(() => {
    void (async () => { await api.restoreLastGood(); await poll(); })();
  });
  const positionTitle = $('chart-position-title');
  const stage = $('stage');
  const flowBox = $('chart-flow');

  const url = parseUrl(location.search);
  // read before anything writes the URL (a control set from it may): a file's scene is in the fragment
  const initialHash = location.hash;
  const ui: UiState = { ...url.ui };
  let status: SimStatus | null = null;
  let scenario = DEFAULT_SCENARIO;
  let scenarios: ScenarioInfo[] = [];
  let shownParamsKey = '';
  /** a recording cadence the user typed: kept through Reset, dropped with another scenario */
  let chosenRecordEvery: number | null = null;
  /** a loaded file's scenario in the URL fragment ('' for a built-in, or a file too large to share) */
  let specFragment = '';

  const banner = new MessageBanner();

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
  scenarios = await api.listScenarios();
  const catalog = await api.solverCatalog();

  const ekChart = new LiveChart($('chart-ek-plot'), 'ek', store);
  const angleChart = new LiveChart($('chart-angle-plot'), 'angle', store);
  const positionChart = new LiveChart($('chart-position-plot'), 'piston', store);
  // a shorter window than the energy charts: the piston's µm ringing after a force step must not be
  // flattened by the compaction before it (cd-piston: ~1 s of simulated time at one row per step)
  positionChart.windowRows = POSITION_WINDOW_ROWS;
  const flowChart = new LiveChart($('chart-flow-plot'), 'flow', store);
  ekChart.setLog(ui.logy);
  const ledgerChart = new LedgerChart($('chart-ledger-plot'), store, $('ledger-residual'));
  const ledgerSwitch = installLedgerSwitch($('chart-ek'), $('chart-ledger'), ledgerChart);
  // the selected contact: the inspector panel over the canvas and its plane, normal and spring drawn on it
  const inspector = new ContactInspector(stage);
  const contactMarker = new ContactMarker();
  scene.app.stage.addChild(contactMarker.g);

  const convergence = new ConvergencePanel($('convergence'), { spec: () => api.convergenceSpec() });
  // the Δt lecture (issue 11): the t_R(Δt) sweep panel and the Ek chart's live relaxation fit
  const relaxationPanel = new RelaxationPanel($('layout'));
  const liveFit = new LiveFitOverlay(ekChart, $('chart-ek').querySelector('h2') as HTMLElement);

  const controls = new Controls($('gui-host'), scenarios, catalog, {
    param: (name: ParamName, value: unknown) => { void setParam(name, value); },
    refused: (message: string) => banner.show([message], 'That value was refused; the setting is unchanged:'),
    recordEvery: (seconds: number) => {
      void (async () => {
        chosenRecordEvery = seconds;
        const r = await api.setRecordEvery(seconds);
        if (!r.ok) banner.show(r.problems, 'That value was refused; the setting is unchanged:');
        await poll();
      })();
    },
    // another scenario plays at its own default speed, and leaves the lesson
    scenario: (name) => { ui.speed = null; chosenRecordEvery = null; leaveLesson(); void load(name, {}, true); },
    runToggle: () => { void toggleRun(); },
    step: () => { void singleStep(); },
    reset: () => { void reset(); },
    ui: (patch) => applyUi(patch),
    threads: (t) => { void setThreads(t); },
    fit: () => scene.fit(),
    exportCsv: (kind) => exportCsv(kind),
    exportPng: () => { void exportPng(); },
    exportJson: () => { void exportJson(); },
    loadFile: () => { void loadFile(); },
    convergence: () => { relaxationPanel.close(); convergence.open(); },
    relaxationSweep: () => { convergence.close(); relaxationPanel.open(); },
  });

  // a lockstep comparison (issue 11): presets in the Compare folder, variants on the canvas and charts
  const compare = new CompareUi(api, scene, store, { gui: controls.gui, stage, ekPlot: $('chart-ek-plot'), anglePlot: $('chart-angle-plot'), charts: $('charts') }, {
    load: (name, overrides) => { ui.speed = null; chosenRecordEvery = null; leaveLesson(); return load(name, overrides, true); },
    problems: (lines) => banner.show(lines, 'The comparison was refused:'),
    changed: () => poll(),
    url: () => updateUrl(),
    panes: (on) => { ui.panes = on; updateUrl(); },
  });
  compare.setSideBySide(ui.panes);

  // lecture mode (issue 11): the lesson menu, the lesson's note and chart layout, larger type; a lesson is a URL
  const lecture = new LectureMode($('topbar'), stage, $('charts'), {
    openLesson: (id) => {
      const q = new URLSearchParams();
      if (id) q.set('lesson', id);
      else q.set('scenario', scenario);
      if (ui.lecture) q.set('lecture', '1');
      location.assign(`?${q.toString()}`);
    },
    setLecture: (on) => {
      ui.lecture = on;
      lecture.show(on, ui.lesson ? lessonById(ui.lesson) ?? null : null);
      updateUrl();
    },
  });
  lecture.show(ui.lecture, ui.lesson ? lessonById(ui.lesson) ?? null : null);
  if (ui.lesson && lessonById(ui.lesson)?.charts.includes('chart-ledger')) ledgerSwitch.show(true);
  function leaveLesson(): void {
    if (!ui.lesson) return;
    ui.lesson = null;
    lecture.show(ui.lecture, null);
  }

  /** Shows the worker's parameters in the controls, with the schemes the core refuses for them. */
  function showParams(p: LiveParams): void {
    controls.setParams(p);
    shownParamsKey = JSON.stringify(p);
    const what = status?.polygons ? `${p.integrator} in a polygon scene` : p.integrator;
    void api.schemeProblems(p).then((problems) => controls.setSchemeProblems(problems, what));
    void convergence.refresh();
  }

  /** A pipe scene (run.spaceTime) shows the space–time panel under the canvas and the flow chart; other scenes neither. */
  function showPipe(info: SpaceTimeInfo | null): void {
    spaceTime.setScene(info);
    stage.classList.toggle('with-spacetime', info !== null);
    if (flowBox.hidden !== (info === null)) flowBox.hidden = info === null;
  }

  /** The angle chart's main line is the plane definition in force (docs/user-guide.md#contact-plane-chart-for-polygons). */
  function showPlane(): void {
    angleChart.setPlaneView({ polygons: status?.polygons ?? false, plane: status?.params?.plane ?? DISC_VIEW.plane });
  }

  function applyUi(patch: Partial<UiState>): void {
    Object.assign(ui, patch);
    scene.colorMode = ui.color === 'contacts' ? COLOR_CONTACTS : ui.color === 'none' ? COLOR_NONE : COLOR_SPEED;
    scene.showContacts = ui.network;
    ekChart.setLog(ui.logy);
    if (patch.spf !== undefined) void api.setStepsPerFrame(ui.spf);
    scene.app.ticker.maxFPS = ui.fps; // 0: every animation frame
    if (patch.speed !== undefined && patch.speed !== null) void setSpeed(patch.speed);
    updateUrl();
  }

  async function setSpeed(v: number): Promise<void> {
    const r = await api.setSpeed(v);
    if (!r.ok) banner.show(r.problems, 'That speed was refused; the playback is unchanged:');
    await poll();
  }

  function updateUrl(): void {
    writeUrl(scenario, status?.params ?? null, ui, specFragment, compare.urlState());
  }

  function afterLoad(r: Checked<LoadResult>, name: string, extraProblems: string[]): boolean {
    if (!r.ok) return false;
    scenario = name;
    status = r.value.status;
    showPipe(status.spaceTime);
    // what this load has to say replaces the banner (a rejected file's message must not outlive the good file after it)
    banner.show([...extraProblems, ...r.value.rejected]);
    if (status.params) showParams(status.params);
    controls.setUi(ui, name);
    controls.setDescription(r.value.description || (r.value.title !== name ? r.value.title : ''));
    scene.selection = status.selection;
    // a speed the user chose (or the URL gave) outlives Reset; else the scenario's default plays
    if (ui.speed !== null) void api.setSpeed(ui.speed);
    if (chosenRecordEvery !== null) void api.setRecordEvery(chosenRecordEvery);
    updateUrl();
    return true;
  }

  async function load(name: string, overrides: Record<string, unknown>, fit: boolean, extraProblems: string[] = []): Promise<boolean> {
    const r = await statusLine.loading<Checked<LoadResult>>(name, api.loadScenario(name, overrides));
    if (!r.ok) {
      if (name === DEFAULT_SCENARIO) { banner.show([...extraProblems, ...r.problems]); return false; }
      return load(DEFAULT_SCENARIO, overrides, fit, [...extraProblems, ...r.problems, `Loaded '${DEFAULT_SCENARIO}' instead.`]);
    }
    if (fit) scene.requestFit();
    specFragment = '';
    return afterLoad(r, name, extraProblems);
  }

  /** Loads a scenario file (its JSON text); the URL carries it when it is small enough. */
  async function loadFileText(text: string, overrides: Record<string, unknown>, extraProblems: string[] = []): Promise<string[]> {
    const r = await statusLine.loading<Checked<LoadResult>>(`a scenario file (${fmtInt(text.length / 1000)} kB)`, api.loadSpec(text, overrides));
    if (!r.ok) return r.problems;
    scene.requestFit();
    const frag = await encodeSpecFragment(text);
    specFragment = frag ?? '';
    const notes = frag === null
      ? [`This scenario file is too large to share in a URL (${fmtInt(text.length / 1000)} kB): the URL keeps its parameters, not its bodies; share the file itself (Export → scenario JSON).`]
      : [];
    afterLoad(r, r.value.status.scenario, [...extraProblems, ...notes]);
    return [];
  }

  async function setParam(name: ParamName, value: unknown): Promise<void> {
    const r = await api.setParams({ [name]: value });
    if (!r.ok) {
      // nothing changed in the worker: say why, and put the control back to the worker's value
      banner.show(r.problems, 'That change was refused; the settings are unchanged:');
      controls.showRejection(r.problems.join(' '));
      const s = await api.getStatus();
      if (s.params) showParams(s.params);
      return;
    }
    controls.showRejection('');
    if (status) status.params = r.value;
    showParams(r.value);
    showPlane();
    updateUrl();
  }

  async function toggleRun(): Promise<void> {
    if (status?.running) await api.pause();
    else if (status?.health.status !== 'diverged') await api.run();
    await poll();
  }

  async function singleStep(): Promise<void> {
    await api.pause();
    await api.stepN(1);
    await poll();
  }

  /** Steps on `threads` (null: automatic) from now on: the loaded scene starts again on them, keeping the parameters. */
  async function setThreads(threads: number | null): Promise<void> {
    const params = status?.params ? { ...status.params } : {};
    const r = await statusLine.loading<Checked<ThreadsInfo>>(`${scenario} on ${threads ?? 'automatic'} threads`, api.setThreads(threads, params as Record<string, unknown>));
    if (!r.ok) {
      banner.show(r.problems, 'That thread count was refused; the run is unchanged:');
      controls.setUi(ui, scenario);
    } else {
      ui.threads = threads;
      const notes = r.value.note ? [`threads: ${r.value.note}`] : [];
      if (r.value.reloaded) afterLoad({ ok: true, value: r.value.reloaded }, scenario, notes);
      else { banner.show(notes); updateUrl(); }
    }
    await poll();
  }

  /** Back to the start state of what is loaded (a built-in or a file), keeping the parameters. */
  async function reset(): Promise<void> {
    const params = status?.params ? { ...status.params } : {};
    const r = await statusLine.loading<Checked<LoadResult>>(scenario, api.reload(params as Record<string, unknown>));
    if (!r.ok) banner.show(r.problems, 'Reset failed; the run is unchanged:');
    else afterLoad(r, scenario, []);
    await poll();
  }

  function exportCsv(kind: Extract<CsvKind, 'ek' | 'angle' | 'position'>): void {
    downloadText(`${scenario}-${kind}.csv`, buildCsv(store, kind), 'text/csv');
  }

  async function exportPng(): Promise<void> {
    scene.app.render();
    download(`${scenario}.png`, await composePng(scene.app.canvas, pngCharts(), pngCaption()));
  }

  /** The charts shown, as the PNG draws them: a comparison's overlays (and its divergence) in place of the single run's. */
  function pngCharts(): ChartPicture[] {
    const single: [string, { canvas: HTMLCanvasElement | null; legend: { label: string; color: string }[] } | null][] = [
      ['chart-ek', ekChart], ['chart-ledger', ledgerChart], ['chart-angle', angleChart], ['chart-divergence', null], ['chart-position', positionChart], ['chart-flow', flowChart],
    ];
    const out: ChartPicture[] = [];
    for (const [id, chart] of single) {
      const box = document.getElementById(id);
      if (!box || box.hidden) continue;
      const title = box.querySelector('h2')?.textContent ?? '';
      const picture = compare.picture(id, title) ?? (chart?.canvas ? { canvas: chart.canvas, title, legend: chart.legend } : null);
      if (picture) out.push(picture);
    }
    return out;
  }

  /** The picture's caption: what and when, which solver, which material (so a slide says what it shows). */
  function pngCaption(): string[] {
    const s = status, p = s?.params;
    if (!s || !p) return [scenario];
    const what = `${scenario} · t = ${fmtTime(s.t, s.dt)} s · step ${fmtInt(s.step)} · ${fmtInt(s.n)} particles · ${fmtInt(s.contacts)} contacts`;
    if (controls.isContactDynamics(p.integrator)) {
      return [what, `contact dynamics: N_I = ${p.iterations} ${p.sweep} sweeps, Δt = ${fmtNum(s.dt)} s, restitution ${fmtNum(p.cdRestitution)}`,
        `μ = ${fmtNum(p.mu)} · gravity (${fmtNum(p.gravityX)}, ${fmtNum(p.gravityY)}) m/s² · rotation ${p.rotation ? 'on' : 'off'}`];
    }
    // the Hertz law's k_N and γN stand for kn and εn, Haff–Werner's γS for the tangential spring (its cap is always on the total force)
    const haffWerner = p.tangential === 'haff-werner';
    const normal = p.normalLaw === 'hertz' ? `kN = ${fmtNum(p.kn)} N/m^1.5 · γN = ${fmtNum(p.gammaN)} 1/s` : `kn = ${fmtNum(p.kn)} N/m`;
    const tangential = haffWerner ? `γS = ${fmtNum(p.gammaS)} 1/s` : `kt/kn = ${fmtNum(p.ktOverKn)}`;
    const restitution = p.normalLaw === 'hertz' ? '' : ` · εn = ${fmtNum(p.en)}`;
    return [what,
      `integrator ${p.integrator} · tangential ${p.tangential} · Δt/tc = ${fmtNum(p.dtOverTc)} (${tcText(s.timeScales?.tc ?? NaN, s.timeScales?.hertzSpeed)}, stable up to ${fmtNum(s.timeScales?.stableDtOverTc ?? NaN)}) · rotation ${p.rotation ? 'on' : 'off'}`,
      `${normal} · ${tangential}${restitution} · μ = ${fmtNum(p.mu)} (${haffWerner ? 'total' : p.capMode} cap) · gravity (${fmtNum(p.gravityX)}, ${fmtNum(p.gravityY)}) m/s²`];
  }

  async function exportJson(): Promise<void> {
    const spec = await api.exportSpec();
    if (spec) downloadText(`${scenario}-scenario.json`, JSON.stringify(spec, null, 2) + '\n', 'application/json');
  }

  /** files read through the import control so far (accepted or not), for the tests */
  const fileLoads = { count: 0, problems: [] as string[] };

  async function loadFile(): Promise<void> {
    let text: string | null = null;
    let problems: string[] = [];
    try {
      text = await pickTextFile('.json,application/json', MAX_SCENARIO_BYTES);
    } catch (e) {
      // the browser could not read it (removed, unreadable): say so instead of doing nothing
      problems = [`the file could not be read (${e instanceof Error ? e.message : String(e)})`];
    }
    if (text === null && !problems.length) return;
    if (text !== null) problems = await loadFileText(text, {});
    if (problems.length) banner.show(problems, 'That scenario file was rejected:');
    fileLoads.count++;
    fileLoads.problems = problems;
  }

  // ---- initial load from the URL: a file's scenario in the fragment, else a built-in by name ----
  const problems = [...url.problems];
  applyUi({});
  await api.setStepsPerFrame(ui.spf);
  // the worker pool, before the first scene (a scene is built on it); at most this machine's cores
  const fit = ui.threads === null ? null : threadsForCores(ui.threads, navigator.hardwareConcurrency);
  if (fit?.note) { problems.push(`threads: ${fit.note}`); ui.threads = fit.threads; }
  const threads = await api.setThreads(ui.threads);
  if (!threads.ok) problems.push(...threads.problems);
  else if (threads.value.note && ui.threads !== null) problems.push(`threads: ${threads.value.note}`);
  else if (threads.value.note) console.info(`threads: ${threads.value.note}`); // automatic: one thread, no complaint
  let fromFragment = false;
  try {
    const text = await decodeSpecFragment(initialHash);
    if (text !== null) {
      const bad = await loadFileText(text, url.overrides as Record<string, unknown>, problems);
      if (bad.length) problems.push(...bad.map((b) => `the scenario in the URL: ${b}`));
      else fromFragment = true;
    }
  } catch (e) {
    problems.push(e instanceof Error ? e.message : String(e));
  }
  if (!fromFragment) {
    // a file's name in `scenario` is only a label when its scene is in the fragment; here it names a built-in
    if (url.scenarioProblem) problems.unshift(url.scenarioProblem);
    let first = url.scenario ?? DEFAULT_SCENARIO;
    if (!scenarios.some((s) => s.name === first)) {
      problems.push(`scenario: unknown '${first}'; one of ${scenarios.map((s) => `'${s.name}'`).join(', ')}`);
      first = DEFAULT_SCENARIO;
    }
    await load(first, url.overrides as Record<string, unknown>, true, problems);
  }
  if (url.comparison) {
    const bad = await compare.restore(url.comparison, scenario);
    if (bad.length) banner.show([...banner.lines, ...bad]);
  }
  if (ui.run) await api.run();

  // ---- frames: request on every animation frame, apply the newest, never queue ----
  const frames = new FrameLoop({ api, scene, pool, compare, contactMarker, idle, perf, renderPerf, running: () => status?.running ?? false });

  // ---- status and series at ~10 Hz ----
  let polling = false;
  /**
   * Bumped when a click changes the selection here: a status asked for before that carries the worker's older
   * selection and must not undo the click (a quick second, shift-click would then find nothing selected).
   */
  let selectionEdits = 0;
  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      const edits = selectionEdits;
      const [chunk, s, rows, contact] = await Promise.all([api.takeSeries(store.epoch, store.nextSeq), api.getStatus(), api.takeSpaceTime(), api.selectedContact()]);
      store.ingest(chunk);
      status = s;
      showPipe(s.spaceTime);
      spaceTime.ingest(rows);
      showPlane();
      positionChart.setKind(positionChartKind(s));
      positionChart.setParticle(s.tracked);
      if (s.tracked >= 0) positionChart.setCoordinates(movingCoordinates(store, store.windowStart(positionChart.windowRows), store.length, s.tracked));
      ekChart.update();
      angleChart.update();
      positionChart.update();
      if (s.spaceTime) flowChart.update();
      compare.update(s, ui.logy);
      if (ledgerSwitch.shown()) ledgerChart.update();
      inspector.show(contact);
      contactMarker.detail = contact;
      render(s, edits === selectionEdits);
    } finally {
      polling = false;
    }
  }

  function render(s: SimStatus, selectionCurrent: boolean): void {
    controls.setSpeed(s.speed);
    controls.setRecording(s.recordEvery, s.rowEvery, s.dt);
    const cd = s.params ? controls.isContactDynamics(s.params.integrator) : false;
    statusLine.show(s, cd, frames.fps, idle.idle);
    setText(positionTitle, positionChartTitle(s));
    controls.setRunning(s.running);
    if (s.params) {
      const key = JSON.stringify(s.params);
      if (key !== shownParamsKey) { showParams(s.params); updateUrl(); }
    }
    controls.setTc(s.timeScales?.tc, s.timeScales?.stableDtOverTc, s.dt, s.timeScales?.hertzSpeed);
    controls.setScene(s.hasPiston, s.polygons, s.schedule);
    if (selectionCurrent) scene.selection = s.selection;
    divergence.show(s, cd);
    showColorLegend(legend, ui.color, scene.speedMax);
  }
  setInterval(() => { void poll(); }, 100);
  setInterval(() => { void api.relaxationFit().then((f) => liveFit.set(f)); }, 200);
  // rewind (issue 11): the scrubber over the worker's recent snapshots; keys [ and ]
  new RewindStrip(stage, {
    info: () => api.timelineInfo(),
    restore: (k) => api.restoreTimeline(k),
    run: async () => { await api.run(); await poll(); },
    changed: () => poll(),
    refused: (lines) => banner.show(lines, 'Rewind refused:'),
  });
  await poll();

  const pointer = new PointerInput({ api, scene, compare, pickContacts: () => ui.network, selected: () => { selectionEdits++; } });
  installKeyboardShortcuts({
    lecture: (e) => lecture.handleKey(e),
    toggleRun: () => { void toggleRun(); },
    step: () => { void singleStep(); },
    reset: () => { void reset(); },
    fit: () => scene.fit(),
  });

  installTestHook({
    api, scene, store, perf, renderPerf, pool, idle,
    status: () => status,
    charts: { ek: ekChart, angle: angleChart, position: positionChart, flow: flowChart },
    ledger: { chart: ledgerChart, shown: ledgerSwitch.shown },
    inspector,
    spaceTime,
    controls,
    fps: () => frames.fps,
    lastThrow: () => pointer.lastThrow,
    pngCaption: () => pngCaption(),
    pngCharts: () => pngCharts().map((c) => ({ title: c.title, legend: c.legend.map((l) => l.label) })),
    messages: () => banner.lines,
    fileLoads: () => ({ count: fileLoads.count, problems: fileLoads.problems.slice() }),
    scenario: () => scenario,
    convergence,
    loadSpec: async (json: unknown) => {
      const problems = await loadFileText(typeof json === 'string' ? json : JSON.stringify(json), {});
      await poll();
      return problems;
    },
  });
  Object.assign((window as unknown as { __sandbox: object }).__sandbox, { compare: wakingCalls(compare.hook(), idle) });
}

main().catch((e: unknown) => {
  const box = document.getElementById('fatal');
  if (box) {
    box.hidden = false;
    box.textContent = `The app failed to start: ${e instanceof Error ? e.message : String(e)}`;
  }
  console.error(e);
});
