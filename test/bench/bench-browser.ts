/**
 * Browser benchmark (npm run bench:browser [-- --seconds 20 --counts 10000,100000 --threads 1,2 --pile lattice --fps 15,5]):
 * a pile of 10,000 and of 100,000 discs in headless Chromium, drawing while the worker runs free (on its own,
 * or on a pool of `threads` in all: the page's `threads` parameter). The pile is the built-in pile widened,
 * raining into its box (`rain`, the default), or `lattice`: the Node bench's hex lattice (src/cli/bench.ts)
 * stepped with cdm + Cundall, in contact from the start as the Node bench's threads table. `--fps` caps the frames
 * drawn per second (the page's `fps` parameter: display, 30, 15, 10 or 5; a list measures each). `--parts` picks what is
 * measured (piles, comparison, paused, polygons; all by default). `polygons` is the built-in 10,000-polygon silo
 * (src/core/scenarios/builtins/polygon-silo.ts) on each of --threads and --fps, stepped `--polygon-steps` steps
 * before it is timed (its column has landed and the discharge is under way), measured as the piles are, with the
 * worker's steps/s and the main thread's busy share (its ms per frame times the frames drawn, over the time). Prints
 *   - main-thread ms per frame: unpacking the frame (colours, the copy into the disc layer's textures) and
 *     Pixi's render call (its JavaScript and the GL calls it issues; not the GPU's work), mean / p50 / p95 / max;
 *   - the worker's particle-steps per second while rendering;
 *   - the same scenario and the same step range stepped headless in Node on one thread, for comparison;
 *   - main-thread ms per frame with a 4-variant lockstep comparison of the 400-disc pile (issue 11 asks
 *     ≤ 4 ms): the Scene's unpacking plus the three outlined variants (src/ui/compare/variant-layer.ts),
 *     overlaid and side by side (panes=1, with the panes' upkeep: src/ui/compare/pane-view.ts).
 *   - a paused page's cost, the browser's CPU in % of one core (the 400-disc pile, the 100,000-disc silo): left
 *     alone, when it idles (src/ui/render/idle-frames.ts), and kept drawing every animation frame.
 * Results are also written to bench-results/browser-<date>.json, and with `--doc FILE.md#BLOCK` as Markdown tables
 * (browser-tables.ts) into that block of the doc, with the command, the date and the machine (src/cli/doc-block.ts).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { refuse, scriptArgs } from '../../src/cli/script-args';
import { createWorld, getBuiltIn, MAX_THREADS } from '../../src/core/index';
import type { Browser } from 'playwright-core';
import { buildAndServe, launch, openApp, ROOT } from '../e2e/harness';
import { pileSpec } from './pile-10k';
import { benchPileSpec } from '../../src/cli/bench';
import { commandLine, machineStamp, parseDocTarget, writeDocBlock, type DocTarget } from '../../src/cli/doc-block';
import { comparisonTable, pausedTable, pilesTable, polygonsTable, type ComparisonMeasured, type PausedMeasured, type PileMeasured, type PolygonsMeasured } from './browser-tables';
import type { ScenarioSpec } from '../../src/core/scenarios/schema';
import { FPS_OPTIONS } from '../../src/ui/url-state';

interface Hook {
  loadSpec(json: unknown): Promise<string[]>;
  pause(): Promise<void>;
  run(): Promise<void>;
  resetPerf(): void;
  perf(): { frames: number; mean: number; p50: number; p95: number; max: number; fps: number };
  perfRender(): { frames: number; mean: number; p50: number; p95: number; max: number };
  workerStatus(): Promise<{ step: number; n: number; threads: number; contacts: number; stepsPerSec: number; particleStepsPerSec: number }>;
  frames(): { received: number; dropped: number };
  setRendering(on: boolean): void;
  stepN(n: number): Promise<number>;
}

/** The 400-disc pile compared 4 ways (as loaded: Gear 5 + Cundall; geometric; central difference; μ = 0.1), at full speed */
const COMPARE_QUERY = '?scenario=pile&run=0&speed=max&variant=&variant=tangential=geometric&variant=integrator=cdm&variant=mu=0.1';

