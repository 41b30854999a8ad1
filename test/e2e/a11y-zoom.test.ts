/**
 * Reduced motion and 200 % zoom (issue 42 items 4 and 5), in headless Chromium with the system's "reduce motion" on:
 * the relaxation lesson at 640×360 CSS px (a 1280×720 window at 200 %) opens paused and says how to run; the canvas
 * lies wholly in the window and keeps most of it; the controls are folded behind their toggle; the lesson's note shows
 * two lines; Space runs it, and with the contact inspector beside it the canvas keeps two thirds of the width. Then
 * at 1280×720 the canvas is still wholly on screen and large; and the blow-up lesson, opened paused, run by Space to
 * the end of its first part, offers its next part by a button that does not press itself (its title says so).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { drawingCapped, openApp, useBrowserSession, waitFor } from './harness';

const session = useBrowserSession();

const box = async (page: Page, testId: string) => (await page.locator(`[data-testid="${testId}"]`).boundingBox())!;
const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).isVisible();

/** The canvas lies wholly in the window, at least `w` × `h` CSS px. */
async function canvasOnScreen(page: Page, w: number, h: number): Promise<void> {
  const c = await box(page, 'sim-canvas'), v = page.viewportSize()!;
  expect(c.x).toBeGreaterThanOrEqual(0);
  expect(c.y).toBeGreaterThanOrEqual(0);
  expect(c.x + c.width).toBeLessThanOrEqual(v.width + 0.5);
  expect(c.y + c.height).toBeLessThanOrEqual(v.height + 0.5);
  expect(c.width).toBeGreaterThanOrEqual(w);
  expect(c.height).toBeGreaterThanOrEqual(h);
}

describe('reduced motion and 200 % zoom (headless Chromium)', () => {
  it('640×360 with a lesson: paused, says how to run, the canvas on screen, the controls folded, the note two lines; no next part by itself', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?lesson=relaxation&lecture=1`, { width: 640, height: 360 },
      { reducedMotion: 'reduce', deviceScaleFactor: 2 });
    await waitFor(page, 'window.__sandbox.status()?.comparison?.variants.length === 2');
    const st = await page.evaluate(() => (window as unknown as { __sandbox: { status(): { running: boolean; t: number } } }).__sandbox.status());
    expect(st).toMatchObject({ running: false, t: 0 });
    expect(await page.locator('[data-testid="motion-note"]').textContent()).toContain('Press Space');

    await canvasOnScreen(page, 600, 150);
    expect(await visible(page, 'gui-host')).toBe(false);
    await page.locator('[data-testid="controls-toggle"]').click();
    expect(await visible(page, 'gui-host')).toBe(true);
    await page.locator('[data-testid="controls-toggle"]').click();
    expect(await visible(page, 'gui-host')).toBe(false);
    const note = await page.evaluate(() => {
      const n = document.getElementById('lesson-note')!;
      return { height: n.getBoundingClientRect().height, line: parseFloat(getComputedStyle(n).lineHeight), scroll: n.scrollHeight };
    });
    expect(note.height).toBeLessThanOrEqual(2 * note.line + 6);
    expect(note.scroll).toBeGreaterThan(note.height); // the rest is there, scrolled

    await page.locator('[data-testid="sim-canvas"]').focus(); // (the toggle has focus: Space would press it)
    await page.keyboard.press(' ');
    await waitFor(page, 'window.__sandbox.status()?.running === true');
    await waitFor(page, 'document.querySelector(\'[data-testid="motion-note"]\').hidden');
    // the contact inspector beside it now (the lesson's contact is selected), the variants' legend and the tools under it
    await canvasOnScreen(page, 400, 150);

    await page.setViewportSize({ width: 1280, height: 720 });
    await canvasOnScreen(page, 500, 240);

    // a lesson of two parts at full speed: its first part ends, and the next waits for its button
    await page.goto(drawingCapped(`${session.app.url}?lesson=blow-up&lecture=1&speed=max`));
    await waitFor(page, 'window.__sandbox?.ready === true && window.__sandbox.status() !== null', 60_000);
    expect(await visible(page, 'motion-note')).toBe(true);
    await page.keyboard.press(' ');
    await waitFor(page, 'window.__sandbox.lesson.story().ended !== null', 60_000);
    expect(await page.locator('[data-testid="lesson-next"]').getAttribute('title')).toBe('the next part');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
