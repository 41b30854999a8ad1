/**
 * Runs fuzz cases (cases.ts) against the built app in headless Chromium and classifies each outcome:
 *
 * - `ok`: the page loaded and runs; every bad value or file is refused with a visible message that names
 *   the field (shown as text), every good value is applied, a rejected file leaves the previous scene running;
 * - `mismatch`: the page works, but a refusal, a message or an applied value is not what README promises;
 * - `page-error`: an uncaught exception, a console error, or the "failed to start" box;
 * - `hang`: the page or its worker does not answer within the bounds below;
 * - `injected`: a payload ran (window.__pwned set, a dialog opened) or one of its elements is in the DOM.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { listBuiltIns } from '../../../src/core/index';
import { PARAMS } from '../../../src/core/config/param-table';
import { MARK, type FileCase, type FuzzCase } from './cases';
import { expectUrl } from './oracle';

export type Result = 'ok' | 'mismatch' | 'page-error' | 'hang' | 'injected';
export const RESULTS: Result[] = ['ok', 'mismatch', 'page-error', 'hang', 'injected'];

export interface Outcome {
  id: string;
  family: string;
  note: string;
  result: Result;
  /** what was wrong (empty when ok) */
  detail: string[];
  ms: number;
}

/** Bounds for "hang": the page must be ready, answer, and finish reading a file within these. */
export const BOUNDS = { readyMs: 30_000, answerMs: 5_000, fileMs: 30_000, liveMs: 2_000 };

/** URLs longer than this are served by the test (the preview server refuses request lines over 16 kB). */
const LONG_URL = 8_000;

const BUILT_INS = listBuiltIns().map((s) => s.name);
const DEFAULT_SCENARIO = 'pile';
const REFUSAL_WORDS = /must be|unknown|more than once|one of/;

interface Snapshot {
  fz: { search: string; hash: string };
  /** the first messages (all for a URL, 50 for a file), and how many there are */
  messages: string[];
  messageCount: number;
  banner: { visible: boolean; title: string; items: string[] };
  fileLoads: { count: number; problems: string[] };
  description: string;
  status: { scenario: string; n: number; step: number; running: boolean; speed: number; health: string; params: Record<string, unknown> | null; threads: number };
  /** the page's navigator.hardwareConcurrency */
  cores: number;
  pwned: unknown;
  marked: number;
  jsLinks: number;
  fatal: string;
}

/** Reads everything a case is judged on, in the page (the worker's status included). */
function snapshotInPage({ mark, limit }: { mark: string; limit: number }): Promise<Snapshot> {
  type Hook = {
    messages(): string[];
    fileLoads(): { count: number; problems: string[] };
    description(): string;
    workerStatus(): Promise<{ scenario: string; n: number; step: number; running: boolean; speed: number; health: { status: string }; params: Record<string, unknown> | null; threads: number }>;
  };
  const w = window as unknown as { __sandbox: Hook; __fz: { search: string; hash: string }; __pwned?: unknown };
  return w.__sandbox.workerStatus().then((s) => {
    const box = document.getElementById('url-message')!;
    const fatal = document.getElementById('fatal')!;
    return {
      fz: w.__fz,
      // the first lines only, for files: one with 10⁵ problems would make the snapshot itself slow
      messages: w.__sandbox.messages().slice(0, limit),
      messageCount: w.__sandbox.messages().length,
      banner: {
        visible: !box.hidden && box.getBoundingClientRect().height > 0,
        title: box.querySelector('strong')?.textContent ?? '',
        items: [...box.querySelectorAll('li')].map((li) => li.textContent ?? ''),
      },
      fileLoads: (({ count, problems }) => ({ count, problems: problems.slice(0, limit) }))(w.__sandbox.fileLoads()),
      description: w.__sandbox.description(),
      status: { scenario: s.scenario, n: s.n, step: s.step, running: s.running, speed: s.speed, health: s.health.status, params: s.params, threads: s.threads },
      cores: navigator.hardwareConcurrency,
      pwned: w.__pwned ?? null,
      marked: document.querySelectorAll(`[${mark}]`).length,
      jsLinks: document.querySelectorAll('[href^="javascript:" i], [src^="javascript:" i], [action^="javascript:" i]').length,
      fatal: fatal.hidden ? '' : fatal.textContent ?? '',
    };
  });
}

