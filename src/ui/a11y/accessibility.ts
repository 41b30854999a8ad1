/**
 * The page for a screen reader and a keyboard (issue 42 items 1, 2, 4, 5): the canvas and charts named and described,
 * skip links, the live region following the run (run-announcements.ts) at FOLLOW_MS and saying the key numbers on i,
 * the canvas's keys (keyboard-hand.ts), focus on the lesson's note after a lesson opened, the controls' toggle where
 * the panel folds away, and under reduced motion the line that says how to run.
 */
import type { SeriesStore } from '../charts/series-store';
import type { LectureMode } from '../lecture/lecture-mode';
import type { Lesson } from '../lecture/lessons';
import type { BodyHand } from '../body-hand';
import type { PageState } from '../page-state';
import type { Scene } from '../render/scene';
import type { SimRemote } from '../sim-client';
import { addSkipLinks, describeCanvas, describeCharts } from './described-page';
import { KeyboardHand } from './keyboard-hand';
import { LiveRegion } from './live-region';
import { REDUCED_MOTION_NOTE } from './reduced-motion';
import { keyNumbers, runChanges, runFacts, type RunFacts } from './run-announcements';

/** How often the live region compares the run with what it last said [ms] (it writes at most once a second) */
const FOLLOW_MS = 250;
/** sessionStorage key: a lesson was opened from this page, so focus goes to its note after the reload */
const FOCUS_LESSON_KEY = 'granular-sandbox:focus-lesson';

export interface AccessibilityDeps {
  api: SimRemote;
  scene: Scene;
  state: PageState;
  store: SeriesStore;
  hand: BodyHand;
  mode: LectureMode;
  lesson(): Lesson | null;
  /** the story's headline lines shown (empty while it plays) */
  headline(): readonly string[];
  /** the selection was changed here */
  selected(): void;
  /** the page opened paused for reduced motion */
  pausedForMotion: boolean;
}

export interface Accessibility {
  /** says the key numbers in the live region */
  numbers(): void;
}

export function installAccessibility(d: AccessibilityDeps): Accessibility {
  const live = new LiveRegion(document.body);
  const canvas = d.scene.app.canvas;
  const sceneLine = describeCanvas(canvas, canvas.parentElement as HTMLElement);
  describeCharts(document.getElementById('charts') as HTMLElement);
  const gui = document.getElementById('gui-host') as HTMLElement;
  const toggle = controlsToggle(gui);
  addSkipLinks(canvas, () => gui.querySelector<HTMLElement>('button, input, select'), () => toggle.open());
  new KeyboardHand({ api: d.api, scene: d.scene, hand: d.hand, selected: d.selected, say: (t) => live.say(t) });

  // the contact inspector scrolls where it is taller than the stage: reachable by Tab, so that its rows can be read
  const inspector = document.getElementById('contact-inspector');
  inspector?.setAttribute('tabindex', '0');
  inspector?.setAttribute('role', 'region');
  inspector?.setAttribute('aria-label', 'the selected contact');

  const motionNote = d.pausedForMotion ? reducedMotionNote() : null;
  if (motionNote) live.say(REDUCED_MOTION_NOTE);
  if (sessionStorage.getItem(FOCUS_LESSON_KEY)) {
    sessionStorage.removeItem(FOCUS_LESSON_KEY);
    d.mode.focusNote();
  }

  let said: RunFacts | null = null;
  let sceneKey = '';
  const facts = (): RunFacts | null => {
    const s = d.state.status;
    if (!s) return null;
    const lesson = d.lesson();
    const watch = lesson ? d.mode.watchText() : '';
    return runFacts(s, lesson ? { id: lesson.id, title: lesson.title, watch } : null, d.headline());
  };
  setInterval(() => {
    const f = facts(), s = d.state.status;
    if (!f || !s) return;
    for (const line of runChanges(said, f)) live.say(line);
    said = f;
    if (motionNote && s.running) motionNote.hidden = true;
    const key = `${d.state.scenario} ${s.n}`;
    if (key !== sceneKey) {
      sceneKey = key;
      sceneLine.textContent = `The scene ${d.state.scenario}: ${s.n} bodies, drawn coloured by ${d.state.ui.color}.`;
    }
  }, FOLLOW_MS);

  return {
    numbers() {
      const f = facts(), s = d.state.status;
      if (!f || !s) return;
      live.say(keyNumbers(s, d.store.length ? d.store.cols.ek[d.store.length - 1] : null, f));
    },
  };
}

/** Marks that a lesson is being opened from this page: after the reload focus goes to its note. */
export function focusLessonAfterLoad(): void {
  sessionStorage.setItem(FOCUS_LESSON_KEY, '1');
}

/** The controls' toggle in the top bar, shown where the panel folds away (a11y.css). */
function controlsToggle(gui: HTMLElement): { open(): void } {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = 'controls-toggle';
  b.textContent = '☰ controls';
  b.setAttribute('data-testid', 'controls-toggle');
  b.setAttribute('aria-controls', 'gui-host');
  b.setAttribute('aria-expanded', 'false');
  const set = (on: boolean) => { document.body.classList.toggle('controls-open', on); b.setAttribute('aria-expanded', String(on)); };
  b.addEventListener('click', () => set(!document.body.classList.contains('controls-open')));
  gui.addEventListener('keydown', (e) => { if (e.key === 'Escape' && document.body.classList.contains('controls-open')) { set(false); b.focus(); } });
  document.getElementById('topbar')?.querySelector('h1')?.after(b);
  return { open: () => set(true) };
}

/** The line above the page that says how to run, under reduced motion. */
function reducedMotionNote(): HTMLElement {
  const box = document.createElement('div');
  box.id = 'motion-note';
  box.className = 'message';
  box.setAttribute('data-testid', 'motion-note');
  box.textContent = REDUCED_MOTION_NOTE;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '✕';
  close.setAttribute('aria-label', 'dismiss');
  close.addEventListener('click', () => { box.hidden = true; });
  box.appendChild(close);
  document.getElementById('layout')?.before(box);
  return box;
}