type PerfSummary = ReturnType<Hook['perf']>;
/** Steps per stepN call while a scene is advanced before its timing (10,000 polygons: ≈ 3 s a call) */
const ADVANCE_CALL = 100;

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

interface PileResult {
  threads: number; count: number; seconds: number; stepRange: [number, number]; contacts: number;
  unpack: PerfSummary; render: ReturnType<Hook['perfRender']>; frames: { received: number; dropped: number };
  browserPsps: number; browserNoDrawPsps: number; noDrawRange: [number, number]; errors: string[];
}

/**
 * A scene (the pile of `count` discs, the polygon silo) in the page at full speed: main-thread ms per frame and the
 * worker's rate, drawing and not; `advance` steps are taken (paused, untimed) before it runs.
 */
async function measurePile(browser: Browser, url: string, spec: ScenarioSpec, threads: number, fps: string, seconds: number, warmup: number, advance = 0): Promise<PileResult> {
  const { page, errors } = await openApp(browser, `${url}?scenario=pile&run=0&threads=${threads}&fps=${fps}`);
  const h = <T>(f: (h: Hook) => T | Promise<T>): Promise<T> => page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;
  const problems = await page.evaluate((s) => (window as unknown as { __sandbox: Hook }).__sandbox.loadSpec(s), spec as unknown);
  if (problems.length) throw new Error(`spec rejected: ${problems.join('; ')}`);
  // in calls of ADVANCE_CALL steps: a worker busy for 15 s on one call is taken for stuck (worker-watch.ts)
  for (let done = 0; done < advance;) {
    const did = await page.evaluate((k) => (window as unknown as { __sandbox: Hook }).__sandbox.stepN(k), Math.min(ADVANCE_CALL, advance - done));
    if (did === 0) throw new Error(`the scene stopped stepping at step ${done} of the ${advance} before the timing`);
    done += did;
  }
  await h((x) => x.run());
  await page.waitForTimeout(warmup * 1000);
  const s0 = await h((x) => { x.resetPerf(); return x.workerStatus(); });
  const f0 = await h((x) => x.frames());
  const t0 = Date.now();
  await page.waitForTimeout(seconds * 1000);
  const s1 = await h((x) => x.workerStatus());
  const wall = (Date.now() - t0) / 1000;
  const unpack = await h((x) => x.perf());
  const render = await h((x) => x.perfRender());
  const f1 = await h((x) => x.frames());
  // the same page with drawing stopped: the worker alone (separates CPU contention from software GL)
  await h((x) => x.setRendering(false));
  await page.waitForTimeout(1000);
  const q0 = await h((x) => x.workerStatus());
  const u0 = Date.now();
  await page.waitForTimeout(Math.min(seconds, 10) * 1000);
  const q1 = await h((x) => x.workerStatus());
  const idleWall = (Date.now() - u0) / 1000;
  await h((x) => x.pause());
  await page.context().close();
  return {
    threads: s1.threads, count: s1.n, seconds: wall, stepRange: [s0.step, s1.step], contacts: s1.contacts, unpack, render,
    frames: { received: f1.received - f0.received, dropped: f1.dropped - f0.dropped },
    browserPsps: ((s1.step - s0.step) * s1.n) / wall, browserNoDrawPsps: ((q1.step - q0.step) * q1.n) / idleWall,
    noDrawRange: [q0.step, q1.step], errors,
  };
}

/** CPU time of the browser's processes (all named chromium or chrome), in seconds: Linux's /proc. */
function browserCpuSeconds(): number {
  const ticks = 100; // USER_HZ
  let t = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!/chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'utf8'))) continue;
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      t += (Number(f[11]) + Number(f[12])) / ticks; // utime, stime
    } catch { /* the process ended meanwhile */ }
  }
  return t;
}

/**
 * A paused page's cost: the browser's CPU (% of one core) over `seconds`, left alone (it idles: render/idle-frames.ts)
 * and kept awake by a hook call every 200 ms (as before drawing on demand: every animation frame drawn).
 */