const TIMEOUT = Symbol('timeout');

/** The promise's value, or TIMEOUT after `ms`. */
async function within<T>(p: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<typeof TIMEOUT>((res) => { timer = setTimeout(() => res(TIMEOUT), ms); });
  try {
    return await Promise.race([p, t]);
  } finally {
    clearTimeout(timer);
  }
}
const cut = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n)}…` : s);
const q = (s: string) => cut(JSON.stringify(s));

export class BrowserFuzz {
  private context!: BrowserContext;
  private urlPage: Page | null = null;
  private filePage: Page | null = null;
  private readonly errors = new Map<Page, string[]>();
  private readonly dialogs = new Map<Page, string[]>();
  private readonly tmp = mkdtempSync(join(tmpdir(), 'granular-fuzz-'));
  private fileSeq = 0;
  private lastFile: string | null = null;

  private constructor(private readonly browser: Browser, private readonly base: string) {}

  static async start(browser: Browser, baseUrl: string): Promise<BrowserFuzz> {
    const f = new BrowserFuzz(browser, baseUrl);
    await f.newContext();
    return f;
  }

  private async newContext(): Promise<void> {
    this.context = await this.browser.newContext({ viewport: { width: 1280, height: 720 } }); // the e2e harness's size (harness.ts)
    // what the page saw before it rewrote its own URL: the oracle judges a case by this
    await this.context.addInitScript(() => {
      (window as unknown as { __fz: unknown }).__fz = { search: location.search, hash: location.hash };
    });
    const base = this.base;
    await this.context.route((u) => u.href.length > LONG_URL, async (route) => {
      const response = await route.fetch({ url: base });
      await route.fulfill({ response });
    });
  }

  private async newPage(): Promise<Page> {
    const page = await this.context.newPage();
    const errors: string[] = [];
    const dialogs: string[] = [];
    this.errors.set(page, errors);
    this.dialogs.set(page, dialogs);
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('dialog', (d) => { dialogs.push(`${d.type()}: ${d.message()}`); void d.dismiss().catch(() => undefined); });
    page.on('crash', () => errors.push('the page crashed'));
    return page;
  }

  /** Drops a page that hung or crashed (its successor starts afresh). */
  private async drop(page: Page | null): Promise<void> {
    if (!page) return;
    if (page === this.urlPage) this.urlPage = null;
    if (page === this.filePage) this.filePage = null;
    await within(page.close({ runBeforeUnload: false }).catch(() => undefined), 10_000);
  }

  async close(): Promise<void> {
    await within(this.context.close().catch(() => undefined), 10_000);
    rmSync(this.tmp, { recursive: true, force: true });
  }

  async run(c: FuzzCase): Promise<Outcome> {
    const t0 = Date.now();
    let r: { result: Result; detail: string[] };
    try {
      r = c.kind === 'url' ? await this.runUrl(c.query + c.hash, (s) => this.judgeUrl(s))
        : c.via === 'fragment' ? await this.runUrl(`?scenario=${DEFAULT_SCENARIO}#${c.content() as string}`, (s) => this.judgeFragment(c, s))
          : await this.runImport(c);
    } catch (e) {
      r = { result: 'page-error', detail: [`the runner failed: ${e instanceof Error ? e.message : String(e)}`] };
    }
    return { id: c.id, family: c.family, note: c.note, ...r, ms: Date.now() - t0 };
  }

  /** The page's own failures, which outrank everything else. */
  private failures(page: Page, s: Snapshot | null): { result: Result; detail: string[] } | null {
    const dialogs = this.dialogs.get(page) ?? [];
    if (s && (s.pwned !== null || s.marked > 0 || s.jsLinks > 0) || dialogs.length) {
      return { result: 'injected', detail: [`__pwned=${String(s?.pwned)}, payload elements ${s?.marked}, javascript: links ${s?.jsLinks}, dialogs ${dialogs.join('; ')}`] };
    }
    const errors = this.errors.get(page) ?? [];
    if (errors.length || s?.fatal) return { result: 'page-error', detail: [...errors.map((e) => cut(e, 300)), ...(s?.fatal ? [s.fatal] : [])] };
    return null;
  }

  private async runUrl(suffix: string, judge: (s: Snapshot) => string[]): Promise<{ result: Result; detail: string[] }> {
    const page = this.urlPage ?? (this.urlPage = await this.newPage());
    this.errors.get(page)!.length = 0;
    this.dialogs.get(page)!.length = 0;
    const url = this.base + suffix;
    try {
      await page.goto(url, { timeout: BOUNDS.readyMs, waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => (window as unknown as { __sandbox?: { ready: boolean } }).__sandbox?.ready === true || !document.getElementById('fatal')!.hidden, undefined, { timeout: BOUNDS.readyMs, polling: 100 });
    } catch (e) {
      const failed = this.failures(page, null);
      await this.drop(page);
      if (failed) return failed;
      return { result: 'hang', detail: [`not ready within ${BOUNDS.readyMs} ms: ${cut(e instanceof Error ? e.message : String(e), 200)}`] };
    }
    const s = await within(page.evaluate(snapshotInPage, { mark: MARK, limit: Infinity }), BOUNDS.answerMs).catch((e: unknown) => e);
    if (s === TIMEOUT || s instanceof Error) {
      const failed = this.failures(page, null);
      await this.drop(page);
      return failed ?? { result: 'hang', detail: [s === TIMEOUT ? `the page or its worker did not answer within ${BOUNDS.answerMs} ms` : cut(String(s), 200)] };
    }
    const snap = s as Snapshot;
    const failed = this.failures(page, snap);
    if (failed) return failed;
    const detail = judge(snap);
    return { result: detail.length ? 'mismatch' : 'ok', detail };
  }

  /** docs/user-guide.md#url-parameters, through oracle.ts, against what the page shows and what the worker runs. */
  private judgeUrl(s: Snapshot): string[] {
    const exp = expectUrl(s.fz.search, BUILT_INS, DEFAULT_SCENARIO, s.cores);
    const out: string[] = [];
    const st = s.status;
    if (st.scenario !== exp.scenario) out.push(`scenario ${q(st.scenario)}, expected ${q(exp.scenario)}`);
    if (st.threads !== exp.threads) out.push(`${st.threads} threads, expected ${exp.threads}`);
    for (const k of exp.noted) {
      if (!s.messages.some((m) => m.startsWith(`${k}:`) && /logical core/.test(m))) out.push(`${q(k)} has no note saying the cores were used`);
    }
    const names = (k: string) => s.messages.some((m) => m.startsWith(`${k}:`));
    for (const k of exp.named) {
      const line = s.messages.find((m) => m.startsWith(`${k}:`));
      if (!line) out.push(`${q(k)} is not named in the message`);
      else if (!REFUSAL_WORDS.test(line.slice(k.length))) out.push(`the message for ${q(k)} gives no rule: ${q(line)}`);
    }
    for (const m of s.messages) {
      const about = [...exp.named, ...exp.noted, ...Object.keys(exp.applied)].some((k) => m.startsWith(`${k}:`));
      if (!about) out.push(`unexpected message ${q(m)}`);
    }
    out.push(...this.bannerShows(s, 'Some settings could not be used; the defaults were kept:'));
    const p = st.params ?? {};
    for (const [k, v] of Object.entries(exp.applied)) {
      if (p[k] !== v && !names(k)) out.push(`${k}=${q(String(v))} was neither applied (worker has ${q(String(p[k]))}) nor named`);
    }
    for (const [k, v] of Object.entries(exp.refused)) {
      if (p[k] === v) out.push(`${k}=${String(v)} is out of range but reached the worker`);
    }
    for (const k of Object.keys(p)) {
      if (!Object.prototype.hasOwnProperty.call(PARAMS, k)) out.push(`the worker has a parameter the table does not: ${q(k)}`);
    }
    if (exp.speed !== null && st.speed !== exp.speed) out.push(`speed ${st.speed}, expected ${exp.speed}`);
    if (st.health !== 'diverged' && st.running !== exp.running) out.push(`running ${st.running}, expected ${exp.running}`);
    return out;
  }

  /**
   * Messages shown: the banner is visible, with the title, and lists each message as text: the first
   * MAX_LINES, each cut to MAX_CHARS, then a count of the rest.
   */
  private bannerShows(s: Snapshot, title: string): string[] {
    const MAX_LINES = 20, MAX_CHARS = 1000;
    if (!s.messageCount) return s.banner.visible && s.banner.items.length ? ['the banner shows messages the page does not have'] : [];
    const out: string[] = [];
    if (!s.banner.visible) out.push('messages exist but the banner is hidden');
    if (s.banner.title !== title) out.push(`banner title ${q(s.banner.title)}, expected ${q(title)}`);
    const expected = s.messages.slice(0, MAX_LINES).map((m) => (m.length > MAX_CHARS ? `${m.slice(0, MAX_CHARS)}…` : m));
    if (s.messageCount > MAX_LINES) expected.push(`… and ${(s.messageCount - MAX_LINES).toLocaleString('en-US')} more problems`);
    if (s.banner.items.length !== expected.length) out.push(`the banner lists ${s.banner.items.length} lines for ${s.messageCount} messages`);
    expected.forEach((line, k) => {
      if (s.banner.items[k] !== undefined && s.banner.items[k] !== line) out.push(`banner line ${k} is ${q(s.banner.items[k])}, not ${q(line)}`);
    });
    return out;
  }

  /** A `#spec=` fragment: its scenario loads, or the message says why and the query's built-in runs. */
  private judgeFragment(c: FileCase, s: Snapshot): string[] {
    const out: string[] = [];
    const e = c.expect;
    if (e.accepted === 'ignored') {
      if (s.status.scenario !== DEFAULT_SCENARIO) out.push(`scenario ${q(s.status.scenario)}, expected ${DEFAULT_SCENARIO}`);
      if (s.messageCount) out.push(`unexpected messages: ${q(s.messages.join(' | '))}`);
    } else if (e.accepted) {
      if (s.status.scenario !== e.name) out.push(`scenario ${q(s.status.scenario)}, expected ${q(e.name)}`);
      if (s.description !== e.shows) out.push(`description shows ${q(s.description)}, expected ${q(e.shows)}`);
      if (s.messageCount) out.push(`unexpected messages: ${q(s.messages.join(' | '))}`);
    } else {
      if (!s.messages.some((m) => e.problem.test(m))) out.push(`no message matches ${e.problem}: ${q(s.messages.join(' | '))}`);
      if (s.status.scenario !== DEFAULT_SCENARIO) out.push(`scenario ${q(s.status.scenario)}, expected the query's ${DEFAULT_SCENARIO}`);
      out.push(...this.bannerShows(s, 'Some settings could not be used; the defaults were kept:'));
    }
    if (!s.status.running && s.status.health !== 'diverged') out.push('not running');
    return out;
  }

  private async filePageReady(): Promise<Page> {
    if (this.filePage) return this.filePage;
    const page = await this.newPage();
    await page.goto(`${this.base}?scenario=${DEFAULT_SCENARIO}`, { timeout: BOUNDS.readyMs });
    await page.waitForFunction(() => (window as unknown as { __sandbox?: { ready: boolean } }).__sandbox?.ready === true, undefined, { timeout: BOUNDS.readyMs });
    this.filePage = page;
    return page;
  }

  /** A file through the import control (the same file chooser a user sees), in a page that keeps running. */
  private async runImport(c: FileCase): Promise<{ result: Result; detail: string[] }> {
    const page = await this.filePageReady();
    this.errors.get(page)!.length = 0;
    this.dialogs.get(page)!.length = 0;
    const before = await page.evaluate(snapshotInPage, { mark: MARK, limit: 50 });
    // the page reads the file after the chooser closes: it is deleted with the next case, not now
    if (this.lastFile) rmSync(this.lastFile, { force: true });
    const path = (this.lastFile = join(this.tmp, `case-${this.fileSeq++}.json`));
    writeFileSync(path, c.content());
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: BOUNDS.answerMs }),
      page.locator('[data-testid="gui-load-json"] button').click({ timeout: BOUNDS.answerMs }),
    ]);
    await chooser.setFiles(path);
    // the page must keep answering while the worker reads the file, and the file must be read in time
    const deadline = Date.now() + (c.boundMs ?? BOUNDS.fileMs);
    for (;;) {
      const count = await within(page.evaluate(() => (window as unknown as { __sandbox: { fileLoads(): { count: number } } }).__sandbox.fileLoads().count), BOUNDS.liveMs)
        .catch((): typeof TIMEOUT => TIMEOUT);
      if (count === TIMEOUT || Date.now() > deadline) {
        const failed = this.failures(page, null);
        await this.drop(page);
        return failed ?? { result: 'hang', detail: [count === TIMEOUT ? `the page did not answer within ${BOUNDS.liveMs} ms while the file was read` : `the file was not read within ${c.boundMs ?? BOUNDS.fileMs} ms`] };
      }
      if (count > before.fileLoads.count) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const s = await within(page.evaluate(snapshotInPage, { mark: MARK, limit: 50 }), BOUNDS.answerMs).catch((): typeof TIMEOUT => TIMEOUT);
    if (s === TIMEOUT) {
      await this.drop(page);
      return { result: 'hang', detail: [`the page or its worker did not answer within ${BOUNDS.answerMs} ms`] };
    }
    const snap = s as Snapshot;
    const failed = this.failures(page, snap);
    if (failed) return failed;
    const out: string[] = [];
    const e = c.expect;
    const problems = snap.fileLoads.problems;
    if (e.accepted === true) {
      if (problems.length) out.push(`refused: ${q(problems.join(' | '))}`);
      else {
        if (snap.status.scenario !== e.name) out.push(`scenario ${q(snap.status.scenario)}, expected ${q(e.name)}`);
        if (snap.description !== e.shows) out.push(`description shows ${q(snap.description)}, expected ${q(e.shows)}`);
        if (snap.banner.visible && snap.banner.title === 'That scenario file was rejected:') out.push('an earlier rejection is still shown after a good file');
      }
    } else if (e.accepted === false) {
      if (!problems.length) out.push(`accepted (scenario ${q(snap.status.scenario)}), expected a refusal matching ${e.problem}`);
      else {
        if (!problems.some((m) => e.problem.test(m))) out.push(`no problem matches ${e.problem}: ${q(problems.slice(0, 3).join(' | '))}`);
        if (problems.join('').length === 0) out.push('empty problem text');
        out.push(...this.bannerShows(snap, 'That scenario file was rejected:'));
        // the previous scene is kept, and keeps running
        if (snap.status.scenario !== before.status.scenario || snap.status.n !== before.status.n) {
          out.push(`the scene changed: ${q(before.status.scenario)} (${before.status.n}) → ${q(snap.status.scenario)} (${snap.status.n})`);
        }
        if (before.status.running && snap.status.health !== 'diverged') {
          const moved = await within(page.waitForFunction((step) => (window as unknown as { __sandbox: { status(): { step: number } | null } }).__sandbox.status()!.step > step,
            snap.status.step, { timeout: 3000, polling: 100 }).then(() => true), 4000).catch(() => false);
          if (moved !== true) out.push('the previous scene stopped running');
        }
      }
    }
    return { result: out.length ? 'mismatch' : 'ok', detail: out };
  }
}

