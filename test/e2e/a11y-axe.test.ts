/**
 * axe-core over the page's states (issue 42, must show): no WCAG 2.0/2.1 A or AA violation in the default scene,
 * in lecture mode, in the blow-up and relaxation lessons before and after running, with the shortcut list open, with
 * the Compare folder open and its comparison running, and at 200 % zoom (640×360 CSS px) with a lesson open and the
 * controls unfolded. One page, loaded at each state's address in turn.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './a11y-axe';
import { drawingCapped, openApp, useBrowserSession, waitFor } from './harness';

const session = useBrowserSession();

async function go(page: Page, query: string): Promise<void> {
  await page.goto(drawingCapped(`${session.app.url}${query}`));
  await waitFor(page, 'window.__sandbox?.ready === true && window.__sandbox.status() !== null', 60_000);
}

describe('axe-core (headless Chromium)', () => {
  it('no violation in any of the states', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?run=0`);
    const found: Record<string, string[]> = {};
    const check = async (state: string) => { found[state] = await axeViolations(page); };
    await check('default');
    await go(page, '?lecture=1&run=0');
    await check('lecture mode');
    await page.keyboard.press('?');
    await check('shortcut list open');
    await page.keyboard.press('Escape');

    await go(page, '?lesson=blow-up&lecture=1&run=0&speed=max');
    await check('blow-up lesson, before running');
    await page.keyboard.press(' ');
    await waitFor(page, 'window.__sandbox.lesson.story().ended !== null', 60_000);
    await check('blow-up lesson, after running');

    await go(page, '?lesson=relaxation&lecture=1&run=0');
    await check('relaxation lesson, before running');
    await page.keyboard.press(' ');
    await waitFor(page, 'window.__sandbox.status()?.t > 0.05', 60_000);
    await check('relaxation lesson, after running');
    // its comparison runs: the Compare folder open over it
    await page.locator('.lil-gui .lil-title', { hasText: 'Compare' }).first().click();
    await check('Compare open, running');

    await page.setViewportSize({ width: 640, height: 360 });
    await page.locator('[data-testid="controls-toggle"]').click();
    await check('640×360, controls unfolded');
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
