/**
 * The full browser fuzz (issue 8, item 6), on demand:
 *
 *   npm run fuzz:browser -- [--seed 8] [--per-family 30] [--minutes 20] [--json out.json] [--sample] [--doc FILE.md#BLOCK]
 *
 * Builds the app, serves it on 127.0.0.1, and feeds Chromium every case of cases.ts: `--per-family`
 * malformed URLs of each URL family, and every scenario-file case (through the import control and the
 * `#spec=` fragment), stopping at the time bound. Prints the outcome of each case that is not ok, and a
 * table per family; exits 1 if any case is not ok. `--sample` runs the fixed sample of the normal suite.
 * `--doc` also writes the table grouped by input into that block of the doc, with the date and the machine
 * (src/cli/doc-block.ts).
 */
import { writeFileSync } from 'node:fs';
import { refuse, scriptArgs } from '../../../src/cli/script-args';
import { buildAndServe, launch } from '../../e2e/harness';
import { commandLine, machineStamp, parseDocTarget, writeDocBlock, type DocTarget } from '../../../src/cli/doc-block';
import { allCases, sampleCases } from './cases';
import { BrowserFuzz, groupedTable, summaryTable, type Outcome } from './runner';
import { SAMPLE, SEED } from './settings';

const USAGE = 'npm run fuzz:browser -- [--seed 8] [--per-family 30] [--minutes 20] [--json FILE] [--sample] [--doc FILE.md#BLOCK]\n';

/** The command line, every value checked before the app is built */
function options(): { seed: number; perFamily: number; minutes: number; json?: string; sample: boolean; doc: DocTarget | null } {
  const values = scriptArgs({
      options: {
        seed: { type: 'string', default: String(SEED) }, 'per-family': { type: 'string', default: '30' }, minutes: { type: 'string', default: '20' },
        json: { type: 'string' }, sample: { type: 'boolean', default: false }, doc: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false },
      },
  }, USAGE);
  const whole = (name: string, text: string, lo: number, hi: number) => {
    const v = text.trim() === '' ? NaN : Number(text);
    if (!Number.isInteger(v) || v < lo || v > hi) refuse(`--${name}: a whole number from ${lo} to ${hi}, got '${text}'`);
    return v;
  };
  let doc: DocTarget | null = null;
  try {
    if (values.doc !== undefined) doc = parseDocTarget(values.doc);
  } catch (e) {
    refuse((e as Error).message);
  }
  return {
    seed: whole('seed', values.seed, 0, 2 ** 32 - 1), perFamily: whole('per-family', values['per-family'], 1, 10_000),
    minutes: whole('minutes', values.minutes, 1, 24 * 60), json: values.json, sample: values.sample, doc,
  };
}

async function main(): Promise<void> {
  const stamp = machineStamp(); // the load average before the fuzz adds its own
  const { seed, perFamily, minutes, json, sample, doc } = options();
  const cases = sample ? sampleCases(seed, SAMPLE.perUrlFamily, SAMPLE.perFileFamily) : allCases(seed, perFamily);
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
  const summary = `Seed ${seed}, ${outcomes.length} cases in ${((Date.now() - t0) / 1000).toFixed(0)} s.`;
  console.log(`\n\n${summary}\n`);
  console.log(summaryTable(outcomes));
  const grouped = groupedTable(outcomes);
  console.log(`\n${grouped}`);
  if (json) writeFileSync(json, JSON.stringify({ seed, perFamily, outcomes }, null, 2));
  process.exitCode = outcomes.every((o) => o.result === 'ok') ? 0 : 1;
  try {
    if (doc) writeDocBlock(doc, commandLine('npm run fuzz:browser --', process.argv.slice(2)), `${summary}\n\n${grouped}`, stamp);
  } catch (e) {
    refuse((e as Error).message);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 2;
});
