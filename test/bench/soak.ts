/**
 * Soak run (npm run soak -- --minutes 60 [--count 400] [--every 15] [--doc FILE.md#BLOCK]): the app runs a
 * pile in headless Chromium with its charts, drawing all the time, and every `every` seconds this prints the main
 * thread's and the worker's JS heap (after a forced GC, through the DevTools protocol), the DOM's node and listener
 * counts, the textures the renderer holds, the frame-time percentiles since the last sample (requestAnimationFrame
 * intervals) and the throughput (issue 39 item 6). At the end it prints start/middle/end figures and the whole run's
 * frame-time percentiles, and with --doc writes them as a table into that block of the docs. Not a CI test.
 * It also prints the rewind timeline's memory (issue 11: the snapshots the worker keeps, counted by the worker,
 * and the worker's ArrayBuffer backing stores where Chromium reports them), which must stay within its bound.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { buildAndServe, CHROMIUM, CHROMIUM_ARGS, ROOT } from '../e2e/harness';
import { commandLine, machineStamp, parseDocTarget, writeDocBlock } from '../../src/cli/doc-block';
import { markdownTable } from '../../src/cli/markdown-table';
import { pileSpec } from './pile-10k';

interface Hook {
  ready: boolean;
  loadSpec(json: unknown): Promise<string[]>;
  run(): Promise<void>;
  heap(): number;
  perf(): { fps: number; mean: number; p95: number };
  resetPerf(): void;
  seriesLength(): number;
  workerStatus(): Promise<{ step: number; t: number; n: number; contacts: number; stepsPerSec: number; health: { status: string } }>;
  timeline(): Promise<{ times: number[]; bytes: number; budgetBytes: number; maxEntries: number }>;
  gpuTextures(): number;
}

/** Frame intervals in 0.5 ms bins (the last bin: 2 s and longer), counted in the page by a requestAnimationFrame loop */
const BINS = 4001;
const BIN_MS = 0.5;
interface FrameClock { bins: number[]; last: number }

/** The interval below which a fraction q of the counted frames fall [ms] */
function percentile(bins: readonly number[], q: number): number {
  const total = bins.reduce((a, b) => a + b, 0);
  if (!total) return NaN;
  let seen = 0;
  for (let k = 0; k < bins.length; k++) {
    seen += bins[k];
    if (seen >= q * total) return (k + 0.5) * BIN_MS;
  }
  return NaN;
}

interface Row {
  minute: number; mainHeapMB: number; workerHeapMB: number; stepsPerSec: number; fps: number; applyMs: number; step: number; contacts: number; seriesRows: number;
  /** the rewind timeline: bytes its snapshots hold (spare included), their count, and the worker's ArrayBuffer memory */
  timelineMB: number; snapshots: number; workerBuffersMB: number;
  /** the DOM (Memory.getDOMCounters) and the renderer's textures */
  domNodes: number; listeners: number; textures: number;
  /** requestAnimationFrame intervals since the last sample [ms] */
  frameP50: number; frameP95: number; frameP99: number; frames: number;
}

