/**
 * A lesson's story from its start to its end (issue 36 item 2): the Ek chart keeps t = 0 on its axis while a lesson is
 * open; at each status poll the open part's end condition (lesson-end.ts) is read from the page's own numbers, and when
 * it holds the run pauses and the note shows the part's headline (headlines.ts), large, with Replay (the story from its
 * first part) and, for a lesson of several parts, the next part, which also starts by itself after NEXT_AFTER_MS. A run
 * that goes back in time (Reset, rewind) takes the story back up. Without a lesson, a blow-up the "let it blow up"
 * switch let run ends the same way: its explanation and numbers in the note.
 */
import { heapAngles } from '../../core/diagnostics/heap-angle';
import type { SimStatus } from '../../protocol/api';
import { prefersReducedMotion } from '../a11y/reduced-motion';
import type { PageCharts } from '../charts/page-charts';
import type { SeriesStore } from '../charts/series-store';
import type { CompareUi } from '../compare/compare-panel';
import type { PageState } from '../page-state';
import { Protractor } from '../render/protractor';
import type { Scene } from '../render/scene';
import type { ScenarioLoader } from '../scenario-loader';
import type { SimRemote } from '../sim-client';
import type { SpaceTimePanel } from '../spacetime/space-time-panel';
import { DEFAULT_SCENARIO, parseUrl } from '../url-state';
import type { UserSettings } from '../user-settings';
import { blowUpLines } from './blow-up-text';
import type { LectureMode } from './lecture-mode';
import { storyEnd } from './lesson-end';
import type { LessonReadout } from './lesson-readout';
import { lessonParts, partOf, type Lesson, type LessonPart } from './lessons';

/** A finished part shows its numbers this long before the next part starts by itself [ms] */
export const NEXT_AFTER_MS = 8000;
/** The Ek chart's window outside a lesson (charts.ts) */
const FREE_WINDOW_ROWS = 3000;

export interface LessonStoryDeps {
  api: SimRemote;
  state: PageState;
  store: SeriesStore;
  scene: Scene;
  spaceTime: SpaceTimePanel;
  charts: PageCharts;
  mode: LectureMode;
  loader: ScenarioLoader;
  settings: UserSettings;
  compare: CompareUi;
  /** the lesson open (null: free play) */
  lesson(): Lesson | null;
}

/** What the test hook reads of the story. */
export interface StorySnapshot {
  lesson: string | null;
  part: number;
  parts: number;
  /** why the part ended, or null while it plays */
  ended: string | null;
  /** the headline shown (empty while it plays) */
  lines: string[];
  /** the headlines of the parts before */
  earlier: string[][];
  /** the degrees the protractor shows on the canvas (left flank, right flank; '' where none) */
  protractor: string[];
}

export class LessonStory {
  private part = 0;
  /** the lesson the story belongs to (the part is found again when another opens) */
  private lessonId: string | null = null;
  private ended: string | null = null;
  /** the run was seen paused after the end (a run after that is the user's) */
  private endPaused = false;
  private lines: string[] = [];
  private earlier: string[][] = [];
  private lastT = 0;
  private nextTimer: ReturnType<typeof setTimeout> | null = null;
  /** a free-play blow-up's end is shown */
  private blowUpShown = false;
  /** a part is loading: its end is not looked for meanwhile */
  private loading = false;
  /** the gate-opening time the run was told to stop after (LessonEnd.discharge), NaN before a gate opened */
  private stopAfterGate = NaN;
  /** a heap's angles measured on the canvas at the end of a part that asks for it */
  private readonly protractor: Protractor;

  constructor(private readonly d: LessonStoryDeps) {
    this.protractor = new Protractor(d.scene, d.scene.app.canvas.closest<HTMLElement>('#stage') ?? document.body);
  }

  /** Follows the latest status (called after each poll). */
  update(): void {
    this.protractor.sync();
    const s = this.d.state.status;
    if (!s || this.loading) return;
    const lesson = this.d.lesson();
    this.d.charts.ek.windowRows = lesson ? 0 : FREE_WINDOW_ROWS;
    if (!lesson) { this.freePlay(s); return; }
    if (lesson.id !== this.lessonId) this.open(lesson);
    const part = lessonParts(lesson)[this.part];
    this.d.mode.setWatch(part.watch);
    this.d.scene.follow = part.follow ? s.tracked : -1;
    // time went back (Reset, rewind, a replay): the story plays again
    if (s.t < this.lastT) this.resume(part);
    this.lastT = s.t;
    // a part that ends a while after a gate opened: the run stops there exactly, as at a planned duration
    if (part.end.discharge !== undefined && s.orifice && s.orifice.t !== this.stopAfterGate && this.ended === null) {
      this.stopAfterGate = s.orifice.t;
      void this.d.api.setStopAt(s.orifice.t + part.end.discharge);
    }
    if (this.ended !== null) {
      // run on past the end by hand: the headline, of a moment gone, makes way for what to watch
      if (!s.running) this.endPaused = true;
      else if (this.endPaused && this.lines.length && this.nextTimer === null) { this.lines = []; this.d.mode.showEnd(null); }
      return;
    }
    const why = storyEnd(part.end, this.readout(s));
    if (why) this.end(lesson, part, why, s);
  }

