/**
 * The page at scale (issue 9, item 5) in real headless Chromium: the scale lesson loads the 100,000-disc
 * silo, every disc is drawn from the worker's frames (disc-layer.ts: the frame's poses go to a float
 * texture, the vertex shader places each quad), and the drawing is where the frame says: zoomed in on the
 * first and on the last disc, a point half a radius from its centre has the at-rest colour, and the middle
 * of the gap between it and two neighbours of the lattice is background, as point sprites (a few pixels across) and
 * as quads (zoomed in). Then the run goes on with frames arriving. A disc turned a quarter turn has its orientation
 * bar pointing up, as a point sprite and as a quad (the sprite's texture is turned in the fragment shader).
 * With `threads=2` the worker steps on a pool of nested Web Workers (web-pool.ts), to the same numbers as alone
 * (where it runs its loops in WebAssembly, wasm/kernels.ts);
 * the pool is pinged as soon as it has started, so a start-up handshake that lets the worker block before its
 * nested worker can receive messages (a deadlock CI met under load) fails here every time. The threads menu
 * starts the loaded scene again on the threads chosen, with the parameters the user set.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getBuiltIn } from '../../src/core/index';
import { AT_REST, BACKGROUND, diff, pixelsAt } from './canvas-pixels';
import { openApp, useBrowserSession, waitFor } from './harness';

interface Hook {
  status(): { running: boolean; n: number; step: number; threads: number; params: { mu: number } | null } | null;
  frames(): { received: number; nonFiniteDrawn: number; particles: number };
  discs(): { x: number[]; y: number[]; r: number[] };
  discsAsPoints(): boolean;
  worldToScreen(x: number, y: number): [number, number];
  view(): { s: number; ox: number; oy: number };
  fit(): void;
  run(): Promise<void>;
  workerStatus(): Promise<{ step: number; n: number; threads: number; contacts: number; kernels: string }>;
  loadSpec(json: unknown): Promise<string[]>;
  pause(): Promise<void>;
  stepN(n: number): Promise<number>;
  diagnostics(): Promise<{ ek: number; eElastic: number; ePotential: number }>;
  messages(): string[];
}

const hook = <T>(page: Page, f: (h: Hook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

const session = useBrowserSession();

/** Waits until the page has drawn `n` more frames from the worker (so the canvas shows the view as it is now). */
async function frames(page: Page, n = 2): Promise<void> {
  const r0 = await hook(page, (h) => h.frames().received);
  await waitFor(page, `window.__sandbox.frames().received >= ${r0 + n}`, 60_000); // 60 s: a frame of 100,000 discs on a loaded machine
}

/** One turn of the mouse wheel at the cursor; returns once the page's view has taken it. */
async function wheel(page: Page, dy: number): Promise<void> {
  const s0 = (await hook(page, (h) => h.view())).s;
  await page.mouse.wheel(0, dy);
  await waitFor(page, `window.__sandbox.view().s !== ${s0}`);
}

