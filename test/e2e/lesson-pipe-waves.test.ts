/**
 * The pipe lesson played from its start to its end in headless Chromium at 1280×720 (issue 36 "Must show"): grains
 * falling down the periodic pipe at full speed to its planned 4 s. From the page's own numbers: the space–time panel
 * estimates the density waves' speed from its newer half of rows (the flow developed; core density-waves estimator)
 * and prints it; the note's last frame prints the same speed, against the flow — the plugs travel up the pipe at
 * 0.2–2 m/s (−0.35 m/s over 2–4 s here) while the grains fall down it at more than 0.5 m/s (1.6 m/s; E10 over its
 * first 3 s: −0.75 against +1.2 m/s, docs/validation.md#e10-pipe-flow).
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './harness';
import { openLesson, playToEnd, storyNow } from './lesson-play';

const session = useBrowserSession();

type Hook = { __sandbox: { spaceTime(): { stats: string; waveSpeed: number; rows: number } } };

describe('the pipe-waves lesson (headless Chromium, 1280×720)', () => {
  it('ends at 4 s with the waves’ speed printed, up the pipe while the grains fall down it', async () => {
    const { page, errors } = await openLesson(session.browser, session.app.url, 'pipe-waves');
    await playToEnd(page, 0, 120_000);
    const { story, note } = await storyNow(page);
    expect(story.ended).toBe('duration');
    const st = await page.evaluate(() => (window as unknown as Hook).__sandbox.spaceTime());
    expect(st.rows).toBeGreaterThanOrEqual(80); // a row every 0.05 s
    const c = st.waveSpeed;
    expect(c).toBeLessThan(-0.2);
    expect(c).toBeGreaterThan(-2);
    const shown = String(Number(c.toPrecision(3)));
    expect(await page.locator('[data-testid="spacetime-stats"]').textContent()).toContain(`waves ${shown} m/s`);
    expect(note).toContain(`the waves travel at ${shown} m/s — against the flow: up the pipe`);
    const fall = story.lines.find((l) => l.startsWith('the grains fall at '));
    expect(Number(fall?.replace('the grains fall at ', '').replace(' m/s', ''))).toBeGreaterThan(0.5);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
