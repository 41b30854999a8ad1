/**
 * Paper 003 in the app (docs/validation.md#e10-pipe-flow): the pipe-flow scene in headless Chromium draws its
 * space–time diagram under the canvas, growing row by row while it runs (the panel's own pixels, read
 * from a screenshot), charts the mean velocity along the pipe and the flux, and shows the Hertz and
 * Haff–Werner coefficients in place of εn and the tangential spring. In a disc pile, choosing the Hertz
 * law in the GUI brings γN and a tc quoted at the reference impact speed, Hertz–Mindlin its E and ν in place of kn;
 * the pipe panels stay hidden.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { openApp, useBrowserSession, waitFor } from './harness';

interface SpaceTimeView { shown: boolean; rows: number; firstShown: number; columns: number; max: number; title: string; stats: string }
interface Hook {
  spaceTime(): SpaceTimeView;
  chartData(kind: 'flow'): (number | null)[][];
  chartLegend(kind: 'flow'): { label: string; color: string }[];
  workerStatus(): Promise<{ params: Record<string, unknown> }>;
  messages(): string[];
}

const hook = <T>(page: Page, f: (h: Hook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

const session = useBrowserSession();

/** Pixel rows of the space–time canvas that hold the picture (not the panel's background #111722 across most of the width), and its colours. */
async function paintedRows(page: Page): Promise<{ rows: number; levels: number }> {
  const png = PNG.sync.read(await page.locator('[data-testid="spacetime-canvas"]').screenshot());
  let rows = 0;
  const levels = new Set<number>();
  for (let y = 0; y < png.height; y++) {
    let painted = 0;
    for (let x = 0; x < png.width; x++) {
      const p = 4 * (y * png.width + x), r = png.data[p], g = png.data[p + 1], b = png.data[p + 2];
      if (!(r === 0x11 && g === 0x17 && b === 0x22)) { painted++; levels.add((r << 16) | (g << 8) | b); }
    }
    if (painted > 0.9 * png.width) rows++;
  }
  return { rows, levels: levels.size };
}

