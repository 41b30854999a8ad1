/**
 * lil-gui panel: scenario, run controls, solver, material, gravity, view and export. The rows of the core's
 * parameter table (PARAMS) get their controllers from param-controls.ts; which of them show for the current model
 * is the core's answer (core/config/param-visibility.ts). Every controller gets a stable data-testid="gui-<name>".
 */
import GUI, { type Controller } from 'lil-gui';
import { MAX_THREADS, threadsForCores } from '../../core/parallel/max-threads';
import { parseDecimal } from '../../core/config/param-check';
import { CD_PARAMS, GSSSS_PARAMS, LAW_PARAMS, LECTURE_ADVANCED, PISTON_PARAMS, SOFT_ONLY_PARAMS } from '../../core/config/param-lists';
import { PARAMS, type LiveParams, type ParamName } from '../../core/config/param-table';
import { shownSoftParams } from '../../core/config/param-visibility';
import type { ScenarioInfo, ScheduledChange, SchemeProblems, SolverCatalog } from '../../protocol/api';
import type { CsvKind } from '../charts/charts';
import { attachExactEntry, type ExactEntry } from './exact-entry';
import { fmtNum, tcText } from './format';
import { ParamControls, tag } from './param-controls';
import { SolverNotes } from './solver-notes';
import { SpeedControl } from './speed-control';
import { SolverKindChoice, scheduleText } from './solver-kind';
import { COLOR_OPTIONS, FPS_OPTIONS, SPF_OPTIONS, type ColorOption, type UiState } from '../url-state';
import { PLANE_EXPLANATIONS } from '../charts/plane-definitions';

export interface ControlHandlers {
  param(name: ParamName, value: unknown): void;
  /** the recording cadence for charts and export [simulated s; 0 = every step] */
  recordEvery(seconds: number): void;
  /** a typed value the parameter table refuses: the message names the field and the allowed range */
  refused(message: string): void;
  scenario(name: string): void;
  runToggle(): void;
  step(): void;
  reset(): void;
  ui(patch: Partial<UiState>): void;
  /** threads to step on (null: automatic); the loaded scene starts again on them */
  threads(threads: number | null): void;
  fit(): void;
  exportCsv(kind: Extract<CsvKind, 'ek' | 'angle' | 'position'>): void;
  exportPng(): void;
  exportJson(): void;
  loadFile(): void;
  convergence(): void;
  /** opens the t_R(Δt) panel (src/ui/relaxation/relaxation-panel.ts) */
  relaxationSweep(): void;
}

/** A typed recording cadence: a plain decimal from 0 (every step) to 1e6 simulated seconds. */
function parseRecordEvery(text: string): number {
  const v = parseDecimal(text);
  if (!(v >= 0 && v <= 1e6)) throw new Error(`record every: must be from 0 (every step) to 1e6 simulated seconds, got ${JSON.stringify(text.trim().slice(0, 40))}`);
  return v;
}

/** The threads menu: automatic, or 1 up to this machine's logical cores (the worker pool: docs/cli.md#threads). */
function threadOptions(cores: number): string[] {
  const most = threadsForCores(MAX_THREADS, cores).threads;
  return ['auto', ...Array.from({ length: most }, (_, k) => String(k + 1))];
}


/** A line of text at the top of a folder (set with textContent, never HTML). */
function noteIn(folder: GUI, testId: string): HTMLElement {
  const el = document.createElement('div');
  el.className = 'solver-note';
  el.setAttribute('data-testid', testId);
  folder.$children.prepend(el);
  return el;
}

