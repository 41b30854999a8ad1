/**
 * Nothing on the page covers anything else (issue 36, items 5 and 7), in headless Chromium at a projector's 1280×720
 * and at 1920×1080: the hint, the contact inspector, the colour and comparison legends, a lesson's note, the banners,
 * the rewind strip, the charts and the canvas (where the bodies are) have disjoint boxes, each chart's key lies under
 * its plot, and no chart title is cut (scrollWidth = clientWidth) — in the default scene, with banners shown, with a
 * comparison running and in lecture mode with a lesson; each state checked at one size, then at the other, on one page.
 * In lecture mode the canvas keeps more than 70 % of the stage's height at 1280×720 (the lesson's note beside it), the
 * charts have more than twice the plot area they have outside it and draw their ticks and axis titles at ≥ 16 px, a click enlarges a
 * chart over the canvas and Esc puts it back; an empty chart says how to fill it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, useBrowserSession, waitFor } from './harness';

const session = useBrowserSession();

const SIZES = [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }];

/** What lies on the page around the charts: each must not meet another nor the canvas (ids). */
const PARTS = ['canvas-host', 'hint', 'contact-inspector', 'legend', 'compare-legend', 'lesson-note', 'divergence', 'rewind',
  'accuracy', 'url-message', 'fatal', 'worker-fault', 'session-note', 'spacetime', 'shortcuts'];

interface Layout {
  /** the ids (or chart ids) of the parts shown */
  shown: string[];
  /** pairs of parts whose boxes meet, with the boxes */
  overlaps: string[];
  /** chart titles and notes wider than their box */
  clipped: string[];
  /** chart keys not under their plot or out of their chart, plots wider than their chart */
  keys: string[];
  /** parts out of the window */
  outside: string[];
}

/** The page's parts as laid out now (run in the page). */
function layout(parts: string[]): Layout {
  type Box = { id: string; r: DOMRect };
  const visible = (el: Element | null): el is HTMLElement => !!el && (el as HTMLElement).checkVisibility() && el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().height > 0;
  const boxes: Box[] = [];
  for (const id of parts) {
    const el = document.getElementById(id);
    if (visible(el) && (el.textContent?.trim() || id === 'canvas-host')) boxes.push({ id, r: el.getBoundingClientRect() });
  }
  const charts = [...document.querySelectorAll('#charts > .chart')].filter(visible);
  for (const c of charts) boxes.push({ id: c.id, r: c.getBoundingClientRect() });
  const meet = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const fmt = (b: Box) => `${b.id} ${Math.round(b.r.left)},${Math.round(b.r.top)} ${Math.round(b.r.width)}×${Math.round(b.r.height)}`;
  const overlaps: string[] = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (meet(boxes[i].r, boxes[j].r)) overlaps.push(`${fmt(boxes[i])} meets ${fmt(boxes[j])}`);
  const clipped = [...document.querySelectorAll('#charts > .chart h2, #charts > .chart .fit-note')].filter(visible)
    .filter((h) => h.scrollWidth > h.clientWidth).map((h) => `${h.textContent} (${h.scrollWidth} > ${h.clientWidth})`);
  const keys: string[] = [];
  for (const c of charts) {
    const plot = [...c.querySelectorAll('.u-over')].find(visible), key = [...c.querySelectorAll('.u-legend')].find(visible);
    const root = [...c.querySelectorAll('.uplot')].find(visible);
    if (!plot || !key || !root) continue;
    const p = plot.getBoundingClientRect(), k = key.getBoundingClientRect(), box = c.getBoundingClientRect(), u = root.getBoundingClientRect();
    if (k.top < p.bottom - 0.5 || k.bottom > box.bottom + 0.5) keys.push(`${c.id}: key ${Math.round(k.top)}–${Math.round(k.bottom)}, plot ends ${Math.round(p.bottom)}, chart ${Math.round(box.bottom)}`);
    if (u.right > box.right + 0.5) keys.push(`${c.id}: plot ${Math.round(u.width)} px wide in a chart ending at ${Math.round(box.right)}`);
  }
  const outside = boxes.filter((b) => b.r.left < -0.5 || b.r.top < -0.5 || b.r.right > innerWidth + 0.5 || b.r.bottom > innerHeight + 0.5).map(fmt);
  return { shown: boxes.map((b) => b.id), overlaps, clipped, keys, outside };
}

