/**
 * The Δt lecture (issue 11 item 3) in headless Chromium: rewind with a real mouse on the scrubber (back,
 * smaller Δt, again), the t_R(Δt) panel against `sim sweep` (the same core code, so the same digits), and the
 * Ek chart's live relaxation fit against the sweep table of docs/validation.md#e1-two-disc-relaxation.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, ROOT, useBrowserSession, waitFor, downloadBytes } from './harness';

interface Status { running: boolean; t: number; step: number; dt: number; params: Record<string, unknown>; health: { status: string } }
interface Timeline { disabled: string; times: number[]; viewing: number; bytes: number; budgetBytes: number }
interface Hook {
  workerStatus(): Promise<Status>;
  timeline(): Promise<Timeline>;
  pause(): Promise<void>;
  seriesTimes(): number[];
  ekGhost(): [number, number] | null;
  discs(): { x: number[]; y: number[]; r: number[] };
  chartTicks(kind: 'ek'): string[];
}

const hook = <T>(page: Page, f: (h: Hook) => T | Promise<T>): Promise<T> =>
  page.evaluate(`(${f.toString()})(window.__sandbox)`) as Promise<T>;

const session = useBrowserSession();

const meanY = (d: { y: number[] }): number => d.y.reduce((s, v) => s + v, 0) / d.y.length;

describe('the Δt lecture', () => {
  it('rewind: drag the scrubber back with the mouse, lower Δt, run again from the restored t', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&speed=max`);
    // the pile falls: let it record a few dozen snapshots (every 1.5 s / 400 of simulated time)
    // 60 s: 30 snapshots of the falling pile take ≈ 5 s at full speed idle; a loaded machine
    await waitFor(page, 'document.querySelector(\'[data-testid="rewind-slider"]\')?.max >= 30', 60_000);
    const before = await hook(page, (h) => h.workerStatus());
    const yBefore = meanY(await hook(page, (h) => h.discs()));
    const timesBefore = await hook(page, (h) => h.seriesTimes());

    // a real drag: from the thumb at the right end to a quarter of the track
    const box = (await page.locator('[data-testid="rewind-slider"]').boundingBox())!;
    const y = box.y + box.height / 2;
    // the mouse goes where the scrubber is (nothing covers it)
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.getAttribute('data-testid'), [box.x + box.width - 4, y])).toBe('rewind-slider');
    await page.mouse.move(box.x + box.width - 4, y);
    await page.mouse.down();
    for (let k = 1; k <= 10; k++) await page.mouse.move(box.x + box.width - 4 - (k / 10) * 0.75 * box.width, y);
    await page.mouse.up();
    // the scrubber ends where the hand let go; the worker follows it (one restore at a time, the latest wins)
    const slider = page.locator('[data-testid="rewind-slider"]');
    const chosen = Number(await slider.inputValue());
    expect(chosen).toBeLessThan(0.5 * Number(await slider.getAttribute('max')));
    await expect.poll(async () => (await hook(page, (h) => h.timeline())).viewing, {
      timeout: 10_000, message: `rewind after the drag (messages: ${await hook(page, (h) => (h as unknown as { messages(): string[] }).messages().join(' | '))})`,
    }).toBe(chosen);
    const tl = await hook(page, (h) => h.timeline());
    const restored = await hook(page, (h) => h.workerStatus());
    expect(restored.running).toBe(false); // going back pauses the run
    expect(tl.viewing).toBeGreaterThan(0);
    expect(restored.t).toBe(tl.times[tl.viewing]);
    expect(restored.t).toBeLessThan(before.t);
    // the later snapshots are kept until the run goes on (the scrubber can go forward again)
    expect(tl.times.length).toBeGreaterThanOrEqual(31);
    // the canvas shows the restored state: earlier in the fall the grains were higher (frames follow)
    await expect.poll(async () => meanY(await hook(page, (h) => h.discs())), { timeout: 5000 }).toBeGreaterThan(yBefore);

    // key [ steps one snapshot back
    await page.locator('[data-testid="canvas-host"]').hover();
    await page.keyboard.press('[');
    await expect.poll(async () => (await hook(page, (h) => h.timeline())).viewing, { timeout: 5000 }).toBe(tl.viewing - 1);
    const back = await hook(page, (h) => h.workerStatus());
    expect(back.t).toBe(tl.times[tl.viewing - 1]);

    // smaller Δt, then run again from here
    const dt0 = back.dt, dtOverTc0 = back.params.dtOverTc as number;
    const entry = page.locator('[data-testid="exact-dtOverTc"]');
    await entry.fill(String(dtOverTc0 / 2));
    await entry.press('Enter');
    await expect.poll(async () => (await hook(page, (h) => h.workerStatus())).params.dtOverTc, { timeout: 10_000 }).toBe(dtOverTc0 / 2);
    const timesAtRun = await hook(page, (h) => h.seriesTimes());
    await page.getByTestId('show-xy').click(); // the x–y chart, Ek against t, keeps its own ghost
    await page.locator('[data-testid="rewind-run"]').click();
    await waitFor(page, `window.__sandbox.status()?.t > ${back.t} + 0.01`, 30_000);
    await hook(page, (h) => h.pause());
    // the poll that sees the run stopped brings its last rows: then nothing changes any more
    await waitFor(page, 'window.__sandbox.status()?.running === false');
    const again = await hook(page, (h) => h.workerStatus());
    expect(again.health.status).toBe('ok');
    expect(again.dt / dt0).toBeCloseTo(0.5, 12); // the new Δt is in effect
    // simulated time resumed at the restored t and went on in steps of the new Δt
    expect(again.step).toBeGreaterThan(back.step);
    expect(Math.abs(again.t - back.t - (again.step - back.step) * again.dt)).toBeLessThan(1e-9 * again.t);
    // the charts keep the rows up to the restored t and then only the new run's: the abandoned future is gone
    const times = await hook(page, (h) => h.seriesTimes());
    const kept = timesBefore.filter((t) => t <= back.t);
    expect(times.slice(0, kept.length)).toEqual(kept);
    for (let k = 1; k < times.length; k++) expect(times[k]).toBeGreaterThan(times[k - 1]);
    expect(times[times.length - 1]).toBeLessThanOrEqual(again.t);
    // the abandoned future stays on the Ek chart as a grey ghost: from the first row after the restored t to the last before the rewind
    const abandoned = timesAtRun.filter((t) => t > back.t);
    expect(await hook(page, (h) => h.ekGhost())).toEqual([abandoned[0], abandoned[abandoned.length - 1]]);
    expect(await page.locator('[data-testid="ek-ghost"]').textContent()).toMatch(/^grey dashed: the run before going back \(t = /);
    // and it is drawn: pixels of its grey inside the plot area (the axes' text is outside it)
    const ghostPixels = await page.evaluate(() => {
      const canvas = document.querySelector('#chart-ek-plot canvas') as HTMLCanvasElement;
      const plot = document.querySelector('#chart-ek-plot .u-over')!.getBoundingClientRect(), c = canvas.getBoundingClientRect();
      const k = canvas.width / c.width, x0 = Math.round((plot.left - c.left) * k), y0 = Math.round((plot.top - c.top) * k);
      const d = canvas.getContext('2d')!.getImageData(x0, y0, Math.round(plot.width * k), Math.round(plot.height * k)).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - 0x9a) < 20 && Math.abs(d[i + 1] - 0xa7) < 20 && Math.abs(d[i + 2] - 0xbd) < 20) n++;
      return n;
    });
    expect(ghostPixels).toBeGreaterThan(20);
    // and on the x–y chart: the abandoned rows' (t, Ek)
    const xy = await page.evaluate(() => (window as unknown as { __sandbox: { xy: { snapshot(): { choice: { x: string; y: string }; ghost: number } } } }).__sandbox.xy.snapshot());
    expect(xy).toEqual(expect.objectContaining({ choice: { x: 't', y: 'ek' }, ghost: abandoned.length }));
    // the timeline branched: no snapshot is later than now
    const after = await hook(page, (h) => h.timeline());
    expect(after.viewing).toBe(-1);
    expect(Math.max(...after.times)).toBeLessThanOrEqual(again.t);
    expect(after.bytes).toBeLessThanOrEqual(after.budgetBytes);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('t_R(Δt) panel: points appear as runs finish; the CSV matches `sim sweep --json`, the table its printed digits', async () => {
    const dts = '0.1,0.02,0.01';
    // the CLI's two runs start now and go on beside the page's sweep (the same work either way, in parallel)
    const args = ['tsx', 'src/cli/sim.ts', 'sweep', 'two-disc', '--dt-over-tc', dts, '--set', 'tangential=cundall,geometric', '--set', 'rotation=true,false'];
    const run = promisify(execFile);
    const cliJson = run('npx', [...args, '--json'], { cwd: ROOT, encoding: 'utf8' });
    const cliText = run('npx', args, { cwd: ROOT, encoding: 'utf8' });
    cliJson.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    cliText.catch(() => undefined);
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=pile&run=0`);
    await page.locator('[data-testid="gui-relaxation-sweep"] button').click();
    await page.locator('[data-testid="tr-sweep-panel"]').waitFor({ state: 'visible' });
    await page.locator('[data-testid="tr-sweep-dts"]').fill(dts);
    // count the filled cells after every change of the table
    await page.evaluate(() => {
      const w = window as unknown as { __counts: number[] };
      w.__counts = [];
      const table = document.querySelector('[data-testid="tr-sweep-table"]')!;
      new MutationObserver(() => {
        w.__counts.push([...table.querySelectorAll('tbody td:not(:first-child)')].filter((c) => c.textContent !== '—').length);
      }).observe(table, { childList: true, subtree: true });
    });
    await page.locator('[data-testid="tr-sweep-run"]').click();
    // 120 s: the twelve runs take ≈ 10 s idle; a loaded machine, and the CLI's two runs beside them
    await waitFor(page, 'document.querySelector(\'[data-testid="tr-sweep-progress"]\')?.textContent.startsWith("Done")', 120_000);
    const counts = await page.evaluate(() => (window as unknown as { __counts: number[] }).__counts);
    // one more point each time a run finishes: 1, 2, …, 12
    const distinct = [...new Set(counts)].filter((c) => c > 0);
    expect(distinct).toEqual(Array.from({ length: 12 }, (_, k) => k + 1));
    expect(await page.locator('[data-testid="tr-sweep-plot"]').getAttribute('data-points')).toBe('12');
    expect(await page.locator('[data-testid="tr-sweep-plot"] canvas').count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="tr-sweep-csv"]').click()]);
    const lines = (await downloadBytes(download)).toString('utf8').trim().split('\n');
    const header = lines[0].split(',');
    const csv = lines.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, k) => [header[k], v])));
    expect(csv).toHaveLength(12);

    const json = (await cliJson).stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(json).toHaveLength(12);
    json.forEach((row, k) => {
      // same runs, same order, and every column as JSON prints it (null: an empty cell)
      for (const col of header) expect(csv[k][col], `${col} of run ${k}`).toBe(row[col] === null ? '' : String(row[col]));
    });
    // the panel's table prints t_R/t_c with the CLI table's two decimals
    const text = (await cliText).stdout.trim().split('\n').slice(1).map((l) => l.split(/\s+/));
    const table = await page.evaluate(() => [...document.querySelectorAll('[data-testid^="tr-sweep-row-"]')]
      .map((r) => [...r.querySelectorAll('td')].slice(1).map((c) => c.textContent)));
    const series = [['cundall', 'true'], ['cundall', 'false'], ['geometric', 'true'], ['geometric', 'false']];
    const dtCols = dts.split(',').map(Number).sort((a, b) => a - b);
    for (const [dtOverTc, tangential, rotation, tR] of text) {
      const s = series.findIndex(([t, r]) => t === tangential && r === rotation);
      const c = dtCols.findIndex((d) => Math.abs(d - Number(dtOverTc)) < 1e-9 * d);
      expect(table[s][c]).toBe(tR);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the Ek chart of two-disc at Δt = 0.1 tc (Cundall) prints the live fit t_R/t_c of the README sweep table, on decades', async () => {
    // at 1400×900: three decades labelled on the Ek chart (the chart at 1280×720 labels two)
    const { page, errors } = await openApp(session.browser, `${session.app.url}?scenario=two-disc&dtOverTc=0.1&tangential=cundall&speed=max&logy=1`, { width: 1400, height: 900 });
    // `sim sweep` stops relaxed after 2782 steps (t = 0.0274 s); later peaks lie below the fit's window
    await waitFor(page, 'window.__sandbox.status()?.t > 0.04', 60_000); // 60 s: ≈ 2 s at full speed idle; a loaded machine
    // docs/validation.md#e1-two-disc-relaxation: Cundall, rotation free, Δt/tc = 0.1 → 20.24
    await expect.poll(() => page.locator('[data-testid="ek-fit"]').textContent(), { timeout: 10_000 }).toMatch(/^tR\/tc = 20\.24 \(fit of \d+ Ek peaks\)$/);
    const ticks = await hook(page, (h) => h.chartTicks('ek'));
    const labelled = ticks.filter((t) => t !== '');
    expect(labelled.length).toBeGreaterThanOrEqual(3);
    for (const t of labelled) expect(t).toMatch(/^1e-?\d+$/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