async function measurePaused(browser: Browser, url: string, query: string, seconds: number): Promise<{ idle: number; awake: number; n: number }> {
  const { page } = await openApp(browser, url + query);
  await page.waitForFunction(() => ((window as unknown as { __sandbox: { status(): { n: number } | null } }).__sandbox.status()?.n ?? 0) > 0, undefined, { timeout: 120_000 });
  const n = await page.evaluate(() => (window as unknown as { __sandbox: { status(): { n: number } } }).__sandbox.status().n);
  const cpu = async (awake: boolean): Promise<number> => {
    await page.waitForTimeout(3000); // past IDLE_AFTER_MS, or the wake-ups settled
    const c0 = browserCpuSeconds(), t0 = Date.now();
    while (Date.now() - t0 < seconds * 1000) {
      if (awake) await page.evaluate(() => (window as unknown as { __sandbox: { status(): unknown } }).__sandbox.status());
      await page.waitForTimeout(200);
    }
    return (100 * (browserCpuSeconds() - c0)) / ((Date.now() - t0) / 1000);
  };
  const idle = await cpu(false);
  const awake = await cpu(true);
  await page.context().close();
  return { idle, awake, n };
}

/** Node, the same scenario over the same step ranges (the cost depends on the state: contacts grow as it settles). */
function nodeRates(spec: ScenarioSpec, drawn: [number, number], noDraw: [number, number]): [number, number] {
  const world = createWorld(spec);
  const rate = (from: number, to: number): number => {
    world.step(from - world.stepCount);
    const t0 = performance.now();
    world.step(to - from);
    return ((to - from) * world.n) / ((performance.now() - t0) / 1000);
  };
  return [rate(drawn[0], drawn[1]), rate(noDraw[0], noDraw[1])];
}

const ms = (p: { mean: number; p50: number; p95: number; max: number }): string =>
  `mean ${p.mean.toFixed(2)} ms, p50 ${p.p50.toFixed(2)}, p95 ${p.p95.toFixed(2)}, max ${p.max.toFixed(1)}`;

const PARTS = ['piles', 'comparison', 'paused', 'polygons'] as const;
/** Steps the polygon silo takes (paused, untimed) before it is timed: t = 0.19 s, its column has landed and the orifice flows */
const POLYGON_STEPS = 5000;
const USAGE = `npm run bench:browser -- [--parts piles,comparison,paused,polygons] [--seconds 20] [--warmup 3] [--counts 10000,100000]
    [--threads 1,2] [--pile rain|lattice] [--fps display,30,15,10,5] [--polygon-steps 5000] [--doc FILE.md#BLOCK]
Measures the app in headless Chromium (see the header of test/bench/bench-browser.ts and docs/benchmarks.md).
`;

interface Options {
  parts: Set<string>; seconds: number; warmup: number; counts: number[]; threads: number[]; pile: 'rain' | 'lattice';
  fps: string[]; polygonSteps: number; doc: DocTarget | null;
}

/** The command line, every value checked before the app is built */
function options(): Options {
  const values = scriptArgs({
      options: {
        parts: { type: 'string', default: PARTS.join(',') }, seconds: { type: 'string', default: '20' }, warmup: { type: 'string', default: '3' },
        counts: { type: 'string', default: '10000,100000' }, threads: { type: 'string', default: '1' }, pile: { type: 'string', default: 'rain' },
        fps: { type: 'string', default: 'display' }, 'polygon-steps': { type: 'string', default: String(POLYGON_STEPS) },
        doc: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false },
      },
  }, USAGE);
  const numbers = (name: string, text: string, lo: number, hi: number) => {
    const v = text.split(',').map(Number);
    if (!v.every((x) => Number.isInteger(x) && x >= lo && x <= hi)) refuse(`--${name}: comma-separated whole numbers from ${lo} to ${hi}, got '${text}'`);
    return v;
  };
  const choices = (name: string, text: string, allowed: readonly string[]) => {
    const v = text.split(',');
    if (!v.every((x) => allowed.includes(x))) refuse(`--${name}: comma-separated values among ${allowed.join(', ')}, got '${text}'`);
    return v;
  };
  const whole = (name: string, text: string, lo: number, hi: number) => {
    const v = text.trim() === '' ? NaN : Number(text);
    if (!Number.isInteger(v) || v < lo || v > hi) refuse(`--${name}: a whole number from ${lo} to ${hi}, got '${text}'`);
    return v;
  };
  const seconds = whole('seconds', values.seconds, 1, 600);
  const warmup = whole('warmup', values.warmup, 0, 600);
  if (values.pile !== 'rain' && values.pile !== 'lattice') refuse(`--pile: rain or lattice, got '${values.pile}'`);
  let doc: DocTarget | null = null;
  try {
    if (values.doc !== undefined) doc = parseDocTarget(values.doc);
  } catch (e) {
    refuse((e as Error).message);
  }
  return {
    parts: new Set(choices('parts', values.parts, PARTS)), seconds, warmup, counts: numbers('counts', values.counts, 1, 1_000_000),
    threads: numbers('threads', values.threads, 1, MAX_THREADS), pile: values.pile, fps: choices('fps', values.fps, FPS_OPTIONS),
    polygonSteps: whole('polygon-steps', values['polygon-steps'], 0, 1_000_000), doc,
  };
}