/** Heap of the page's dedicated worker through a browser-level DevTools session (non-flat attach). */
async function workerHeapProbe(browser: Browser): Promise<() => Promise<number>> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; targetId: string }[] };
  const w = targetInfos.find((t) => t.type === 'worker');
  if (!w) return async () => NaN;
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: w.targetId, flatten: false })) as { sessionId: string };
  let id = 0;
  const pending = new Map<number, (v: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id !== undefined) { pending.get(m.id)?.(m.result); pending.delete(m.id); }
  });
  const call = (method: string) => new Promise<unknown>((resolve) => {
    const i = ++id;
    pending.set(i, resolve);
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: i, method, params: {} }) });
  });
  return async () => {
    await call('HeapProfiler.collectGarbage');
    const r = (await call('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
    lastBacking = r.backingStorageSize ?? NaN;
    return r.usedSize;
  };
}

/** The worker's ArrayBuffer backing stores at the last probe (Runtime.getHeapUsage.backingStorageSize; NaN where Chromium omits it) */
let lastBacking = NaN;

async function pageHeap(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const r = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return r.usedSize;
}

/** A number option within [lo, hi], or an error naming the option and its range */
function checked(name: string, text: string, lo: number, hi: number): number {
  const v = Number(text);
  if (!(v >= lo && v <= hi)) throw new Error(`${name}: must be a number from ${lo} to ${hi}, got '${text}'`);
  return v;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { minutes: { type: 'string', default: '10' }, count: { type: 'string', default: '400' }, every: { type: 'string', default: '15' }, doc: { type: 'string' } },
  });
  const minutes = checked('--minutes', values.minutes, 0.1, 24 * 60);
  const count = Math.round(checked('--count', values.count, 1, 1e6)); // 400 = the built-in pile, as opened by default
  const every = checked('--every', values.every, 1, 3600);
  const doc = values.doc === undefined ? null : parseDocTarget(values.doc);
  const stamp = machineStamp();
  console.log(`soak: ${count === 400 ? 'built-in' : `${count}-disc`} pile for ${minutes} min, sample every ${every} s`);
  const app = await buildAndServe();
  const browser = await chromium.launch({
    executablePath: CHROMIUM, headless: true,
    args: CHROMIUM_ARGS,
  });
  const rows: Row[] = [];
  try {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(`${app.url}?scenario=pile&run=0`);
    await page.waitForFunction(() => (window as unknown as { __sandbox?: Hook }).__sandbox?.ready === true);
    if (count !== 400) {
      const problems = await page.evaluate((s) => (window as unknown as { __sandbox: Hook }).__sandbox.loadSpec(s), pileSpec(count) as unknown);
      if (problems.length) throw new Error(problems.join('; '));
    }
    await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.run());
    // a string, not a function: tsx's transform would wrap the nested function in a helper the page does not have
    await page.evaluate(`(() => {
      const clock = { bins: new Array(${BINS}).fill(0), last: 0 };
      window.__soakFrames = clock;
      const tick = (t) => {
        if (clock.last) clock.bins[Math.min(${BINS - 1}, Math.floor((t - clock.last) / ${BIN_MS}))]++;
        clock.last = t;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    const allFrames = new Array<number>(BINS).fill(0);
    const workerHeap = await workerHeapProbe(browser);
    const pageCdp = await page.context().newCDPSession(page);
    const t0 = Date.now();
    const end = t0 + minutes * 60_000;
    let timelineBudget = NaN;
    let lastStep = 0;
    let lastT = Date.now();
    await page.waitForTimeout(2000);
    for (;;) {
      const mainHeap = await pageHeap(pageCdp);
      const wHeap = await workerHeap().catch(() => NaN);
      const st = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.workerStatus());
      const perf = await page.evaluate(() => { const h = (window as unknown as { __sandbox: Hook }).__sandbox; const p = h.perf(); h.resetPerf(); return p; });
      const seriesRows = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.seriesLength());
      const tl = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.timeline().then((i) => ({ bytes: i.bytes, count: i.times.length, budget: i.budgetBytes })));
      timelineBudget = tl.budget;
      const dom = (await pageCdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
      const textures = await page.evaluate(() => (window as unknown as { __sandbox: Hook }).__sandbox.gpuTextures());
      const bins = await page.evaluate(() => {
        const c = (window as unknown as { __soakFrames: FrameClock }).__soakFrames;
        const b = c.bins.slice();
        c.bins.fill(0);
        return b;
      });
      bins.forEach((v, k) => { allFrames[k] += v; });
      const now = Date.now();
      const sps = lastStep ? ((st.step - lastStep) * 1000) / (now - lastT) : st.stepsPerSec;
      lastStep = st.step;
      lastT = now;
      const row: Row = {
        minute: (now - t0) / 60_000, mainHeapMB: mainHeap / 2 ** 20, workerHeapMB: wHeap / 2 ** 20,
        stepsPerSec: sps, fps: perf.fps, applyMs: perf.mean, step: st.step, contacts: st.contacts, seriesRows,
        timelineMB: tl.bytes / 2 ** 20, snapshots: tl.count, workerBuffersMB: lastBacking / 2 ** 20,
        domNodes: dom.nodes, listeners: dom.jsEventListeners, textures,
        frameP50: percentile(bins, 0.5), frameP95: percentile(bins, 0.95), frameP99: percentile(bins, 0.99), frames: bins.reduce((a, b) => a + b, 0),
      };
      rows.push(row);
      console.log(`${row.minute.toFixed(2).padStart(6)} min  main heap ${row.mainHeapMB.toFixed(2)} MB  worker heap ${row.workerHeapMB.toFixed(2)} MB  ${row.stepsPerSec.toFixed(1)} steps/s  ${row.fps.toFixed(1)} fps  apply ${row.applyMs.toFixed(3)} ms  step ${row.step}  contacts ${row.contacts}  series rows ${row.seriesRows}  timeline ${row.timelineMB.toFixed(2)} MB in ${row.snapshots} snapshots  worker buffers ${row.workerBuffersMB.toFixed(1)} MB  DOM nodes ${row.domNodes}  listeners ${row.listeners}  textures ${row.textures}  frame p50/p95/p99 ${row.frameP50}/${row.frameP95}/${row.frameP99} ms${st.health.status !== 'ok' ? '  DIVERGED' : ''}`);
      if (now >= end) break;
      await page.waitForTimeout(Math.min(every * 1000, Math.max(0, end - Date.now())));
    }
    const summary = (key: keyof Row) => {
      const v = rows.map((r) => r[key] as number).filter(Number.isFinite);
      const first = v[0], last = v[v.length - 1];
      return { first, last, min: Math.min(...v), max: Math.max(...v), changePct: ((last - first) / first) * 100 };
    };
    // skip the first sample for throughput (warm-up)
    const thr = rows.slice(1).map((r) => r.stepsPerSec);
    const mean = thr.reduce((a, b) => a + b, 0) / Math.max(1, thr.length);
    const out = {
      minutes, count, rows, errors,
      mainHeap: summary('mainHeapMB'), workerHeap: summary('workerHeapMB'),
      throughput: { mean, min: Math.min(...thr), max: Math.max(...thr) },
    };
    console.log(`main heap   MB: start ${out.mainHeap.first.toFixed(2)}, end ${out.mainHeap.last.toFixed(2)}, min ${out.mainHeap.min.toFixed(2)}, max ${out.mainHeap.max.toFixed(2)} (${out.mainHeap.changePct.toFixed(1)} %)`);
    if (Number.isFinite(out.workerHeap.first)) {
      console.log(`worker heap MB: start ${out.workerHeap.first.toFixed(2)}, end ${out.workerHeap.last.toFixed(2)}, min ${out.workerHeap.min.toFixed(2)}, max ${out.workerHeap.max.toFixed(2)} (${out.workerHeap.changePct.toFixed(1)} %)`);
    } else console.log('worker heap: not readable in this Chromium');
    const tlMax = Math.max(...rows.map((r) => r.timelineMB));
    console.log(`rewind timeline MB: max ${tlMax.toFixed(2)} of the ${(timelineBudget / 2 ** 20).toFixed(0)} MB budget (+ one spare snapshot), end ${rows[rows.length - 1].timelineMB.toFixed(2)} in ${rows[rows.length - 1].snapshots} snapshots; worker buffers max ${Math.max(...rows.map((r) => r.workerBuffersMB)).toFixed(1)} MB`);
    console.log(`throughput steps/s: mean ${mean.toFixed(1)}, min ${out.throughput.min.toFixed(1)}, max ${out.throughput.max.toFixed(1)}`);
    const frameAll = { p50: percentile(allFrames, 0.5), p95: percentile(allFrames, 0.95), p99: percentile(allFrames, 0.99), frames: allFrames.reduce((a, b) => a + b, 0) };
    console.log(`frame time ms over the run (${frameAll.frames} frames): p50 ${frameAll.p50}, p95 ${frameAll.p95}, p99 ${frameAll.p99}`);
    if (errors.length) console.log(`page errors: ${errors.join(' | ')}`);
    if (doc) {
      const mid = rows[Math.floor((rows.length - 1) / 2)], first = rows[0], last = rows[rows.length - 1];
      const at = (r: Row) => `${r.minute.toFixed(1)} min`;
      const f = (v: number, d: number) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
      const heads = ['', `start (${at(first)})`, `middle (${at(mid)})`, `end (${at(last)})`];
      const table = markdownTable(heads.map((head, k) => ({ head, cell: (r: string[]) => r[k] })), [
        ['page JS heap after GC [MiB]', ...[first, mid, last].map((r) => f(r.mainHeapMB, 2))],
        ['worker JS heap after GC [MiB]', ...[first, mid, last].map((r) => f(r.workerHeapMB, 2))],
        ['worker array buffers [MiB]', ...[first, mid, last].map((r) => f(r.workerBuffersMB, 1))],
        ['rewind timeline [MiB]', ...[first, mid, last].map((r) => f(r.timelineMB, 2))],
        ['DOM nodes', ...[first, mid, last].map((r) => String(r.domNodes))],
        ['event listeners', ...[first, mid, last].map((r) => String(r.listeners))],
        ['GPU textures', ...[first, mid, last].map((r) => String(r.textures))],
        ['chart rows held', ...[first, mid, last].map((r) => String(r.seriesRows))],
        ['frame time p50 / p95 / p99 since the last sample [ms]', ...[first, mid, last].map((r) => `${r.frameP50} / ${r.frameP95} / ${r.frameP99}`)],
        ['steps / s', ...[first, mid, last].map((r) => f(r.stepsPerSec, 0))],
      ]);
      const body = `${count === 400 ? 'The built-in pile (400 discs)' : `A ${count}-disc pile`}, ${minutes} min at full speed with its charts, sampled every ${every} s `
        + `(${rows.length} samples, ${last.step} steps, health ${errors.length ? `with page errors: ${errors.join(' | ')}` : 'ok, no page error'}). `
        + `Frame time over the whole run (${frameAll.frames} frames): p50 ${frameAll.p50} ms, p95 ${frameAll.p95} ms, p99 ${frameAll.p99} ms. `
        + `Load average at the end: ${loadavg()[0].toFixed(2)}.\n\n${table}`;
      writeDocBlock(doc, commandLine('npm run soak --', process.argv.slice(2)), body, stamp);
      console.log(`written: ${doc.file}#${doc.block}`);
    }
    const dir = join(ROOT, 'bench-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(out, null, 2));
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
