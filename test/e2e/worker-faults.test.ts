/**
 * The page survives its worker (issue 39, item 4): an exception inside a step, a worker that ends itself (as when
 * it is terminated or runs out of memory) and one stuck in an endless loop, each injected through the test hook
 * (src/worker/fault-injection.ts). The page says what happened in plain words, keeps answering, and Restart
 * brings back the state it kept, paused, with its parameters.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, useBrowserSession, waitFor } from './harness';

interface Hook {
  stepN(n: number): Promise<number>;
  run(): Promise<void>;
  workerStatus(): Promise<{ scenario: string; running: boolean; step: number; params: { mu: number } }>;
  exportSpec(): Promise<{ particles: { x: number; y: number }[] }>;
  worker: { fault(): { kind: string; message: string } | null; setWatchdogMs(ms: number): void; inject(kind: string): Promise<{ ok: boolean }> };
  session: { saveNow(): Promise<string>; notice(): string };
}

const hook = <T>(page: Page, f: (h: Hook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

const session = useBrowserSession();

/** The heap at μ = 0.3 (150 discs), 300 steps on, its session saved: the page's last good state; the discs' y there. */
async function keptState(): Promise<{ page: Page; errors: string[]; ys: number[] }> {
  const opened = await openApp(session.browser, `${session.app.url}?scenario=heap&mu=0.3&run=0`);
  const { page } = opened;
  const start = await hook(page, async (h) => (await h.exportSpec()).particles.map((p) => p.y));
  await hook(page, (h) => h.stepN(300));
  expect(await hook(page, (h) => h.session.saveNow())).toBe('saved');
  const ys = await hook(page, async (h) => (await h.exportSpec()).particles.map((p) => p.y));
  expect(ys).not.toEqual(start); // the discs fell: the state kept is not the scene's start
  return { ...opened, ys };
}

/** Waits for the fault banner; returns its text and the fault the page saw. */
async function faultShown(page: Page): Promise<{ kind: string; text: string; detail: string }> {
  await waitFor(page, 'window.__sandbox.worker.fault() !== null && !document.getElementById("worker-fault").hidden');
  const kind = await hook(page, (h) => h.worker.fault()!.kind);
  return {
    kind,
    text: (await page.locator('[data-testid="worker-fault-text"]').textContent()) ?? '',
    detail: (await page.locator('[data-testid="worker-fault-detail"]').textContent()) ?? '',
  };
}

/** The page still answers; Restart opens it again on the kept state: the heap, μ = 0.3, paused, the discs at the heights they had. */
async function restartsFromKept(page: Page, ys: number[]): Promise<void> {
  expect(await page.evaluate(() => document.title)).toBe('Granular sandbox'); // the page's own thread answers
  await Promise.all([page.waitForEvent('load'), page.locator('[data-testid="worker-restart"]').click()]);
  await page.waitForFunction(() => (window as unknown as { __sandbox?: { ready: boolean } }).__sandbox?.ready === true, undefined, { timeout: 60_000 });
  const st = await hook(page, (h) => h.workerStatus());
  expect({ scenario: st.scenario, running: st.running, mu: st.params.mu }).toEqual({ scenario: 'heap', running: false, mu: 0.3 });
  expect(await hook(page, async (h) => (await h.exportSpec()).particles.map((p) => p.y))).toEqual(ys);
  expect(await hook(page, (h) => h.session.notice())).toBe('restored');
  expect(await page.locator('[data-testid="worker-fault"]').isHidden()).toBe(true);
}

describe('the page survives its worker', () => {
  it('an exception inside a step: said with its message; Restart brings back the state kept', async () => {
    const { page, errors, ys } = await keptState();
    expect(await hook(page, (h) => h.worker.inject('throw-in-step'))).toMatchObject({ ok: true });
    await hook(page, (h) => h.run());
    const f = await faultShown(page);
    expect(f.kind).toBe('error');
    expect(f.text).toBe('The simulation stopped with an error: injected fault: an exception inside a step');
    expect(f.detail).toMatch(/^The page kept the state at t = [\d.e-]+ s, with its parameters: Restart goes on from there \(paused\)\.$/);
    await restartsFromKept(page, ys);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const kind of ['close', 'hang'] as const) {
    it(`a worker that ${kind === 'close' ? 'ends itself' : 'loops forever'}: the watchdog says it stopped answering; Restart brings back the state kept`, async () => {
      const { page, errors, ys } = await keptState();
      await hook(page, (h) => h.worker.setWatchdogMs(2000)); // 15 s in the page; 2 s keeps the test short
      expect(await page.evaluate(`window.__sandbox.worker.inject('${kind}')`)).toMatchObject({ ok: true });
      const f = await faultShown(page);
      expect(f.kind).toBe('hung');
      expect(f.text).toBe('The simulation stopped answering (no answer for 2 s): it may be stuck in an endless loop, out of memory, or ended.');
      expect(f.detail).toMatch(/^The page kept the state at t = /);
      await restartsFromKept(page, ys);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
