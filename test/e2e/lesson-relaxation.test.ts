/**
 * The relaxation lesson played from its start to its end in headless Chromium at 1280×720 (issue 36 "Must show"): two
 * discs pressed together relax at Δt = 0.1 t_c with the Cundall spring and with the geometric scheme, at full speed,
 * until both runs' Ek has settled below 10⁻⁷ of its largest. From the page's own numbers on the last frame: each
 * variant's live fit gives t_R/t_c — about 20 for Cundall and 119 for the geometric scheme (paper 000; the live fit's
 * 20.24 and 119.31, docs/lecturers.md) — and the note and the comparison's legend both print the two.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './harness';
import { openLesson, playToEnd, storyNow } from './lesson-play';

const session = useBrowserSession();

interface Fit { tROverTc: number; peaks: number }
type Hook = { __sandbox: { status(): { comparison: { variants: { relaxation: Fit | null }[] } | null } | null } };

describe('the relaxation lesson (headless Chromium, 1280×720)', () => {
  it('ends settled with both t_R/t_c on its last frame: Cundall ≈ 20, geometric ≈ 119', async () => {
    const { page, errors } = await openLesson(session.browser, session.app.url, 'relaxation');
    await playToEnd(page);
    const { story, note } = await storyNow(page);
    expect(story.ended).toBe('settled');
    const fits = await page.evaluate(() => (window as unknown as Hook).__sandbox.status()!.comparison!.variants.map((v) => v.relaxation!));
    expect(fits).toHaveLength(2);
    const [cundall, geometric] = fits.map((f) => f.tROverTc);
    expect(cundall).toBeGreaterThan(19);
    expect(cundall).toBeLessThan(21.5);
    expect(geometric).toBeGreaterThan(113);
    expect(geometric).toBeLessThan(125);
    // both on the last frame: in the note, large, and in the comparison's legend under the canvas
    const shown = (v: number) => String(Number(v.toPrecision(3)));
    expect(story.lines.slice(1)).toEqual([
      expect.stringContaining(`tangential = cundall: t_R = ${shown(cundall)} t_c`), expect.stringContaining(`tangential = geometric: t_R = ${shown(geometric)} t_c`)]);
    expect(note).toContain(`t_R = ${shown(cundall)} t_c`);
    expect(note).toContain(`t_R = ${shown(geometric)} t_c`);
    const legend = (await page.locator('[data-testid="compare-legend"]').textContent()) ?? '';
    expect(legend).toContain(`tR/tc = ${cundall.toFixed(2)}`);
    expect(legend).toContain(`tR/tc = ${geometric.toFixed(2)}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
