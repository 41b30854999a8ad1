/**
 * End-to-end tests of the GSSSS solver controls and the convergence panel (issue 4, item 5), in real
 * headless Chromium with the same harness as app.test.ts. The expected texts and verdicts come from
 * the core itself (descriptions, combinationProblem), so a change in the core cannot slip past the UI.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { INTEGRATORS, TANGENTIAL_IDS, combinationProblem, listBuiltIns, type LiveParams } from '../../src/core/index';
import { openApp, useBrowserSession, waitFor, downloadBytes } from './harness';

interface Ladder {
  scenario: string;
  integrator: string;
  tangential: string;
  ms: number;
  runs: string[];
  quantities: { quantity: string; order: number | null; fittedOrder: number | null; errors: (number | null)[] }[];
}
interface Hook {
  status(): { params: LiveParams } | null;
  workerStatus(): Promise<{ params: LiveParams }>;
  guiValues(): Record<string, unknown>;
  convergence(): { open: boolean; state: string; message: string; points: number; ladders: Ladder[] };
}

const hook = <T>(page: Page, f: (h: Hook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

const session = useBrowserSession();

const select = (page: Page, name: string) => page.locator(`[data-testid="gui-${name}"] select`);
const byId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

/** Runs a ladder from the panel and waits until the panel has `ladders` ladders shown. */
async function runLadder(page: Page, button: 'convergence-run' | 'convergence-compare'): Promise<void> {
  const before = await hook(page, (h) => h.convergence().message);
  await byId(page, button).click();
  await waitFor(page, `(() => { const c = window.__sandbox.convergence(); return c.state !== 'running' && c.message !== ${JSON.stringify(before)}; })()`, 60_000);
  const c = await hook(page, (h) => h.convergence());
  expect(c.state, c.message).toBe('done');
}

function quantity(l: Ladder, q: string): Ladder['quantities'][number] {
  return l.quantities.find((x) => x.quantity === q)!;
}

