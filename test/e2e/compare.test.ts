/**
 * Lockstep comparison in the app (issue 11), in headless Chromium: variant 1 of a comparison is bit-identical
 * to the same scenario run alone in the page's worker; the "Cundall vs geometric" preset draws two variants
 * in two colours, overlays two Ek series and a divergence that leaves 0 once the schemes act; a drag with
 * the real mouse moves the disc in both variants.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hook } from './compare-hook';
import { openApp, ROOT, useBrowserSession, waitFor, downloadBytes, frames } from './harness';
import { VARIANTS } from '../../src/ui/palette';

const session = useBrowserSession();

/** Canvas pixels within 40 per channel of the colour '#rrggbb'. */
async function pixelsNear(page: Page, css: string): Promise<number> {
  const png = PNG.sync.read(await page.locator('[data-testid="sim-canvas"]').screenshot());
  const c = parseInt(css.slice(1), 16), r = c >> 16, g = (c >> 8) & 255, b = c & 255;
  let count = 0;
  for (let k = 0; k < png.data.length; k += 4) {
    if (Math.abs(png.data[k] - r) < 40 && Math.abs(png.data[k + 1] - g) < 40 && Math.abs(png.data[k + 2] - b) < 40) count++;
  }
  return count;
}

describe('lockstep comparison in the app', () => {
  it('variant 1 is bit-identical to the scenario run alone in the page\'s worker', async () => {
    const states: string[] = [];
    for (const query of ['?scenario=pile&run=0&variant=tangential=geometric&variant=tangential=cundall', '?scenario=pile&run=0&tangential=geometric']) {
      const { page, errors } = await openApp(session.browser, session.app.url + query);
      await waitFor(page, 'window.__sandbox.status()?.scenario === "pile"');
      expect(await hook(page, (h) => h.stepN(4000))).toBe(4000);
      expect(await hook(page, (h) => h.status()?.running)).toBe(false);
      states.push(JSON.stringify(await hook(page, (h) => h.compare.state())));
      const c = await hook(page, (h) => h.compare.status());
      if (query.includes('variant')) expect(c?.variants.map((v) => [v.overrides, v.step])).toEqual([[{ tangential: 'geometric' }, 4000], [{ tangential: 'cundall' }, 4000]]);
      else expect(c).toBeNull();
      expect(errors).toEqual([]);
      await page.context().close();
    }
    expect(states[0]).toBe(states[1]);
  }, 120_000);

  it('Cundall vs geometric on two-disc: two colours, two Ek series, divergence > 0, the mouse drags both', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
    await page.locator('[data-testid="gui-compare-cundall-vs-geometric"] button').click();
    await waitFor(page, 'window.__sandbox.status()?.scenario === "two-disc" && window.__sandbox.status()?.comparison?.variants.length === 2');
    expect(new URL(page.url()).searchParams.get('compare')).toBe('cundall-vs-geometric');
    await hook(page, (h) => h.pause());
    await hook(page, (h) => h.stepN(2000)); // 200 tc at Δt = 0.1 tc
    await waitFor(page, 'window.__sandbox.compare.drawn().drawn === 1');
    await frames(page, 4);
    expect(await hook(page, (h) => h.compare.drawn())).toEqual({ total: 1, drawn: 1 });
    expect(await hook(page, (h) => h.compare.legendText())).toMatch(/#1 tangential=cundall.*#2 tangential=geometric/);

    // two colours on the canvas: variant 1's filled discs and variant 2's outline (the fixed disc is grey)
    expect(await pixelsNear(page, VARIANTS[0].color)).toBeGreaterThan(200);
    expect(await pixelsNear(page, VARIANTS[1].color)).toBeGreaterThan(100);

    // two Ek series with values, in the variants' colours; the divergence left 0 once the schemes acted
    await waitFor(page, 'window.__sandbox.compare.ekData()[0]?.length > 10');
    expect(await hook(page, (h) => h.compare.ekLegend().map((l) => l.color))).toEqual([VARIANTS[0].color, VARIANTS[1].color]);
    const ek = await hook(page, (h) => h.compare.ekData());
    expect(ek.length).toBe(3);
    for (const c of [1, 2]) expect(ek[c].filter((v) => v !== null && v > 0).length).toBeGreaterThan(10);
    const div = await hook(page, (h) => h.compare.divergenceData());
    expect(div.length).toBe(2);
    expect(div[1].filter((v) => v !== null && v > 0).length).toBeGreaterThan(5);

    // the exported PNG draws the comparison's overlays with the variants named (not the single run's Ek, trans,
    // rot) and its divergence chart; variant 2's orange is in the charts' row of the picture
    const pictures = await hook(page, (h) => h.pngCharts());
    expect(pictures.find((p) => p.title.startsWith('Kinetic energy'))?.legend).toEqual(['#1 tangential=cundall', '#2 tangential=geometric']);
    expect(pictures.find((p) => p.title.startsWith('Divergence'))?.legend).toEqual(['#2 tangential=geometric']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="gui-export-png"] button').click()]);
    const picture = PNG.sync.read(await downloadBytes(download));
    const simHeight = await page.locator('[data-testid="sim-canvas"]').evaluate((c) => (c as HTMLCanvasElement).height);
    const o = parseInt(VARIANTS[1].color.slice(1), 16), [or, og, ob] = [o >> 16, (o >> 8) & 255, o & 255];
    let orange = 0;
    for (let y = simHeight + 12 + 3 * 28 + 12; y < picture.height; y++) { // below the caption (3 lines) and the scene
      for (let x = 0; x < picture.width; x++) {
        const k = 4 * (y * picture.width + x);
        if (Math.abs(picture.data[k] - or) < 40 && Math.abs(picture.data[k + 1] - og) < 40 && Math.abs(picture.data[k + 2] - ob) < 40) orange++;
      }
    }
    expect(orange).toBeGreaterThan(100);

    // drag disc 1 with the mouse 60 px to the right (it moves along x only) and hold it there
    const d = await hook(page, (h) => h.discs());
    const [sx, sy] = await hook(page, (h) => h.worldToScreen(h.discs().x[1], h.discs().y[1]));
    await page.mouse.move(Math.round(sx), Math.round(sy));
    await page.mouse.down();
    // one move per frame drawn (the worker places the held disc on each), then the frames after the last move
    for (let k = 1; k <= 6; k++) { await page.mouse.move(Math.round(sx) + 10 * k, Math.round(sy)); await frames(page, 1); }
    await frames(page, 4);
    const s = await hook(page, (h) => h.view().s);
    const want = d.x[1] + (Math.round(sx) + 60 - Math.round(sx)) / s;
    const x1 = (await hook(page, (h) => h.discs())).x[1];
    const x2 = (await hook(page, (h) => h.compare.variantDiscs(2)))!.x[1];
    // both under the cursor to within 1.5 px (whole-pixel mouse events; float32 frames)
    expect(Math.abs(x1 - want) * s).toBeLessThan(1.5);
    expect(Math.abs(x2 - want) * s).toBeLessThan(1.5);
    expect(x1 - d.x[1]).toBeGreaterThan(50 / s);
    await page.mouse.up();
    expect(errors).toEqual([]);
    const shared = page.url();
    await page.context().close();

    // the share URL brings the comparison back on reload, at the preset's Δt
    const again = await openApp(session.browser, shared);
    await waitFor(again.page, 'window.__sandbox.status()?.comparison?.variants.length === 2');
    const back = await hook(again.page, (h) => h.compare.status());
    expect(back?.variants.map((v) => [v.overrides, (v as unknown as { dtOverTc: number }).dtOverTc])).toEqual([[{ tangential: 'cundall' }, 0.1], [{ tangential: 'geometric' }, 0.1]]);
    expect(again.errors).toEqual([]);
    await again.page.context().close();
  }, 120_000);

  it('Cundall vs geometric on two-disc at 0.1 tc: the legend prints each variant\'s t_R as `sim compare` does (the sweep\'s 20.24 and 119.31)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmp-e2e-'));
    // the CLI runs beside the page (the same work either way, in parallel); a failure rejects with its stderr
    const cli = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', 'compare', 'two-disc', '--set', 'dtOverTc=0.1', '--variant', 'tangential=cundall', '--variant', 'tangential=geometric', '--out', dir], { cwd: ROOT, encoding: 'utf8' });
    cli.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    const { page, errors } = await openApp(session.browser, `${session.app.url}?compare=cundall-vs-geometric&speed=max`);
    const variants = (JSON.parse((await cli).stdout.trim().split('\n').pop()!) as { variants: { tROverTc: number; relaxationPeaks: number }[] }).variants;
    expect(variants.map((v) => v.tROverTc.toFixed(2))).toEqual(['20.24', '119.31']); // docs/validation.md#e1-two-disc-relaxation
    const want = variants.map((v) => `tR/tc = ${v.tROverTc.toFixed(2)} (fit of ${v.relaxationPeaks} Ek peaks)`);
    // the geometric pair relaxes over ~1700 tc; its fit is final once its Ek peaks fall below 1e-6 of the largest
    await waitFor(page, `document.querySelector('[data-testid="compare-tr-2"]')?.textContent === ${JSON.stringify(want[1])}`, 90_000);
    expect(await page.locator('[data-testid="compare-tr-1"]').textContent()).toBe(want[0]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 150_000);
});