export class Controls {
  readonly gui: GUI;
  /** current values as shown (the worker's params after every change) */
  readonly values: Record<string, unknown> = {};
  /** the controllers of the table's rows (a slider, a dropdown or a switch each, with its typed entry) */
  private readonly rows: ParamControls;
  /** the recording cadence: what it is now, and its typed entry */
  private readonly recordCtrl: Controller;
  private readonly recordEntry: ExactEntry;
  private shownRecording = '';
  /** the loaded scenario's description, under the scenario menu */
  private readonly description: HTMLElement;
  /** the scenario menu's shown text, and the titles of scenes it does not list (a stored lesson scene, a file) */
  private readonly scenarioShown: HTMLElement;
  private readonly sceneTitles = new Map<string, string>();
  /** playback speed (simulated s per wall s) */
  private readonly speed: SpeedControl;
  private readonly model: Record<string, unknown> = {};
  private runCtrl!: Controller;
  /** tc, Δt and the stability limit under the Δt slider (wraps, never cut off) */
  private readonly tcNote: HTMLElement;
  /** the stability limit drawn on the Δt/tc slider */
  private readonly stableMark: HTMLElement;
  private suppress = false;
  private readonly solverNotes: SolverNotes;
  /** the general GSSSS member's parameters: shown only while integrator = 'gssss' */
  private gssssFolder: GUI | null = null;
  /** soft DEM / contact dynamics, above the integrator dropdown */
  private readonly kindChoice: SolverKindChoice;
  /** N_I, sweep order, tolerance, restitution: shown only under contact dynamics */
  private readonly cdFolder: GUI;
  /** piston force and mass: shown only when the scene has a piston */
  private readonly pistonFolder: GUI;
  /** the contact-plane definition and its hysteresis: shown only when the scene has polygons */
  private readonly planeFolder: GUI;
  private readonly scheduleNote: HTMLElement;
  private readonly materialNote: HTMLElement;
  private contactDynamics = false;

