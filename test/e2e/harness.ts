/**
 * Shared by the end-to-end tests and the browser bench/soak scripts: build the app with Vite's
 * JS API into a temporary folder (once per state of the sources), serve it with `vite preview` on 127.0.0.1, and launch Debian's
 * Chromium through playwright-core (no browser download).
 */
import { afterAll, beforeAll } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
  // software WebGL2 (SwiftShader) stays available with the GPU disabled
  '--enable-unsafe-swiftshader',
  // keep timers and rAF running at full rate in a headless, unfocused page
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

export interface App {
  url: string;
  outDir: string;
  close(): Promise<void>;
}

/** What the built app depends on: its sources, page, static files, build config and locked packages */
const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

/** A digest of every build input's path and contents */
function sourceDigest(): string {
  const h = createHash('sha256');
  const add = (path: string): void => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) { for (const name of readdirSync(path).sort()) add(join(path, name)); return; }
    h.update(path.slice(ROOT.length)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const p of BUILD_INPUTS) add(join(ROOT, p));
  return h.digest('hex').slice(0, 16);
}

/**
 * The built app for the current sources: built once into a folder named by their digest and reused by
 * every test file after (each file runs in its own process); a change to any source builds it again.
 */
async function builtApp(): Promise<string> {
  const dir = join(tmpdir(), `granular-sandbox-dist-${sourceDigest()}`);
  if (existsSync(join(dir, 'index.html'))) return dir;
  const outDir = mkdtempSync(join(tmpdir(), 'granular-sandbox-build-'));
  await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
  try {
    renameSync(outDir, dir); // whole or not at all: another process may have built it meanwhile
  } catch {
    rmSync(outDir, { recursive: true, force: true });
  }
  return dir;
}

/** Serves the app built from the current sources on 127.0.0.1 (random port), building it if needed. */
export async function buildAndServe(): Promise<App> {
  const outDir = await builtApp();
  const server: PreviewServer = await preview({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const addr = server.httpServer.address();
  const port = typeof addr === 'object' && addr ? addr.port : 4173;
  return {
    url: `http://127.0.0.1:${port}/`,
    outDir,
    async close() {
      await server.close();
    },
  };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface OpenedPage {
  page: Page;
  /** console errors and page errors seen so far */
  errors: string[];
}

export async function openApp(browser: Browser, url: string, viewport = { width: 1400, height: 900 }): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __sandbox?: { ready: boolean } }).__sandbox?.ready === true, undefined, { timeout: 60_000 });
  return { page, errors };
}

/**
 * Builds and serves the app and launches Chromium once per test file (beforeAll), closing both
 * afterwards. Read `app` and `browser` inside tests, after beforeAll has run.
 */
export function useBrowserSession(): { readonly app: App; readonly browser: Browser } {
  let app: App | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await buildAndServe();
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  return {
    get app(): App { return app as App; },
    get browser(): Browser { return browser as Browser; },
  };
}

/**
 * Waits until the page-side JavaScript condition holds. The condition must be synchronous:
 * page.waitForFunction takes a returned Promise as truthy at once (it does not await it), so a
 * condition on a worker call would pass before it holds. Such a condition throws here instead;
 * poll worker state from Node with expect.poll.
 */
export async function waitFor(page: Page, cond: string, timeout = 30_000): Promise<void> {
  const checked = `(() => { const v = (${cond}); if (v && typeof v.then === 'function') throw new Error('waitFor: the condition returned a Promise; poll it with expect.poll'); return v; })()`;
  await page.waitForFunction(checked, undefined, { timeout, polling: 100 });
}
