/**
 * axe-core over the page's states (issue 42, must show): no WCAG 2.0/2.1 A or AA violation in the default scene,
 * in lecture mode, in the blow-up and relaxation lessons before and after running, with the shortcut list open, with
 * the Compare folder open and its comparison running, and at 200 % zoom (640×360 CSS px) with a lesson open and the
 * controls unfolded. One page, loaded at each state's address in turn; the control panel is checked whole in the
 * default scene and in lecture mode, then where it changes (the Compare folder, 200 %), the lessons without it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, type AxePart } from './a11y-axe';
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
    const check = async (state: string, part: AxePart = {}) => { found[state] = await axeViolations(page, part); };
    /** a lesson's states: the page less the control panel, checked whole in the states before and its Compare folder after */
    const lesson: AxePart = { exclude: ['#gui-host'] };
    await check('default');
    await go(page, '?lecture=1&run=0');
    await check('lecture mode');
    await page.keyboard.press('?');
    await check('shortcut list open', { include: ['#shortcuts', '#topbar'] });
    await page.keyboard.press('Escape');

    await go(page, '?lesson=blow-up&lecture=1&run=0&speed=max');
    await check('blow-up lesson, before running', lesson);
    await page.keyboard.press(' ');
    await waitFor(page, 'window.__sandbox.lesson.story().ended !== null', 60_000);
    await check('blow-up lesson, after running', lesson);

    await go(page, '?lesson=relaxation&lecture=1&run=0');
    await check('relaxation lesson, before running', lesson);
    await page.keyboard.press(' ');
    await waitFor(page, 'window.__sandbox.status()?.t > 0.05', 60_000);
    await check('relaxation lesson, after running', lesson);
    // its comparison runs: the Compare folder open over it
    const compareTitle = page.locator('.lil-gui > .lil-title', { hasText: /^Compare$/ });
    if (await compareTitle.getAttribute('aria-expanded') !== 'true') await compareTitle.click();
    // lil-gui fades a folder in: measured mid-fade its text would be faint
    await waitFor(page, `[...document.querySelectorAll('.lil-gui > .lil-title')].some((t) => t.textContent === 'Compare' && t.getAttribute('aria-expanded') === 'true' && getComputedStyle(t.nextElementSibling).opacity === '1') && !document.querySelector('.lil-transition')`);
    await check('Compare open, running', { include: ['#gui-host'] });

    await page.setViewportSize({ width: 640, height: 360 });
    await page.locator('[data-testid="controls-toggle"]').click();
    await check('640×360, controls unfolded', { include: ['#topbar', '#gui-host', '#stage'] });
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