  constructor(host: HTMLElement, scenarios: ScenarioInfo[], catalog: SolverCatalog, h: ControlHandlers) {
    const gui = new GUI({ container: host, title: 'Controls', width: 340 });
    gui.domElement.setAttribute('data-testid', 'gui');
    this.gui = gui;
    const m = this.model;
    this.rows = new ParamControls(m, this.values, (name, v) => h.param(name, v), (message) => h.refused(message), () => this.suppress);

    // --- scenario and run ---
    const names = scenarios.map((s) => s.name);
    m.scenario = names[0] ?? '';
    const scenarioCtrl = tag(gui.add(m, 'scenario', Object.fromEntries(scenarios.map((s) => [s.title ? `${s.title}` : s.name, s.name]))).name('scenario'), 'scenario')
      .onChange((v: string) => { if (!this.suppress) h.scenario(v); });
    this.description = document.createElement('div');
    this.description.className = 'solver-note scenario-description';
    this.description.setAttribute('data-testid', 'scenario-description');
    scenarioCtrl.domElement.after(this.description);
    this.scenarioShown = scenarioCtrl.domElement.querySelector('.lil-display') as HTMLElement;
    m.run = () => h.runToggle();
    m.step = () => h.step();
    m.reset = () => h.reset();
    this.runCtrl = tag(gui.add(m, 'run').name('Pause'), 'run');
    tag(gui.add(m, 'step').name('Single step'), 'step');
    tag(gui.add(m, 'reset').name('Reset'), 'reset');
    this.speed = new SpeedControl(gui, (v) => { h.ui({ speed: v }); }, (message) => h.refused(message));
    m.spf = 'max';
    tag(gui.add(m, 'spf', SPF_OPTIONS as unknown as string[]).name('steps per frame'), 'spf')
      .onChange((v: string) => { if (!this.suppress) h.ui({ spf: v === 'max' ? 0 : Number(v) }); });
    m.fps = 'display';
    tag(gui.add(m, 'fps', FPS_OPTIONS as unknown as string[]).name('max frames/s'), 'fps')
      .onChange((v: string) => { if (!this.suppress) h.ui({ fps: v === 'display' ? 0 : Number(v) }); });

    // --- solver ---
    const solver = gui.addFolder('Solver');
    this.kindChoice = new SolverKindChoice(solver, catalog, (integrator) => { if (!this.suppress) h.param('integrator', integrator); });
    const integratorCtrl = this.rows.choice(solver, 'integrator');
    const tangentialCtrl = this.rows.choice(solver, 'tangential');
    this.solverNotes = new SolverNotes(catalog, integratorCtrl, tangentialCtrl);
    this.rows.logSlider(solver, 'dtOverTc');
    const dtCtrl = this.rows.ctrls.get('dtOverTc')!;
    this.tcNote = document.createElement('div');
    this.tcNote.className = 'solver-note tc-note';
    this.tcNote.setAttribute('data-testid', 'gui-tc');
    dtCtrl.domElement.after(this.tcNote);
    this.stableMark = document.createElement('div');
    this.stableMark.className = 'stability-mark';
    this.stableMark.setAttribute('data-testid', 'stability-mark');
    this.stableMark.hidden = true;
    dtCtrl.domElement.querySelector('.lil-slider')?.appendChild(this.stableMark);
    this.rows.bool(solver, 'rotation');
    // the "let it blow up" switch (issue 36): a run goes past the divergence detector for a bounded time
    m.blowUp = false;
    const blowUp = tag(solver.add(m, 'blowUp').name('let it blow up'), 'blow-up')
      .onChange((v: boolean) => { if (!this.suppress) h.ui({ blowUp: v }); });
    blowUp.domElement.title = 'past the divergence detector: the run goes on until Ek has grown 10⁶×, a body leaves the scene or 20,000 steps of growth, and the page sets the growth factor it measures against the integrator’s amplification factor';
    m.threads = 'auto';
    tag(solver.add(m, 'threads', threadOptions(navigator.hardwareConcurrency)).name('threads (restarts)'), 'threads')
      .onChange((v: string) => { if (!this.suppress) h.threads(v === 'auto' ? null : Number(v)); });
    m.convergence = () => h.convergence();
    tag(solver.add(m, 'convergence').name('Convergence…'), 'convergence');
    m.relaxationSweep = () => h.relaxationSweep();
    tag(solver.add(m, 'relaxationSweep').name('tR(Δt) sweep…'), 'relaxation-sweep');

    // --- the contact plane of polygon contacts (docs/model.md#contact-plane-for-polygons, docs/user-guide.md#contact-plane-chart-for-polygons): the definition (a dropdown)
    // and the flip hysteresis (a slider), with the solver; shown only in a polygon scene ---
    this.planeFolder = solver.addFolder('Contact plane (polygons)');
    this.planeFolder.domElement.setAttribute('data-testid', 'gui-plane-folder');
    const planeNote = noteIn(this.planeFolder, 'plane-note');
    planeNote.append('The plane chart draws the chosen definition as its thick line, the others thin:');
    const definitions = document.createElement('ul');
    for (const text of Object.values(PLANE_EXPLANATIONS)) definitions.appendChild(document.createElement('li')).textContent = text;
    planeNote.appendChild(definitions);
    this.rows.choice(this.planeFolder, 'plane');
    this.rows.linear(this.planeFolder, 'planeHysteresis', 0.5);
    this.planeFolder.hide();

    // --- contact dynamics (shown only while it is the solver) and the piston (only with one) ---
    this.cdFolder = gui.addFolder('Contact dynamics');
    this.cdFolder.domElement.setAttribute('data-testid', 'gui-cd-folder');
    for (const name of CD_PARAMS) this.rows.generic(this.cdFolder, name);
    this.pistonFolder = gui.addFolder('Piston');
    this.pistonFolder.domElement.setAttribute('data-testid', 'gui-piston-folder');
    for (const name of PISTON_PARAMS) this.rows.generic(this.pistonFolder, name);
    this.scheduleNote = noteIn(this.pistonFolder, 'schedule-note');
    this.cdFolder.hide();
    this.pistonFolder.hide();

    // --- material ---
    const mat = gui.addFolder('Material');
    this.materialNote = noteIn(mat, 'material-cd-note');
    this.materialNote.textContent = 'Contact dynamics: rigid discs. The normal law, kn, kt/kn, εn, tangential damping and the Coulomb cap are not used; μ is exact Coulomb friction.';
    this.materialNote.hidden = true;
    this.rows.choice(mat, 'normalLaw');
    this.rows.logSlider(mat, 'kn');
    // each contact law's own parameters (its declaration's rows), shown while it is the normal law
    for (const name of LAW_PARAMS) this.rows.generic(mat, name);
    this.rows.linear(mat, 'ktOverKn', 0.01);
    this.rows.linear(mat, 'en', 0.01);
    this.rows.choice(mat, 'tangentialDamping');
    this.rows.linear(mat, 'nuTOverNuN', 0.01);
    this.rows.linear(mat, 'etOverEn', 0.01);
    this.rows.generic(mat, 'gammaS');
    this.rows.logSlider(mat, 'mu');
    this.rows.choice(mat, 'capMode');
    this.rows.bool(mat, 'clampNormal');

    // --- any other live parameter of the table, by kind: the general GSSSS member's parameters in
    // their own folder (shown only while integrator = 'gssss'), the rest under Integrator options ---
    const rest = (Object.keys(PARAMS) as ParamName[]).filter((k) => !this.rows.ctrls.has(k) && !['gravityX', 'gravityY'].includes(k));
    // the general GSSSS member's parameters (integrator 'gssss'; docs/model.md#the-u0-and-v0-parameters)
    const gssss = rest.filter((k) => (GSSSS_PARAMS as readonly string[]).includes(k));
    const others = rest.filter((k) => !gssss.includes(k));
    if (gssss.length) {
      this.gssssFolder = solver.addFolder('GSSSS member options (integrator gssss)');
      this.gssssFolder.domElement.setAttribute('data-testid', 'gui-gssss-options');
      for (const name of gssss) this.rows.generic(this.gssssFolder, name);
      this.gssssFolder.hide();
    }
    if (others.length) {
      const more = solver.addFolder('Integrator options');
      for (const name of others) this.rows.generic(more, name);
      more.close();
    }

    // --- gravity ---
    const grav = gui.addFolder('Gravity');
    this.rows.linear(grav, 'gravityX', 0.1);
    this.rows.linear(grav, 'gravityY', 0.1);

    // --- view ---
    const view = gui.addFolder('View');
    m.color = 'speed';
    tag(view.add(m, 'color', COLOR_OPTIONS as unknown as string[]).name('colour by'), 'color')
      .onChange((v: ColorOption) => { if (!this.suppress) h.ui({ color: v }); });
    m.network = false;
    tag(view.add(m, 'network').name('contact network'), 'network')
      .onChange((v: boolean) => { if (!this.suppress) h.ui({ network: v }); });
    m.logy = false;
    tag(view.add(m, 'logy').name('Ek log scale'), 'logy')
      .onChange((v: boolean) => { if (!this.suppress) h.ui({ logy: v }); });
    m.fit = () => h.fit();
    tag(view.add(m, 'fit').name('fit view'), 'fit');

    // --- export ---
    const ex = gui.addFolder('Export / import');
    m.recordEvery = '';
    this.recordCtrl = tag(ex.add(m, 'recordEvery').name('record every'), 'record-every');
    this.recordCtrl.domElement.title = 'simulated seconds between the rows the charts and the CSV exports record (0 = every step); the scenario sets the default';
    this.recordEntry = attachExactEntry(this.recordCtrl, 'recordEvery', { parse: parseRecordEvery }, (v) => h.recordEvery(v), (message) => h.refused(message));
    m.ekCsv = () => h.exportCsv('ek');
    m.angleCsv = () => h.exportCsv('angle');
    m.positionCsv = () => h.exportCsv('position');
    m.png = () => h.exportPng();
    m.json = () => h.exportJson();
    m.load = () => h.loadFile();
    tag(ex.add(m, 'ekCsv').name('Ek(t) CSV'), 'export-ek');
    tag(ex.add(m, 'angleCsv').name('angle(t) CSV'), 'export-angle');
    tag(ex.add(m, 'positionCsv').name('position(t) CSV'), 'export-position');
    tag(ex.add(m, 'png').name('PNG (canvas + charts)'), 'export-png');
    tag(ex.add(m, 'json').name('scenario JSON'), 'export-json');
    tag(ex.add(m, 'load').name('load scenario JSON…'), 'load-json');

    // lecture mode hides what a lesson does not need (lecture/lecture.css; its 'advanced' button shows them)
    for (const folder of [grav, ex]) folder.domElement.classList.add('lecture-advanced');
    // the rows marked advanced: the material's less common knobs (kn, kt/kn, εn and μ stay)
    for (const name of LECTURE_ADVANCED) this.rows.ctrls.get(name)?.domElement.classList.add('lecture-advanced');
    solver.folders.filter((f) => f._title === 'Integrator options').forEach((f) => f.domElement.classList.add('lecture-advanced'));
  }

