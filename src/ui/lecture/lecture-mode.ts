/**
 * Lecture mode (issue 11, item 4): the lesson menu in the top bar, the lesson's one sentence of what to
 * watch above the canvas, its chart layout, the shortcut list, and the presentation style (larger type,
 * advanced controls hidden; the page's CSS keys on body.lecture). Keys: l toggles lecture mode,
 * PageDown/PageUp (what a presentation clicker sends) or n/p go to the next/previous lesson, ? lists the
 * shortcuts. Nothing here is read from the URL as HTML: lesson texts are the page's own and set as text.
 */
import './lecture.css';
import { LESSONS, type Lesson } from './lessons';
import { SHORTCUTS } from './shortcuts';

export interface LectureHandlers {
  /** Opens a lesson (null: leave the lessons for the scenario list) */
  openLesson(id: string | null): void;
  /** Turns lecture mode on or off */
  setLecture(on: boolean): void;
}

export class LectureMode {
  private readonly select: HTMLSelectElement;
  private readonly toggle: HTMLButtonElement;
  private readonly note: HTMLElement;
  /** in the note: what to watch, and the story's end (its headline and buttons) in its place once it has ended */
  private readonly watch = document.createElement('span');
  private readonly end = document.createElement('div');
  private readonly shortcuts: HTMLElement;
  private lecture = false;
  private lesson: Lesson | null = null;
  /** what had focus when the shortcut list opened */
  private opener: HTMLElement | null = null;

