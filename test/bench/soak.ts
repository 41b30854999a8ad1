/**
 * Soak run (npm run soak -- --minutes 10 [--count 400] [--every 15]): the app runs a pile in headless
 * Chromium, drawing all the time, and every `every` seconds this prints the main thread's and the
 * worker's JS heap (after a forced GC, through the DevTools protocol) and the throughput.
 * At the end it prints heap start/end/min/max and the throughput spread. Not a CI test.
 * It also prints the rewind timeline's memory (issue 11: the snapshots the worker keeps, counted by the worker,
 * and the worker's ArrayBuffer backing stores where Chromium reports them), which must stay within its bound.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { buildAndServe, CHROMIUM, CHROMIUM_ARGS, ROOT } from '../e2e/harness';
import { arg, pileSpec } from './pile-10k';

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
}

interface Row {
  minute: number; mainHeapMB: number; workerHeapMB: number; stepsPerSec: number; fps: number; applyMs: number; step: number; contacts: number; seriesRows: number;
  /** the rewind timeline: bytes its snapshots hold (spare included), their count, and the worker's ArrayBuffer memory */
  timelineMB: number; snapshots: number; workerBuffersMB: number;
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

async function main(): Promise<void> {
  const minutes = arg('minutes', 10);
  const count = arg('count', 400); // 400 = the built-in pile, as opened by default
  const every = arg('every', 15);
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
      const now = Date.now();
      const sps = lastStep ? ((st.step - lastStep) * 1000) / (now - lastT) : st.stepsPerSec;
      lastStep = st.step;
      lastT = now;
      const row: Row = {
        minute: (now - t0) / 60_000, mainHeapMB: mainHeap / 2 ** 20, workerHeapMB: wHeap / 2 ** 20,
        stepsPerSec: sps, fps: perf.fps, applyMs: perf.mean, step: st.step, contacts: st.contacts, seriesRows,
        timelineMB: tl.bytes / 2 ** 20, snapshots: tl.count, workerBuffersMB: lastBacking / 2 ** 20,
      };
      rows.push(row);
      console.log(`${row.minute.toFixed(2).padStart(6)} min  main heap ${row.mainHeapMB.toFixed(2)} MB  worker heap ${row.workerHeapMB.toFixed(2)} MB  ${row.stepsPerSec.toFixed(1)} steps/s  ${row.fps.toFixed(1)} fps  apply ${row.applyMs.toFixed(3)} ms  step ${row.step}  contacts ${row.contacts}  series rows ${row.seriesRows}  timeline ${row.timelineMB.toFixed(2)} MB in ${row.snapshots} snapshots  worker buffers ${row.workerBuffersMB.toFixed(1)} MB${st.health.status !== 'ok' ? '  DIVERGED' : ''}`);
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
    if (errors.length) console.log(`page errors: ${errors.join(' | ')}`);
    const dir = join(ROOT, 'bench-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(out, null, 2));
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
