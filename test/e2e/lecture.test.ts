/**
 * End-to-end tests of what a class hits in front of the lecture hall (issue 10), in headless
 * Chromium: the Ek log scale that froze the tab, scenes that must end cleanly instead of "diverging", ...
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, useBrowserSession, waitFor } from './harness';

const session = useBrowserSession();

/** Reads the page's status; resolves with how long the page took to answer (Infinity past `limitMs`). */
async function statusLatency(page: Page, limitMs: number): Promise<{ ms: number; t: number }> {
  const t0 = Date.now();
  const r = await Promise.race([
    page.evaluate(() => (window as unknown as { __sandbox: { status(): { t: number } | null } }).__sandbox.status()?.t ?? NaN),
    new Promise<null>((res) => setTimeout(() => res(null), limitMs)),
  ]);
  return r === null ? { ms: Infinity, t: NaN } : { ms: Date.now() - t0, t: r };
}

describe('lecture-ready (headless Chromium)', () => {
  for (const scenario of ['two-disc', 'cd-chain']) {
    it(`Ek on a log scale: ${scenario} runs 30 s with the page answering within 1 s, decade ticks only`, async () => {
      const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=${scenario}&logy=1`);
      const t0 = Date.now();
      const seen: number[] = [];
      let simT = 0;
      while (Date.now() - t0 < 30_000) {
        const { ms, t } = await statusLatency(page, 5000);
        seen.push(ms);
        expect(ms, `status read after ${((Date.now() - t0) / 1000).toFixed(1)} s took ${ms} ms`).toBeLessThan(1000);
        expect(t).toBeGreaterThanOrEqual(simT); // the simulation goes on
        simT = t;
        await page.waitForTimeout(500);
      }
      expect(simT).toBeGreaterThan(0);
      // the Ek axis labels are decades (1eK), never "0" or round-off noise
      const ticks = await page.evaluate(() => (window as unknown as { __sandbox: { chartTicks(k: string): string[] } }).__sandbox.chartTicks('ek'));
      const shown = ticks.filter((l) => l !== ''); // decades uPlot leaves unlabelled where they would crowd
      expect(shown.length, ticks.join(' ')).toBeGreaterThanOrEqual(2);
      for (const l of shown) expect(l).toMatch(/^1e-?\d+$/);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  // Regression: the disc rolled off the orbiting-disc's fixed disc and fell forever, and the incline's
  // disc rolled down an endless slope, until they moved half a radius per step ("DIVERGED" at t = 7.65 s
  // on the incline). Both scenes are bounded now.
  for (const [scenario, until] of [['orbiting-disc', 120], ['incline', 30]] as const) {
    it(`${scenario} runs far past its event (t > ${until} s) without a false DIVERGED`, async () => {
      const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=${scenario}`);
      await waitFor(page, `window.__sandbox.status()?.t > ${until} || window.__sandbox.status()?.health.status !== 'ok'`, 60_000);
      const st = await page.evaluate(() => (window as unknown as { __sandbox: { status(): { health: { status: string; message: string } } } }).__sandbox.status());
      expect(st.health.message).toBe('');
      expect(st.health.status).toBe('ok');
      expect(await page.locator('#st-state').textContent()).not.toMatch(/DIVERGED/);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
