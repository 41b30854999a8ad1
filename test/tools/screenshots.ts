/**
 * `npm run screenshots`: the pictures of the app in docs/ and the README, at a projector's 1920×1080 and a laptop's
 * 1280×720, made from the built app in Debian's headless Chromium (the e2e harness), and every lecture-mode
 * lesson at both sizes (`npm run screenshots -- lesson-` makes only those), two lessons at 200 % zoom (`-- zoom200`), and the
 * page driven by the keyboard alone with its focus showing (`-- keyboard`: keys pressed, no mouse). Each scene runs
 * until its event is on screen; the PNGs go to public/screenshots/ (served with the app, shown in the
 * README).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildAndServe, launch, openApp, ROOT, waitFor } from '../e2e/harness';
import { LESSONS } from '../../src/ui/lecture/lessons';

const OUT = join(ROOT, 'public', 'screenshots');

/**
 * `scale`: the device scale factor (2 with half the CSS viewport: the browser's 200 % zoom); `keys`: pressed one after
 * another once `until` holds (Playwright key names), then `focused`, when given, waits until it holds for the element
 * that has the focus (`document.activeElement` as `el`)
 */
interface Shot { file: string; query: string; viewport: { width: number; height: number }; until: string; scale?: number; keys?: string[]; focused?: string }

/**
 * Each lecture-mode lesson (src/ui/lecture/lessons.ts) at both sizes, played at full speed to its end frame: the story
 * ended and the run paused there (the blow-up lesson at its last part's end, the first part's numbers kept).
 */
const endOf = (part: number) => `window.__sandbox.lesson.story().part === ${part} && window.__sandbox.lesson.story().ended !== null && window.__sandbox.status()?.running === false`;
const LESSON_UNTIL: Record<string, string> = Object.fromEntries(LESSONS.map((l) => [l.id, endOf((l.next ?? []).length)]));
const LESSON_SHOTS: Shot[] = LESSONS.flatMap((l) => [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }].map((viewport) => ({
  file: `lesson-${l.id}-${viewport.width}x${viewport.height}.png`, query: `?lesson=${l.id}&lecture=1&speed=max`, viewport, until: LESSON_UNTIL[l.id],
})));

const only = process.argv[2];
const SHOTS: Shot[] = [
  { file: 'heap-1920x1080.png', query: '?scenario=heap&network=1', viewport: { width: 1920, height: 1080 }, until: 'window.__sandbox.status()?.t > 3' },
  { file: 'head-on-inaccurate-1280x720.png', query: '?scenario=head-on&dtOverTc=0.5', viewport: { width: 1280, height: 720 }, until: 'window.__sandbox.status()?.accuracy.status === "warning" && window.__sandbox.status()?.t > 0.03' },
  { file: 'pile-diverged-1920x1080.png', query: '?scenario=pile&dtOverTc=2&logy=1', viewport: { width: 1920, height: 1080 }, until: 'window.__sandbox.status()?.health.status === "diverged"' },
  { file: 'two-disc-log-1280x720.png', query: '?scenario=two-disc&logy=1&speed=0.02', viewport: { width: 1280, height: 720 }, until: 'window.__sandbox.status()?.t > 0.1' },
  { file: 'pipe-flow-1920x1080.png', query: '?scenario=pipe-flow', viewport: { width: 1920, height: 1080 }, until: 'window.__sandbox.status()?.t > 9' },
  ...LESSON_SHOTS,
  // 200 % zoom on a 1280×720 laptop (issue 42 item 5): 640×360 CSS px, a lesson open, the controls folded away
  { file: 'zoom200-lesson-relaxation-640x360.png', query: '?lesson=relaxation&lecture=1', viewport: { width: 640, height: 360 }, scale: 2, until: 'window.__sandbox.lesson.story().ended !== null' },
  { file: 'zoom200-lesson-blow-up-640x360.png', query: '?lesson=blow-up&lecture=1', viewport: { width: 640, height: 360 }, scale: 2, until: LESSON_UNTIL['blow-up'] },
  // the keyboard alone (issue 42 item 2), the focus showing: the first Tab lands on the skip link; Enter on it, then b
  // and g, hold a grain on the focused canvas; ? opens the shortcut list as a dialog with the focus inside
  { file: 'keyboard-skip-link-1280x720.png', query: '?scenario=pile&run=0', viewport: { width: 1280, height: 720 }, until: 'window.__sandbox.frames().received > 2', keys: ['Tab'], focused: 'el.tagName === "A"' },
  { file: 'keyboard-grab-1280x720.png', query: '?scenario=pile&run=0', viewport: { width: 1280, height: 720 }, until: 'window.__sandbox.frames().received > 2', keys: ['Tab', 'Enter', 'b', 'g', 'ArrowUp', 'ArrowUp', 'ArrowUp'], focused: 'el.tagName === "CANVAS"' },
  { file: 'keyboard-help-dialog-1280x720.png', query: '?lecture=1&lesson=relaxation&run=0', viewport: { width: 1280, height: 720 }, until: 'window.__sandbox.frames().received > 2', keys: ['?'], focused: 'el.closest("[role=dialog], dialog") !== null' },
];

mkdirSync(OUT, { recursive: true });
const app = await buildAndServe();
const browser = await launch();
try {
  for (const s of SHOTS.filter((shot) => !only || shot.file.startsWith(only))) {
    const { page, errors } = await openApp(browser, `${app.url}${s.query}`, s.viewport, { deviceScaleFactor: s.scale ?? 1 });
    await waitFor(page, s.until, 300_000);
    for (const key of s.keys ?? []) await page.keyboard.press(key);
    if (s.focused) await waitFor(page, `(() => { const el = document.activeElement; return !!el && (${s.focused}); })()`, 10_000);
    await page.waitForTimeout(600); // a status poll and a chart update after the event
    await page.screenshot({ path: join(OUT, s.file) });
    if (errors.length) throw new Error(`${s.file}: page errors ${errors.join('; ')}`);
    console.log(`${s.file}  ${s.viewport.width}×${s.viewport.height}  ${s.query}`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.close();
}
