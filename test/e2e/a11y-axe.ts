/** axe-core (the npm package's axe.min.js) run in a page: the WCAG 2.0/2.1 A and AA rules' violations, one line each. */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }

/** The violations of the page as it is now ('rule: help — targets'), after injecting axe if the page has not got it. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const r = await page.evaluate(() => (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResult> } }).axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }));
  return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`);
}