describe('the scale lesson: 100,000 discs in the page', () => {
  it('draws every disc where the worker put it and keeps running', async () => {
    const spec = getBuiltIn('silo');
    const lattice = spec.generators[0];
    if (lattice.type !== 'lattice') throw new Error('the silo changed: expected a lattice generator');
    const { page, errors } = await openApp(session.browser, `${session.app.url}?lesson=scale&run=0`);
    await waitFor(page, 'window.__sandbox.frames().particles === 100000', 120_000); // 120 s: ≈ 10 s idle to build and send 100,000 discs; a loaded machine
    expect((await hook(page, (h) => h.frames())).nonFiniteDrawn).toBe(0);
    const d = await hook(page, (h) => h.discs());
    expect(d.x.length).toBe(lattice.nx * lattice.ny);
    const { nx } = lattice, n = d.x.length;
    expect(d.x[0]).toBeCloseTo(lattice.origin[0], 6);
    expect(d.y[0]).toBeCloseTo(lattice.origin[1], 6);
    // the first and the last disc (bottom left and top right: a disc drawn at its neighbour's place would
    // leave one of them empty), each with its neighbour in the row and the one between them in the next row
    for (const [a, b, c] of [[0, 1, nx], [n - 1, n - 2, n - 1 - nx]]) {
      await hook(page, (h) => h.fit());
      const [sx, sy] = await hook(page, new Function('h', `return h.worldToScreen(${d.x[a]}, ${d.y[a]})`) as (h: Hook) => [number, number]);
      await page.mouse.move(sx, sy);
      // a few pixels across (points), then 30 pixels (quads)
      for (const [radiusPx, points] of [[4, true], [15, false]] as const) {
        while ((await hook(page, (h) => h.view())).s * d.r[a] < radiusPx) await wheel(page, -100);
        await frames(page);
        expect(await hook(page, (h) => h.discsAsPoints())).toBe(points);
        // half a radius above or below the centre (away from the orientation bar): the disc's fill tinted with
        // the colour of rest; the centroid of the three discs' triangle lies in the gap between them (0.15 radii
        // beyond their rims: checked zoomed in only)
        const gap: [number, number] = [(d.x[a] + d.x[b] + d.x[c]) / 3, (d.y[a] + d.y[b] + d.y[c]) / 3];
        const px = await pixelsAt(page, [[d.x[a], d.y[a] + 0.5 * d.r[a]], [d.x[b], d.y[b] - 0.5 * d.r[b]], gap]);
        expect(diff(px[0], AT_REST), `disc ${a}, ${radiusPx} px: ${px[0]}`).toBeLessThan(16);
        expect(diff(px[1], AT_REST), `disc ${b}, ${radiusPx} px: ${px[1]}`).toBeLessThan(16);
        if (!points) expect(diff(px[2], BACKGROUND), `gap of ${a}, ${b}, ${c}: ${px[2]}`).toBeLessThan(8);
      }
    }
    // it runs: frames keep arriving and the worker steps the 100,000 discs
    const f0 = (await hook(page, (h) => h.frames())).received;
    await hook(page, (h) => h.run());
    await expect.poll(() => hook(page, (h) => h.workerStatus().then((s) => s.step)), { timeout: 60_000 }).toBeGreaterThan(20);
    await expect.poll(() => hook(page, (h) => h.frames().received), { timeout: 60_000 }).toBeGreaterThan(f0 + 5);
    expect((await hook(page, (h) => h.frames())).nonFiniteDrawn).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000); // 240 s: ≈ 25 s idle, most of it the 100,000 discs' frames; a loaded machine

  it('a disc turned a quarter turn has its bar pointing up, drawn as a point sprite and as a quad', async () => {
    const r = 0.01, x0 = 0.3, y0 = 0.2;
    const spec = {
      name: 'turned-disc',
      material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.3, mu: 0.5, density: 1000 },
      solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc: 0.05 },
      gravity: [0, 0],
      particles: [{ x: x0, y: y0, r, theta: Math.PI / 2 }],
    };
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
    expect(await hook(page, new Function('h', `return h.loadSpec(${JSON.stringify(spec)})`) as (h: Hook) => Promise<string[]>)).toEqual([]);
    await hook(page, (h) => h.pause());
    await waitFor(page, 'window.__sandbox.frames().particles === 1');
    await hook(page, (h) => h.fit());
    const brightness = (p: number[]): number => p[0] + p[1] + p[2];
    const atRest = brightness(AT_REST);
    // fitted (the disc fills the view: a quad), then zoomed out to 6–7 pixels in radius (a point sprite)
    for (const points of [false, true]) {
      const [sx, sy] = await hook(page, new Function('h', `return h.worldToScreen(${x0}, ${y0})`) as (h: Hook) => [number, number]);
      await page.mouse.move(sx, sy);
      while (points && (await hook(page, (h) => h.view())).s * r > 7) await wheel(page, 100);
      await frames(page);
      expect(await hook(page, (h) => h.discsAsPoints())).toBe(points);
      const s = (await hook(page, (h) => h.view())).s;
      // across the bar 0.6 radii above the centre, a pixel apart: one of them on the dark bar
      const across = Array.from({ length: 7 }, (_, k): [number, number] => [x0 + (k - 3) / s, y0 + 0.6 * r]);
      const fill: [number, number][] = [[x0 + 0.6 * r, y0], [x0 - 0.6 * r, y0], [x0, y0 - 0.6 * r]];
      // 1.3 radii out, to the sides and down to the right (straight down lies off a canvas the fitted disc fills)
      const outside: [number, number][] = [[x0 + 1.3 * r, y0], [x0 - 1.3 * r, y0], [x0 + 0.92 * r, y0 - 0.92 * r]];
      const px = await pixelsAt(page, [...across, ...fill, ...outside]);
      const bar = Math.min(...px.slice(0, 7).map(brightness));
      expect(bar, `bar at ${s * r} px radius: ${px.slice(0, 7).join(' | ')}`).toBeLessThan(0.75 * atRest);
      for (const p of px.slice(7, 10)) expect(diff(p, AT_REST), `fill at ${s * r} px radius: ${p}`).toBeLessThan(16);
      for (const p of px.slice(10)) expect(diff(p, BACKGROUND), `outside at ${s * r} px radius: ${p}`).toBeLessThan(8);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('steps on two threads (threads=2) to the numbers of one thread', async () => {
    // 90 × 100 discs settling in a box: three chunks of bodies, several of candidate pairs
    const r = 0.01, spacing = 1.996 * r, nx = 90;
    const spec = {
      name: 'threads-lattice',
      material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.3, mu: 0.5, density: 1000 },
      solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc: 0.05 },
      gravity: [0, -9.81],
      walls: [{ type: 'box', xmin: 0, xmax: (nx + 1) * spacing, ymin: 0, ymax: 10, openTop: true }],
      generators: [{ type: 'lattice', lattice: 'hex', origin: [r * 1.5, r], nx, ny: 100, spacing, r, radiusJitter: 0.005, seed: 11 }],
    };
    const runs = [];
    for (const threads of [2, 1]) {
      const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0&threads=${threads}`);
      expect(await hook(page, new Function('h', `return h.loadSpec(${JSON.stringify(spec)})`) as (h: Hook) => Promise<string[]>)).toEqual([]);
      await hook(page, (h) => h.pause());
      expect(await hook(page, (h) => h.stepN(400))).toBe(400);
      const status = await hook(page, (h) => h.workerStatus());
      expect(status.n).toBe(9000);
      expect(status.threads).toBe(threads);
      // alone or on the pool (every thread), the loops run in WebAssembly (the page is cross-origin isolated)
      expect(status.kernels).toBe('WebAssembly');
      await waitFor(page, 'window.__sandbox.status()?.step === 400');
      expect(await page.textContent('[data-testid="status-sps"]')).toContain(threads > 1 ? `· ${threads} threads · wasm` : 'steps/s · wasm');
      const f = (await hook(page, (h) => h.frames())).received;
      await waitFor(page, `window.__sandbox.frames().received > ${f + 2}`);
      runs.push({ status, diag: await hook(page, (h) => h.diagnostics()), discs: await hook(page, (h) => h.discs()) });
      expect(await hook(page, (h) => h.messages())).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
    const [two, one] = runs;
    // bodies: the same bits (as drawn); contacts the same; energies added by chunk, so equal to rounding
    expect(two.status.contacts).toBe(one.status.contacts);
    expect(two.status.contacts).toBeGreaterThan(10_000);
    expect(two.discs.x).toEqual(one.discs.x);
    expect(two.discs.y).toEqual(one.discs.y);
    for (const k of ['ek', 'eElastic', 'ePotential'] as const) expect(Math.abs(two.diag[k] - one.diag[k])).toBeLessThanOrEqual(1e-9 * Math.abs(one.diag[k]));
    expect(one.diag.ek).toBeGreaterThan(0);
  }, 240_000);

  it('threads above the logical cores (threads=64) step on the cores, with a note, the URL and menu saying so', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0&threads=64`);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const used = Math.min(64, cores);
    await waitFor(page, 'window.__sandbox.status()?.n > 0');
    expect((await hook(page, (h) => h.workerStatus())).threads).toBe(used);
    expect(await hook(page, (h) => h.stepN(20))).toBe(20);
    if (used < 64) {
      expect((await hook(page, (h) => h.messages())).join(' ')).toContain(`threads: 64 threads asked for; this machine has ${cores} logical core`);
      await expect.poll(() => new URL(page.url()).searchParams.get('threads')).toBe(String(used));
      expect(await page.locator('[data-testid="gui-threads"] select').inputValue()).toBe(String(used));
    }
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('the threads menu starts the scene again on the chosen threads, keeping the parameters', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0&mu=0.3`);
    await waitFor(page, 'window.__sandbox.status()?.params?.mu === 0.3');
    expect(await hook(page, (h) => h.stepN(30))).toBe(30);
    const menu = page.locator('[data-testid="gui-threads"] select');
    for (const threads of [2, 1]) {
      await menu.selectOption(String(threads));
      // the scene starts again (step 0) on the pool, or on the worker alone, with μ as set
      await expect.poll(() => hook(page, (h) => h.workerStatus().then((s) => [s.threads, s.step])), { timeout: 60_000 }).toEqual([threads, 0]);
      await waitFor(page, `window.__sandbox.status()?.threads === ${threads}`);
      expect((await hook(page, (h) => h.status()))?.params?.mu).toBe(0.3);
      expect(await hook(page, (h) => h.stepN(50))).toBe(50);
      expect(new URL(page.url()).searchParams.get('threads')).toBe(String(threads));
      expect(await page.textContent('[data-testid="status-sps"]')).toContain(threads > 1 ? `· ${threads} threads` : 'steps/s');
    }
    expect(await hook(page, (h) => h.messages())).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);
});
