/**
 * The tangential-update lesson played from its start to its end in headless Chromium at 1280×720 (issue 36 "Must
 * show"): a disc bouncing with spin at Δt = 0.13 t_c, the traditional and the consistent spring update in lockstep,
 * at full speed, to its planned 2.5 s. From the page's own numbers: the ledger chart (shown in the Ek chart's place)
 * draws both variants' residuals on one axis — variant 1's red line and variant 2's in its colour — each ending at
 * the residual the variant reports; the traditional update's is the larger, and the note prints both. The view follows
 * the disc: at the end, 2.5 s and more than a metre of rolling later, it is still on the canvas.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './harness';
import { openLesson, playToEnd, storyNow } from './lesson-play';

const session = useBrowserSession();

interface Variant { energyResidual: number; energySupplied: number }
type Hook = { __sandbox: {
  status(): { t: number; tracked: number; comparison: { variants: Variant[] } | null } | null;
  discs(): { x: number[]; y: number[] };
  worldToScreen(x: number, y: number): [number, number];
  ledger(): { shown: boolean; data: (number | null)[][]; labels: string[] };
} };

/** The last value of a column that has one */
const lastOf = (col: (number | null)[]): number => [...col].reverse().find((v): v is number => v !== null) ?? NaN;

describe('the tangential-update lesson (headless Chromium, 1280×720)', () => {
  it('ends at 2.5 s with both residuals on the ledger chart, the traditional one the larger', async () => {
    const { page, errors } = await openLesson(session.browser, session.app.url, 'tangential-update');
    await playToEnd(page);
    const { story, note } = await storyNow(page);
    expect(story.ended).toBe('duration');
    const { status, ledger } = await page.evaluate(() => {
      const h = (window as unknown as Hook).__sandbox;
      return { status: h.status()!, ledger: h.ledger() };
    });
    expect(status.t).toBeCloseTo(2.5, 2);
    expect(ledger.shown).toBe(true);
    expect(await page.locator('[data-testid="chart-ledger"]').isVisible()).toBe(true);
    const [traditional, consistent] = status.comparison!.variants;
    // one chart, both books: variant 1's residual line and variant 2's, each ending at the variant's own residual
    const r1 = ledger.labels.indexOf('residual') + 1, r2 = ledger.labels.indexOf('residual #2') + 1;
    expect(r1).toBeGreaterThan(0);
    expect(r2).toBe(r1 + 1);
    expect(lastOf(ledger.data[r1])).toBeCloseTo(traditional.energyResidual, 3);
    expect(lastOf(ledger.data[r2])).toBeCloseTo(consistent.energyResidual, 3);
    expect(ledger.data[r2].filter((v) => v !== null).length).toBeGreaterThan(100);
    expect(traditional.energyResidual).toBeGreaterThan(consistent.energyResidual);
    expect(await page.locator('#chart-ledger .u-legend').textContent()).toContain('residual #2');
    // the note's numbers
    const shown = (v: number) => String(Number(v.toPrecision(3)));
    expect(note).toContain(`tangential = traditional: ${shown(traditional.energyResidual)} J`);
    expect(note).toContain(`tangential = consistent: ${shown(consistent.energyResidual)} J`);
    // the ledger's title prints variant 1's residual as the note does: the same share of the energy supplied (it read 10 % against the note's 7.43 %)
    const share = `${shown((100 * traditional.energyResidual) / traditional.energySupplied)} %`;
    expect(note).toContain(`tangential = traditional: ${shown(traditional.energyResidual)} J = ${share} of the energy supplied`);
    expect(await page.getByTestId('ledger-residual').textContent()).toBe(`· residual ${shown(traditional.energyResidual)} J, ${share}`);
    // the disc, rolled away from where it landed, still on the canvas
    const disc = await page.evaluate(() => {
      const h = (window as unknown as Hook).__sandbox, i = h.status()!.tracked, d = h.discs();
      return { x: d.x[i], screen: h.worldToScreen(d.x[i], d.y[i]) };
    });
    expect(Math.abs(disc.x)).toBeGreaterThan(0.5);
    const canvas = (await page.locator('[data-testid="canvas-host"]').boundingBox())!;
    expect(disc.screen[0]).toBeGreaterThan(canvas.x);
    expect(disc.screen[0]).toBeLessThan(canvas.x + canvas.width);
    expect(disc.screen[1]).toBeGreaterThan(canvas.y);
    expect(disc.screen[1]).toBeLessThan(canvas.y + canvas.height);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
