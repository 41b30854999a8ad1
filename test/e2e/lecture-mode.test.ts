/**
 * Lecture mode in headless Chromium (issue 11, item 4): a lesson URL opens its scenario, comparison, chart
 * layout and note; lecture mode enlarges the type and hides the advanced controls; a presentation clicker's
 * PageDown goes to the next lesson; '?' lists the shortcuts; 'l' leaves lecture mode and the URL follows.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LESSONS } from '../../src/ui/lecture/lessons';
import { openApp, useBrowserSession, waitFor } from './harness';

const session = useBrowserSession();

interface Hook { __sandbox: { status(): { scenario: string; comparison: { variants: { overrides: Record<string, unknown> }[] } | null; dtOverTc: number } | null } }
const status = (page: Page) => page.evaluate(() => (window as unknown as Hook).__sandbox.status());
const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).isVisible();
const fontPx = (page: Page, selector: string) => page.evaluate((s) => parseFloat(getComputedStyle(document.querySelector(s)!).fontSize), selector);

describe('lecture mode (headless Chromium, 1280×720)', () => {
  it('a lesson URL brings its scene, comparison, charts and note; PageDown goes on; l and ? work', async () => {
    const relax = LESSONS.find((l) => l.id === 'relaxation')!;
    const { page, errors } = await openApp(session.browser, `${session.app.url}?lesson=relaxation&lecture=1`, { width: 1280, height: 720 });
    await waitFor(page, 'window.__sandbox.status()?.comparison?.variants.length === 2', 30_000);
    const st = await status(page);
    expect(st?.scenario).toBe('two-disc');
    expect(st?.comparison?.variants.map((v) => v.overrides)).toEqual([{ tangential: 'cundall' }, { tangential: 'geometric' }]);
    expect(await page.locator('[data-testid="lesson-note"]').textContent()).toBe(relax.watch);
    expect(await page.locator('[data-testid="lesson-select"]').inputValue()).toBe('relaxation');
    // the lesson's charts only
    expect(await visible(page, 'chart-ek')).toBe(true);
    expect(await visible(page, 'chart-divergence')).toBe(true);
    expect(await visible(page, 'chart-position')).toBe(false);
    // the lesson's headline numbers (each variant's t_R in the canvas legend) are not covered by the contact
    // inspector: during a comparison it sits top left, the legend bottom right
    await expect.poll(() => visible(page, 'contact-inspector'), { timeout: 10_000 }).toBe(true);
    const boxes = await Promise.all(['contact-inspector', 'compare-legend'].map((id) => page.locator(`[data-testid="${id}"]`).boundingBox()));
    const [a, b] = boxes.map((x) => x!);
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, JSON.stringify(boxes)).toBe(false);
    // lecture mode: larger status type, the advanced controls hidden until asked for
    expect(await page.evaluate(() => document.body.classList.contains('lecture'))).toBe(true);
    const lectureStatusPx = await fontPx(page, '#status');
    const gravity = page.locator('.lil-gui .lil-title', { hasText: 'Gravity' });
    expect(await gravity.isVisible()).toBe(false);
    await page.locator('[data-testid="advanced-toggle"]').click();
    expect(await gravity.isVisible()).toBe(true);
    // '?' lists the shortcuts, Esc closes them
    await page.keyboard.press('?');
    expect(await visible(page, 'shortcuts')).toBe(true);
    expect(await page.locator('[data-testid="shortcuts"]').textContent()).toContain('next / previous lesson');
    await page.keyboard.press('Escape');
    expect(await visible(page, 'shortcuts')).toBe(false);

    // a clicker's PageDown: the next lesson, still in lecture mode, with the ledger shown
    const next = LESSONS[LESSONS.indexOf(relax) + 1];
    await Promise.all([page.waitForURL((u) => u.searchParams.get('lesson') === next.id), page.keyboard.press('PageDown')]);
    await page.waitForFunction(() => (window as unknown as { __sandbox?: { ready: boolean } }).__sandbox?.ready === true);
    await waitFor(page, `window.__sandbox.status()?.scenario === ${JSON.stringify(new URLSearchParams(next.query).get('scenario'))}`, 30_000);
    expect(await page.locator('[data-testid="lesson-note"]').textContent()).toBe(next.watch);
    expect(await page.evaluate(() => document.body.classList.contains('lecture'))).toBe(true);
    expect(await visible(page, 'chart-ledger')).toBe(next.charts.includes('chart-ledger'));

    // 'l' leaves lecture mode: smaller type, and the URL no longer asks for it (the lesson stays)
    await page.keyboard.press('l');
    expect(await page.evaluate(() => document.body.classList.contains('lecture'))).toBe(false);
    expect(await fontPx(page, '#status')).toBeLessThan(lectureStatusPx);
    await waitFor(page, '!new URLSearchParams(location.search).has("lecture")');
    expect(new URL(page.url()).searchParams.get('lesson')).toBe(next.id);

    // choosing a scenario in the controls leaves the lesson: its note goes, every chart may show again
    await page.locator('[data-testid="gui-scenario"] select').selectOption({ label: 'Pile settling in a box' });
    await waitFor(page, 'window.__sandbox.status()?.scenario === "pile"', 30_000);
    expect(await visible(page, 'lesson-note')).toBe(false);
    expect(await page.locator('.chart.lesson-hidden').count()).toBe(0);
    await waitFor(page, '!new URLSearchParams(location.search).has("lesson")');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 1280×720 the Ek chart labels its short y axis with several distinct ticks (it showed a lone "0.000")', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?lesson=friction&lecture=1`, { width: 1280, height: 720 });
    // the grains pour: Ek rises from 0 to about 1e-3 J in the first second
    await waitFor(page, 'window.__sandbox.status()?.t > 0.5', 60_000);
    await expect.poll(async () => (await page.evaluate(() => (window as unknown as { __sandbox: { chartTicks(k: string): string[] } }).__sandbox.chartTicks('ek'))).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    const ticks = await page.evaluate(() => (window as unknown as { __sandbox: { chartTicks(k: string): string[] } }).__sandbox.chartTicks('ek'));
    expect(new Set(ticks).size, ticks.join(' ')).toBe(ticks.length);
    for (const l of ticks) expect(Number.isFinite(Number(l)), l).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an unknown lesson is reported naming the lessons, and the page runs its default scene', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?lesson=%3Cb%3Ex`);
    const messages = await page.evaluate(() => (window as unknown as { __sandbox: { messages(): string[] } }).__sandbox.messages());
    expect(messages).toContain(`lesson: must be one of ${LESSONS.map((l) => l.id).join(', ')}, got "<b>x"`);
    expect(await visible(page, 'lesson-note')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