describe('GSSSS controls and convergence panel in headless Chromium', () => {
  it('shows each member\'s description, the GSSSS options only for gssss, and disables the schemes the core refuses', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=case-i&run=0`);
    await waitFor(page, 'window.__sandbox.status()?.params?.integrator === "cdm"');
    const description = byId(page, 'integrator-description');
    await expect.poll(() => description.textContent()).toBe(INTEGRATORS.cdm.description);
    const options = byId(page, 'gui-gssss-options');
    expect(await options.isHidden()).toBe(true);

    for (const id of ['v0-110', 'u0-010', 'gssss', 'v0-010'] as const) {
      await select(page, 'integrator').selectOption(id);
      await waitFor(page, `window.__sandbox.status()?.params?.integrator === ${JSON.stringify(id)}`);
      await expect.poll(() => description.textContent()).toBe(INTEGRATORS[id].description);
      // the general member's parameters only for 'gssss'
      expect(await options.isVisible(), id).toBe(id === 'gssss');
      if (id === 'gssss') expect(await byId(page, 'gui-rhoMin').isVisible()).toBe(true);
      // the tangential options the core refuses with this member are disabled
      const params = (await hook(page, (h) => h.workerStatus())).params;
      const want = Object.fromEntries(TANGENTIAL_IDS.map((t) => [t, combinationProblem({ ...params, tangential: t }) !== null]));
      await expect.poll(() => page.evaluate(() => Object.fromEntries(Array.from(
        document.querySelectorAll<HTMLOptionElement>('[data-testid="gui-tangential"] option'),
      ).map((o) => [o.value, o.disabled])))).toEqual(want);
    }
    // v0-010 refuses geometric, geometric-paper and midpoint (docs/model.md#allowed-combinations), and the note says so
    expect(await byId(page, 'refused-schemes').textContent()).toBe('Not with v0-010: geometric, geometric-paper, midpoint');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a refused combination shows the core\'s message and changes nothing', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=case-i&run=0`);
    await waitFor(page, 'window.__sandbox.status()?.params?.tangential === "consistent"');
    const before = (await hook(page, (h) => h.workerStatus())).params;
    const urlBefore = page.url();
    const expected = combinationProblem({ ...before, integrator: 'gear5' });
    expect(expected).toContain('needs a GSSSS integrator');

    await select(page, 'integrator').selectOption('gear5');
    const banner = byId(page, 'url-message');
    await banner.waitFor({ state: 'visible' });
    expect(await banner.textContent()).toContain(expected!);
    const inline = byId(page, 'combination-message');
    expect(await inline.isVisible()).toBe(true);
    expect(await inline.textContent()).toContain(expected!);
    // nothing changed: worker, dropdown and URL
    expect((await hook(page, (h) => h.workerStatus())).params).toEqual(before);
    await expect.poll(() => select(page, 'integrator').inputValue()).toBe('cdm');
    expect((await hook(page, (h) => h.guiValues())).integrator).toBe('cdm');
    expect(page.url()).toBe(urlBefore);

    // the general member: midpoint is allowed while gssss equals cdm, refused once ρmin moves
    await select(page, 'tangential').selectOption('midpoint');
    await select(page, 'integrator').selectOption('gssss');
    await waitFor(page, 'window.__sandbox.status()?.params?.integrator === "gssss"');
    expect(await inline.isHidden()).toBe(true);
    const mid = (await hook(page, (h) => h.workerStatus())).params;
    const rho = byId(page, 'exact-rhoMin'); // the typed entry of the control
    await rho.fill('0.5');
    await rho.press('Enter');
    await inline.waitFor({ state: 'visible' });
    expect(await inline.textContent()).toContain(combinationProblem({ ...mid, rhoMin: 0.5 })!);
    expect((await hook(page, (h) => h.workerStatus())).params).toEqual(mid);
    await expect.poll(() => rho.inputValue()).toBe('1');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('case-i with cdm: the ladder in the worker gives order ≈ 1 (traditional) and ≈ 2 (consistent), charted and exported', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=case-i&integrator=cdm&tangential=traditional&run=0`);
    await waitFor(page, 'window.__sandbox.status()?.params?.tangential === "traditional"');
    await byId(page, 'gui-convergence').locator('button').click();
    await byId(page, 'convergence-panel').waitFor({ state: 'visible' });
    await expect.poll(() => byId(page, 'convergence-setup').textContent()).toContain('case-i · cdm + traditional');

    await runLadder(page, 'convergence-run');
    let c = await hook(page, (h) => h.convergence());
    expect(c.ladders.map((l) => l.tangential)).toEqual(['traditional']);
    for (const q of ['angle', 'spin']) {
      const order = quantity(c.ladders[0], q).order!;
      expect(order, q).toBeGreaterThan(0.9);
      expect(order, q).toBeLessThan(1.1);
    }
    // the centre is locked: position and velocity errors are exactly zero, no order
    expect(quantity(c.ladders[0], 'position').order).toBeNull();
    // the orders are printed in the table (row 0, angle), as the hook reports them
    expect(await byId(page, 'convergence-row-0').locator('[data-quantity="angle"]').textContent())
      .toContain(quantity(c.ladders[0], 'angle').order!.toFixed(2));

    // switch to the consistent update: the traditional ladder stays as the dashed one
    await select(page, 'tangential').selectOption('consistent');
    await expect.poll(() => byId(page, 'convergence-setup').textContent()).toContain('cdm + consistent');
    await runLadder(page, 'convergence-run');
    c = await hook(page, (h) => h.convergence());
    expect(c.ladders.map((l) => l.tangential)).toEqual(['traditional', 'consistent']);
    for (const q of ['angle', 'spin']) {
      const order = quantity(c.ladders[1], q).order!;
      expect(order, q).toBeGreaterThan(1.9);
      expect(order, q).toBeLessThan(2.1);
    }
    // every finished run with a nonzero error is a point: angle and spin of both ladders
    const drawable = c.ladders.flatMap((l) => l.quantities.flatMap((q) => q.errors)).filter((e) => typeof e === 'number' && e > 0).length;
    expect(drawable).toBeGreaterThanOrEqual(20);
    expect(c.points).toBe(drawable);
    const canvas = await page.locator('[data-testid="convergence-plot"] canvas').boundingBox();
    expect(canvas!.width).toBeGreaterThan(300);

    // compare mode runs both updates with the current integrator
    await runLadder(page, 'convergence-compare');
    c = await hook(page, (h) => h.convergence());
    expect(c.ladders.map((l) => `${l.integrator}+${l.tangential}`)).toEqual(['cdm+traditional', 'cdm+consistent']);

    // CSV: one row per ladder × quantity × Δt, errors as the chart has them
    const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'convergence-csv').click()]);
    const lines = (await downloadBytes(download)).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('scenario,integrator,tangential,quantity,steps,dt_s,max_error,order_finest_pair,order_fit,reference');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.length).toBe(2 * 4 * 7);
    const spinTrad = rows.filter((r) => r[2] === 'traditional' && r[3] === 'spin').map((r) => (r[6] === '' ? null : Number(r[6])));
    // a run stopped by the divergence detector: NaN in the core, an empty cell in the CSV
    expect(spinTrad).toEqual(quantity(c.ladders[0], 'spin').errors.map((e) => (Number.isFinite(e) ? e : null)));
    expect(spinTrad.slice(0, 3)).toEqual([null, null, null]);

    // a scenario without a ladder says so
    const headOn = listBuiltIns().find((s) => s.name === 'head-on')!;
    await select(page, 'scenario').selectOption({ label: headOn.title });
    await expect.poll(() => byId(page, 'convergence-setup').textContent()).toContain('has no Δt ladder');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
