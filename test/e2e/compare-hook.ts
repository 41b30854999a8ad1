/**
 * The page's test hook (window.__sandbox) as the comparison e2e tests use it: the Compare panel's entries,
 * the page's own, and a wait for frames.
 */
import type { Page } from 'playwright-core';

export interface Panes { count: number; step: number; panes: [number, number][]; labels: string[] }

export interface CompareHook {
  compare: {
    status(): { variants: { overrides: Record<string, unknown>; status: string; step: number }[] } | null;
    drawn(): { total: number; drawn: number };
    variantDiscs(v: number): { x: number[]; y: number[] } | null;
    tint(): number | null;
    ekData(): (number | null)[][];
    ekLegend(): { label: string; color: string }[];
    divergenceData(): (number | null)[][];
    angleData(): (number | null)[][];
    angleLegend(): { label: string; color: string }[];
    legendText(): string;
    state(): Promise<unknown>;
    panes(): Panes | null;
    sideBySide(): boolean;
  };
  status(): { step: number; scenario: string; running: boolean } | null;
  stepN(n: number): Promise<number>;
  pause(): Promise<void>;
  frames(): { received: number };
  worldToScreen(x: number, y: number): [number, number];
  discs(): { x: number[]; y: number[]; r: number[] };
  view(): { s: number };
  pngCharts(): { title: string; legend: string[] }[];
}

/** Runs f on the page's hook (f is sent as its source text, so it must not close over test variables). */
export const hook = <T>(page: Page, f: (h: CompareHook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

/** Waits until the page has received n more frames from the worker. */
export async function frames(page: Page, n = 3): Promise<void> {
  // checked in the page on every animation frame (a 100 ms poll from Node would add up over a drag of 30 moves);
  // 30 s: frames come slowly on a loaded machine
  await page.evaluate((n) => new Promise<void>((resolve, reject) => {
    const h = (window as unknown as { __sandbox: { frames(): { received: number } } }).__sandbox;
    const want = h.frames().received + n, t0 = performance.now();
    const check = (): void => {
      if (h.frames().received >= want) resolve();
      else if (performance.now() - t0 > 30_000) reject(new Error(`${n} frames not drawn within 30 s`));
      else requestAnimationFrame(check);
    };
    check();
  }), n);
}
