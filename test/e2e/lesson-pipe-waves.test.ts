/**
 * The pipe lesson played from its start to its end in headless Chromium at 1280×720 (issue 36 "Must show"): grains
 * falling down the periodic pipe at full speed for its planned 4 s, from the stored developed flow
 * (public/lessons/pipe-developed.json: the pipe-flow built-in after 4 s, `npm run lesson-scenes`). The space–time
 * picture has plugs from its first row (the density's spread is the developed flow's, not the homogeneous start's
 * 0.86 grains per bin) in viridis. From the page's own numbers: the panel estimates the density waves' speed from its
 * newer half of rows and prints it; the note's last frame prints the same speed, against the flow, and it is the core's
 * estimate (core/diagnostics/density-waves.ts, run here in Node) on the same rows. The core's figures for this flow
 * (docs/validation.md#e10-pipe-flow): −0.9 … −1.1 m/s over 2 s windows of the developed flow. At 1280×720 and
 * 1920×1080 the canvas, the colour legend, the note, the space–time panel (its colour key in its head row) and the
 * rewind strip lie apart.
 */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { densityWaveSpeed } from '../../src/core/diagnostics/density-waves';
import { useBrowserSession } from './harness';
import { openLesson, playToEnd, storyNow } from './lesson-play';

const session = useBrowserSession();

interface Rows { t: number[]; counts: number[][] }
type Hook = { __sandbox: { spaceTime(): { stats: string; waveSpeed: number; rows: number }; spaceTimeRows(): Rows } };

const rowsNow = (page: Page) => page.evaluate(() => (window as unknown as Hook).__sandbox.spaceTimeRows());
const sd = (c: number[]) => { const m = c.reduce((a, b) => a + b, 0) / c.length; return Math.sqrt(c.reduce((a, b) => a + (b - m) ** 2, 0) / c.length); };

/** Pairs of the parts whose boxes meet (ids), at the current size. */
const overlaps = (page: Page) => page.evaluate(() => {
  const ids = ['canvas-host', 'legend', 'lesson-note', 'spacetime', 'rewind'];
  const boxes = ids.map((id) => ({ id, r: document.getElementById(id)!.getBoundingClientRect() })).filter((b) => b.r.width > 0 && b.r.height > 0);
  const meet = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (meet(boxes[i].r, boxes[j].r)) out.push(`${boxes[i].id} meets ${boxes[j].id}`);
  const key = document.querySelector('[data-testid="spacetime-key"]')!.getBoundingClientRect(), host = document.getElementById('spacetime-host')!.getBoundingClientRect();
  if (meet(key, host)) out.push('the colour key meets the picture');
  return { out, shown: boxes.map((b) => b.id) };
});

describe('the pipe-waves lesson (headless Chromium, 1280×720)', () => {
  it('starts from the developed flow, plugs in the picture from the first rows; ends at 4 s with the waves’ speed printed, the core’s on the same rows', async () => {
    const { page, errors } = await openLesson(session.browser, session.app.url, 'pipe-waves');
    await page.waitForFunction(() => (window as unknown as Hook).__sandbox.spaceTime().rows >= 4);
    // the scenario menu names the stored scene by its file's title, not by its id
    expect(await page.locator('[data-testid="gui-scenario"] .lil-display').textContent()).toBe('Pipe flow, developed: density waves (paper 003 Fig. 6)');
    const first = await rowsNow(page);
    expect(first.t[0]).toBe(0);
    expect(sd(first.counts[0])).toBeGreaterThan(1.2); // 1.33 stored; a homogeneous start has 0.86
    // the picture drawn: colours of the map across the rows painted, not the panel's background (#111722)
    const png = PNG.sync.read(await page.locator('[data-testid="spacetime-canvas"]').screenshot());
    const colours = new Set<number>();
    for (let p = 0; p < png.data.length; p += 4) if (!(png.data[p] === 0x11 && png.data[p + 1] === 0x17 && png.data[p + 2] === 0x22)) colours.add((png.data[p] << 16) | (png.data[p + 1] << 8) | png.data[p + 2]);
    expect(colours.size).toBeGreaterThan(10);
    expect(await page.locator('[data-testid="spacetime-key"]').textContent()).toMatch(/^0 … [\d.]+ grains per bin$/);

    await playToEnd(page, 0, 120_000);
    const { story, note } = await storyNow(page);
    expect(story.ended).toBe('duration');
    const st = await page.evaluate(() => (window as unknown as Hook).__sandbox.spaceTime());
    const rows = await rowsNow(page);
    expect(st.rows).toBe(81); // a row every 0.05 s from t = 0 to 4 s
    const c = st.waveSpeed;
    const core = densityWaveSpeed(rows.counts.slice(Math.floor(rows.counts.length / 2)).map((r) => Float64Array.from(r)), 0.05, 0.02);
    expect(c).toBe(core.speed);
    expect(c).toBeLessThan(-0.8);
    expect(c).toBeGreaterThan(-1.2);
    const shown = String(Number(c.toPrecision(3)));
    expect(await page.locator('[data-testid="spacetime-stats"]').textContent()).toContain(`waves ${shown} m/s`);
    expect(note).toContain(`the waves travel at ${shown} m/s — against the flow: up the pipe`);
    const fall = story.lines.find((l) => l.startsWith('the grains fall at '));
    expect(Number(fall?.replace('the grains fall at ', '').replace(' m/s', ''))).toBeGreaterThan(0.5);

    for (const size of [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      await expect.poll(async () => (await overlaps(page)).out, { timeout: 5_000, message: `${size.width}×${size.height}` }).toEqual([]);
      expect((await overlaps(page)).shown).toEqual(['canvas-host', 'legend', 'lesson-note', 'spacetime', 'rewind']);
      // the end frame's note is read whole: no line cut at its side, none scrolled out of its box
      const note = await page.evaluate(() => { const n = document.getElementById('lesson-note')!; return [n.scrollWidth - n.clientWidth, n.scrollHeight - n.clientHeight]; });
      expect(note, `${size.width}×${size.height}`).toEqual([0, 0]);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
