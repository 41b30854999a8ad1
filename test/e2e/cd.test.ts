/**
 * End-to-end tests of the contact-dynamics parts of the app (issue 5, item 3) in headless Chromium,
 * with the same harness as app.test.ts: the soft DEM / contact dynamics switch on the same scene (and
 * the Δt the core restores per kind, checked against the core run in Node), the Contact dynamics
 * folder and N_I, the position chart (cd-chain's last disc, cd-piston's piston), the N_I dependence of
 * the chain's oscillation, and the divergence banner for contact dynamics.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createWorld, getBuiltIn, type LiveParams } from '../../src/core/index';
import { fitDampedSine } from '../../src/core/diagnostics/damped-sine-fit';
import { openApp, useBrowserSession, waitFor, downloadBytes } from './harness';

interface Status {
  running: boolean; t: number; step: number; dt: number; n: number; sweeps: number; tracked: number; hasPiston: boolean;
  health: { status: string; message: string }; params: LiveParams;
}
interface Hook {
  status(): Status | null;
  workerStatus(): Promise<Status>;
  guiValues(): Record<string, unknown>;
  chartData(kind: 'position'): (number | null)[][];
  positionChartKind(): string;
  positionCoordinates(): string;
  seriesLength(): number;
  frames(): { nonFiniteDrawn: number; nonFiniteSkipped: number; received: number };
  pause(): Promise<void>;
  stepN(n: number): Promise<number>;
}

const hook = <T>(page: Page, f: (h: Hook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

const session = useBrowserSession();

const gui = (page: Page, name: string) => page.locator(`[data-testid="gui-${name}"]`);
const byId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

/** Clicks a lil-gui slider at a fraction of its width (as a lecturer would). */
async function clickSlider(page: Page, name: string, fraction: number): Promise<void> {
  const slider = gui(page, name).locator('.lil-slider');
  const box = (await slider.boundingBox())!;
  await slider.click({ position: { x: box.width * fraction, y: box.height / 2 } });
}

async function chooseMethod(page: Page, label: 'Soft DEM' | 'Contact dynamics', integrator: string): Promise<void> {
  await gui(page, 'solverKind').locator('select').selectOption({ label });
  await waitFor(page, `window.__sandbox.status()?.params?.integrator === ${JSON.stringify(integrator)}`);
}

/** The page's worker status and the panel once they agree on dtOverTc (the GUI follows the worker). */
async function shownStep(page: Page): Promise<{ dt: number; dtOverTc: number; gui: number; t: number; n: number; step: number }> {
  const s = await hook(page, (h) => h.workerStatus());
  await expect.poll(() => hook(page, (h) => h.guiValues().dtOverTc)).toBe(s.params.dtOverTc);
  return { dt: s.dt, dtOverTc: s.params.dtOverTc, gui: (await hook(page, (h) => h.guiValues().dtOverTc)) as number, t: s.t, n: s.n, step: s.step };
}

/** The tracked disc's x from the position chart, t ≥ from. */
function chartSeries(data: (number | null)[][], from: number): { t: number[]; x: number[] } {
  const t: number[] = [], x: number[] = [];
  data[0].forEach((tk, k) => {
    const v = data[1][k];
    if (tk !== null && tk >= from && v !== null) { t.push(tk); x.push(v); }
  });
  return { t, x };
}