  /**
   * Shows the controls that mean something for the current model (shownSoftParams): under contact
   * dynamics the soft-contact parameters are hidden (with a note) and the Contact dynamics folder
   * appears; the Hertz law and Haff–Werner friction swap in their own coefficients.
   */
  private syncMaterialVisibility(p: LiveParams): void {
    const soft = !this.contactDynamics;
    const shown = shownSoftParams(p, this.contactDynamics);
    for (const name of SOFT_ONLY_PARAMS) {
      const c = this.rows.ctrls.get(name);
      if (c && c._hidden === shown[name]) c.show(shown[name]);
    }
    this.solverNotes.showTangential(soft);
    this.materialNote.hidden = soft;
    if (this.cdFolder._hidden !== soft) this.cdFolder.show(!soft);
  }

  /** Shows the worker's current parameters without sending them back. */
  setParams(p: LiveParams): void {
    this.suppress = true;
    try {
      this.values.normalLaw = p.normalLaw; // before kn, whose unit it sets
      for (const name of Object.keys(PARAMS) as ParamName[]) {
        const v = p[name];
        this.values[name] = v;
        this.rows.show(name, v);
      }
      this.contactDynamics = this.kindChoice.isContactDynamics(p.integrator);
      this.syncMaterialVisibility(p);
      this.syncSolver(p);
    } finally {
      this.suppress = false;
    }
  }

