/**
 * Polygons and moving walls in the browser app, in real headless Chromium (issue 13, the app part):
 * polygons are drawn as polygons (not as their bounding discs) with the orientation bar, and as dots when a few
 * pixels across (polygon-layer.ts), the 10,000 of polygon-silo too (their outlines left unplaced while they are dots,
 * placed from the frame they are shown in when zoomed in), in a scene
 * loaded from a file with discs and polygons too; a click inside a polygon selects it, one inside its
 * bounding circle but outside it does not; a piston is drawn where it is, not where it started.
 *
 * What to expect is computed from the worker's state (Export → scenario JSON, diagnostics) and mapped
 * to canvas pixels through the page's view (window.__sandbox.worldToScreen); the pixels are read back
 * from the WebGL canvas (drawn with preserveDrawingBuffer).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { combinationProblem, getBuiltIn, TANGENTIAL_IDS } from '../../src/core/index';
import { DISC, POLYGON } from '../../src/core/shapes/shape-kind';
import type { LiveParams } from '../../src/core/sim/params';
import { AT_REST, BACKGROUND, diff, pixelColumns, pixelsAt, type Rgb } from './canvas-pixels';
import { openApp, useBrowserSession, waitFor } from './harness';

interface Pose { body: number; x: number; y: number; phi: number; shown: boolean }
interface SpecParticle { x: number; y: number; r?: number; vertices?: [number, number][]; theta?: number }
interface Hook {
  status(): { running: boolean; t: number; n: number; polygons: boolean; selection: { particle: number }; params: Record<string, unknown> } | null;
  workerStatus(): Promise<{ t: number; selection: { particle: number }; params: Record<string, unknown> }>;
  frames(): { received: number; nonFiniteDrawn: number; particles: number; t: number };
  polygons(): Pose[];
  walls(): { kind: number; ax: number; ay: number; bx: number; by: number; nx: number; ny: number }[];
  discs(): { x: number[]; y: number[]; r: number[] };
  exportSpec(): Promise<{ particles: SpecParticle[] }>;
  diagnostics(): Promise<{ pistonPosition: number } | null>;
  selection(): { particle: number };
  worldToScreen(x: number, y: number): [number, number];
  polygonDots(): boolean;
  polygonStaleFrames(): number;
  renders(): number;
  view(): { s: number };
  loadSpec(json: unknown): Promise<string[]>;
  pause(): Promise<void>;
  run(): Promise<void>;
  stepN(n: number): Promise<number>;
}

const hook = <T>(page: Page, f: (h: Hook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

const session = useBrowserSession();

const WALL_LINE: Rgb = [0xc8, 0xd2, 0xe0];

/** A column of canvas pixels at world x, from world y going down the screen `rows` pixels from `fromPx` above it. */
async function pixelColumn(page: Page, x: number, y: number, fromPx: number, rows: number): Promise<Rgb[]> {
  return (await pixelColumns(page, [[x, y, fromPx, rows]]))[0];
}

/** Waits until the page has drawn at least `n` more frames from the worker. */
async function frames(page: Page, n = 3): Promise<void> {
  const r0 = await hook(page, (h) => h.frames().received);
  await waitFor(page, `window.__sandbox.frames().received >= ${r0 + n}`);
}

/** Waits until the page has rendered after this call (the scene's render count moved, and the render that follows it in the same tick ended). */
async function rendered(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const h = (window as unknown as { __sandbox: Hook }).__sandbox, n0 = h.renders();
    for (let k = 0; k < 600 && h.renders() <= n0; k++) await new Promise((done) => requestAnimationFrame(done));
    if (h.renders() <= n0) throw new Error('no render within 600 animation frames');
    await new Promise((done) => requestAnimationFrame(done));
  });
}

/** A body-frame point of a particle of the exported scenario in world coordinates. */
function toWorld(p: SpecParticle, lx: number, ly: number): [number, number] {
  const c = Math.cos(p.theta ?? 0), s = Math.sin(p.theta ?? 0);
  return [p.x + c * lx - s * ly, p.y + s * lx + c * ly];
}

