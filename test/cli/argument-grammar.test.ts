/**
 * Issue 39, item 2: one argument grammar for every `sim` command (src/cli/command-grammar.ts). Extra
 * positionals, counts in other forms than decimal digits, options a command does not use, empty or malformed
 * variants, inverted or empty windows and ragged CSV rows are refused — exit 2, one `error:` line naming the
 * argument, nothing on stdout, nothing written — and every argument is checked before any work starts.
 * The refusals run the CLI's `main` in this process (sim-in-process.ts: milliseconds each); the last two
 * commands and the bench spawn a real process, whose exit code and stderr are the ones a shell sees.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, OPTIONS } from '../../src/cli/command-grammar';
import { ROOT, sim, tmpFolder, TSX_LOADER, type SimResult } from './run-cli';
import { simInProcess } from './sim-in-process';

const tmp = () => tmpFolder('sim-grammar-');

/** A clean refusal: exit 2, every stderr line `error: …` (no note, no stack), nothing on stdout. */
function refused(r: SimResult, pattern: RegExp): void {
  expect(r.code, r.err).toBe(2);
  for (const l of r.err.trimEnd().split('\n')) expect(l).toMatch(/^error: \S/);
  expect(r.err).toMatch(pattern);
  expect(r.out).toBe('');
}