  /** Descriptions of the chosen integrator and scheme; the GSSSS options only for integrator 'gssss'. */
  private syncSolver(p: LiveParams): void {
    this.kindChoice.show(p.integrator);
    this.solverNotes.show(p.integrator, p.tangential);
    const general = p.integrator === 'gssss';
    if (this.gssssFolder && this.gssssFolder._hidden === general) {
      this.gssssFolder.show(general);
      if (general) this.gssssFolder.open();
    }
  }

  /**
   * Marks the schemes the core refuses with the current integrator settings (disabled options);
   * `integrator` names the setting in the note ('gear5', or 'gear5 in a polygon scene').
   */
  setSchemeProblems(problems: SchemeProblems, integrator: string): void {
    this.solverNotes.showRefusedSchemes(problems, integrator);
  }

  /** The core's message for a refused solver change, under the solver choices ('' hides it). */
  showRejection(message: string): void {
    this.solverNotes.showRejection(message);
  }

  setUi(ui: UiState, scenario: string): void {
    this.suppress = true;
    try {
      this.model.spf = ui.spf === 0 ? 'max' : String(ui.spf);
      this.model.fps = ui.fps === 0 ? 'display' : String(ui.fps);
      this.model.threads = ui.threads === null ? 'auto' : String(ui.threads);
      this.model.color = ui.color;
      this.model.network = ui.network;
      this.model.logy = ui.logy;
      this.model.blowUp = ui.blowUp;
      this.model.scenario = scenario;
      this.gui.controllersRecursive().forEach((c) => c.updateDisplay());
      // lil-gui shows the raw id of a scene the menu does not list (pipe-developed): its title instead, once known
      const title = this.sceneTitles.get(scenario);
      if (title && this.scenarioShown.textContent === scenario) this.scenarioShown.textContent = title;
    } finally {
      this.suppress = false;
    }
  }

  /** The title the scenario menu shows for scene `name` when it does not list it (a stored lesson scene, a file). */
  nameScene(name: string, title: string): void {
    if (title) this.sceneTitles.set(name, title);
  }

  /** Whether this integrator is contact dynamics (rigid discs), per the core's registry. */
  isContactDynamics(integrator: string): boolean {
    return this.kindChoice.isContactDynamics(integrator);
  }

