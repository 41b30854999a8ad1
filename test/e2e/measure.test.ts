/**
 * The measuring tools on the canvas (issue 36 item 8) in headless Chromium at 1280×720, with the real mouse and
 * keyboard: the ruler's ends dragged onto two grains' centres reads their distance; the protractor's arms dragged
 * to a known 40° opening reads 40°; a focused end moves with the arrow keys by the view's pixels; the stopwatch
 * counts simulated time while the run goes and holds its reading when stopped. Tolerances: a drag lands within
 * a CSS pixel of its target, so a length within 2 px of the view's scale and an angle within 0.5° over ≥ 200 px arms.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, useBrowserSession, waitFor } from './harness';

const session = useBrowserSession();

interface Reading { shown: boolean; points: { x: number; y: number }[]; value: number; label: string }
interface Hook {
  __sandbox: {
    measure: { ruler(): Reading; protractor(): Reading; stopwatch(): { shown: boolean; running: boolean; seconds: number; text: string } };
    discs(): { x: number[]; y: number[]; r: number[] };
    view(): { s: number; ox: number; oy: number };
    worldToScreen(x: number, y: number): [number, number];
    status(): { t: number } | null;
    run(): Promise<void>;
    pause(): Promise<void>;
  };
}
const hook = <T>(page: Page, f: (h: Hook['__sandbox']) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

/** Drags the handle (test id) with the mouse to world point (x, y). */
async function dragTo(page: Page, handle: string, x: number, y: number): Promise<void> {
  const box = (await page.locator(`[data-testid="${handle}"]`).boundingBox())!;
  const [tx, ty] = await page.evaluate(([wx, wy]) => (window as unknown as Hook).__sandbox.worldToScreen(wx, wy), [x, y]);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(tx, ty, { steps: 5 });
  await page.mouse.up();
}

describe('measuring tools (headless Chromium, 1280×720)', () => {
  it('ruler, protractor and stopwatch measure what they are put on', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
    await waitFor(page, 'window.__sandbox.frames().received > 2'); // the scene is drawn and its view fitted
    const s = (await hook(page, (h) => h.view())).s; // CSS px per metre

    // the ruler: its ends on two grains' centres
    await page.getByTestId('measure-ruler').click();
    expect(await page.getByTestId('measure-ruler').getAttribute('aria-pressed')).toBe('true');
    const d = await hook(page, (h) => h.discs());
    const [a, b] = [0, d.x.length - 1];
    await dragTo(page, 'ruler-handle-0', d.x[a], d.y[a]);
    await dragTo(page, 'ruler-handle-1', d.x[b], d.y[b]);
    const ruler = await hook(page, (h) => h.measure.ruler());
    const truth = Math.hypot(d.x[b] - d.x[a], d.y[b] - d.y[a]);
    expect(Math.abs(ruler.value - truth)).toBeLessThan(2 / s);
    expect(await page.getByTestId('ruler-label').textContent()).toBe(ruler.label);
    expect(ruler.label).toMatch(/^\d+(\.\d+)? (mm|cm|m)$/);

    // a focused end moves with the arrows: Shift+→ three times is 30 view pixels
    await page.getByTestId('ruler-handle-1').focus();
    const sKeys = (await hook(page, (h) => h.view())).s;
    for (let k = 0; k < 3; k++) await page.keyboard.press('Shift+ArrowRight');
    const moved = await hook(page, (h) => h.measure.ruler());
    expect(moved.points[1].x - ruler.points[1].x).toBeCloseTo(30 / sKeys, 9);
    expect(moved.points[1].y).toBe(ruler.points[1].y);
    expect((await hook(page, (h) => h.status()))!.t).toBe(0); // the arrows did not step or run the scene

    // the protractor: vertex, one arm along +x, the other at 40°
    await page.getByTestId('measure-protractor').click();
    const v0 = (await hook(page, (h) => h.measure.protractor())).points[1];
    const L = 220 / s;
    await dragTo(page, 'protractor-handle-0', v0.x + L, v0.y);
    await dragTo(page, 'protractor-handle-2', v0.x + L * Math.cos((40 * Math.PI) / 180), v0.y + L * Math.sin((40 * Math.PI) / 180));
    const p = await hook(page, (h) => h.measure.protractor());
    expect(Math.abs(p.value - 40)).toBeLessThan(0.5);
    expect(await page.getByTestId('protractor-label').textContent()).toMatch(/^(39|40)\.\d°$/);

    // the stopwatch counts simulated time while the run goes, and holds its reading when stopped
    await page.getByTestId('stopwatch').click();
    await page.getByTestId('stopwatch-start').click();
    await hook(page, (h) => h.run());
    await waitFor(page, 'window.__sandbox.measure.stopwatch().seconds > 0.05', 30_000);
    await page.getByTestId('stopwatch-start').click(); // Stop
    const held = await hook(page, (h) => h.measure.stopwatch());
    expect(held.running).toBe(false);
    const tNow = (await hook(page, (h) => h.status()))!.t;
    expect(held.seconds).toBeGreaterThan(0.05);
    expect(held.seconds).toBeLessThanOrEqual(tNow);
    await waitFor(page, `window.__sandbox.status().t > ${tNow + 0.02}`, 30_000);
    expect((await hook(page, (h) => h.measure.stopwatch())).seconds).toBe(held.seconds);
    expect(await page.getByTestId('stopwatch-reading').textContent()).toBe(`${held.seconds.toFixed(4)} s`);
    await hook(page, (h) => h.pause());

    // the ruler's ends stay on the grains' centres' world points as the view zooms (the handles are in world coordinates)
    await page.mouse.move(640, 250);
    await page.mouse.wheel(0, -300);
    const after = await hook(page, (h) => h.measure.ruler());
    expect(after.points).toEqual(moved.points);
    expect((await hook(page, (h) => h.view())).s).toBeGreaterThan(sKeys); // zoomed in
    // drawn where the world point is now: the handle's centre within 1.5 px of it (after the next frame)
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const box = (await page.getByTestId('ruler-handle-0').boundingBox())!;
    const [sx, sy] = await page.evaluate(([wx, wy]) => (window as unknown as Hook).__sandbox.worldToScreen(wx, wy), [after.points[0].x, after.points[0].y]);
    expect(Math.hypot(box.x + box.width / 2 - sx, box.y + box.height / 2 - sy)).toBeLessThan(1.5);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