/** Outcomes per family: cases and how many of each result. */
export function summarize(outcomes: Outcome[]): { family: string; cases: number; counts: Record<Result, number> }[] {
  const rows = new Map<string, { family: string; cases: number; counts: Record<Result, number> }>();
  for (const o of outcomes) {
    const row = rows.get(o.family) ?? { family: o.family, cases: 0, counts: { ok: 0, mismatch: 0, 'page-error': 0, hang: 0, injected: 0 } };
    row.cases++;
    row.counts[o.result]++;
    rows.set(o.family, row);
  }
  return [...rows.values()];
}

/** The summary as a Markdown table (README's format). */
export function summaryTable(outcomes: Outcome[]): string {
  const rows = summarize(outcomes);
  const total = { family: '**all**', cases: outcomes.length, counts: Object.fromEntries(RESULTS.map((r) => [r, outcomes.filter((o) => o.result === r).length])) as Record<Result, number> };
  const line = (r: typeof total) => `| ${r.family} | ${r.cases} | ${RESULTS.map((k) => r.counts[k]).join(' | ')} |`;
  return [`| family | cases | ${RESULTS.join(' | ')} |`, `|---|---:|${RESULTS.map(() => '---:').join('|')}|`, ...rows.map(line), line(total)].join('\n');
}

