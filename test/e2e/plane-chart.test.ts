/**
 * The contact-plane chart in headless Chromium (issue 13, docs/user-guide.md#contact-plane-chart-for-polygons): a diamond (a square
 * turned by 0.9 rad) wedged by gravity between two squares on a floor. The user shift-clicks a square and
 * the diamond to select their contact and runs; the angle chart then draws the active definition (axial)
 * as its main line, the three others as ghosts with finite values, and the pair's boundary crossings as a
 * step series. Switching the plane definition live in the Solver folder's dropdown, as a user would, makes
 * the chosen definition the main line (its values, its legend entry) and the old one a ghost; a switch that
 * turns the plane by more than 5° in one sample is marked.
 *
 * The four definitions differ here (usual ≈ 50°, literal-signed ≈ 97°, literal-abs ≈ 40°, axial ≈ 54°), and
 * the contact's own normal equals the probe's value of the definition in force, so "is the main line this
 * definition" is an equality of the chart's columns.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, useBrowserSession, waitFor } from './harness';

interface Pose { body: number; x: number; y: number; phi: number }
interface Hook {
  status(): { t: number; polygons: boolean; params: { plane: string } } | null;
  workerStatus(): Promise<{ t: number; selection: { particle: number; contact: [number, number] | null }; params: { plane: string } }>;
  chartData(kind: 'angle'): (number | null)[][];
  chartLegend(kind: 'angle'): { label: string; color: string }[];
  guiValues(): Record<string, unknown>;
  frames(): { received: number; particles: number };
  polygons(): Pose[];
  selection(): { particle: number; contact: [number, number] | null };
  worldToScreen(x: number, y: number): [number, number];
  loadSpec(json: unknown): Promise<string[]>;
  run(): Promise<void>;
}

const hook = <T>(page: Page, f: (h: Hook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

const session = useBrowserSession();

const h = 0.05;
const SQUARE = [[-h, -h], [h, -h], [h, h], [-h, h]];
/** Two squares on the floor of a box, 4 cm apart, and a turned square dropped into the gap between them. */
const WEDGE = {
  name: 'plane-wedge',
  material: { kn: 1e6, en: 0.5, mu: 0.5, density: 1000 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02, plane: 'axial' },
  gravity: [0, -9.81],
  walls: [{ type: 'box', xmin: 0, xmax: 0.24, ymin: 0, ymax: 0.3, openTop: true }],
  particles: [
    { x: 0.05, y: h, vertices: SQUARE },
    { x: 0.19, y: h, vertices: SQUARE },
    { x: 0.12, y: 0.155, theta: 0.9, vertices: SQUARE },
  ],
  // slow playback: the chart's window keeps the rows from before and after each switch
  run: { duration: 5, speed: 0.2 },
};

/** Chart columns: t, main line, usual, literal-signed, literal-abs, axial, jump markers, crossings. */
const T = 0, MAIN = 1, JUMP = 6, CROSSINGS = 7;
const COLUMN: Record<string, number> = { usual: 2, 'literal-signed': 3, 'literal-abs': 4, axial: 5 };
const JUMP_LABEL = '|Δθ| > 5°';

/** The angle chart's rows (as drawn) with t in (from, to] and the main line drawn. */
async function rowsBetween(page: Page, from: number, to = Infinity): Promise<(number | null)[][]> {
  const data = await hook(page, (s) => s.chartData('angle'));
  const out: (number | null)[][] = [];
  for (let r = 0; r < data[T].length; r++) {
    const t = data[T][r]!;
    if (t > from && t <= to && data[MAIN][r] !== null) out.push(data.map((col) => col[r]));
  }
  return out;
}

/** Waits until the chart has drawn `n` rows with the main line after simulated time t. */
async function rowsAfter(page: Page, t: number, n: number): Promise<(number | null)[][]> {
  await page.waitForFunction(([t, n]) => {
    const data = (window as unknown as { __sandbox: Hook }).__sandbox.chartData('angle');
    return data[0].filter((v, r) => v! > t && data[1][r] !== null).length >= n;
  }, [t, n] as const, { timeout: 60_000, polling: 100 });
  return rowsBetween(page, t);
}

/** Picks a plane definition in the Solver folder's dropdown; returns the worker's t once it is in force. */
async function choosePlane(page: Page, plane: string): Promise<number> {
  await page.locator('[data-testid="gui-plane"] select').selectOption(plane);
  await expect.poll(() => hook(page, (s) => s.workerStatus().then((w) => w.params.plane))).toBe(plane);
  return (await hook(page, (s) => s.workerStatus())).t;
}

