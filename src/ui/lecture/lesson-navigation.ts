/**
 * The page in lecture mode (lecture-mode.ts) and its lesson: a lesson is opened as its URL (a fresh page with the
 * lesson's settings, focus on its note); lecture mode is turned on and off in place and kept in the URL; choosing another scenario
 * leaves the lesson, not lecture mode.
 */
import { focusLessonAfterLoad } from '../a11y/accessibility';
import type { PageState } from '../page-state';
import { LectureMode } from './lecture-mode';
import { lessonById, type Lesson } from './lessons';

export class LessonNavigation {
  readonly mode: LectureMode;

  /** `topbar`, `stage`, `charts`: where the lesson menu, its note and its chart layout go */
  constructor(topbar: HTMLElement, stage: HTMLElement, charts: HTMLElement, private readonly state: PageState, updateUrl: () => void) {
    const ui = state.ui;
    this.mode = new LectureMode(topbar, stage, charts, {
      openLesson: (id) => {
        const q = new URLSearchParams();
        if (id) q.set('lesson', id);
        else q.set('scenario', state.scenario);
        if (ui.lecture) q.set('lecture', '1');
        if (id) focusLessonAfterLoad();
        location.assign(`?${q.toString()}`);
      },
      setLecture: (on) => {
        ui.lecture = on;
        this.mode.show(on, this.lesson());
        updateUrl();
      },
    });
    this.mode.show(ui.lecture, this.lesson());
  }

  /** The lesson the page is in (null: free play). */
  lesson(): Lesson | null {
    return this.state.ui.lesson ? lessonById(this.state.ui.lesson) ?? null : null;
  }

  /** Another scenario was chosen: the lesson, if any, is left; lecture mode stays. */
  leave(): void {
    if (!this.state.ui.lesson) return;
    this.state.ui.lesson = null;
    this.mode.show(this.state.ui.lecture, null);
  }
}