  snapshot(): StorySnapshot {
    const lesson = this.d.lesson();
    return {
      lesson: lesson?.id ?? null, part: this.part, parts: lesson ? lessonParts(lesson).length : 0, ended: this.ended,
      lines: [...this.lines], earlier: this.earlier.map((l) => [...l]), protractor: this.protractor.texts(),
    };
  }

  /** The story again from its first part. */
  async replay(): Promise<void> {
    this.earlier = [];
    await this.play(0);
  }

  /** A lesson opened (from the URL): the part whose scene is loaded. */
  private open(lesson: Lesson): void {
    this.lessonId = lesson.id;
    this.part = partOf(lesson, this.d.state.scenario);
    this.earlier = [];
    this.resume(lessonParts(lesson)[this.part]);
  }

  /** `part` plays (again): no end shown, and the run pauses at its planned end. */
  private resume(part: LessonPart): void {
    this.clearTimer();
    this.ended = null;
    this.endPaused = false;
    this.lines = [];
    this.d.mode.showEnd(null);
    this.protractor.show(null);
    this.stopAfterGate = NaN;
    void this.d.api.setStopAt(part.end.duration ?? null);
  }

  private end(lesson: Lesson, part: LessonPart, why: string, s: SimStatus): void {
    this.ended = why;
    this.endPaused = !s.running;
    if (s.running) void this.d.api.pause();
    void this.d.api.setStopAt(null); // a run on from the end is the user's
    const readout = this.readout(s);
    this.lines = part.headline(readout);
    if (part.protractor) { const b = readout.bodies(); this.protractor.show(heapAngles(b.x, b.y, b.r, b.n)); }
    const parts = lessonParts(lesson), next = this.part + 1 < parts.length ? this.part + 1 : -1;
    const buttons = [{ text: '⟲ Replay', testId: 'lesson-replay', title: 'the lesson again from its start', press: () => { void this.replay(); } }];
    if (next >= 0) {
      // under reduced motion the next part waits for its button (a11y/reduced-motion.ts)
      const autoplay = !prefersReducedMotion();
      buttons.push({ text: `Next part ▸ (${next + 1} of ${parts.length})`, testId: 'lesson-next', title: autoplay ? `starts by itself after ${NEXT_AFTER_MS / 1000} s` : 'the next part', press: () => { void this.advance(next); } });
      if (autoplay) this.nextTimer = setTimeout(() => { void this.advance(next); }, NEXT_AFTER_MS);
    }
    this.d.mode.showEnd({ lines: this.lines, buttons });
  }

  /** On to part k, keeping this part's headline. */
  private async advance(k: number): Promise<void> {
    if (this.lines.length) this.earlier.push([...this.lines]);
    await this.play(k);
  }

  /** Loads part k's scene in place (its scenario, parameters, comparison and switches) and runs it. */
  private async play(k: number): Promise<void> {
    const lesson = this.d.lesson();
    if (!lesson) return;
    this.clearTimer();
    this.loading = true;
    try {
      const part = lessonParts(lesson)[k];
      const url = parseUrl(part.query);
      this.part = k;
      this.resume(part);
      this.d.mode.setWatch(part.watch);
      this.d.settings.apply({ blowUp: url.ui.blowUp, logy: url.ui.logy });
      await this.d.loader.load(url.scenario ?? DEFAULT_SCENARIO, url.overrides as Record<string, unknown>, true);
      if (url.comparison) await this.d.compare.restore(url.comparison, this.d.state.scenario);
      this.lastT = 0;
      await this.d.api.run();
    } finally {
      this.loading = false;
    }
  }

  /** Free play: a blow-up the switch let run shows its end in the note until the run goes on. */
  private freePlay(s: SimStatus): void {
    if (this.lessonId !== null) { void this.d.api.setStopAt(null); this.protractor.show(null); this.d.scene.follow = -1; } // the lesson was left
    this.lessonId = null;
    const b = s.blowUp;
    const stopped = b !== null && b.state === 'stopped';
    if (stopped && !this.blowUpShown) {
      const [first, ...rest] = blowUpLines(b);
      this.d.mode.showEnd({ lines: [`Let it blow up: ${first}`, ...rest], buttons: [] });
    } else if (!stopped && this.blowUpShown) {
      this.d.mode.showEnd(null);
    }
    this.blowUpShown = stopped;
  }

  private readout(s: SimStatus): LessonReadout {
    const { store, scene } = this.d;
    return {
      status: s,
      rows: store.length,
      column: (name) => store.cols[name],
      bodies: () => {
        const n = scene.n, x = new Float64Array(n), y = new Float64Array(n), r = new Float64Array(n);
        for (let i = 0; i < n; i++) { x[i] = scene.px(i); y[i] = scene.py(i); r[i] = scene.radius[i]; }
        return { x, y, r, n };
      },
      waveSpeed: this.d.spaceTime.snapshot().waveSpeed,
      earlier: this.earlier,
    };
  }

  private clearTimer(): void {
    if (this.nextTimer !== null) clearTimeout(this.nextTimer);
    this.nextTimer = null;
  }
}