describe('the contact-plane chart in headless Chromium', () => {
  it('shows the active definition, its ghosts and the crossings of a selected polygon contact, and follows a live switch of the plane', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=square-incline&run=0`);
    expect(await page.evaluate((j) => (window as unknown as { __sandbox: Hook }).__sandbox.loadSpec(j), WEDGE)).toEqual([]);
    await waitFor(page, 'window.__sandbox.polygons().length === 3 && window.__sandbox.frames().particles === 3');
    await waitFor(page, 'window.__sandbox.status()?.polygons === true');

    // the plane controls: a dropdown of the four definitions and a hysteresis slider, shown in a polygon scene
    await expect.poll(() => page.locator('[data-testid="gui-plane-folder"]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="gui-plane"] select option').allTextContents()).toEqual(['usual', 'literal-signed', 'literal-abs', 'axial']);
    expect(await page.locator('[data-testid="gui-plane"] select').inputValue()).toBe('axial');
    expect(await page.locator('[data-testid="gui-planeHysteresis"] .lil-slider').count()).toBe(1);
    expect((await hook(page, (s) => s.guiValues())).planeHysteresis).toBe(20);

    // select the contact of the left square (body 0) and the diamond (body 2): click one, shift-click the other
    const poses = await hook(page, (s) => s.polygons());
    const at = async (body: number) => {
      const p = poses.find((q) => q.body === body)!;
      const [x, y] = await page.evaluate(([x, y]) => (window as unknown as { __sandbox: Hook }).__sandbox.worldToScreen(x, y), [p.x, p.y] as const);
      return [Math.round(x), Math.round(y)] as const;
    };
    await page.mouse.click(...(await at(0)));
    await waitFor(page, 'window.__sandbox.selection().particle === 0');
    await page.keyboard.down('Shift');
    await page.mouse.click(...(await at(2)));
    await page.keyboard.up('Shift');
    await expect.poll(() => hook(page, (s) => s.workerStatus().then((w) => w.selection.contact))).toEqual([0, 2]);

    // run: the diamond drops into the gap; the chart follows the contact under the axial definition
    await hook(page, (s) => s.run());
    const before = await rowsAfter(page, 0, 40);
    expect((await hook(page, (s) => s.chartLegend('angle'))).map((l) => l.label))
      .toEqual(['axial (active)', 'usual', 'literal-signed', 'literal-abs', JUMP_LABEL, 'crossings']);
    for (const row of before) {
      for (const id of ['usual', 'literal-signed', 'literal-abs', 'axial']) expect(Number.isFinite(row[COLUMN[id]]), id).toBe(true);
      expect(row[MAIN]).toBeCloseTo(row[COLUMN.axial]!, 9);
      expect(row[CROSSINGS]).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(row[CROSSINGS])).toBe(true);
    }
    const last = before[before.length - 1];
    expect(last[CROSSINGS]).toBe(2);
    // the definitions disagree here, so the main line is recognisably the axial one
    expect(Math.abs(last[COLUMN.axial]! - last[COLUMN.usual]!)).toBeGreaterThan(2);
    expect(Math.abs(last[COLUMN.axial]! - last[COLUMN['literal-abs']]!)).toBeGreaterThan(5);
    expect(Math.abs(last[COLUMN.axial]! - last[COLUMN['literal-signed']]!)).toBeGreaterThan(20);

    // switch to the usual definition: it becomes the main line, axial a ghost
    const t1 = await choosePlane(page, 'usual');
    await expect.poll(() => hook(page, (s) => s.chartLegend('angle').map((l) => l.label)))
      .toEqual(['usual (active)', 'literal-signed', 'literal-abs', 'axial', JUMP_LABEL, 'crossings']);
    expect((await hook(page, (s) => s.guiValues())).plane).toBe('usual');
    const afterUsual = await rowsAfter(page, t1, 30);
    for (const row of afterUsual) {
      expect(row[MAIN]).toBeCloseTo(row[COLUMN.usual]!, 9);
      expect(Math.abs(row[MAIN]! - row[COLUMN.axial]!)).toBeGreaterThan(2);
      expect(row[CROSSINGS]).toBe(2);
    }
    // the rows from before the switch still show the axial line there (the history is not redrawn)
    for (const row of await rowsBetween(page, 0, before[before.length - 1][T]!)) expect(row[MAIN]).toBeCloseTo(row[COLUMN.axial]!, 9);

    // switch to literal-abs: the plane turns by about 10° at once, and that sample is marked
    const t2 = await choosePlane(page, 'literal-abs');
    const afterAbs = await rowsAfter(page, t2, 30);
    for (const row of afterAbs) expect(row[MAIN]).toBeCloseTo(row[COLUMN['literal-abs']]!, 9);
    const around = await rowsBetween(page, t1);
    const marked = around.filter((row) => row[JUMP] !== null);
    expect(marked.length).toBe(1);
    expect(marked[0][JUMP]).toBe(marked[0][MAIN]);
    expect(marked[0][T]!).toBeGreaterThan(afterUsual[afterUsual.length - 1][T]!);
    expect(marked[0][T]!).toBeLessThanOrEqual(afterAbs[0][T]!);
    expect((await hook(page, (s) => s.chartLegend('angle')))[0].label).toBe('literal-abs (active)');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a disc scene hides the plane controls and charts the contact angle alone', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=two-disc`);
    await waitFor(page, 'window.__sandbox.chartData("angle")[1].filter((v) => v !== null).length > 20');
    expect(await page.locator('[data-testid="gui-plane-folder"]').isVisible()).toBe(false);
    expect((await hook(page, (s) => s.chartLegend('angle'))).map((l) => l.label)).toEqual(['angle']);
    const data = await hook(page, (s) => s.chartData('angle'));
    expect(data.length).toBe(8);
    for (let c = 2; c < data.length; c++) expect(data[c].every((v) => v === null)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
