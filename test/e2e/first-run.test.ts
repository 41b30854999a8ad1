/**
 * The first page load of a fresh development server (what `npm start` serves on a fresh clone) is clean:
 * no console error, no failed request, and Vite does not discover a dependency late and re-optimise
 * (which answers the page's requests with `504 (Outdated Optimize Dep)` and reloads it). Vite's
 * dependency cache goes to a new temporary folder, so the dependencies are optimised from scratch as on
 * a fresh clone.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createServer, type ViteDevServer } from 'vite';
import type { Browser } from 'playwright-core';
import { launch, ROOT } from './harness';

let server: ViteDevServer | undefined;
let browser: Browser | undefined;
let cacheDir = '';
/** Everything Vite logged while the page loaded */
const viteLog: string[] = [];

beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'granular-sandbox-vite-cache-'));
  const logger = createLogger('info');
  const keep = (msg: string): void => { viteLog.push(msg); };
  logger.info = keep;
  logger.warn = keep;
  logger.warnOnce = keep;
  logger.error = keep;
  server = await createServer({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    cacheDir,
    customLogger: logger,
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, strictPort: false, open: false, hmr: false },
  });
  await server.listen();
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

test('a fresh dev server: the first page load logs no console error and Vite re-optimises nothing', async () => {
  const addr = server!.httpServer!.address();
  const port = typeof addr === 'object' && addr ? addr.port : 5173;
  const url = `http://127.0.0.1:${port}/`;

  const context = await browser!.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`page error: ${String(e)}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} (${r.failure()?.errorText ?? '?'})`));
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.statusText()}: ${r.url()}`); });
  page.on('worker', (w) => w.on('console', (m) => { if (m.type() === 'error') errors.push(`worker console: ${m.text()}`); }));

  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __sandbox?: { ready: boolean } }).__sandbox?.ready === true, undefined, { timeout: 120_000 });
  // the simulation worker has started and its first frames arrived; give late imports time to show
  await page.waitForTimeout(3000);
  await context.close();

  expect(errors, errors.join('\n')).toEqual([]);
  const reoptimised = viteLog.filter((m) => /new dependencies optimized|optimized dependencies changed|reloading/i.test(m));
  expect(reoptimised, viteLog.join('\n')).toEqual([]);
});
