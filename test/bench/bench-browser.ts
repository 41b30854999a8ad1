/**
 * Browser benchmark (npm run bench:browser [-- --seconds 20 --count 10000]):
 * a 10,000-disc pile in headless Chromium, rendering while the worker runs free. Prints
 *   - main-thread ms per frame spent unpacking the frame and updating the sprites
 *     (excluding GPU work and Pixi's own render pass), mean / p50 / p95 / max;
 *   - the worker's particle-steps per second while rendering;
 *   - the same scenario and the same step range stepped headless in Node, for comparison;
 *   - main-thread ms per frame with a 4-variant lockstep comparison of the 400-disc pile (issue 11 asks
 *     ≤ 4 ms): the Scene's unpacking plus the three outlined variants (src/ui/compare/variant-layer.ts),
 *     overlaid and side by side (panes=1, with the panes' upkeep: src/ui/compare/pane-view.ts).
 * Results are also written to bench-results/browser-<date>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWorld } from '../../src/core/index';
import type { Browser } from 'playwright-core';
import { buildAndServe, launch, openApp, ROOT } from '../e2e/harness';
import { arg, pileSpec } from './pile-10k';

interface Hook {
  loadSpec(json: unknown): Promise<string[]>;
  pause(): Promise<void>;
  run(): Promise<void>;
  resetPerf(): void;
  perf(): { frames: number; mean: number; p50: number; p95: number; max: number; fps: number };
  workerStatus(): Promise<{ step: number; n: number; contacts: number; stepsPerSec: number; particleStepsPerSec: number }>;
  frames(): { received: number; dropped: number };
  setRendering(on: boolean): void;
}

/** The 400-disc pile compared 4 ways (as loaded: Gear 5 + Cundall; geometric; central difference; μ = 0.1), at full speed */
const COMPARE_QUERY = '?scenario=pile&run=0&speed=max&variant=&variant=tangential=geometric&variant=integrator=cdm&variant=mu=0.1';

type PerfSummary = ReturnType<Hook['perf']>;

/** Main-thread ms per frame while the 4-variant comparison runs at full speed. */
async function measureComparison(browser: Browser, url: string, seconds: number, warmup: number, panes = false): Promise<PerfSummary & { steps: number }> {
  const { page, errors } = await openApp(browser, url + COMPARE_QUERY + (panes ? '&panes=1' : ''));
  await page.waitForFunction(() => (window as unknown as { __sandbox: { status(): { comparison: { variants: unknown[] } | null } | null } }).__sandbox.status()?.comparison?.variants.length === 4, undefined, { timeout: 60_000 });
  await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.run());
  await page.waitForTimeout(warmup * 1000);
  const s0 = await page.evaluate(() => { const h = (window as unknown as { __sandbox: Hook }).__sandbox; h.resetPerf(); return h.workerStatus(); });
  await page.waitForTimeout(seconds * 1000);
  const perf = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.perf());
  const s1 = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.workerStatus());
  if (errors.length) console.log(`  page errors: ${errors.join(' | ')}`);
  await page.context().close();
  return { ...perf, steps: s1.step - s0.step };
}