/** Every pile of --counts × --threads × --fps in the page, and in Node over the same steps */
async function measurePiles(browser: Browser, url: string, o: Options): Promise<(PileResult & PileMeasured)[]> {
  const piles: (PileResult & PileMeasured)[] = [];
  for (const count of o.counts) for (const threads of o.threads) for (const fps of o.fps) {
    const spec = o.pile === 'rain' ? pileSpec(count) : benchPileSpec(count, 'cundall', 'cdm');
    piles.push(await measureScene(browser, url, o, spec, threads, fps, 'discs'));
  }
  return piles;
}

/** One scene on `threads` at most `fps` frames/s in the page, then in Node over the same steps; printed as it goes */
async function measureScene(browser: Browser, url: string, o: Options, spec: ScenarioSpec, threads: number, fps: string, what: string, advance = 0): Promise<PileResult & PileMeasured> {
  const r = await measurePile(browser, url, spec, threads, fps, o.seconds, o.warmup, advance);
  const [nodePsps, nodeNoDrawPsps] = nodeRates(spec, r.stepRange, r.noDrawRange);
  console.log(`browser: ${r.count} ${what} on ${r.threads} thread(s), frames/s at most ${fps}, ${r.contacts} contacts at the end, steps ${r.stepRange[0]}…${r.stepRange[1]} in ${r.seconds.toFixed(1)} s`);
  console.log(`  main thread per frame, unpacking the frame: ${ms(r.unpack)} over ${r.unpack.frames} frames`);
  console.log(`  main thread per frame, Pixi's render call:  ${ms(r.render)}`);
  console.log(`  main thread per frame, both (means):        ${(r.unpack.mean + r.render.mean).toFixed(2)} ms`);
  console.log(`  frames/s ${r.unpack.fps.toFixed(1)}; frames received ${r.frames.received}, dropped (replaced by a newer one) ${r.frames.dropped}`);
  console.log(`  worker while drawing ${((r.stepRange[1] - r.stepRange[0]) / r.seconds).toFixed(1)} steps/s, ${(r.browserPsps / 1e6).toFixed(3)} M particle-steps/s, drawing stopped ${(r.browserNoDrawPsps / 1e6).toFixed(3)} M`);
  console.log(`  node (one thread), same steps: ${(nodePsps / 1e6).toFixed(3)} M and ${(nodeNoDrawPsps / 1e6).toFixed(3)} M particle-steps/s`);
  console.log(`  browser worker / node = ${(r.browserPsps / nodePsps).toFixed(3)} while drawing (software WebGL shares the 2 cores), ${(r.browserNoDrawPsps / nodeNoDrawPsps).toFixed(3)} with drawing stopped`);
  if (r.errors.length) console.log(`  page errors: ${r.errors.join(' | ')}`);
  return { ...r, fps, nodePsps, nodeNoDrawPsps };
}

