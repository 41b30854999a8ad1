/**
 * A lockstep comparison side by side (issue 11), in headless Chromium with the real mouse: "Cundall vs
 * geometric" in the layout "side by side" draws variant 1 (blue) and variant 2 (orange) in two panes at
 * distinct x ranges of the canvas; a drag in pane 2 moves the disc in both variants, under the cursor in
 * pane 2; the share URL brings the layout back; and the angle chart overlays each variant's plane angle of
 * the selected contact (two-disc selects its pair's contact itself).
 */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { hook } from './compare-hook';
import { openApp, useBrowserSession, waitFor, frames } from './harness';
import { VARIANTS } from '../../src/ui/palette';

const session = useBrowserSession();

/** variant 1 fills its discs in blue, variant 2 outlines its discs in orange (palette.ts VARIANTS) */
const BLUE = VARIANTS[0].color, ORANGE = VARIANTS[1].color;

/** Canvas pixels within 40 per channel of '#rrggbb' whose x lies in [x0, x1) (canvas CSS px). */
function pixelsNear(png: PNG, cssWidth: number, css: string, x0: number, x1: number): number {
  const c = parseInt(css.slice(1), 16), r = c >> 16, g = (c >> 8) & 255, b = c & 255;
  const k = png.width / cssWidth;
  let count = 0;
  for (let y = 0; y < png.height; y++) {
    for (let x = Math.max(0, Math.floor(x0 * k)); x < Math.min(png.width, Math.ceil(x1 * k)); x++) {
      const o = 4 * (y * png.width + x);
      if (Math.abs(png.data[o] - r) < 40 && Math.abs(png.data[o + 1] - g) < 40 && Math.abs(png.data[o + 2] - b) < 40) count++;
    }
  }
  return count;
}

describe('a comparison side by side', () => {
  it('Cundall vs geometric: two panes in two colours, a drag in pane 2 moves both, the URL keeps the layout, one angle series per variant', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
    await page.locator('[data-testid="gui-compare-cundall-vs-geometric"] button').click();
    await waitFor(page, 'window.__sandbox.compare.status()?.variants.length === 2 && window.__sandbox.status()?.scenario === "two-disc"');
    await page.locator('[data-testid="gui-compare-layout"] select').selectOption('side by side');
    await waitFor(page, 'window.__sandbox.compare.panes()?.count === 2');
    expect(new URL(page.url()).searchParams.get('panes')).toBe('1');
    await hook(page, (h) => h.pause());
    await hook(page, (h) => h.stepN(2000)); // 200 tc at Δt = 0.1 tc
    await waitFor(page, 'window.__sandbox.compare.drawn().drawn === 1');
    await frames(page, 4);

    // the panes sit left to right, apart, each labelled with its variant
    const panes = (await hook(page, (h) => h.compare.panes()))!;
    const [[a0, a1], [b0, b1]] = panes.panes;
    expect(a1).toBeLessThan(b0);
    expect(a1 - a0).toBeGreaterThan(100);
    expect(panes.labels).toEqual(['#1 tangential=cundall', '#2 tangential=geometric']);

    // variant 1 (filled blue) only in pane 1, variant 2 (orange outlines, the fixed disc too) only in pane 2;
    // overlaid, variant 2's outline would lie on variant 1's discs in pane 1
    const canvas = page.locator('[data-testid="sim-canvas"]');
    const width = (await canvas.boundingBox())!.width;
    const png = PNG.sync.read(await canvas.screenshot());
    const blue1 = pixelsNear(png, width, BLUE, a0, a1), blue2 = pixelsNear(png, width, BLUE, b0, b1);
    const orange1 = pixelsNear(png, width, ORANGE, a0, a1), orange2 = pixelsNear(png, width, ORANGE, b0, b1);
    console.log(`pixels: pane 1 blue ${blue1} orange ${orange1}; pane 2 blue ${blue2} orange ${orange2}`);
    expect(blue1).toBeGreaterThan(200);
    expect(orange2).toBeGreaterThan(200);
    // what is left is the legend (bottom right, over pane 2: variant 1's blue swatch) and antialiasing: well under a tenth
    expect(orange1).toBeLessThan(orange2 / 10);
    expect(blue2).toBeLessThan(blue1 / 10);

    // the angle chart: one series per variant, in their colours, with finite values (the pair is in contact)
    await waitFor(page, 'window.__sandbox.compare.angleData()[0]?.length > 10');
    expect(await hook(page, (h) => h.compare.angleLegend().map((l) => l.color))).toEqual([BLUE, ORANGE]);
    const angle = await hook(page, (h) => h.compare.angleData());
    expect(angle.length).toBe(3);
    for (const c of [1, 2]) {
      const finite = angle[c].filter((v): v is number => v !== null && Number.isFinite(v));
      expect(finite.length).toBeGreaterThan(10);
      // a normal angle is shown modulo 180°, unwrapped: within a few turns of [0°, 180°)
      for (const v of finite) expect(Math.abs(v)).toBeLessThan(720);
    }

    // drag disc 1 with the mouse in pane 2, 60 px to the right (it moves along x only), and hold it there
    const v2 = (await hook(page, (h) => h.compare.variantDiscs(2)))!;
    const step = panes.step;
    const [sx, sy] = await hook(page, (h) => h.worldToScreen(h.compare.variantDiscs(2)!.x[1] + h.compare.panes()!.step, h.compare.variantDiscs(2)!.y[1]));
    const canvasLeft = (await canvas.boundingBox())!.x;
    expect(sx - canvasLeft).toBeGreaterThan(b0);
    await page.mouse.move(Math.round(sx), Math.round(sy));
    await page.mouse.down();
    // one move per frame drawn (the worker places the held disc on each), then the frames after the last move
    for (let k = 1; k <= 6; k++) { await page.mouse.move(Math.round(sx) + 10 * k, Math.round(sy)); await frames(page, 1); }
    await frames(page, 4);
    const s = await hook(page, (h) => h.view().s);
    // the cursor's world x in pane 2, less the pane's shift: where the disc must be in every variant
    const cursor = await hook(page, (h) => h.worldToScreen(0, 0));
    const want = (Math.round(sx) + 60 - cursor[0]) / s - step;
    const x1 = (await hook(page, (h) => h.discs())).x[1];
    const x2 = (await hook(page, (h) => h.compare.variantDiscs(2)))!.x[1];
    // under the cursor to within 1.5 px (whole-pixel mouse events; float32 frames), in both variants
    expect(Math.abs(x2 - want) * s).toBeLessThan(1.5);
    expect(Math.abs(x1 - want) * s).toBeLessThan(1.5);
    expect(x2 - v2.x[1]).toBeGreaterThan(50 / s);
    await page.mouse.up();
    expect(errors).toEqual([]);
    const shared = page.url();
    await page.context().close();

    // the share URL brings the layout back with the comparison
    expect(new URL(shared).searchParams.get('panes')).toBe('1');
    const again = await openApp(session.browser, shared);
    await waitFor(again.page, 'window.__sandbox.compare.panes()?.count === 2');
    expect(await hook(again.page, (h) => h.compare.sideBySide())).toBe(true);
    expect(await again.page.locator('[data-testid="gui-compare-layout"] select').inputValue()).toBe('side by side');
    // back to overlaid: the panes go, the URL drops the parameter
    await again.page.locator('[data-testid="gui-compare-layout"] select').selectOption('overlaid');
    await waitFor(again.page, 'window.__sandbox.compare.panes() === null');
    expect(new URL(again.page.url()).searchParams.has('panes')).toBe(false);
    expect(again.errors).toEqual([]);
    await again.page.context().close();
  }, 150_000);
});
