/**
 * Nothing lost in the page (issue 39, item 5): the session saved as the user works comes back after a reload,
 * an explicit URL wins over it, the bare address offers it, and Start fresh forgets it.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { drawingCapped, openApp, useBrowserSession, waitFor } from './harness';

interface Hook {
  pause(): Promise<void>;
  stepN(n: number): Promise<number>;
  workerStatus(): Promise<{ scenario: string; running: boolean; step: number; params: { mu: number } }>;
  exportSpec(): Promise<{ particles: { x: number; y: number }[] }>;
  session: { saveNow(): Promise<string>; notice(): string; action(): string };
}

const hook = <T>(page: Page, f: (h: Hook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

const session = useBrowserSession();

/** Navigates (or reloads, or clicks) and waits until the new page is ready. */
async function opens(page: Page, go: () => Promise<unknown>): Promise<void> {
  await Promise.all([page.waitForEvent('load'), go()]);
  await page.waitForFunction(() => (window as unknown as { __sandbox?: { ready: boolean } }).__sandbox?.ready === true, undefined, { timeout: 60_000 });
}

/** What a restore is checked on: the scenario, the run state, μ, the step and the discs' y */
async function shown(page: Page): Promise<{ scenario: string; running: boolean; mu: number; step: number; ys: number[] }> {
  const st = await hook(page, (h) => h.workerStatus());
  const ys = await hook(page, async (h) => (await h.exportSpec()).particles.map((p) => p.y));
  return { scenario: st.scenario, running: st.running, mu: st.params.mu, step: st.step, ys };
}

it('a reload brings back the scenario, μ and the state; an explicit URL wins; the bare address offers it; Start fresh forgets it', async () => {
  const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
  // the user picks the heap, types μ = 0.3 and steps it
  await page.locator('[data-testid="gui-scenario"] select').selectOption({ label: 'Heap on a wide floor (repose angle)' });
  await waitFor(page, "window.__sandbox.status()?.scenario === 'heap'");
  await page.locator('[data-testid="exact-mu"]').fill('0.3');
  await page.locator('[data-testid="exact-mu"]').press('Enter');
  await waitFor(page, 'window.__sandbox.status()?.params?.mu === 0.3 && location.search.includes("mu=0.3")');
  await hook(page, (h) => h.stepN(300));
  expect(await hook(page, (h) => h.session.saveNow())).toBe('saved');
  const before = await shown(page);
  expect(before).toMatchObject({ scenario: 'heap', running: false, mu: 0.3 });

  // a reload: the same scene, parameters and bodies, paused as it was (the world's clock starts again from 0)
  await opens(page, () => page.reload());
  expect(await hook(page, (h) => h.session.action())).toBe('resume');
  expect({ ...(await shown(page)), step: 0 }).toEqual({ ...before, step: 0 });
  expect(await hook(page, (h) => h.session.notice())).toBe('restored');
  expect(await page.locator('[data-testid="session-note-text"]').textContent()).toMatch(/^Your last session is back, saved .+: ‘heap’ as it was at t = [\d.e-]+ s/);

  // an explicit URL wins over the saved session: the heap from its start at the scenario's μ
  await opens(page, () => page.goto(drawingCapped(`${session.app.url}?scenario=heap&run=0`)));
  expect(await hook(page, (h) => h.session.action())).toBe('ignore');
  const explicit = await shown(page);
  expect({ scenario: explicit.scenario, mu: explicit.mu, step: explicit.step, notice: await hook(page, (h) => h.session.notice()) })
    .toEqual({ scenario: 'heap', mu: 0.5, step: 0, notice: 'none' });
  expect(explicit.ys).not.toEqual(before.ys);
  // this page's session replaces the one before: 200 steps on
  await hook(page, (h) => h.stepN(200));
  expect(await hook(page, (h) => h.session.saveNow())).toBe('saved');
  const later = await shown(page);

  // the bare address offers it; Restore it brings it back
  await opens(page, () => page.goto(session.app.url));
  expect(await hook(page, (h) => h.session.action())).toBe('offer');
  expect(await hook(page, (h) => h.session.notice())).toBe('offer');
  expect((await shown(page)).scenario).toBe('pile');
  await opens(page, () => page.locator('[data-testid="session-note-action"]').click());
  expect({ ...(await shown(page)), step: 0 }).toEqual({ ...later, step: 0 });
  expect(await hook(page, (h) => h.session.notice())).toBe('restored');

  // Start fresh: the saved session is forgotten and the page opens at its bare address with the defaults
  expect(await page.locator('[data-testid="session-note-action"]').textContent()).toBe('Start fresh');
  await opens(page, () => page.locator('[data-testid="session-note-action"]').click());
  expect(await hook(page, (h) => h.session.action())).toBe('ignore');
  expect(await hook(page, (h) => h.session.notice())).toBe('none');
  expect((await shown(page)).scenario).toBe('pile');
  expect(errors).toEqual([]);
  await page.context().close();
});