describe('contact dynamics in the app (headless Chromium)', () => {
  it('switches pile → contact dynamics → gear5 on the same scene; Δt follows the core\'s per-kind rule', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
    await waitFor(page, 'window.__sandbox.status()?.params?.integrator === "gear5"');
    expect(await gui(page, 'cd-folder').isHidden()).toBe(true);
    expect(await gui(page, 'kn').isVisible()).toBe(true);
    await hook(page, (h) => h.stepN(40));
    const soft = await shownStep(page);

    // the same operations on the core in Node: the Δt it uses after each switch
    const ref = createWorld(getBuiltIn('pile'));
    ref.step(40);
    expect(ref.dt).toBeCloseTo(soft.dt, 15);

    // soft → CD (paused): same particles, same t; the panel shows the Δt the core will use
    await chooseMethod(page, 'Contact dynamics', 'contact-dynamics');
    const cd1 = await shownStep(page);
    ref.setParams({ integrator: 'contact-dynamics' });
    ref.step(1);
    expect(cd1.n).toBe(soft.n);
    expect(cd1.t).toBe(soft.t);
    expect(cd1.step).toBe(soft.step);
    expect(cd1.dt / ref.dt).toBeCloseTo(1, 12);
    expect(cd1.dtOverTc / ref.params.dtOverTc).toBeCloseTo(1, 12);
    // the CD folder and no soft-contact controls
    expect(await gui(page, 'cd-folder').isVisible()).toBe(true);
    for (const name of ['kn', 'en', 'ktOverKn', 'tangential', 'capMode']) expect(await gui(page, name).isHidden(), name).toBe(true);
    expect(await gui(page, 'mu').isVisible()).toBe(true);
    expect(await byId(page, 'material-cd-note').isVisible()).toBe(true);

    // a smaller Δt for CD (slider at 40 %: 10^-3 tc), a few CD steps
    await clickSlider(page, 'dtOverTc', 0.4);
    await expect.poll(() => hook(page, (h) => h.workerStatus().then((s) => s.params.dtOverTc))).toBeLessThan(0.01);
    const cdDtOverTc = (await hook(page, (h) => h.workerStatus())).params.dtOverTc;
    await hook(page, (h) => h.stepN(1));
    ref.setParams({ dtOverTc: cdDtOverTc });
    ref.step(1);
    const cd2 = await shownStep(page);
    expect(cd2.dt / ref.dt).toBeCloseTo(1, 12);

    // CD → soft (gear5): the soft Δt/tc comes back, shown before the next step
    await chooseMethod(page, 'Soft DEM', 'gear5');
    const soft2 = await shownStep(page);
    ref.setParams({ integrator: 'gear5' });
    ref.step(1);
    expect(soft2.dtOverTc).toBe(ref.params.dtOverTc);
    expect(soft2.dtOverTc).toBe(soft.dtOverTc);
    expect(soft2.dt / ref.dt).toBeCloseTo(1, 12);
    expect(soft2.n).toBe(soft.n);
    expect(soft2.t).toBeGreaterThan(soft.t);
    expect(await gui(page, 'cd-folder').isHidden()).toBe(true);
    expect(await gui(page, 'kn').isVisible()).toBe(true);
    // after a step the world's own values agree with what was shown
    await hook(page, (h) => h.stepN(1));
    const soft3 = await shownStep(page);
    expect(soft3.dtOverTc).toBe(soft2.dtOverTc);
    expect(soft3.dt).toBe(soft2.dt);

    // and back to CD: its own (smaller) Δt returns
    await chooseMethod(page, 'Contact dynamics', 'contact-dynamics');
    const cd3 = await shownStep(page);
    expect(cd3.dtOverTc / cdDtOverTc).toBeCloseTo(1, 9);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the Contact dynamics folder: N_I from the slider reaches the worker, sweeps in the status line', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=cd-chain&run=0`);
    await waitFor(page, 'window.__sandbox.status()?.params?.iterations === 40');
    expect(await gui(page, 'cd-folder').isVisible()).toBe(true);
    expect(await gui(page, 'piston-folder').isHidden()).toBe(true);
    expect(await gui(page, 'solverKind').locator('select').inputValue()).toBe('Contact dynamics');
    // log slider 1–500: at 25 % N_I = 500^0.25 ≈ 4.7 → a whole number
    await clickSlider(page, 'iterations', 0.25);
    await expect.poll(() => hook(page, (h) => h.workerStatus().then((s) => s.params.iterations))).not.toBe(40);
    const ni = (await hook(page, (h) => h.workerStatus())).params.iterations;
    expect(Number.isInteger(ni)).toBe(true);
    expect(ni).toBeGreaterThanOrEqual(3);
    expect(ni).toBeLessThanOrEqual(7);
    expect(await gui(page, 'iterations').textContent()).toContain(`N_I = ${ni}`);
    await gui(page, 'sweep').locator('select').selectOption('parallel');
    await expect.poll(() => hook(page, (h) => h.workerStatus().then((s) => s.params.sweep))).toBe('parallel');
    await hook(page, (h) => h.stepN(5));
    await expect.poll(() => byId(page, 'status-sweeps').textContent()).toBe(`${ni}/${ni} sweeps`);
    expect(await byId(page, 'status-dt').textContent()).toBe('Δt = 0.001 s');
    // soft DEM on the chain: no CD folder, no sweeps
    await chooseMethod(page, 'Soft DEM', 'gear5');
    await expect.poll(() => gui(page, 'cd-folder').isHidden()).toBe(true);
    await expect.poll(() => byId(page, 'status-sweeps').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the position chart follows cd-chain\'s last disc and cd-piston\'s piston, and exports as CSV', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=cd-chain&run=0`);
    await waitFor(page, 'window.__sandbox.status()?.tracked === 49');
    await hook(page, (h) => h.stepN(120));
    await waitFor(page, 'window.__sandbox.chartData("position")[0].length >= 120');
    expect(await hook(page, (h) => h.positionChartKind())).toBe('particle');
    expect(await byId(page, 'chart-position-title').textContent()).toContain('Disc 49');
    const chain = await hook(page, (h) => h.chartData('position'));
    expect(chain.length).toBe(3);
    const xs = chain[1].filter((v): v is number => typeof v === 'number');
    expect(xs.length).toBeGreaterThanOrEqual(120);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(1e-3); // the pushed disc moves (d = 1 cm)
    expect(new Set(chain[2]).size).toBe(1); // y is locked: one value throughout
    // y is left out (a locked coordinate): only x is drawn
    expect(await hook(page, (h) => h.positionCoordinates())).toBe('x');

    const [download] = await Promise.all([page.waitForEvent('download'), gui(page, 'export-position').locator('button').click()]);
    const lines = (await downloadBytes(download)).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('t_s,particle,x_m,y_m,pistonPosition_m');
    expect(lines.length - 1).toBe(await hook(page, (h) => h.seriesLength()));
    const last = lines[lines.length - 1].split(',');
    expect(last[1]).toBe('49');
    expect(Number(last[2])).toBe(xs[xs.length - 1]);
    expect(last[4]).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();

    const piston = await openApp(session.browser, `${session.app.url}?scenario=cd-piston&run=0`);
    await waitFor(piston.page, 'window.__sandbox.status()?.hasPiston === true');
    expect(await gui(piston.page, 'piston-folder').isVisible()).toBe(true);
    expect(await byId(piston.page, 'schedule-note').textContent()).toContain('At t = 2.5 s the scenario sets pistonMass = 100');
    await hook(piston.page, (h) => h.stepN(30));
    await waitFor(piston.page, 'window.__sandbox.chartData("position")[0].length >= 30');
    expect(await hook(piston.page, (h) => h.positionChartKind())).toBe('piston');
    const p = await hook(piston.page, (h) => h.chartData('position'));
    const pos = p[1].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    expect(pos.length).toBeGreaterThanOrEqual(30);
    expect(pos[pos.length - 1]).toBeGreaterThan(pos[0]); // the piston moves in, along its inward normal
    expect(piston.errors).toEqual([]);
    await piston.page.context().close();
  });

  it('changing N_I on cd-chain changes the oscillation of the tracked disc (ω ∝ √N_I)', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=cd-chain&run=0&iterations=10`);
    await waitFor(page, 'window.__sandbox.status()?.params?.iterations === 10');
    const STEPS = 700;
    const run = async (): Promise<{ t: number[]; x: number[] }> => {
      await hook(page, (h) => h.stepN(700));
      await waitFor(page, `window.__sandbox.chartData("position")[0].length >= ${STEPS}`);
      return chartSeries(await hook(page, (h) => h.chartData('position')), 0.2);
    };
    const a = await run();
    // N_I with the slider (70 %: ≈ 78), then Reset: the same scene from t = 0 with the new N_I
    await clickSlider(page, 'iterations', 0.7);
    await expect.poll(() => hook(page, (h) => h.workerStatus().then((s) => s.params.iterations))).toBeGreaterThan(40);
    const ni = (await hook(page, (h) => h.workerStatus())).params.iterations;
    await gui(page, 'reset').locator('button').click();
    await waitFor(page, 'window.__sandbox.status()?.t === 0 && window.__sandbox.chartData("position")[0].length <= 1');
    expect((await hook(page, (h) => h.workerStatus())).params.iterations).toBe(ni);
    const b = await run();
    expect(a.t.length).toBe(b.t.length);
    // the recorded positions differ after the same number of steps
    const diff = Math.max(...a.x.map((v, k) => Math.abs(v - b.x[k])));
    expect(diff).toBeGreaterThan(1e-4);
    // and the fitted frequency scales as √N_I (paper 004; E8 within 3 %, here 15 % on a short window)
    const fa = fitDampedSine(a.t, a.x), fb = fitDampedSine(b.t, b.x);
    expect(fb.omega / fa.omega).toBeGreaterThan(0.85 * Math.sqrt(ni / 10));
    expect(fb.omega / fa.omega).toBeLessThan(1.15 * Math.sqrt(ni / 10));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('contact-dynamics divergence (N_I = 1, Δt ×2) shows the banner, draws no NaN, and goes back to the last good state', async () => {
    // Δt/tc = 0.28 is twice the chain's Δt (F Δt² ×4); with one sweep the overlaps grow past ½ radius
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=cd-chain&iterations=1&dtOverTc=0.28`);
    await waitFor(page, 'window.__sandbox.status()?.health?.status === "diverged"');
    const banner = byId(page, 'divergence');
    await banner.waitFor({ state: 'visible' });
    const text = await byId(page, 'divergence-text').textContent();
    expect(text).toContain('contact dynamics with N_I = 1');
    expect(text).toMatch(/an overlap reached \d+ % of a radius/);
    expect(await byId(page, 'divergence-detail').textContent()).toContain('raise N_I');
    expect(await byId(page, 'status-state').textContent()).toBe('DIVERGED');
    const s = await hook(page, (h) => h.workerStatus());
    expect(s.running).toBe(false);
    // frames drawn after the stop (the hook's calls wake the paused page)
    const r0 = (await hook(page, (h) => h.frames())).received;
    await waitFor(page, `window.__sandbox.frames().received >= ${r0 + 3}`);
    expect((await hook(page, (h) => h.frames())).nonFiniteDrawn).toBe(0);
    await byId(page, 'restore-good').click();
    await waitFor(page, 'window.__sandbox.status()?.health?.status === "ok"');
    expect(await banner.isHidden()).toBe(true);
    const back = await hook(page, (h) => h.workerStatus());
    expect(back.t).toBeLessThan(s.t);
    expect(back.n).toBe(50);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