/** The square of square-incline from the worker's state (vertices about its centroid, counter-clockwise). */
async function square(page: Page): Promise<{ p: SpecParticle; h: number; R: number }> {
  const spec = await hook(page, (h) => h.exportSpec());
  const p = spec.particles[0];
  expect(p.vertices).toHaveLength(4);
  const R = Math.max(...p.vertices!.map(([x, y]) => Math.hypot(x, y)));
  return { p, h: R / Math.SQRT2, R };
}

/** Zooms the view by `factor` about world point (x, y) with the mouse wheel. */
async function zoomAbout(page: Page, x: number, y: number, factor: number): Promise<void> {
  const [px, py] = await page.evaluate(([x, y]) => (window as unknown as { __sandbox: Hook }).__sandbox.worldToScreen(x, y), [x, y] as const);
  await page.mouse.move(px, py);
  await page.mouse.wheel(0, -Math.log(factor) / 0.0015); // pointer-input.ts: zoom factor exp(−deltaY · 0.0015)
  await frames(page);
}

/** Discs and polygons (a triangle, a pentagon, a square) above the floor of an open box. */
const MIXED = {
  name: 'mixed-shapes',
  material: { kn: 1e6, en: 0.5, mu: 0.4, density: 1000 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
  gravity: [0, -9.81],
  walls: [{ type: 'box', xmin: 0, xmax: 1, ymin: 0, ymax: 1, openTop: true }],
  particles: [
    { x: 0.15, y: 0.1, r: 0.05 },
    { x: 0.45, y: 0.12, r: 0.04 },
    { x: 0.8, y: 0.1, r: 0.06 },
    { x: 0.2, y: 0.4, theta: 0.3, vertices: [[-0.06, -0.04], [0.06, -0.04], [0, 0.07]] },
    { x: 0.5, y: 0.45, theta: -0.2, vertices: [[0.06, 0], [0.0185, 0.057], [-0.0485, 0.035], [-0.0485, -0.035], [0.0185, -0.057]] },
    { x: 0.78, y: 0.42, theta: 0.7, vertices: [[-0.05, -0.05], [0.05, -0.05], [0.05, 0.05], [-0.05, 0.05]] },
  ],
};

describe('polygons and moving walls in headless Chromium', () => {
  it('square-incline draws a square, not a disc: its corners are filled, its bounding circle beyond its edges is not, and its first edge carries the bar', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=square-incline&run=0`);
    await waitFor(page, 'window.__sandbox.polygons().length === 1');
    await frames(page);
    const { p, h, R } = await square(page);
    // drawn where the worker has it
    const [drawn] = await hook(page, (h) => h.polygons());
    expect(drawn.body).toBe(0);
    expect(drawn.x).toBeCloseTo(p.x, 6);
    expect(drawn.y).toBeCloseTo(p.y, 6);
    expect(drawn.phi).toBeCloseTo(p.theta!, 6);
    // twice the fitted scale, so that every sample below is several pixels from any outline
    await zoomAbout(page, p.x, p.y, 2);
    const s = await page.evaluate(() => (window as unknown as { __sandbox: { view(): { s: number } } }).__sandbox.view().s);
    expect(0.2 * h * s).toBeGreaterThan(8);

    // inside the square near each corner: outside the inscribed circle (0.7·√2·h > h), so a disc of
    // radius h would leave them empty; a disc of the bounding radius R would cover them too
    const corners = p.vertices!.map(([x, y]) => toWorld(p, 0.7 * x, 0.7 * y));
    // beyond the middle of each edge by 0.25 h: inside the bounding circle (1.25 h < R = 1.41 h), outside the square
    const edges = [[0, -1], [1, 0], [0, 1], [-1, 0]].map(([ex, ey]) => toWorld(p, 1.25 * h * ex, 1.25 * h * ey));
    expect(Math.hypot(edges[2][0] - p.x, edges[2][1] - p.y)).toBeLessThan(R);
    // the orientation bar runs from the centroid to the middle of the first edge (the bottom one, on the slope)
    const barSide = toWorld(p, 0, -0.55 * h), otherSide = toWorld(p, 0, 0.55 * h);
    const px = await pixelsAt(page, [...corners, ...edges, barSide, otherSide]);
    const inside = px.slice(0, 4), outside = px.slice(4, 8), [bar, plain] = px.slice(8);
    for (const c of inside) {
      expect(diff(c, AT_REST), `corner pixel ${c}`).toBeLessThan(16); // tinted with the speed colour at rest
      expect(diff(c, BACKGROUND)).toBeGreaterThan(40);
    }
    expect(diff(plain, AT_REST)).toBeLessThan(16);
    // outside the square: the slope's shading under the bottom edge, the background at the other three
    for (const c of outside) expect(diff(c, AT_REST), `edge pixel ${c}`).toBeGreaterThan(30);
    for (const c of outside.slice(1)) expect(diff(c, BACKGROUND), `edge pixel ${c}`).toBeLessThan(8);
    // the bar is dark on the first edge's side only
    expect(bar[0] + bar[1] + bar[2]).toBeLessThan((AT_REST[0] + AT_REST[1] + AT_REST[2]) / 2);
    // zoomed out to 6 pixels across: a dot of the disc layer (polygon-layer.ts DOT_MAX_PX), filled, then a polygon again
    expect(await hook(page, (h) => h.polygonDots())).toBe(false);
    await zoomAbout(page, p.x, p.y, 6 / (2 * R * s));
    expect(await hook(page, (h) => h.polygonDots())).toBe(true);
    const [dot] = await pixelsAt(page, [toWorld(p, 0, 0.3 * R)]);
    expect(diff(dot, BACKGROUND), `dot pixel ${dot}`).toBeGreaterThan(40);
    await zoomAbout(page, p.x, p.y, (2 * R * s) / 6);
    expect(await hook(page, (h) => h.polygonDots())).toBe(false);
    expect(await hook(page, (h) => h.frames().nonFiniteDrawn)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a scenario file with discs and polygons loads, draws without console errors, and its polygons fall', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0&network=1`);
    expect(await page.evaluate((j) => (window as unknown as { __sandbox: Hook }).__sandbox.loadSpec(j), MIXED)).toEqual([]);
    await waitFor(page, 'window.__sandbox.polygons().length === 3 && window.__sandbox.frames().particles === 6');
    const before = await hook(page, (h) => h.polygons());
    expect(before.map((q) => q.body)).toEqual([3, 4, 5]);
    const st = await hook(page, (h) => h.status());
    expect(st?.polygons).toBe(true);
    // the core's refusals for a polygon scene: only the schemes that take polygons are offered
    const params = (await hook(page, (h) => h.workerStatus())).params;
    const want = Object.fromEntries(TANGENTIAL_IDS.map((t) => [t, combinationProblem({ ...(params as unknown as LiveParams), tangential: t }, [DISC, POLYGON]) !== null]));
    expect(want.cundall).toBe(false);
    expect(Object.values(want).filter((v) => v).length).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => Object.fromEntries(Array.from(
      document.querySelectorAll<HTMLOptionElement>('[data-testid="gui-tangential"] option'),
    ).map((o) => [o.value, o.disabled])))).toEqual(want);
    expect(await page.locator('[data-testid="refused-schemes"]').textContent()).toMatch(/^Not with gear5 in a polygon scene: /);

    await hook(page, (h) => h.run());
    await waitFor(page, 'window.__sandbox.status()?.t > 0.25');
    await frames(page, 5);
    const after = await hook(page, (h) => h.polygons());
    for (let k = 0; k < 3; k++) {
      expect(after[k].y, `polygon ${before[k].body}`).toBeLessThan(before[k].y - 0.05);
      expect(Number.isFinite(after[k].x) && Number.isFinite(after[k].phi)).toBe(true);
    }
    // drawn with the contact network on (polygon contacts through their contact points): nothing non-finite
    const f = await hook(page, (h) => h.frames());
    expect(f.nonFiniteDrawn).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a click inside a polygon selects it; a click inside its bounding circle but outside it does not', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=square-incline&run=0`);
    await waitFor(page, 'window.__sandbox.polygons().length === 1');
    const { p, h } = await square(page);
    await zoomAbout(page, p.x, p.y, 2);
    const screen = (x: number, y: number) => page.evaluate(([x, y]) => (window as unknown as { __sandbox: Hook }).__sandbox.worldToScreen(x, y), [x, y] as const);
    // beyond the top edge by 0.25 h (over 6 px, the pick tolerance): background, nothing selected
    const [ox, oy] = await screen(...toWorld(p, 0, 1.25 * h));
    await page.mouse.click(ox, oy);
    // the worker has answered the click's pick once a frame drawn after it has come (replies come in order), and the
    // page has shown its selection once a status poll after that has (every 100 ms): wait for both, then read
    await frames(page, 2);
    await page.evaluate(() => { (window as unknown as { __before: unknown }).__before = (window as unknown as { __sandbox: Hook }).__sandbox.status(); });
    await waitFor(page, 'window.__sandbox.status() !== window.__before'); // each poll brings a new status object
    expect((await hook(page, (h) => h.workerStatus())).selection.particle).toBe(-1);
    expect(await hook(page, (h) => h.selection().particle)).toBe(-1);
    // inside, near a corner (outside the inscribed circle)
    const [ix, iy] = await screen(...toWorld(p, 0.8 * p.vertices![2][0], 0.8 * p.vertices![2][1]));
    await page.mouse.click(ix, iy);
    await waitFor(page, 'window.__sandbox.selection().particle === 0');
    expect((await hook(page, (h) => h.workerStatus())).selection.particle).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('cd-piston draws its piston where it is after some steps, not where it started', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=cd-piston`);
    await waitFor(page, 'window.__sandbox.walls().length === 4', 60_000); // 60 s: the first frame with walls comes within a second idle; a loaded machine
    expect((await hook(page, (h) => h.walls()))[3].ny).toBe(-1);
    // where the piston starts: 1.9 m, the top of the loose packing's region
    const piston = getBuiltIn('cd-piston').walls[1];
    expect(piston.type === 'line' && piston.piston).toBe(true);
    const y0 = piston.type === 'line' ? piston.point[1] : NaN;
    // the piston goes down by 10 cm
    // polled from Node: page.waitForFunction does not await an async predicate (its Promise is truthy at once)
    await expect.poll(async () => -((await hook(page, (h) => h.diagnostics()))?.pistonPosition ?? NaN), { timeout: 90_000, interval: 250 }) // 90 s: the piston travels 10 cm in ≈ 3 s idle; a loaded machine
      .toBeLessThan(y0 - 0.1);
    await hook(page, (h) => h.pause());
    await waitFor(page, 'window.__sandbox.status()?.running === false');
    const yPiston = -(await hook(page, (h) => h.diagnostics()))!.pistonPosition; // (a + o)·n with n = (0, −1)
    // the walls of a frame the worker filled after the pause (one filled before may still arrive after it; a frame is
    // applied at the page's next tick after it arrives): polled, 30 s on a loaded machine
    await expect.poll(async () => (await hook(page, (h) => h.walls()))[3].ay, { timeout: 30_000, interval: 100 }).toBeCloseTo(yPiston, 5);
    const drawn = (await hook(page, (h) => h.walls()))[3];
    expect(drawn.ay).toBeLessThan(y0 - 0.1 + 1e-6);
    await rendered(page); // the canvas read after a render of those walls (at most 10 renders/s here)
    // on the canvas: the light line at the piston's height, in the middle of the box ...
    const ROWS = 25, ABOVE = 12;
    const near = await pixelColumn(page, 0.475, yPiston, ABOVE, ROWS);
    const lineRows = near.map((c, q) => [q, diff(c, WALL_LINE)] as const).filter(([, d]) => d < 40).map(([q]) => q - ABOVE);
    expect(lineRows.length, `line pixels near the piston: ${JSON.stringify(near)}`).toBeGreaterThan(0);
    for (const q of lineRows) expect(Math.abs(q)).toBeLessThanOrEqual(3);
    // ... and none where it started (that is inside the piston's shaded solid side now)
    const old = await pixelColumn(page, 0.475, y0, ABOVE, ROWS);
    expect(old.filter((c) => diff(c, WALL_LINE) < 40)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('polygon-silo: 10,000 polygons fall as dots of the disc layer (outlines unplaced), every pose finite; zoomed in, only the outlines in sight placed, from the frame they are shown in', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=polygon-silo&run=0`);
    // 60 s: the scene is built and its 10,000 shapes fetched within a few seconds idle; a loaded machine
    await waitFor(page, 'window.__sandbox.polygons().length === 10182', 60_000); // and the 182 fixed rectangles of the silo's floor
    await frames(page);
    // fitted to the canvas a polygon is a few pixels across: a dot of the disc layer (DOT_MAX_PX = 8)
    expect(await hook(page, (h) => h.polygonDots())).toBe(true);
    const unplaced = await hook(page, (h) => h.polygons());
    const pose0 = await hook(page, (h) => h.discs());
    // the 10,000 that fall: the lattice starts 2.1 R above the floor's rectangles (centred at y = 0.35 m)
    const bodies = unplaced.map((q) => q.body).filter((i) => pose0.y[i] > 0.352);
    expect(bodies.length).toBe(10_000);
    expect((await hook(page, (h) => h.workerStatus())).t).toBe(0);

    // 60 steps of 38 μs, stepped, not run and paused: a pause lands as late as the page's polling of the time, and a run
    // under load had gone on to t = 14 ms, where the bottom rows had landed (CI at 8c47ceb)
    await hook(page, (h) => h.stepN(60));
    await waitFor(page, 'window.__sandbox.frames().t > 2e-3', 60_000);
    expect((await hook(page, (h) => h.workerStatus())).t).toBeGreaterThan(2e-3);
    expect((await hook(page, (h) => h.workerStatus())).t).toBeLessThan(2.5e-3);
    // the simulation advanced: the lattice starts with every polygon ≥ 0.1 R clear of the others and the silo's floor,
    // so to t ≈ 2 ms (a fall of 0.02 mm < 0.1 R = 0.34 mm) each falls freely, by g t²/2 (5 %: the central difference's
    // n(n ± 1)/2 steps of Δt² against t²/2 is at most 2.6 % at the ≥ 39 steps of t > 1.5 ms; Float32 poses, 10⁻⁸ m at 0.8 m,
    // are far below it)
    // the poses drawn and the time of the frame they come from
    const { pose, t } = await hook(page, (h) => ({ pose: h.discs(), t: h.frames().t }));
    expect(t).toBeGreaterThan(1.5e-3);
    for (const i of bodies) {
      expect(pose.y[i] - pose0.y[i], `polygon ${i}`).toBeLessThan(-0.95 * 9.81 * t * t / 2);
      expect(pose.y[i] - pose0.y[i], `polygon ${i}`).toBeGreaterThan(-1.05 * 9.81 * t * t / 2);
    }
    // every drawn position finite (discs, dots and outlines alike)
    expect(await hook(page, (h) => h.frames().nonFiniteDrawn)).toBe(0);
    expect(pose.x.every(Number.isFinite) && pose.y.every(Number.isFinite)).toBe(true);
    // drawn: a polygon's centre (every 200th) is its dot's colour, not the background
    const sample = bodies.filter((_, k) => k % 200 === 0);
    const dots = await pixelsAt(page, sample.map((i) => [pose.x[i], pose.y[i]] as [number, number]));
    for (const [k, c] of dots.entries()) expect(diff(c, BACKGROUND), `dot of polygon ${sample[k]}: ${c}`).toBeGreaterThan(40);
    // while they are dots their outlines are neither placed nor shown
    expect(await hook(page, (h) => h.polygons())).toEqual(unplaced);

    // zoomed in to 12 pixels across the largest (device pixels: this page's is 1 CSS pixel): outlines again, placed on
    // the first frame that shows them from the frame the discs are drawn from (paused: no new frame places them later)
    const rMax = Math.max(...bodies.map((i) => pose.r[i]));
    // the margin beyond the canvas's edge within which a polygon may be drawn: the largest circumradius of all (the floor's rectangles')
    const rAll = Math.max(...unplaced.map((q) => pose.r[q.body]));
    const s = await hook(page, (h) => h.view().s);
    const mid = Math.floor(bodies.length / 2);
    await zoomAbout(page, pose.x[bodies[mid]], pose.y[bodies[mid]], 12 / (2 * rMax * s));
    await waitFor(page, 'window.__sandbox.polygonDots() === false');
    await frames(page, 2);
    expect(await hook(page, (h) => h.polygonStaleFrames())).toBe(0);
    // the outlines are where the disc layer has the bodies (both from the latest frame, read in one evaluation)
    const off = await hook(page, (h) => {
      const d = h.discs();
      return Math.max(...h.polygons().filter((q) => q.shown).map((q) => Math.max(Math.abs(q.x - d.x[q.body]), Math.abs(q.y - d.y[q.body]))));
    });
    expect(off).toBe(0);
    // only those in sight are placed: every polygon centred on the canvas is, none centred beyond its edge by more than
    // the largest circumradius (off the screen they are neither placed nor drawn)
    // (read after a render that followed the view's change: the page draws at most 10 frames/s here, so two animation
    // frames may pass before the view is applied to the layers)
    const sight = async () => { await rendered(page); return page.evaluate((r) => {
      const h = (window as unknown as { __sandbox: Hook }).__sandbox, c = document.querySelector<HTMLCanvasElement>('[data-testid="sim-canvas"]')!;
      const { left, top, width: W, height: H } = c.getBoundingClientRect(), d = h.discs(), m = r * h.view().s + 1;
      const drawn = new Set(h.polygons().filter((q) => q.shown).map((q) => q.body));
      let onScreen = 0, missing = 0, beyond = 0;
      for (let i = 0; i < d.x.length; i++) {
        const [px, py] = h.worldToScreen(d.x[i], d.y[i]), sx = px - left, sy = py - top; // page pixels to the canvas's
        if (sx >= 0 && sx <= W && sy >= 0 && sy <= H) { onScreen++; if (!drawn.has(i)) missing++; }
        if ((sx < -m || sx > W + m || sy < -m || sy > H + m) && drawn.has(i)) beyond++;
      }
      return { drawn: drawn.size, onScreen, missing, beyond };
    }, rAll); };
    const zoomed = await sight();
    expect(zoomed.missing).toBe(0);
    expect(zoomed.beyond).toBe(0);
    expect(zoomed.onScreen).toBeGreaterThan(0);
    expect(zoomed.drawn).toBeLessThan(bodies.length);
    // zoomed out a little at a time (still outlines), paused: the polygons coming into sight are drawn, placed where the
    // worker has them (the view's move places them before the next render, scene.ts scaleBodies; a frame arriving does too)
    const [cx, cy] = await page.evaluate(([x, y]) => (window as unknown as { __sandbox: Hook }).__sandbox.worldToScreen(x, y),
      [pose.x[bodies[mid]], pose.y[bodies[mid]]] as const);
    await page.mouse.move(cx, cy);
    let last = zoomed;
    for (let k = 0; k < 3; k++) {
      await page.mouse.wheel(0, -Math.log(0.95) / 0.0015); // pointer-input.ts: zoom factor exp(−deltaY · 0.0015)
      const wider = await sight();
      expect(wider.onScreen).toBeGreaterThan(last.onScreen);
      expect([wider.missing, wider.beyond]).toEqual([0, 0]);
      last = wider;
    }
    expect(await hook(page, (h) => h.polygonStaleFrames())).toBe(0);
    // and running on, they stay so
    await hook(page, (h) => h.run());
    await frames(page, 3);
    expect(await hook(page, (h) => h.polygonStaleFrames())).toBe(0);
    expect((await sight()).missing).toBe(0);
    expect(await hook(page, (h) => h.frames().nonFiniteDrawn)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
