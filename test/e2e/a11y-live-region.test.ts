/**
 * The live region during the blow-up lesson (issue 42 item 1, must show), in headless Chromium at full speed: the
 * lesson and its claim are said, then the divergence (the blow-up's stop) and the headline; i says the key numbers
 * (t, Δt/tc, Ek, contacts, the divergence, the headline); the region is written at most once a second, never per
 * frame or per status poll.
 */
import { describe, expect, it } from 'vitest';
import { openApp, useBrowserSession, waitFor } from './harness';

const session = useBrowserSession();

interface Said { __said: { t: number; text: string }[] }

describe('the live region (headless Chromium)', () => {
  it('announces the blow-up lesson, its divergence and, on i, the key numbers', async () => {
    const { page, errors } = await openApp(session.browser, `${session.app.url}?lesson=blow-up&lecture=1&speed=max`);
    await page.evaluate(() => {
      const w = window as unknown as Said, el = document.getElementById('live-region')!;
      w.__said = el.textContent ? [{ t: performance.now(), text: el.textContent }] : [];
      new MutationObserver(() => w.__said.push({ t: performance.now(), text: el.textContent ?? '' })).observe(el, { childList: true, characterData: true, subtree: true });
    });
    const said = () => page.evaluate(() => (window as unknown as Said).__said);
    const text = async () => (await said()).map((s) => s.text).join('\n');
    await waitFor(page, 'window.__sandbox.lesson.story().ended !== null', 60_000);
    await expect.poll(text, { timeout: 10_000 }).toMatch(/Diverged: the blow-up stopped, kinetic energy grew a million times\./);
    const all = await text();
    expect(all).toContain('Lesson 2 · Too large a Δt blows up. A disc rests on a floor');
    const headline = await page.evaluate(() => (window as unknown as { __sandbox: { lesson: { story(): { lines: string[] } } } }).__sandbox.lesson.story().lines);
    await expect.poll(text, { timeout: 10_000 }).toContain(headline.join('. '));

    // i: the key numbers
    await page.keyboard.press('i');
    await expect.poll(async () => (await said()).at(-1)?.text ?? '', { timeout: 10_000 }).toMatch(
      /^t = [\d.]+ s; Δt\/tc = [\d.e-]+; kinetic energy [\d.e-]+ J; \d+ contacts; paused; diverged: the blow-up stopped, kinetic energy grew a million times; no warnings; /);
    expect((await said()).at(-1)!.text).toContain(headline[0]);
    // throttled: writes at least a second apart (a timer's gap; a loaded machine only lengthens it)
    const times = (await said()).map((s) => s.t);
    for (let k = 1; k < times.length; k++) expect(times[k] - times[k - 1]).toBeGreaterThan(990);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
