/**
 * The full browser fuzz (issue 8, item 6), on demand:
 *
 *   npx tsx test/fuzz/browser/fuzz-browser.ts [--seed 8] [--per-family 30] [--minutes 20] [--json out.json] [--sample]
 *
 * Builds the app, serves it on 127.0.0.1, and feeds Chromium every case of cases.ts: `--per-family`
 * malformed URLs of each URL family, and every scenario-file case (through the import control and the
 * `#spec=` fragment), stopping at the time bound. Prints the outcome of each case that is not ok, and a
 * table per family; exits 1 if any case is not ok. `--sample` runs the fixed sample of the normal suite.
 */
import { writeFileSync } from 'node:fs';
import { buildAndServe, launch } from '../../e2e/harness';
import { allCases, sampleCases } from './cases';
import { BrowserFuzz, groupedTable, summaryTable, type Outcome } from './runner';
import { SAMPLE, SEED } from './settings';

function arg(name: string, fallback: number): number {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? Number(process.argv[k + 1]) : fallback;
}
function text(name: string): string | null {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? process.argv[k + 1] : null;
}

async function main(): Promise<void> {
  const seed = arg('seed', SEED);
  const perFamily = arg('per-family', 30);
  const minutes = arg('minutes', 20);
  const cases = process.argv.includes('--sample') ? sampleCases(seed, SAMPLE.perUrlFamily, SAMPLE.perFileFamily) : allCases(seed, perFamily);
  const t0 = Date.now();
  const app = await buildAndServe();
  const browser = await launch();
  const fuzz = await BrowserFuzz.start(browser, app.url);
  const outcomes: Outcome[] = [];
  try {
    for (const c of cases) {
      if (Date.now() - t0 > minutes * 60_000) {
        console.log(`time bound of ${minutes} min reached after ${outcomes.length} of ${cases.length} cases`);
        break;
      }
      const o = await fuzz.run(c);
      outcomes.push(o);
      const mark = o.result === 'ok' ? '.' : `\n${o.result.toUpperCase()} ${o.id} (${o.note}) ${o.ms} ms\n  ${o.detail.join('\n  ')}\n`;
      process.stdout.write(mark);
    }
  } finally {
    await fuzz.close();
    await browser.close();
    await app.close();
  }
  console.log(`\n\nseed ${seed}, ${outcomes.length} cases in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  console.log(summaryTable(outcomes));
  console.log(`\n${groupedTable(outcomes)}`);
  const out = text('json');
  if (out) writeFileSync(out, JSON.stringify({ seed, perFamily, outcomes }, null, 2));
  process.exitCode = outcomes.every((o) => o.result === 'ok') ? 0 : 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 2;
});
