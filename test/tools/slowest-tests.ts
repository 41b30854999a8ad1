/**
 * Prints the slowest tests of a Vitest run from its JSON report (`.ci/run` writes one with CI_REPORT): where CI's
 * time goes, so that the next test that grows is seen when it lands. Usage: slowest-tests.ts report.json [count]
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface Report {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: { title: string; duration?: number | null; status: string }[] }[];
}

const [path, countArg = '10'] = process.argv.slice(2);
if (!path) {
  process.stderr.write('usage: slowest-tests.ts <vitest json report> [count]\n');
  process.exit(2);
}
const count = Number(countArg);
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write(`count: a whole number ≥ 1 was expected, got '${countArg}'\n`);
  process.exit(2);
}
const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
const tests = report.testResults.flatMap((f) => f.assertionResults.map((a) => ({
  file: relative(process.cwd(), f.name), title: a.title, seconds: (a.duration ?? 0) / 1000, status: a.status,
})));
tests.sort((a, b) => b.seconds - a.seconds);
const files = report.testResults.map((f) => ({ file: relative(process.cwd(), f.name), seconds: (f.endTime - f.startTime) / 1000 }));
files.sort((a, b) => b.seconds - a.seconds);
const line = (s: number, text: string): string => `${s.toFixed(1).padStart(7)} s  ${text}\n`;
process.stdout.write(`\nThe ${count} slowest tests:\n`);
for (const t of tests.slice(0, count)) process.stdout.write(line(t.seconds, `${t.file} > ${t.title}${t.status === 'passed' ? '' : ` (${t.status})`}`));
process.stdout.write(`\nThe ${count} slowest files (${files.length} in all, ${files.reduce((s, f) => s + f.seconds, 0).toFixed(0)} s summed):\n`);
for (const f of files.slice(0, count)) process.stdout.write(line(f.seconds, f.file));
