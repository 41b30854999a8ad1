/**
 * `npm test`'s Vitest run: the Chromium files and the Node-side files as two Vitest processes at the same time,
 * instead of the Node files first and the Chromium files after them, alone.
 *
 * Why: the Chromium files, one at a time, are the longest part of the run (≈ 735 s of a fresh-clone CI run's 1095 s
 * on two cores) but do not keep both cores busy: a file drives one page whose simulation worker, main thread and
 * software drawing (at 10 frames/s) used ≈ 1–1.4 cores between them (measured per process on a loaded machine),
 * and the build, the page loads and the polls every 100 ms leave gaps. The Node files are CPU-bound and need no
 * browser. Vitest runs the projects of one `sequence.groupOrder` through one queue of files with one worker count,
 * so it cannot keep one lane for the Chromium files (one at a time: they share one browser, and their deadlines
 * are set for one page beside at most two other CPU-bound processes) and fill the rest of the machine with Node
 * files; two processes can. Both run at the same priority: the page's busy threads (its simulation worker, main
 * thread and drawing) and the two Node workers share the cores, which stays within what every test's limits allow
 * for (about 3× slower than alone). A lower priority for the Node lane (nice 10) would keep the page at full speed
 * on an idle machine, but on a machine busy with other work it starves the Node files (E9's 50 s of CPU at a tenth
 * of a core overruns its 300 s limit). Each process keeps its projects' settings from vite.config.ts (the Chromium
 * files one at a time in one process; the Node files two at a time, then `node-isolated`).
 *
 * Arguments go to both (`npm test -- test/core/foo.test.ts`; a lane with no matching file passes). With CI_REPORT
 * set (`.ci/run`), each lane writes its own JSON report and this merges them into CI_REPORT. The exit status is
 * the first non-zero one of the lanes.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const LANES = [
  { name: 'chromium', projects: ['chromium'] },
  { name: 'node', projects: ['node', 'node-isolated'] },
] as const;

const args = process.argv.slice(2);
const report = process.env.CI_REPORT;
const start = Date.now();

function runLane(lane: (typeof LANES)[number]): Promise<{ name: string; code: number; seconds: number; report?: string }> {
  const laneReport = report ? `${report}.${lane.name}.json` : undefined;
  const child = spawn(process.execPath, [
    'node_modules/vitest/vitest.mjs', 'run', ...lane.projects.flatMap((p) => ['--project', p]), '--passWithNoTests', ...args,
  ], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...(laneReport ? { CI_REPORT: laneReport } : {}) } });
  // whole lines, so the two lanes' output interleaves by line, never within one
  createInterface({ input: child.stdout }).on('line', (l) => process.stdout.write(`${l}\n`));
  createInterface({ input: child.stderr }).on('line', (l) => process.stderr.write(`${l}\n`));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({
    name: lane.name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - start) / 1000, report: laneReport,
  })));
}

const results = await Promise.all(LANES.map(runLane));
for (const r of results) process.stdout.write(`run-suite: ${r.name} files done after ${r.seconds.toFixed(0)} s, exit ${r.code}\n`);

if (report) {
  // one report in Vitest's JSON format: the lanes' files together, the counts summed
  type Json = Record<string, unknown> & { testResults: unknown[] };
  const parts = results.flatMap((r) => (r.report && existsSync(r.report) ? [JSON.parse(readFileSync(r.report, 'utf8')) as Json] : []));
  if (parts.length) {
    const merged: Json = { ...parts[0], testResults: parts.flatMap((p) => p.testResults) };
    for (const [k, v] of Object.entries(parts[0])) {
      if (typeof v === 'number' && k.startsWith('num')) merged[k] = parts.reduce((s, p) => s + (p[k] as number), 0);
      if (typeof v === 'boolean') merged[k] = parts.every((p) => p[k]);
      if (k === 'startTime') merged[k] = Math.min(...parts.map((p) => p[k] as number));
    }
    writeFileSync(report, JSON.stringify(merged));
  }
  for (const r of results) if (r.report) rmSync(r.report, { force: true });
}

process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
