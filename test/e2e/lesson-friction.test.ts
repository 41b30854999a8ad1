/**
 * The friction lesson played from its start to its end in headless Chromium at 1280×720 (issue 36 "Must show"): 150
 * grains poured on a floor at μ = 0.5, at full speed, to its planned 4 s. From the page's own numbers: both flanks of
 * the heap fitted to its free surface (core/diagnostics/heap-angle.ts, on the bodies as drawn) are drawn on the canvas
 * as a protractor with their degrees, the note prints the same, and each lies within 3° of what the core heap test
 * measures on the same pour (test/core/heap.test.ts: 36.15° and 28.32° at μ = 0.5).
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './harness';
import { openLesson, playToEnd, storyNow } from './lesson-play';

const session = useBrowserSession();

/** test/core/heap.test.ts's flanks at μ = 0.5, after 4 s [°] */
const CORE = { left: 36.15, right: 28.32 };

describe('the friction lesson (headless Chromium, 1280×720)', () => {
  it('ends at 4 s with both flanks measured and drawn as a protractor, within 3° of the core heap test', async () => {
    const { page, errors } = await openLesson(session.browser, session.app.url, 'friction');
    await playToEnd(page, 0, 120_000);
    const { story, note } = await storyNow(page);
    expect(story.ended).toBe('duration');
    const [left, right] = story.protractor.map((t) => Number(t.replace('°', '')));
    expect(Math.abs(left - CORE.left), `left flank ${left}°`).toBeLessThan(3);
    expect(Math.abs(right - CORE.right), `right flank ${right}°`).toBeLessThan(3);
    // drawn on the canvas: the degrees beside each foot, inside the canvas
    const canvas = (await page.locator('[data-testid="canvas-host"]').boundingBox())!;
    for (const side of ['left', 'right']) {
      const label = page.locator(`[data-testid="protractor-${side}"]`);
      expect(await label.isVisible()).toBe(true);
      const box = (await label.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(canvas.x);
      expect(box.x + box.width).toBeLessThanOrEqual(canvas.x + canvas.width);
      expect(box.y).toBeGreaterThanOrEqual(canvas.y);
    }
    expect(note).toContain(`left flank ${left.toFixed(1)}°, right flank ${right.toFixed(1)}°`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
