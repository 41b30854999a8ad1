/**
 * The app and the browser the end-to-end tests, the browser bench and soak and the screenshots use: build the app
 * with Vite's JS API into a temporary folder (once per state of the sources), serve it with `vite preview` on
 * 127.0.0.1, and launch Debian's Chromium through playwright-core (no browser download). No Vitest here: the
 * chromium project's global setup (global-setup.ts) runs it in Vitest's main process.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Features Chromium turns off for the tests, on top of Playwright's own. The omnibox popup in WebUI: Chromium 156 loads
 * it (chrome://omnibox-popup.top-chrome, ≈ 160 modules) into a renderer of its own for every window, and a new
 * browser context is a new window: ≈ 1.2 s of a core per context on the CI machine, beside the page being loaded.
 * The pages' own features are untouched.
 */
const FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own `--disable-features` list (its chromiumSwitches), read from playwright-core. Chromium keeps only the
 * last `--disable-features` on a command line, and ours comes after Playwright's: it must carry Playwright's names too.
 */
function playwrightFeaturesOff(): string[] {
  const pkg = createRequire(import.meta.url).resolve('playwright-core/package.json');
  const bundle = readFileSync(join(dirname(pkg), 'lib', 'coreBundle.js'), 'utf8');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const names = list ? [...list.replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9_]+)"/g)].map((m) => m[1]) : [];
  if (!names.includes('PaintHolding')) throw new Error('serve-app.ts: Playwright\'s --disable-features list was not found in playwright-core; read it again there');
  return names;
}

export const CHROMIUM_ARGS = [
  `--disable-features=${[...playwrightFeaturesOff(), ...FEATURES_OFF].join(',')}`,
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

/** Chromium as a server that every test file connects to (global-setup.ts), instead of one browser per file */
export async function launchServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}
