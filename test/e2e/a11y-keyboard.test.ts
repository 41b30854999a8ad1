/**
 * The whole lecture by keyboard (issue 42 item 2, must show), in headless Chromium at 1280×720 with no mouse event sent
 * (the page counts pointer and mouse events and must see none): the skip link to the canvas, lecture mode, three
 * lessons by PageDown (the third from the lesson menu), each opened with focus on its note, running by itself and paused with Space;
 * Space on a focused button presses the button and does not also run the paused lesson; the shortcut list is a dialog that
 * takes focus, keeps it through Tab, closes on Esc and gives focus back; on the canvas a contact is selected (b, c)
 * and a disc thrown (b, g, arrows, Enter); Δt/tc and μ typed into the controls reached by Tab. Every element that takes
 * focus shows it: a computed outline of at least 2 px (or a box shadow).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LESSONS } from '../../src/ui/lecture/lessons';
import { openApp, useBrowserSession, waitFor } from './harness';

const session = useBrowserSession();

interface Hook {
  __mouse: number;
  __sandbox: {
    ready: boolean;
    status(): { t: number; running: boolean; scenario: string; selection: { particle: number; contact: [number, number] | null }; params: Record<string, number> } | null;
    lastThrow(): { vx: number; vy: number; moving: boolean } | null;
  };
}
const COUNT_MOUSE = `(() => { window.__mouse = 0; for (const t of ['pointerdown', 'pointermove', 'pointerup', 'mousedown', 'mousemove', 'mouseup', 'wheel', 'dblclick']) window.addEventListener(t, () => { window.__mouse++; }, true); })()`;

/** The focused element: its test id (or tag and id) and whether its focus is drawn (outline ≥ 2 px, or a box shadow). */
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { id: 'body', visible: false };
  const cs = getComputedStyle(el);
  const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
  const id = el.dataset.testid ?? (el.classList.contains('lil-title') ? 'lil-title' : `${el.tagName.toLowerCase()}#${el.id}`);
  return { id, visible: outline || cs.boxShadow !== 'none' };
});
const status = (page: Page) => page.evaluate(() => (window as unknown as Hook).__sandbox.status()!);

/** Presses `key` until the focused element's test id is `id` (at most `max` presses). */
async function tabTo(page: Page, id: string, key = 'Tab', max = 80): Promise<void> {
  for (let k = 0; k < max; k++) {
    if ((await focused(page)).id === id) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${id} not reached by ${max} × ${key}; focus on ${(await focused(page)).id}`);
}
/** The focused element is `id` and shows its focus. */
async function focusShown(page: Page, id: string): Promise<void> {
  expect(await focused(page)).toEqual({ id, visible: true });
}
/** PageDown (or the key given) to the next lesson: the new page is ready with focus on the lesson's note. */
async function nextLesson(page: Page, id: string): Promise<void> {
  await Promise.all([page.waitForURL((u) => u.searchParams.get('lesson') === id), page.keyboard.press('PageDown')]);
  await waitFor(page, 'window.__sandbox?.ready === true && window.__sandbox.status() !== null', 60_000);
  await waitFor(page, 'document.activeElement?.id === "lesson-note"');
  await focusShown(page, 'lesson-note');
}

/** A lesson plays by itself (its time goes on), and Space pauses it (its story may also pause it at its end). */
async function play(page: Page): Promise<void> {
  await waitFor(page, 'window.__sandbox.status()?.t > 0');
  if ((await status(page)).running) await page.keyboard.press(' ');
  await waitFor(page, 'window.__sandbox.status()?.running === false');
}
/** Two more status polls have come (each poll brings a new status object) */
async function polls(page: Page): Promise<void> {
  for (let k = 0; k < 2; k++) {
    await page.evaluate(() => { (window as unknown as { __s0: unknown }).__s0 = (window as unknown as Hook).__sandbox.status(); });
    await waitFor(page, 'window.__sandbox.status() !== window.__s0');
  }
}

describe('the lecture by keyboard alone (headless Chromium, 1280×720)', () => {
  it('skip link, lecture mode, three lessons, Space on a button, the help dialog, a contact, a throw, Δt/tc and μ', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?run=0`);
    await page.context().addInitScript(COUNT_MOUSE);
    await page.evaluate(COUNT_MOUSE);

    // the first Tab: the skip link to the canvas; Enter puts focus on the canvas
    await page.keyboard.press('Tab');
    await focusShown(page, 'skip-canvas');
    await page.keyboard.press('Tab');
    await focusShown(page, 'skip-controls');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await focusShown(page, 'sim-canvas');

    // lecture mode, then the first three lessons
    await page.keyboard.press('l');
    expect(await page.evaluate(() => document.body.classList.contains('lecture'))).toBe(true);
    await nextLesson(page, LESSONS[0].id);
    await play(page);
    await nextLesson(page, LESSONS[1].id);
    await play(page);
    // the third from the lesson menu: PageDown works there too
    await tabTo(page, 'lesson-select', 'Shift+Tab', 10);
    await focusShown(page, 'lesson-select');
    await nextLesson(page, LESSONS[2].id);
    await play(page);

    // Space on a focused button presses it (the shortcut list opens) and does not also run the paused lesson
    await tabTo(page, 'shortcuts-button', 'Shift+Tab', 10);
    await focusShown(page, 'shortcuts-button');
    await page.keyboard.press(' ');
    expect(await page.locator('[data-testid="shortcuts"]').isVisible()).toBe(true);
    await focusShown(page, 'shortcuts-close');
    await page.keyboard.press('Tab');
    await focusShown(page, 'shortcuts-close'); // kept in the dialog
    await polls(page);
    expect((await status(page)).running).toBe(false);
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-testid="shortcuts"]').isVisible()).toBe(false);
    await focusShown(page, 'shortcuts-button');
    // and opened by ?, closed by ? from inside
    await page.keyboard.press('?');
    await focusShown(page, 'shortcuts-close');
    await page.keyboard.press('Escape');

    // the canvas: the first body, its contact with the other disc, then a throw
    await tabTo(page, 'sim-canvas');
    await focusShown(page, 'sim-canvas');
    await page.keyboard.press('b');
    await expect.poll(async () => (await status(page)).selection.particle, { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('c');
    await expect.poll(async () => (await status(page)).selection.contact, { timeout: 10_000 }).not.toBeNull();
    await page.keyboard.press('b');
    await page.keyboard.press('g');
    for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const thrown = await page.evaluate(() => (window as unknown as Hook).__sandbox.lastThrow());
    expect(thrown?.moving).toBe(true);
    expect(thrown!.vy).toBeGreaterThan(0);
    expect(Math.abs(thrown!.vx)).toBeLessThan(1e-9);

    // Δt/tc and μ typed into the controls: Tab from the canvas to their entries
    for (const [name, text, value] of [['dtOverTc', '0.03', 0.03], ['mu', '0.4', 0.4]] as const) {
      await tabTo(page, `exact-${name}`);
      await focusShown(page, `exact-${name}`);
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await status(page)).params[name], { timeout: 10_000 }).toBe(value);
    }
    // the next lil-gui folder title shows its focus too
    await tabTo(page, 'lil-title', 'Tab', 40);
    await focusShown(page, 'lil-title');

    expect(await page.evaluate(() => (window as unknown as Hook).__mouse)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
