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
