/**
 * What the lesson end-to-end tests share (lesson-*.test.ts): a lesson played in lecture mode at full speed at
 * 1280×720 until its story has ended — the note says why and the worker's run has stopped — and the page's own
 * numbers read there: the worker's status, the story (lesson-story.ts) and the note's text. Each test file opens one
 * page.
 */
import type { Browser, Page } from 'playwright-core';
import { openApp, waitFor, type OpenedPage } from './harness';

export interface Story { lesson: string | null; part: number; parts: number; ended: string | null; lines: string[]; protractor: string[] }

/** The lesson opened in lecture mode at full speed; `extra`: more URL parameters. */
export function openLesson(browser: Browser, appUrl: string, id: string, extra = ''): Promise<OpenedPage> {
  return openApp(browser, `${appUrl}?lesson=${id}&lecture=1&speed=max${extra}`);
}

/** Waits until part `part` has ended and the run has stopped. */
export async function playToEnd(page: Page, part = 0, timeout = 60_000): Promise<void> {
  await waitFor(page, `window.__sandbox.lesson.story().part === ${part} && window.__sandbox.lesson.story().ended !== null && window.__sandbox.status()?.running === false`, timeout);
}

/** The story as the page tells it, and the note's text. */
export async function storyNow(page: Page): Promise<{ story: Story; note: string }> {
  const story = await page.evaluate(() => (window as unknown as { __sandbox: { lesson: { story(): Story } } }).__sandbox.lesson.story());
  return { story, note: (await page.locator('[data-testid="lesson-end"]').textContent()) ?? '' };
}