describe('positional arguments: exactly the ones a command takes', () => {
  const cases: [string[], RegExp][] = [
    [['list', 'x'], /^error: unexpected argument\(s\) 'x': list takes no arguments$/m],
    [['run', 'head-on', 'pile'], /^error: unexpected argument\(s\) 'pile': run takes one argument \(scenario\)$/m],
    [['fit', 'a.csv', 'b.csv', '--column', 'x_0'], /^error: unexpected argument\(s\) 'b\.csv': fit takes one argument \(tracks\.csv\)$/m],
    [['export', 'lammps', 'pile', 'x'], /^error: unexpected argument\(s\) 'x': export takes 2 arguments \(format, scenario\)$/m],
    [['export', 'lammps'], /^error: export needs a scenario/m],
    [['export', 'pdf', 'pile'], /^error: export: unknown format 'pdf'; the one format is lammps/m],
    [['sweep'], /^error: sweep needs a scenario \(a \.json file or a built-in name/m],
    [['frob', 'pile'], /^error: unknown command 'frob'; use run, sweep, convergence, delta-ek, compare, fit, export, list$/m],
  ];
  for (const [args, pattern] of cases) it(args.join(' '), async () => refused(await simInProcess(args), pattern));
});

describe('options a command does not use are refused, not ignored', () => {
  /** A value for each option (the option is refused before its value is looked at) */
  const sample: Record<string, string[]> = { json: [], 'dt-over-tc': ['0.1'], steps: ['64,128'], threads: ['2'] };
  for (const [command, shape] of Object.entries(COMMANDS)) {
    const unused = Object.keys(OPTIONS).filter((o) => o !== 'help' && !(shape.options as readonly string[]).includes(o));
    it(`${command}: ${unused.map((o) => `--${o}`).join(', ')}`, async () => {
      const args = [command, ...(command === 'export' ? ['lammps'] : []), ...(shape.positionals.length ? ['head-on'] : [])];
      for (const option of unused) {
        const r = await simInProcess([...args, `--${option}`, ...(sample[option] ?? ['x'])]);
        refused(r, new RegExp(`^error: --${option}: ${command} does not use this option \\(it takes ${shape.options.length ? shape.options.map((o) => `--${o}`).join(', ') : 'none'}\\)$`, 'm'));
      }
    });
  }

  it('--threads on export lammps (once silently ignored)', async () => {
    const dir = join(tmp(), 'lmp');
    refused(await simInProcess(['export', 'lammps', 'pile', '--threads', '2', '--out', dir]), /^error: --threads: export does not use this option \(it takes --set, --out\)$/m);
    expect(existsSync(dir)).toBe(false);
  });

  it('an empty value (but --variant "", the scenario as it is)', async () => {
    refused(await simInProcess(['fit', 'a.csv', '--column', '']), /^error: --column: must not be empty$/m);
    refused(await simInProcess(['sweep', 'two-disc', '--doc', '']), /^error: --doc: must not be empty$/m);
  });
});

describe('numbers: counts in decimal digits, reals in plain decimal form', () => {
  for (const bad of ['0x2', '1e0', ' 2', '2 ', '2.0', '+2', '02', '-1', '0', '65', 'two', '']) {
    it(`--threads '${bad}'`, async () => {
      const dir = join(tmp(), 'o');
      const r = await simInProcess(['run', 'head-on', `--threads=${bad}`, '--out', dir]); // the = form: '-1' is not taken for an option
      refused(r, bad === '' ? /^error: --threads: must not be empty$/m : /^error: --threads: '.*' is not an integer from 1 to 64 \(decimal digits only, like 1\)$/m);
      expect(existsSync(dir)).toBe(false);
    });
  }

  it('--steps', async () => {
    for (const bad of ['1e3,2e3', '200,400.0', '200, 400', '200,,400', '0x100,200']) {
      refused(await simInProcess(['convergence', 'case-i', '--steps', bad]), /^error: --steps: '.*' is not an integer from 1 to 100,000,000 \(decimal digits only, like 1\)$/m);
    }
    refused(await simInProcess(['convergence', 'case-i', '--steps', '200']), /^error: --steps: expected at least 2 values separated by commas, like 200,400,800; got '200'$/m);
  });

  it('--dt-over-tc (sweep, delta-ek)', async () => {
    for (const bad of ['0x1', ' 0.1', 'Infinity', '1e999', '0.1,', 'abc']) {
      refused(await simInProcess(['sweep', 'two-disc', '--dt-over-tc', bad]), /^error: --dt-over-tc: '.*' is not a number \(plain decimal, like 1e-2\)$/m);
    }
    refused(await simInProcess(['delta-ek', 'two-disc', '--dt-over-tc', '0.02,0x1']), /^error: --dt-over-tc: '0x1' is not a number/m);
    refused(await simInProcess(['delta-ek', 'two-disc', '--dt-over-tc', '0.02,0.04,0.08']), /^error: delta-ek needs --dt-over-tc with exactly two numbers/m);
  });

  it('--from and --to: numbers, and a window that is neither empty nor inverted', async () => {
    const dir = tmp();
    const f = join(dir, 't.csv');
    writeFileSync(f, `t,x_0\n${Array.from({ length: 40 }, (_, k) => `${k * 0.01},${Math.sin(k)}`).join('\n')}\n`);
    refused(await simInProcess(['fit', f, '--column', 'x_0', '--from', '0x1']), /^error: --from: '0x1' is not a number/m);
    refused(await simInProcess(['fit', f, '--column', 'x_0', '--from', '0.3', '--to', '0.1']), /^error: --from, --to: the window \[0\.3, 0\.1\] s is empty or inverted/m);
    refused(await simInProcess(['fit', f, '--column', 'x_0', '--from', '0.2', '--to', '0.2']), /^error: --from, --to: the window \[0\.2, 0\.2\] s is empty or inverted/m);
  });
});

describe('compare: variants that differ, each well formed', () => {
  const cases: [string[], RegExp][] = [
    [['', ''], /^error: --variant: variants 1 and 2 set the same parameters \(none: the scenario as it is\)/m],
    [['mu=0.3', 'tangential=geometric', 'mu=0.3'], /^error: --variant: variants 1 and 3 set the same parameters \(mu=0\.3\)/m],
    [[' ', 'mu=0.3'], /^error: variant 1: an empty entry in ' '/m],
    [['mu=0.3,,', 'mu=0.2'], /^error: variant 1: an empty entry in 'mu=0\.3,,'/m],
    [['mu=0.2', 'mu=0.3,mu=0.4'], /^error: variant 2\.mu: given twice in one variant$/m],
    [['__proto__=1', 'mu=0.3'], /^error: variant 1\.__proto__: unknown parameter/m],
    [['mu=0.3', 'constructor=1'], /^error: variant 2\.constructor: unknown parameter/m],
  ];
  for (const [variants, pattern] of cases) {
    it(variants.map((v) => JSON.stringify(v)).join(' '), async () => {
      const dir = join(tmp(), 'cmp');
      refused(await simInProcess(['compare', 'two-disc', ...variants.flatMap((v) => ['--variant', v]), '--out', dir]), pattern);
      expect(existsSync(dir)).toBe(false);
    });
  }
});

describe('analysis windows and CSV rows', () => {
  it('run.oscillation: inverted, empty, or after the end of the run', async () => {
    const args = ['run', 'cd-chain', '--out', join(tmp(), 'o')];
    refused(await simInProcess([...args, '--set', 'run.oscillation.to=0.2']), /^error: run\.oscillation\.to: must be later than run\.oscillation\.from \(0\.3 s\), got 0\.2; the fit's window would be empty$/m);
    refused(await simInProcess([...args, '--set', 'run.oscillation.to=0.3']), /^error: run\.oscillation\.to: must be later than/m);
    refused(await simInProcess([...args, '--set', 'run.oscillation={"of":49,"from":50,"to":60}']), /^error: run\.oscillation\.from: 50 s is not before the run's end \(.* s\); the fit's window would be empty$/m);
  });

  it('run.relaxation: inverted or empty', async () => {
    refused(await simInProcess(['run', 'two-disc', '--set', 'run.relaxation.to=0.1', '--out', join(tmp(), 'o')]), /^error: run\.relaxation\.to: must be below run\.relaxation\.from \(0\.01\).*got 0\.1; the window would be empty$/m);
    refused(await simInProcess(['sweep', 'two-disc', '--set', 'run.relaxation.from=1e-6']), /^error: run\.relaxation\.to: must be below run\.relaxation\.from \(0\.000001\)/m);
  });

  it('fit: a row shorter or longer than the header (short rows were skipped silently)', async () => {
    const dir = tmp();
    const rows = Array.from({ length: 40 }, (_, k) => `${k * 0.01},${Math.sin(k)}`);
    for (const [bad, cells] of [[`${0.4}`, 1], [`0.4,1,2`, 3]] as const) {
      const f = join(dir, `r${cells}.csv`);
      writeFileSync(f, `t,x_0\n${[...rows, bad, '0.41,0.5'].join('\n')}\n`);
      refused(await simInProcess(['fit', f, '--column', 'x_0']), new RegExp(`^error: fit: .*r${cells}\\.csv line 42 has ${cells} cells, the header 2; every row of a tracks\\.csv has one cell per column$`, 'm'));
    }
  });
});

describe('every argument is checked before any work starts', () => {
  it('run none.json --threads 64: the missing file, and no note about threads', () => {
    const r = sim(['run', 'none.json', '--threads', '64'], { cwd: tmp() });
    refused(r, /^error: scenario: file 'none\.json' not found$/m);
    expect(r.err).not.toMatch(/note/);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  });

  it('every problem of the command line at once, before the scenario is read', () => {
    const r = sim(['list', 'x', '--threads', '2', '--json']);
    refused(r, /^error: unexpected argument\(s\) 'x'/m);
    expect(r.err.trimEnd().split('\n')).toEqual([
      "error: unexpected argument(s) 'x': list takes no arguments",
      'error: --threads: list does not use this option (it takes none)',
      'error: --json: list does not use this option (it takes none)',
    ]);
  });
});

describe('the bench reads its counts by the same grammar', () => {
  it('--threads, --sizes, --repeat, --iterations: decimal digits, lists without empty entries', () => {
    const bench = (...args: string[]) => {
      const r = spawnSync(process.execPath, ['--import', TSX_LOADER, join(ROOT, 'src/cli/bench.ts'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 100_000 });
      return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr, rssMB: NaN };
    };
    refused(bench('--threads', '0x2'), /^error: --threads: '0x2' is not an integer from 1 to 64 \(decimal digits only, like 1\)$/m);
    refused(bench('--sizes', '1000,2e3'), /^error: --sizes: '2e3' is not an integer from 2 to 1,000,000/m);
    refused(bench('--repeat', '3,4'), /^error: --repeat: one count, not a list$/m);
    refused(bench('--iterations', '10,,20'), /^error: --iterations: '' is not an integer from 1 to 10,000/m);
  });

  it('--vs-lammps takes --threads 1 or 2 only, and --threads 2 needs mpirun', () => {
    const bench = (env: Record<string, string>, ...args: string[]) => {
      const r = spawnSync(process.execPath, ['--import', TSX_LOADER, join(ROOT, 'src/cli/bench.ts'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 100_000, env: { ...process.env, ...env } });
      return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr, rssMB: NaN };
    };
    refused(bench({}, '--vs-lammps', '--threads', '3'), /^error: --threads with --vs-lammps: 1 or 2 \(LAMMPS ranks and this core's threads; with --polygons also 1,2\), got "3"$/m);
    refused(bench({ MPIRUN: '/nonexistent/mpirun' }, '--vs-lammps', '--threads', '2'), /^error: --threads 2 with --vs-lammps: \/nonexistent\/mpirun not found/m);
  });
});
