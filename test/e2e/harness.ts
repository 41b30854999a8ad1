/**
 * What the end-to-end tests share: the app and Chromium started once for the whole chromium project by its global
 * setup (global-setup.ts: one build, one `vite preview`, one browser server), a page opened on the app, and a wait
 * on the page's own state. The app's build, server and browser launch live in serve-app.ts (also used by the bench).
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Download, type Page } from 'playwright-core';

export { buildAndServe, CHROMIUM, CHROMIUM_ARGS, launch, ROOT, type App } from './serve-app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the app served by global-setup.ts */
    e2eAppUrl: string;
    /** the browser server global-setup.ts launched */
    e2eBrowserWs: string;
  }
}

export interface OpenedPage {
  page: Page;
  /** console errors and page errors seen so far */
  errors: string[];
}

/**
 * A projector's 1280×720 unless a test asks for another size: every pixel of it is drawn and composited in software
 * (SwiftShader) on the cores the tests share. `options`: the system's reduced-motion setting, the zoom (a device
 * scale factor of 2 with half the CSS viewport is the browser's 200 %).
 */
export async function openApp(browser: Browser, url: string, viewport = { width: 1280, height: 720 }, options: Pick<BrowserContextOptions, 'reducedMotion' | 'deviceScaleFactor'> = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, acceptDownloads: true, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(drawingCapped(url));
  await page.waitForFunction(() => (window as unknown as { __sandbox?: { ready: boolean } }).__sandbox?.ready === true, undefined, { timeout: 60_000 });
  return { page, errors };
}

/**
 * The URL with `fps=10` added unless it sets `fps` itself. Without a GPU every frame is drawn by SwiftShader on the
 * cores the page's simulation and the other test files need (the running pile: Chromium's GPU process 108 % of a
 * core at the display's 60 frames/s, 60 % at 5); a test about the drawing rate, or one that moves the mouse frame by
 * frame, passes `fps=` itself. Added as text, not through URLSearchParams, which would re-encode the rest.
 */
export function drawingCapped(url: string): string {
  const hash = url.indexOf('#');
  const head = hash < 0 ? url : url.slice(0, hash), tail = hash < 0 ? '' : url.slice(hash);
  if (/[?&]fps=/.test(head)) return url;
  return head.includes('?') ? head.replace('?', '?fps=10&') + tail : `${head}?fps=10${tail}`;
}

/**
 * The app and a connection to the shared browser for one test file (beforeAll), disconnected afterwards (the browser
 * and the server stay up for the next file; global-setup.ts closes them at the end). Read `app` and `browser` inside
 * tests, after beforeAll has run.
 */
export function useBrowserSession(): { readonly app: { url: string }; readonly browser: Browser } {
  let browser: Browser | undefined;
  const app = { url: '' };
  beforeAll(async () => {
    app.url = inject('e2eAppUrl');
    browser = await chromium.connect(inject('e2eBrowserWs'));
  });
  afterAll(async () => {
    await browser?.close(); // a connected browser: closes this file's contexts and disconnects
  });
  return {
    get app() { return app; },
    get browser(): Browser { return browser as Browser; },
  };
}

/** Waits until the page has drawn at least `n` more frames from the worker. */
export async function frames(page: Page, n = 3): Promise<void> {
  // checked in the page on every animation frame (a 100 ms poll from Node would add up over a drag of 30 moves);
  // 30 s: frames come slowly on a loaded machine
  await page.evaluate((n) => new Promise<void>((resolve, reject) => {
    const h = (window as unknown as { __sandbox: { frames(): { received: number } } }).__sandbox;
    const want = h.frames().received + n, t0 = performance.now();
    const check = (): void => {
      if (h.frames().received >= want) resolve();
      else if (performance.now() - t0 > 30_000) reject(new Error(`${n} frames not drawn within 30 s`));
      else requestAnimationFrame(check);
    };
    check();
  }), n);
}

/** A download's bytes, read through Playwright's stream (a browser connected to a server has no local path) */
export async function downloadBytes(d: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await d.createReadStream()) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
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