  /** The loaded scenario's description (a file's title when it has no description). */
  setDescription(text: string): void {
    this.description.textContent = text; // never HTML: a file's text
    this.description.hidden = text === '';
  }

  /** The recording cadence: the chosen one in the typed entry, the one in force (steps) in the label. */
  setRecording(recordEvery: number, rowEvery: number, dt: number): void {
    const key = `${recordEvery}|${rowEvery}|${dt}`;
    if (key === this.shownRecording) return;
    this.shownRecording = key;
    this.recordEntry.set(recordEvery);
    const steps = dt > 0 ? Math.round(rowEvery / dt) : 0;
    this.recordCtrl.name(`record every ${fmtNum(rowEvery)} s (${steps} step${steps === 1 ? '' : 's'})`);
  }

  /** Shows the worker's playback speed. */
  setSpeed(v: number): void {
    if (v !== this.shownSpeed) { this.shownSpeed = v; this.speed.set(v); }
  }
  private shownSpeed = NaN;

  setRunning(running: boolean): void {
    const label = running ? 'Pause' : 'Run';
    if (this.runCtrl.domElement.textContent?.trim() !== label) this.runCtrl.name(label);
  }

  /**
   * The tc line under the Δt/tc slider and the stability limit drawn on it; under contact dynamics
   * Δt in seconds is what matters and there is no limit. Under the Hertz law tc is quoted at the
   * reference impact speed `hertzSpeed`. `spring`: the spring limit, given when the dashpots' rate in the contacts
   * sets a lower one (docs/model.md#gears-dashpot-rate-limit).
   */
  setTc(tc: number | undefined, stable: number | undefined, dt: number, hertzSpeed?: number, spring?: number): void {
    let txt = '–';
    const what = spring !== undefined
      ? `red mark: the dashpots' rate limit in these contacts, below the spring limit ${fmtNum(spring)} tc`
      : 'red mark: the limit for lasting contacts; one short collision can pass it';
    if (tc && this.contactDynamics) txt = `Δt = ${fmtNum(dt)} s · tc(kn) = ${fmtNum(tc)} s`;
    else if (tc) txt = `${tcText(tc, hertzSpeed)} · Δt = ${fmtNum(dt)} s${stable ? ` · stable up to Δt ≈ ${fmtNum(stable)} tc (${what})` : ''}`;
    if (this.tcNote.textContent !== txt) this.tcNote.textContent = txt;
    const info = PARAMS.dtOverTc;
    const lo = Math.log10(info.sliderMin), hi = Math.log10(info.sliderMax);
    const show = !this.contactDynamics && !!stable && stable > 0;
    const frac = show ? (Math.log10(stable!) - lo) / (hi - lo) : NaN;
    const visible = show && frac >= 0 && frac <= 1;
    this.stableMark.hidden = !visible;
    if (visible) {
      const left = `${(100 * frac).toFixed(2)}%`;
      if (this.stableMark.style.left !== left) this.stableMark.style.left = left;
      this.stableMark.title = spring !== undefined
        ? `stability limit of the dashpots' fastest rate in the contacts now: Δt ≈ ${fmtNum(stable!)} tc (the spring limit is ${fmtNum(spring)} tc)`
        : `stability limit for lasting contacts: Δt ≈ ${fmtNum(stable!)} tc (a single short collision can pass it and only be inaccurate)`;
    }
  }

  /**
   * The piston folder for scenes with a piston, with the scenario's scheduled changes; the contact-plane
   * folder for scenes with polygons.
   */
  setScene(hasPiston: boolean, polygons: boolean, schedule: ScheduledChange[]): void {
    if (this.pistonFolder._hidden === hasPiston) this.pistonFolder.show(hasPiston);
    if (this.planeFolder._hidden === polygons) this.planeFolder.show(polygons);
    const text = scheduleText(schedule);
    if (this.scheduleNote.textContent !== text) this.scheduleNote.textContent = text;
    this.scheduleNote.hidden = text === '';
  }
}