/** Waits until the page's layout is clean at each size in turn (a resize settles over a few frames), and returns the parts shown at each. */
async function expectCleanLayout(page: Page, state: string): Promise<string[][]> {
  const shown: string[][] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    let last: Layout | null = null;
    await expect.poll(async () => {
      last = await page.evaluate(layout, PARTS);
      return [...last.overlaps, ...last.clipped, ...last.keys, ...last.outside];
    }, { timeout: 10_000, message: `${state} at ${size.width}×${size.height}` }).toEqual([]);
    shown.push(last!.shown);
  }
  return shown;
}

/** The plot area of each chart shown, by chart id [CSS px²]. */
const plotAreas = (page: Page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#charts > .chart')].filter((c) => (c as HTMLElement).checkVisibility()).map((c) => {
  const plot = [...c.querySelectorAll('.u-over')].find((o) => (o as HTMLElement).checkVisibility());
  const r = plot?.getBoundingClientRect();
  return [c.id, r ? r.width * r.height : 0];
})));

/** The type each chart shown draws its axes in [CSS px]: ticks and titles (lecture-axes.ts marks the plot), by chart id. */
const axisType = (page: Page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#charts > .chart')].filter((c) => (c as HTMLElement).checkVisibility()).map((c) => {
  const u = [...c.querySelectorAll<HTMLElement>('.uplot')].find((o) => o.checkVisibility());
  return [c.id, { tick: Number(u?.dataset.tickPx), title: Number(u?.dataset.titlePx) }];
})));