const shown = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`).isVisible();

describe('pipe flow (paper 003) in headless Chromium', () => {
  it('draws the space–time diagram growing row by row, charts ⟨vx⟩ and the flux, and shows the Hertz and Haff–Werner controls', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pipe-flow`);
    await waitFor(page, 'window.__sandbox.spaceTime().rows >= 8');
    const early = await hook(page, (h) => h.spaceTime());
    expect(early.shown).toBe(true);
    expect(early.columns).toBe(100); // a 200 R₀ pipe in bins of 2 R₀
    expect(early.title).toBe('space–time: grains per 2R₀ bin, time ↓');
    expect(early.stats).toMatch(/^density σ = [\d.]+ grains per bin \(at the start [\d.]+\) · t = 0 … [\d.]+ s( · waves -?[\d.]+ m\/s)?$/);
    const before = await paintedRows(page);
    expect(before.rows).toBeGreaterThan(0);
    expect(before.levels).toBeGreaterThan(3); // averages from empty to the densest, not one flat colour
    const rowsThen = (await hook(page, (h) => h.spaceTime())).rows; // at least the rows in that screenshot

    // the run goes on: more rows, and the picture on screen grows downwards by ROW_PX (2 px) per row
    await waitFor(page, `window.__sandbox.spaceTime().rows >= ${rowsThen + 20}`);
    const later = await paintedRows(page);
    const view = await hook(page, (h) => h.spaceTime());
    expect(view.firstShown).toBe(0); // not scrolling yet
    expect(later.rows).toBeGreaterThanOrEqual(before.rows + 2 * 20);
    expect(later.rows).toBeLessThanOrEqual(2 * view.rows);

    // the flow chart: finite ⟨vx⟩ (grains falling along +x) and flux
    expect(await shown(page, 'chart-flow')).toBe(true);
    expect((await hook(page, (h) => h.chartLegend('flow'))).map((l) => l.label)).toEqual(['⟨vx⟩', 'flux']);
    const flow = await hook(page, (h) => h.chartData('flow'));
    const vx = flow[1].filter((v): v is number => v !== null && Number.isFinite(v));
    const flux = flow[2].filter((v): v is number => v !== null && Number.isFinite(v));
    expect(vx.length).toBeGreaterThan(20);
    expect(flux.length).toBe(vx.length);
    expect(vx[vx.length - 1]).toBeGreaterThan(0);
    expect(flux[flux.length - 1]).toBeGreaterThan(0);

    // the scene's Hertz law and Haff–Werner friction: their coefficients shown, εn and the spring hidden
    expect(await page.locator('[data-testid="gui-normalLaw"] select').inputValue()).toBe('hertz');
    for (const id of ['gammaN', 'hertzSpeed', 'gammaS']) expect(await shown(page, `gui-${id}`), id).toBe(true);
    for (const id of ['en', 'ktOverKn', 'tangentialDamping', 'nuTOverNuN', 'capMode']) expect(await shown(page, `gui-${id}`), id).toBe(false);
    expect(await page.locator('[data-testid="gui-kn"] .lil-name').textContent()).toMatch(/kn = 100 N\/m\^1\.5/);
    expect(await page.locator('[data-testid="gui-tc"]').textContent()).toMatch(/^tc = [\d.e-]+ s \(Hertz, at 1 m\/s\) · Δt = /);
    expect(await page.locator('[data-testid="status-dt"]').textContent()).toMatch(/Δt\/tc = [\d.]+ \(Hertz, at 1 m\/s\)/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('choosing the Hertz law in the GUI shows γN and a tc quoted at the reference speed; no pipe panels outside pipe scenes', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
    await waitFor(page, 'window.__sandbox.status()?.n === 400');
    expect(await shown(page, 'spacetime')).toBe(false);
    expect(await shown(page, 'chart-flow')).toBe(false);
    expect(await shown(page, 'gui-gammaN')).toBe(false);
    expect(await shown(page, 'gui-en')).toBe(true);
    expect(await page.locator('[data-testid="gui-tc"]').textContent()).not.toMatch(/Hertz/);

    await page.locator('[data-testid="gui-normalLaw"] select').selectOption('hertz');
    await expect.poll(() => hook(page, (h) => h.workerStatus().then((s) => s.params.normalLaw))).toBe('hertz');
    await expect.poll(() => shown(page, 'gui-gammaN')).toBe(true);
    expect(await shown(page, 'gui-hertzSpeed')).toBe(true);
    expect(await shown(page, 'gui-en')).toBe(false);
    await expect.poll(() => page.locator('[data-testid="gui-tc"]').textContent()).toMatch(/^tc = [\d.e-]+ s \(Hertz, at 1 m\/s\)/);
    expect(await page.locator('[data-testid="gui-kn"] .lil-name').textContent()).toMatch(/N\/m\^1\.5/);
    await waitFor(page, 'new URLSearchParams(location.search).get("normalLaw") === "hertz"');

    // a typed γN reaches the worker and the URL; one out of range is refused with the field and its range
    const gammaN = page.locator('[data-testid="exact-gammaN"]');
    await gammaN.fill('2000');
    await gammaN.press('Enter');
    await expect.poll(() => hook(page, (h) => h.workerStatus().then((s) => s.params.gammaN))).toBe(2000);
    await waitFor(page, 'new URLSearchParams(location.search).get("gammaN") === "2000"');
    await gammaN.fill('-1');
    await gammaN.press('Enter');
    await expect.poll(() => hook(page, (h) => h.messages().join(' '))).toMatch(/gammaN: must be a number from 0 to 10000000, got -1/);
    expect((await hook(page, (h) => h.workerStatus())).params.gammaN).toBe(2000);

    // a spring scheme that takes its damping from εt/εn still reads εn under Hertz: it comes back
    await page.locator('[data-testid="gui-tangentialDamping"] select').selectOption('restitution');
    await expect.poll(() => hook(page, (h) => h.workerStatus().then((s) => s.params.tangentialDamping))).toBe('restitution');
    await expect.poll(() => shown(page, 'gui-en')).toBe(true);
    expect(await shown(page, 'gui-etOverEn')).toBe(true);

    // Haff–Werner friction: γS instead of the tangential spring, its damping and the cap mode
    await page.locator('[data-testid="gui-tangential"] select').selectOption('haff-werner');
    await expect.poll(() => shown(page, 'gui-gammaS')).toBe(true);
    for (const id of ['ktOverKn', 'tangentialDamping', 'etOverEn', 'capMode', 'en']) expect(await shown(page, `gui-${id}`), id).toBe(false);

    // Hertz–Mindlin reads E, ν and κ, not kn (its declaration's `reads`): the kn row hides, its own rows show
    expect(await shown(page, 'gui-kn')).toBe(true);
    await page.locator('[data-testid="gui-normalLaw"] select').selectOption('hertz-mindlin');
    await expect.poll(() => shown(page, 'gui-youngModulus')).toBe(true);
    for (const id of ['poissonRatio', 'hmDamping']) expect(await shown(page, `gui-${id}`), id).toBe(true);
    for (const id of ['kn', 'gammaN', 'hertzSpeed']) expect(await shown(page, `gui-${id}`), id).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