  constructor(topbar: HTMLElement, stage: HTMLElement, private readonly charts: HTMLElement, private readonly h: LectureHandlers) {
    const box = document.createElement('div');
    box.id = 'lesson-bar';
    const label = document.createElement('label');
    label.textContent = 'Lesson ';
    this.select = document.createElement('select');
    this.select.setAttribute('data-testid', 'lesson-select');
    const none = new Option('— free play —', '');
    this.select.add(none);
    for (const l of LESSONS) this.select.add(new Option(l.title, l.id));
    // a mouse's choice opens at once; the keyboard's arrows only move through the list until Enter (a11y: issue 42)
    let keyed = false;
    this.select.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && keyed) { keyed = false; h.openLesson(this.select.value || null); } else if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') keyed = true;
    });
    this.select.addEventListener('change', () => { if (!keyed) h.openLesson(this.select.value || null); });
    label.appendChild(this.select);
    this.toggle = button('lecture mode', 'lecture-toggle', 'larger type, advanced controls hidden (key l)', () => h.setLecture(!this.lecture));
    // lecture mode hides the advanced controls (class lecture-advanced); this shows them again
    const advanced = button('advanced', 'advanced-toggle', 'show the advanced controls in lecture mode', () => {
      advanced.setAttribute('aria-pressed', String(document.body.classList.toggle('show-advanced')));
    });
    advanced.classList.add('advanced-toggle');
    advanced.setAttribute('aria-pressed', 'false');
    const help = button('?', 'shortcuts-button', 'keyboard shortcuts (key ?)', () => this.showShortcuts(this.shortcuts.hidden));
    box.append(label, this.toggle, advanced, help);
    topbar.appendChild(box);

    this.note = document.createElement('div');
    this.note.id = 'lesson-note';
    this.note.setAttribute('data-testid', 'lesson-note');
    this.note.setAttribute('role', 'note');
    // where focus goes after a lesson opens (a11y/accessibility.ts); a Tab stop, so that a note that scrolls (200 % zoom) can
    this.note.tabIndex = 0;
    this.note.hidden = true;
    this.end.className = 'lesson-end';
    this.end.setAttribute('data-testid', 'lesson-end');
    this.end.hidden = true;
    this.note.append(this.watch, this.end);
    stage.appendChild(this.note);

    this.shortcuts = document.createElement('div');
    this.shortcuts.id = 'shortcuts';
    this.shortcuts.setAttribute('data-testid', 'shortcuts');
    // a modal dialog: focus goes in, stays in, Esc closes it and focus goes back where it was
    this.shortcuts.setAttribute('role', 'dialog');
    this.shortcuts.setAttribute('aria-modal', 'true');
    this.shortcuts.setAttribute('aria-labelledby', 'shortcuts-title');
    this.shortcuts.tabIndex = -1;
    this.shortcuts.hidden = true;
    this.shortcuts.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); this.showShortcuts(false); }
      else if (e.key === 'Tab') { e.preventDefault(); close.focus(); }
    });
    const h2 = document.createElement('h2');
    h2.id = 'shortcuts-title';
    h2.textContent = 'Keyboard shortcuts';
    const table = document.createElement('table');
    for (const [keys, what] of SHORTCUTS) {
      const tr = table.insertRow();
      const k = tr.insertCell();
      k.className = 'keys';
      k.textContent = keys;
      tr.insertCell().textContent = what;
    }
    const close = button('✕', 'shortcuts-close', 'close', () => this.showShortcuts(false));
    close.setAttribute('aria-label', 'close the shortcut list');
    this.shortcuts.append(h2, table, close);
    stage.appendChild(this.shortcuts);
  }

  /** Shows the mode and the lesson (null: none) as the URL set them. */
  show(lecture: boolean, lesson: Lesson | null): void {
    this.lecture = lecture;
    this.lesson = lesson;
    this.note.setAttribute('aria-label', lesson ? `Lesson ${lesson.title}` : 'Lesson');
    document.body.classList.toggle('lecture', lecture);
    this.toggle.setAttribute('aria-pressed', String(lecture));
    this.select.value = lesson?.id ?? '';
    this.watch.textContent = lesson ? lesson.watch : '';
    this.showNote();
    for (const chart of this.charts.querySelectorAll<HTMLElement>(':scope > .chart')) {
      chart.classList.toggle('lesson-hidden', lesson !== null && !lesson.charts.includes(chart.id));
    }
  }

  /** What to watch now, as the note says it. */
  watchText(): string {
    return this.watch.textContent ?? '';
  }

  /** What to watch now (a lesson's later part). */
  setWatch(text: string): void {
    if (this.watch.textContent !== text) this.watch.textContent = text;
  }

  /**
   * The story's end in the note, in place of what to watch (lesson-story.ts): its headline, the first line its title,
   * large, and its buttons (Replay, the next part); null: what to watch again. Shown without a lesson too (a blow-up
   * the switch let run in free play).
   */
  showEnd(end: { lines: readonly string[]; buttons: readonly { text: string; testId: string; title: string; press(): void }[] } | null): void {
    this.end.replaceChildren();
    if (end) {
      const [title, ...rest] = end.lines;
      const head = document.createElement('div');
      head.className = 'lesson-end-head';
      const h = document.createElement('strong');
      h.textContent = title ?? '';
      head.appendChild(h);
      for (const b of end.buttons) head.appendChild(button(b.text, b.testId, b.title, b.press));
      const list = document.createElement('ul');
      for (const line of rest) list.appendChild(document.createElement('li')).textContent = line;
      this.end.append(head, list);
    }
    this.end.hidden = !end;
    this.watch.hidden = end !== null;
    this.showNote();
  }

  /** The note is shown while a lesson is open or a story's end is shown. */
  private showNote(): void {
    this.note.hidden = this.lesson === null && this.end.hidden;
  }

  /** Handles a key of the page's shortcuts; true when it was one of lecture mode's. */
  handleKey(e: KeyboardEvent): boolean {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    if (e.key === 'l') this.h.setLecture(!this.lecture);
    else if (e.key === '?') this.showShortcuts(this.shortcuts.hidden);
    else if (e.key === 'Escape' && !this.shortcuts.hidden) this.showShortcuts(false);
    else if (e.key === 'PageDown' || e.key === 'n') this.step(1);
    else if (e.key === 'PageUp' || e.key === 'p') this.step(-1);
    else return false;
    e.preventDefault();
    return true;
  }

  /** The next (+1) or previous (−1) lesson; from free play, the first or the last. */
  private step(by: 1 | -1): void {
    const k = this.lesson ? LESSONS.indexOf(this.lesson) : by > 0 ? -1 : LESSONS.length;
    const next = LESSONS[k + by];
    if (next) this.h.openLesson(next.id);
  }

  /** Focus on the lesson's note (after a lesson opened). */
  focusNote(): void {
    if (!this.note.hidden) this.note.focus();
  }

  private showShortcuts(on: boolean): void {
    if (on === !this.shortcuts.hidden) return;
    this.shortcuts.hidden = !on;
    if (on) {
      this.opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      this.shortcuts.querySelector<HTMLElement>('[data-testid="shortcuts-close"]')?.focus();
    } else {
      this.opener?.focus();
      this.opener = null;
    }
  }
}

function button(text: string, testId: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.title = title;
  b.setAttribute('data-testid', testId);
  b.addEventListener('click', onClick);
  return b;
}