describe('layout (headless Chromium, 1280×720 and 1920×1080)', () => {
  it('the default scene, then banners (a refused value, a diverged run), then a comparison: nothing meets anything', async () => {
    const { page, errors } = await openApp(session.browser, session.app.url);
    await waitFor(page, 'window.__sandbox.status()?.t > 0.05');
    for (const shown of await expectCleanLayout(page, 'default')) {
      for (const id of ['canvas-host', 'hint', 'legend', 'rewind', 'chart-ek', 'chart-angle', 'chart-position']) expect(shown).toContain(id);
    }
    expect(await page.locator('[data-testid="chart-angle-empty"]').textContent()).toBe('shift-click two touching bodies to chart their contact');
    expect(await page.locator('[data-testid="chart-position-empty"]').textContent()).toBe('click a body to chart its position');

    // a value refused (the banner above the page) and Δt at twice t_c: the run diverges (its banner above the canvas)
    const entry = page.locator('[data-testid="exact-dtOverTc"]');
    await entry.fill('-1');
    await entry.press('Enter');
    await entry.fill('2');
    await entry.press('Enter');
    await waitFor(page, 'window.__sandbox.status()?.health.status === "diverged"', 60_000);
    for (const shown of await expectCleanLayout(page, 'banners')) {
      for (const id of ['canvas-host', 'url-message', 'divergence']) expect(shown).toContain(id);
    }

    // a comparison: its legend under the canvas beside the hint, the inspector beside the canvas, a fourth chart (it
    // loads paused, as the diverged run was left; the inspector shows its contact from the first step)
    await page.locator('[data-testid="gui-compare-cundall-vs-geometric"] button').click();
    await waitFor(page, 'window.__sandbox.status()?.comparison?.variants.length === 2');
    await page.evaluate(() => (window as unknown as { __sandbox: { run(): Promise<void> } }).__sandbox.run());
    await waitFor(page, 'window.__sandbox.status()?.comparison?.variants.length === 2 && window.__sandbox.inspector().detail !== null', 60_000);
    for (const shown of await expectCleanLayout(page, 'comparison')) {
      for (const id of ['canvas-host', 'hint', 'compare-legend', 'contact-inspector', 'chart-divergence']) expect(shown).toContain(id);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lecture mode with a lesson: note, legend, inspector and charts apart; charts over twice the plot area; a click enlarges one', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?lesson=relaxation&lecture=1`);
    await waitFor(page, 'window.__sandbox.status()?.comparison?.variants.length === 2 && window.__sandbox.inspector().detail !== null', 60_000);
    for (const shown of await expectCleanLayout(page, 'lecture')) {
      for (const id of ['canvas-host', 'lesson-note', 'compare-legend', 'contact-inspector', 'chart-ek', 'chart-angle', 'chart-divergence']) expect(shown).toContain(id);
    }
    // at 1280×720 each chart's plot has more than twice the area it has once lecture mode is left ('l')
    await page.setViewportSize(SIZES[0]);
    await expect.poll(async () => Object.values(await plotAreas(page)).every((a) => a > 0)).toBe(true);
    // the canvas keeps most of the stage: the note (three lines across the stage) and the inspector stand beside it, so
    // only the comparison's legend and the rewind strip lie under it (a three-line note above it left the canvas 118 px
    // of 720, tangential-update's); and it is at least a third of the window's height
    const h = await page.evaluate(() => Object.fromEntries(['canvas-host', 'stage', 'lesson-note'].map((id) => [id, document.getElementById(id)!.getBoundingClientRect()])));
    expect(h['lesson-note'].left).toBeGreaterThanOrEqual(h['canvas-host'].right - 0.5);
    expect(h['canvas-host'].height, `canvas ${h['canvas-host'].height} px of the stage's ${h.stage.height}`).toBeGreaterThan(0.7 * h.stage.height);
    expect(h['canvas-host'].height).toBeGreaterThan(SIZES[0].height / 3);
    const lecture = await plotAreas(page);
    // and type the back row can read: each chart's ticks and axis titles at 16 px at least (13 and 14 outside)
    const lectureType = await axisType(page);
    expect(Object.keys(lectureType).sort()).toEqual(Object.keys(lecture).sort());
    for (const [id, px] of Object.entries(lectureType)) expect(Math.min(px.tick, px.title), `${id}: ${px.tick} px ticks, ${px.title} px titles`).toBeGreaterThanOrEqual(16);
    await page.keyboard.press('l');
    await waitFor(page, '!document.body.classList.contains("lecture")');
    await expect.poll(async () => (await plotAreas(page))['chart-ek'], { timeout: 5_000 }).toBeLessThan(lecture['chart-ek'] / 2);
    const plain = await plotAreas(page);
    for (const id of Object.keys(lecture)) expect(lecture[id], `${id}: ${lecture[id]} px² in lecture mode, ${plain[id]} px² outside`).toBeGreaterThan(2 * plain[id]);
    expect(Object.values(await axisType(page)).map((px) => px.tick)).toEqual(Object.keys(lecture).map(() => 13));
    await page.keyboard.press('l');
    // a click on a chart lays it over the canvas and the charts row; Esc puts it back
    const ek = page.locator('[data-testid="chart-ek"]');
    const before = (await ek.boundingBox())!;
    const stage = (await page.locator('#stage').boundingBox())!;
    await ek.locator('h2').click();
    await expect.poll(async () => (await ek.boundingBox())!.height).toBeGreaterThan(stage.height);
    const enlarged = (await ek.boundingBox())!;
    expect(enlarged.y).toBeLessThanOrEqual(stage.y + 1);
    expect(enlarged.width).toBeGreaterThan(2 * before.width);
    expect(await page.locator('[data-testid="chart-divergence"]').isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await ek.boundingBox())!.height).toBeCloseTo(before.height, 0);
    expect(await page.locator('[data-testid="chart-divergence"]').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
