/**
 * axe-core (the npm package's axe.min.js) run in a page: the WCAG 2.0/2.1 A and AA rules' violations, one line each.
 * `part` limits the check to part of the page (an unchanged control panel need not be checked again: on this page
 * axe takes seconds per run, most of them in the panel's hundreds of elements).
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }

/** Which part of the page to check: selectors to include (default: the whole document) and to leave out. */
export interface AxePart { include?: string[]; exclude?: string[] }

/** The violations of the page as it is now ('rule: help — targets'), after injecting axe if the page has not got it. */
export async function axeViolations(page: Page, part: AxePart = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const context = { include: (part.include ?? ['html']).map((s) => [s]), exclude: (part.exclude ?? []).map((s) => [s]) };
  const r = await page.evaluate((context) => (window as unknown as { axe: { run(c: object, o: object): Promise<AxeResult> } }).axe
    .run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }), context);
  return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`);
}
