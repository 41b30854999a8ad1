/**
 * Reading the app's WebGL canvas (drawn with preserveDrawingBuffer) at world points, through the page's
 * current view (window.__sandbox.worldToScreen), for the e2e tests that check what is drawn where.
 */
import type { Page } from 'playwright-core';
import { BACKGROUND as PANEL, SCENE } from '../../src/ui/palette';

export type Rgb = [number, number, number];

const rgb = (css: string): Rgb => { const v = parseInt(css.slice(1), 16); return [v >> 16, (v >> 8) & 255, v & 255]; };

export const BACKGROUND: Rgb = rgb(PANEL);
/** the speed ramp's slow end: the colour of a body at rest (colormap.ts SPEED_LUT[0]) */
export const AT_REST: Rgb = rgb(SCENE.speedRamp[0]);

/** The largest difference of the three channels. */
export const diff = (a: Rgb, b: Rgb): number => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));

/**
 * Columns of canvas pixels: for each (x, y, fromPx, rows), at world x, from `fromPx` screen pixels above world y
 * going down the screen `rows` pixels.
 */
export async function pixelColumns(page: Page, columns: [number, number, number, number][]): Promise<Rgb[][]> {
  return page.evaluate((columns) => {
    const h = (window as unknown as { __sandbox: { worldToScreen(x: number, y: number): [number, number] } }).__sandbox;
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="sim-canvas"]')!;
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    const copy = document.createElement('canvas');
    copy.width = c.width; copy.height = c.height;
    const g = copy.getContext('2d')!;
    g.drawImage(c, 0, 0);
    return columns.map(([x, y, fromPx, rows]) => {
      const [px, py] = h.worldToScreen(x, y);
      const d = g.getImageData(Math.floor((px - r.left) * k), Math.floor((py - r.top - fromPx) * k), 1, rows).data;
      return Array.from({ length: rows }, (_, q) => [d[4 * q], d[4 * q + 1], d[4 * q + 2]] as Rgb);
    });
  }, columns);
}

/** Canvas pixels at world points. */
export async function pixelsAt(page: Page, pts: [number, number][]): Promise<Rgb[]> {
  return (await pixelColumns(page, pts.map(([x, y]) => [x, y, 0, 1]))).map((col) => col[0]);
}