/** The built-in 10,000-polygon silo on each of --threads × --fps */
async function measurePolygons(browser: Browser, url: string, o: Options): Promise<PolygonsMeasured[]> {
  const spec = getBuiltIn('polygon-silo');
  const rows: PolygonsMeasured[] = [];
  for (const threads of o.threads) for (const fps of o.fps) {
    const r = await measureScene(browser, url, o, spec, threads, fps, 'bodies (the polygon silo)', o.polygonSteps);
    rows.push({ ...r, steps: r.stepRange[1] - r.stepRange[0] });
    const busy = (r.unpack.mean * r.unpack.frames + r.render.mean * r.render.frames) / (10 * r.seconds);
    console.log(`  main thread busy with the frames ${busy.toFixed(0)} % of the time`);
  }
  return rows;
}

/** The 4-variant comparison's main thread, overlaid and side by side */
async function measureComparisons(browser: Browser, url: string, o: Options): Promise<ComparisonMeasured[]> {
  const seconds = Math.min(o.seconds, 10);
  const cmp = await measureComparison(browser, url, seconds, o.warmup);
  console.log(`comparison: pile (400 discs) × 4 variants, ${cmp.steps} steps of variant 1 in ${seconds} s`);
  console.log(`  main thread per frame (unpack + sprites + 3 outlined variants): mean ${cmp.mean.toFixed(3)} ms, p50 ${cmp.p50.toFixed(3)} ms, p95 ${cmp.p95.toFixed(3)} ms, max ${cmp.max.toFixed(2)} ms over ${cmp.frames} frames, ${cmp.fps.toFixed(1)} frames/s`);
  const side = await measureComparison(browser, url, seconds, o.warmup, true);
  console.log(`  side by side (panes=1; + the panes' upkeep): mean ${side.mean.toFixed(3)} ms, p50 ${side.p50.toFixed(3)} ms, p95 ${side.p95.toFixed(3)} ms, max ${side.max.toFixed(2)} ms over ${side.frames} frames, ${side.fps.toFixed(1)} frames/s`);
  return [{ layout: 'overlaid', perf: cmp }, { layout: 'side by side', perf: side }];
}

/** The browser's CPU with a paused page: the 400-disc pile and the 100,000-disc silo */
async function measurePausedPages(browser: Browser, url: string, o: Options): Promise<PausedMeasured[]> {
  const paused: PausedMeasured[] = [];
  for (const query of ['?scenario=pile&run=0', '?scenario=silo&run=0']) {
    const r = await measurePaused(browser, url, query, Math.min(o.seconds, 10));
    paused.push({ query, ...r });
    console.log(`paused page ${query} (${r.n} bodies): the browser's CPU ${r.idle.toFixed(0)} % of one core idle, ${r.awake.toFixed(0)} % kept drawing every animation frame`);
  }
  return paused;
}

async function main(): Promise<void> {
  const stamp = machineStamp(); // the load average before the bench adds its own
  const o = options();
  console.log(`building and serving the app…`);
  const app = await buildAndServe();
  const browser = await launch();
  const tables: string[] = [];
  try {
    const out: Record<string, unknown> = { date: new Date().toISOString() };
    if (o.parts.has('piles')) {
      const piles = await measurePiles(browser, app.url, o);
      out.piles = piles;
      tables.push(pilesTable(piles));
    }
    if (o.parts.has('comparison')) {
      const [cmp, side] = await measureComparisons(browser, app.url, o);
      out.comparison4MainThreadMsPerFrame = cmp.perf;
      out.comparison4SideBySideMainThreadMsPerFrame = side.perf;
      tables.push(comparisonTable([cmp, side]));
    }
    if (o.parts.has('polygons')) {
      const polygons = await measurePolygons(browser, app.url, o);
      out.polygons = polygons;
      tables.push(polygonsTable(polygons));
    }
    if (o.parts.has('paused')) {
      const paused = await measurePausedPages(browser, app.url, o);
      out.pausedBrowserCpuPercent = paused;
      tables.push(pausedTable(paused));
    }
    const dir = join(ROOT, 'bench-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `browser-${String(out.date).replace(/[:.]/g, '-')}.json`), JSON.stringify(out, null, 2));
  } finally {
    await browser.close().catch(() => undefined);
    await app.close().catch(() => undefined);
  }
  try {
    if (o.doc) writeDocBlock(o.doc, commandLine('npm run bench:browser --', process.argv.slice(2)), tables.join('\n\n'), stamp);
  } catch (e) {
    refuse((e as Error).message);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
