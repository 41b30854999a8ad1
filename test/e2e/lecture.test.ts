/**
 * End-to-end tests of what a class hits in front of the lecture hall (issue 10), in headless
 * Chromium: the Ek log scale that froze the tab, ...
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, useBrowserSession } from './harness';

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
});