async function main(): Promise<void> {
  const seconds = arg('seconds', 20);
  const count = arg('count', 10_000);
  const warmup = arg('warmup', 3);
  const spec = pileSpec(count);
  console.log(`building and serving the app…`);
  const app = await buildAndServe();
  const browser = await launch();
  try {
    const { page, errors } = await openApp(browser, `${app.url}?scenario=pile&run=0`);
    const problems = await page.evaluate((s) => (window as unknown as { __sandbox: Hook }).__sandbox.loadSpec(s), spec as unknown);
    if (problems.length) throw new Error(`spec rejected: ${problems.join('; ')}`);
    await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.run());
    await page.waitForTimeout(warmup * 1000);
    const s0 = await page.evaluate(() => { const h = (window as unknown as { __sandbox: Hook }).__sandbox; h.resetPerf(); return h.workerStatus(); });
    const f0 = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.frames());
    const t0 = Date.now();
    await page.waitForTimeout(seconds * 1000);
    const s1 = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.workerStatus());
    const wall = (Date.now() - t0) / 1000;
    const perf = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.perf());
    const f1 = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.frames());
    // the same page with drawing stopped: the worker alone (separates CPU contention from software GL)
    await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.setRendering(false));
    await page.waitForTimeout(1000);
    const q0 = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.workerStatus());
    const u0 = Date.now();
    await page.waitForTimeout(Math.min(seconds, 10) * 1000);
    const q1 = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.workerStatus());
    const idleWall = (Date.now() - u0) / 1000;
    await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.pause());
    const idlePsps = ((q1.step - q0.step) * q1.n) / idleWall;
    const steps = s1.step - s0.step;
    const browserPsps = (steps * s1.n) / wall;
    console.log(`browser: ${s1.n} discs, ${s1.contacts} contacts at the end, steps ${s0.step}…${s1.step} in ${wall.toFixed(1)} s`);
    console.log(`  main thread per frame (unpack + sprite update): mean ${perf.mean.toFixed(3)} ms, p50 ${perf.p50.toFixed(3)} ms, p95 ${perf.p95.toFixed(3)} ms, max ${perf.max.toFixed(2)} ms over ${perf.frames} frames`);
    console.log(`  frames/s ${perf.fps.toFixed(1)}; frames received ${f1.received - f0.received}, dropped (replaced by a newer one) ${f1.dropped - f0.dropped}`);
    console.log(`  worker: ${(steps / wall).toFixed(1)} steps/s = ${(browserPsps / 1e6).toFixed(3)} M particle-steps/s while rendering`);
    console.log(`  worker with drawing stopped (steps ${q0.step}…${q1.step}): ${((q1.step - q0.step) / idleWall).toFixed(1)} steps/s = ${(idlePsps / 1e6).toFixed(3)} M particle-steps/s`);
    if (errors.length) console.log(`  page errors: ${errors.join(' | ')}`);
    await page.context().close();
    const cmp = await measureComparison(browser, app.url, Math.min(seconds, 10), warmup);
    console.log(`comparison: pile (400 discs) × 4 variants, ${cmp.steps} steps of variant 1 in ${Math.min(seconds, 10)} s`);
    console.log(`  main thread per frame (unpack + sprites + 3 outlined variants): mean ${cmp.mean.toFixed(3)} ms, p50 ${cmp.p50.toFixed(3)} ms, p95 ${cmp.p95.toFixed(3)} ms, max ${cmp.max.toFixed(2)} ms over ${cmp.frames} frames, ${cmp.fps.toFixed(1)} frames/s`);
    const side = await measureComparison(browser, app.url, Math.min(seconds, 10), warmup, true);
    console.log(`  side by side (panes=1; + the panes' upkeep): mean ${side.mean.toFixed(3)} ms, p50 ${side.p50.toFixed(3)} ms, p95 ${side.p95.toFixed(3)} ms, max ${side.max.toFixed(2)} ms over ${side.frames} frames, ${side.fps.toFixed(1)} frames/s`);
    await browser.close();
    await app.close();

    // Node: the same scenario over the same step range (state-dependent cost: contacts grow as it settles)
    const world = createWorld(spec);
    world.step(s0.step);
    const n0 = performance.now();
    world.step(steps);
    const nodeSec = (performance.now() - n0) / 1000;
    const nodePsps = (steps * world.n) / nodeSec;
    console.log(`node:    same ${steps} steps in ${nodeSec.toFixed(1)} s = ${(nodePsps / 1e6).toFixed(3)} M particle-steps/s (${(steps / nodeSec).toFixed(1)} steps/s)`);
    world.step(q0.step - s1.step);
    const m0 = performance.now();
    world.step(q1.step - q0.step);
    const nodeSec2 = (performance.now() - m0) / 1000;
    const nodePsps2 = ((q1.step - q0.step) * world.n) / nodeSec2;
    console.log(`node:    steps ${q0.step}…${q1.step} in ${nodeSec2.toFixed(1)} s = ${(nodePsps2 / 1e6).toFixed(3)} M particle-steps/s`);
    console.log(`browser worker / node = ${(browserPsps / nodePsps).toFixed(3)} while rendering (software WebGL shares the 2 cores), ${(idlePsps / nodePsps2).toFixed(3)} with drawing stopped`);
    const out = {
      date: new Date().toISOString(), count: s1.n, seconds: wall, stepRange: [s0.step, s1.step],
      mainThreadMsPerFrame: perf, framesPerSec: perf.fps, comparison4MainThreadMsPerFrame: cmp, comparison4SideBySideMainThreadMsPerFrame: side,
      browserParticleStepsPerSec: browserPsps, browserNoDrawParticleStepsPerSec: idlePsps, nodeParticleStepsPerSec: nodePsps, ratio: browserPsps / nodePsps, nodeParticleStepsPerSec2: nodePsps2, ratioNoDraw: idlePsps / nodePsps2,
    };
    const dir = join(ROOT, 'bench-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `browser-${out.date.replace(/[:.]/g, '-')}.json`), JSON.stringify(out, null, 2));
  } finally {
    await browser.close().catch(() => undefined);
    await app.close().catch(() => undefined);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
