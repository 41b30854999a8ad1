/**
 * `npm run fuzz -- [--seed N] [--cases N] [--budget S] [--grace S] [--jobs N] [--family F ...] [--json FILE] [--doc FILE.md#BLOCK]`
 *
 * Runs `--cases` seeded cases of every family (fuzz-lib.ts) through the CLI, each in its own sandbox,
 * and prints the summary table (docs/cli.md#limits-and-safe-output) and every case that ended badly
 * (stack trace, hang, non-finite output, a file outside the output folder or left behind). Exit 1 if any.
 * Defaults: seed 1, 30 cases per family (300 in all), 10 s budget, 10 s grace, 2 jobs: a few minutes.
 * `--doc` also writes the summary table into that block of the doc, with the date and the machine (src/cli/doc-block.ts).
 */
import { writeFileSync } from 'node:fs';
import { scriptArgs } from '../../src/cli/script-args';
import { BAD, FAMILIES, makeCases, runAll, summaryTable, type Family } from './fuzz-lib';
import { commandLine, machineStamp, parseDocTarget, writeDocBlock } from '../../src/cli/doc-block';

const USAGE = 'npm run fuzz -- [--seed N] [--cases N] [--budget S] [--grace S] [--jobs N] [--family F ...] [--json FILE] [--doc FILE.md#BLOCK] [-v]\n';
const stamp = machineStamp(); // the load average before the fuzz adds its own
const values = scriptArgs({
  options: {
    seed: { type: 'string', default: '1' },
    cases: { type: 'string', default: '30' },
    budget: { type: 'string', default: '10' },
    grace: { type: 'string', default: '10' },
    jobs: { type: 'string', default: '2' },
    family: { type: 'string', multiple: true },
    json: { type: 'string' },
    doc: { type: 'string' },
    verbose: { type: 'boolean', short: 'v', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
}, USAGE);

const families = (values.family?.length ? values.family : FAMILIES) as Family[];
for (const f of families) {
  if (!FAMILIES.includes(f)) {
    process.stderr.write(`error: --family: unknown family '${f}'; known: ${FAMILIES.join(', ')}\n`);
    process.exit(2);
  }
}
/** A whole number from lo to hi, else `error:` and exit 2 */
function whole(name: string, text: string, lo: number, hi: number): number {
  const v = text.trim() === '' ? NaN : Number(text);
  if (Number.isInteger(v) && v >= lo && v <= hi) return v;
  process.stderr.write(`error: --${name}: a whole number from ${lo} to ${hi}, got '${text}'\n`);
  process.exit(2);
}
const seed = whole('seed', values.seed, 0, 2 ** 32 - 1), perFamily = whole('cases', values.cases, 1, 10_000);
const budget = whole('budget', values.budget, 1, 3600), grace = whole('grace', values.grace, 1, 3600), jobs = whole('jobs', values.jobs, 1, 64);
const doc = (() => {
  try {
    return values.doc === undefined ? null : parseDocTarget(values.doc);
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n`);
    process.exit(2);
  }
})();
const cases = makeCases(seed, perFamily, families);
const t0 = performance.now();
process.stderr.write(`fuzz: ${cases.length} cases (seed ${seed}, ${perFamily} per family), budget ${budget} s, ${jobs} jobs\n`);
const results = await runAll(cases, {
  budget, grace, jobs,
  onResult: (r, done) => {
    const bad = BAD.includes(r.outcome);
    if (values.verbose || bad) process.stderr.write(`[${done}/${cases.length}] ${r.outcome.padEnd(11)} ${(r.ms / 1000).toFixed(1).padStart(5)} s ${Math.round(r.rssMB).toString().padStart(5)} MB  ${r.family}: ${r.name.slice(0, 100)}${r.detail ? ` — ${r.detail.slice(0, 160)}` : ''}\n`);
    else if (done % 20 === 0) process.stderr.write(`[${done}/${cases.length}]\n`);
  },
});
const seconds = (performance.now() - t0) / 1000;
const table = summaryTable(results, seconds);
process.stdout.write(table + '\n');
const bad = results.filter((r) => BAD.includes(r.outcome));
for (const r of bad) process.stdout.write(`\nBAD ${r.outcome}: ${r.family}: ${r.name}\n  sim ${r.args}\n  ${r.detail}\n`);
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2) + '\n');
process.exitCode = bad.length ? 1 : 0;
try {
  if (doc) writeDocBlock(doc, commandLine('npm run fuzz --', process.argv.slice(2)), table, stamp);
} catch (e) {
  process.stderr.write(`error: ${(e as Error).message}\n`);
  process.exitCode = 2;
}