/** README's rows: families grouped by what they attack. */
const GROUPS: [string, string[]][] = [
  ['URL: numbers, choices, booleans', ['url/numbers', 'url/choices-booleans']],
  ['URL: `scenario`, `speed`, `spf`, `color`, `network`, `logy`, `run`, `fps`, `threads`', ['url/ui-keys']],
  ['URL: unknown and prototype keys', ['url/unknown-keys', 'url/prototype-keys']],
  ['URL: HTML and `javascript:` payloads', ['url/html-payloads']],
  ['URL: 100 kB values, 5000 keys, repeated keys', ['url/long-values', 'url/repeated-keys']],
  ['URL: percent-encoding junk, Unicode controls', ['url/percent-junk', 'url/unicode-controls']],
  ['URL: several of the above at once', ['url/mixed']],
  ['file: invalid JSON, JSON that is no scenario, binary', ['file/invalid-json', 'file/json-not-a-scenario', 'file/binary']],
  ['file: 10⁵ levels of nesting, huge counts and lists', ['file/deep-nesting', 'file/huge']],
  ['file: wrong types and ranges, prototype keys', ['file/wrong-types', 'file/prototype-keys']],
  ['file: HTML and control characters in name, title, description', ['file/html-text', 'file/control-characters']],
  ['`#spec=` fragment', ['file/fragment']],
];

/** The summary grouped as in README (families not in a group get their own row). */
export function groupedTable(outcomes: Outcome[]): string {
  const groups = [...GROUPS];
  for (const f of new Set(outcomes.map((o) => o.family))) if (!groups.some(([, fs]) => fs.includes(f))) groups.push([f, [f]]);
  const row = (label: string, os: Outcome[]) => `| ${label} | ${os.length} | ${RESULTS.map((r) => os.filter((o) => o.result === r).length).join(' | ')} |`;
  const rows = groups.map(([label, fs]) => [label, outcomes.filter((o) => fs.includes(o.family))] as const).filter(([, os]) => os.length);
  return [`| input | cases | ${RESULTS.join(' | ')} |`, `|---|---:|${RESULTS.map(() => '---:').join('|')}|`, ...rows.map(([l, os]) => row(l, os)), row('**all**', outcomes)].join('\n');
}
