/**
 * Hostile input in headless Chromium (issue 8, item 6): nothing from a URL or a file is inserted as HTML or
 * evaluated, a bad value or file gets a message naming the field, and the page never throws or hangs.
 *
 * - A fixed sample of the seeded browser fuzz (test/fuzz/browser/): malformed query strings and fragments,
 *   malformed scenario files through the import control and `#spec=`. `FUZZ_FULL=1` runs the whole set
 *   (`FUZZ_PER_FAMILY`, default 30, URLs per family), as does `npx tsx test/fuzz/browser/fuzz-browser.ts`.
 * - Regression tests for what the fuzz found in src/ui.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allCases, baseSpec, HTML_PAYLOADS, MARK, sampleCases } from '../fuzz/browser/cases';
import { BrowserFuzz, summaryTable, type Outcome } from '../fuzz/browser/runner';
import { SAMPLE, SEED } from '../fuzz/browser/settings';
import { openApp, useBrowserSession, waitFor } from './harness';

const session = useBrowserSession();

const FULL = process.env.FUZZ_FULL === '1';
const cases = FULL ? allCases(SEED, Number(process.env.FUZZ_PER_FAMILY ?? 30)) : sampleCases(SEED, SAMPLE.perUrlFamily, SAMPLE.perFileFamily);

describe(`browser fuzz, seed ${SEED}: ${FULL ? 'full set' : 'fixed sample'} of ${cases.length} cases`, () => {
  let fuzz: BrowserFuzz;
  const outcomes: Outcome[] = [];
  beforeAll(async () => { fuzz = await BrowserFuzz.start(session.browser, session.app.url); });
  afterAll(async () => {
    await fuzz?.close();
    if (FULL) console.log(`\n${summaryTable(outcomes)}\n`);
  });

  for (const c of cases) {
    it(`${c.id}: ${c.note.slice(0, 60)}`, async () => {
      const o = await fuzz.run(c);
      outcomes.push(o);
      // ok = loaded and running, bad input named in a visible text message, good input applied, nothing injected
      expect({ result: o.result, detail: o.detail }).toEqual({ result: 'ok', detail: [] });
    });
  }
});

type Hook = {
  __sandbox: {
    messages(): string[];
    fileLoads(): { count: number; problems: string[] };
    loadSpec(j: unknown): Promise<string[]>;
    description(): string;
    scenario(): string;
    status(): { scenario: string; n: number } | null;
  };
};

/** Feeds a file to the import control (Export / import → load scenario JSON…) and waits until the page has read it. */
async function importFile(page: Page, text: string): Promise<void> {
  const before = await page.evaluate(() => (window as unknown as Hook).__sandbox.fileLoads().count);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator('[data-testid="gui-load-json"] button').click(),
  ]);
  await chooser.setFiles({ name: 'scene.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await waitFor(page, `window.__sandbox.fileLoads().count > ${before}`, 20_000); // 20 s: the 200,000-problem file takes a few seconds idle; a loaded machine
}

const banner = (page: Page) => page.evaluate(() => {
  const box = document.getElementById('url-message')!;
  return { hidden: box.hidden, title: box.querySelector('strong')?.textContent ?? '', items: [...box.querySelectorAll('li')].map((li) => li.textContent ?? '') };
});

describe('hostile input: what the fuzz found', () => {
  it('the fuzz would see a payload inserted as HTML: each one sets window.__pwned or leaves a marked element', async () => {
    const { page } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
    const seen = await page.evaluate(async ({ payloads, mark }) => {
      const out: boolean[] = [];
      for (const p of payloads) {
        const w = window as unknown as { __pwned?: unknown };
        delete w.__pwned;
        const host = document.createElement('div');
        document.body.appendChild(host);
        host.innerHTML = p; // what the page must never do with a URL's or a file's text
        // polled until the payload shows (an onerror handler runs once its load has failed, a few ms on); 5 s gives
        // up for a payload the fuzz would miss (a loaded machine fires these events late, never that late)
        const seen = (): boolean => w.__pwned !== undefined || host.querySelector(`[${mark}]`) !== null;
        const t0 = performance.now();
        while (!seen() && performance.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 10));
        out.push(seen());
        host.remove();
      }
      return out;
    }, { payloads: HTML_PAYLOADS.filter((p) => p.includes(MARK)), mark: MARK });
    expect(seen).toEqual(seen.map(() => true));
    expect(seen.length).toBeGreaterThan(10);
    await page.context().close();
  });

  it('a good file after a rejected one clears the rejection; 200,000 problems list 20 and count the rest; a file above 16 MiB and an unreadable file get a message', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
    // a rejection, then a good file: the banner no longer says the file was rejected
    await importFile(page, '{"name": 1}');
    const bad = await banner(page);
    expect(bad.hidden).toBe(false);
    expect(bad.title).toBe('That scenario file was rejected:');
    expect(bad.items.join(' ')).toMatch(/^name:/);
    await importFile(page, JSON.stringify(baseSpec('good-after-bad')));
    expect(await page.evaluate(() => (window as unknown as Hook).__sandbox.scenario())).toBe('good-after-bad');
    expect((await banner(page)).hidden).toBe(true);

    // a bad value in each of 200,000 entries: the banner stays short, the page keeps answering
    await importFile(page, `{"name":"many","particles":[${'1,'.repeat(199_999)}1]}`);
    const problems = await page.evaluate(() => (window as unknown as Hook).__sandbox.fileLoads().problems);
    expect(problems.length).toBe(200_000);
    const many = await banner(page);
    expect(many.items.length).toBe(21);
    expect(many.items.slice(0, 20)).toEqual(problems.slice(0, 20));
    expect(many.items[20]).toBe('… and 199,980 more problems');
    // the page keeps answering: its status poll goes on after the 200,000 problems (no time is measured)
    await page.evaluate(() => { (window as unknown as { __before: unknown }).__before = (window as unknown as Hook).__sandbox.status(); });
    await waitFor(page, 'window.__sandbox.status() !== window.__before'); // each poll brings a new status object

    // a file above 16 MiB is refused before it is read (a 200 MB file once took 26 s to be rejected)
    await importFile(page, `{"name":"big","particles":[${' '.repeat(17 * 1024 * 1024)}]}`);
    const big = await banner(page);
    expect(big.title).toBe('That scenario file was rejected:');
    expect(big.items).toEqual(['the file could not be read (it is 17.0 MiB; the largest scenario file is 16 MiB)']);

    // a file the browser cannot read (removed or unreadable before the page reads it): a message, not nothing
    await page.evaluate(() => { File.prototype.text = () => Promise.reject(new DOMException('A requested file could not be read.', 'NotReadableError')); });
    await importFile(page, JSON.stringify(baseSpec('unread')));
    const unread = await banner(page);
    expect(unread.hidden).toBe(false);
    expect(unread.title).toBe('That scenario file was rejected:');
    expect(unread.items).toEqual(['the file could not be read (A requested file could not be read.)']);
    expect(await page.evaluate(() => (window as unknown as Hook).__sandbox.status()?.scenario)).toBe('good-after-bad');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a file whose name is not a built-in name reopens from its URL without a message about `scenario`', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile`);
    const name = 'my drop <b>test</b> \u202e';
    expect(await page.evaluate((j) => (window as unknown as Hook).__sandbox.loadSpec(j), baseSpec(name))).toEqual([]);
    await waitFor(page, 'location.hash.startsWith("#spec=")');
    const url = page.url();
    expect(new URL(url).searchParams.get('scenario')).toBe(name);
    const other = await openApp(session.browser, url);
    await waitFor(other.page, `window.__sandbox.scenario() === ${JSON.stringify(name)}`);
    expect(await other.page.evaluate(() => (window as unknown as Hook).__sandbox.messages())).toEqual([]);
    expect((await banner(other.page)).hidden).toBe(true);
    expect([...errors, ...other.errors]).toEqual([]);
    await other.page.context().close();
    await page.context().close();
  });
});
