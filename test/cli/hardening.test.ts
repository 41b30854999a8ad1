/**
 * Issue 8 "Hardening", CLI side: every bad outcome the issue lists, as a test. Bad input ends with one
 * `error: <field>: …` line per problem and exit code 2 (never a stack trace, never a hang); nothing is
 * written outside the output folder, a symlink in it is never followed, a failed run leaves no file behind,
 * and parsed input never reaches Object.prototype. A long run reports progress and stops cleanly on Ctrl-C.
 * Refusals of a scenario's content run the CLI's `main` in this process (sim-in-process.ts: no start-up, and a
 * polluted Object.prototype would show in this very process); what needs a process of its own — the output
 * folder's clean-up at exit, permissions, hangs, signals, memory, deep nesting — spawns it.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyOverrides } from '../../src/core/scenarios/overrides';
import { parseScenario } from '../../src/core/scenarios/schema';
import { getBuiltInInput } from '../../src/core/scenarios/registry';
import { sim, spawnSim, tmpFolder, whenCpu, type SimResult as Result } from './run-cli';
import { simInProcess } from './sim-in-process';

/** A fresh folder every user may enter (the permission cases run the CLI as nobody when the tests run as root). */
const tmp = () => tmpFolder('sim-hard-');

/**
 * Inputs that once hung or would run for ages: their refusal takes well under a second of CPU, so 30 s is
 * far beyond it on a machine loaded by two CPU-bound processes, and a hang fails at once with the process
 * killed (signal SIGTERM in the result) rather than at the test's time limit.
 */
const HANG_MS = 30_000;

/** A clean refusal: exit 2, every stderr line `error: …`, no stack trace, nothing on stdout. */
function expectClean(r: Result, pattern: RegExp, lines?: number): void {
  expect(r.err, r.err).not.toMatch(/\n\s+at |node:internal|Error:|TypeError|RangeError/);
  expect(r.code, r.err).toBe(2);
  const errLines = r.err.trimEnd().split('\n');
  for (const l of errLines) expect(l).toMatch(/^error: \S/);
  if (lines !== undefined) expect(errLines).toHaveLength(lines);
  expect(r.err).toMatch(pattern);
  expect(r.out).toBe('');
}

function writeJson(dir: string, name: string, value: unknown): string {
  const f = join(dir, name);
  writeFileSync(f, typeof value === 'string' ? value : JSON.stringify(value));
  return f;
}

/** Every file under dir (symlinks not followed), relative. */
function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? [p.slice(base.length + 1) + '/', ...listFiles(p, base)] : [p.slice(base.length + 1)];
  });
}

describe('raw stack traces become one clear line and exit 2', () => {
  it('JSON nested 20,000 levels deep', () => {
    const dir = tmp();
    const f = writeJson(dir, 'deep.json', `{"name":"deep","run":{"track":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`);
    expectClean(sim(['run', f, '--out', join(dir, 'o')]), /error: scenario: .*nested deeper than 32 levels/, 1);
    expect(existsSync(join(dir, 'o'))).toBe(false);
  });

  it('a --set value nested 20,000 levels deep', () => {
    expectClean(sim(['run', 'head-on', '--set', `run.track=${'['.repeat(20_000)}${']'.repeat(20_000)}`, '--out', join(tmp(), 'o')]), /error: --set run\.track: .*nested deeper than 32 levels/, 1);
  });

  it('a lattice of 10¹⁰ discs is refused before anything is allocated', () => {
    const dir = tmp();
    const f = writeJson(dir, 'lat.json', { name: 'lat', generators: [{ type: 'lattice', origin: [0, 0], nx: 100_000, ny: 100_000, spacing: 0.02, r: 0.01 }] });
    const r = sim(['run', f, '--out', join(dir, 'o')], { rss: true });
    expectClean(r, /generators: 10,000,000,000 particles in all .* allowed at most 1,000,000/);
    // by its peak memory, which load cannot change (no wall time): measured 62 MB; the 1,000,000 discs
    // allowed take ~800 MB when built (cli/limits.ts), 10¹⁰ would take 10⁴ times that
    expect(r.rssMB).toBeLessThan(400);
  });

  it('gravity beyond its documented range (±1e4 m/s², as for gravityX/gravityY) is refused', async () => {
    expectClean(await simInProcess(['run', 'pile', '--set', 'gravityY=-1e300', '--out', join(tmp(), 'o')]), /^error: gravity\.1: must be ≥ -10000 \(allowed -10000 to 10000\)$/m, 1);
    const dir = tmp();
    const f = writeJson(dir, 'g.json', { name: 'g', gravity: [2e4, 0], particles: [{ x: 0, y: 0, r: 0.01 }], run: { duration: 0.01 } });
    expectClean(await simInProcess(['run', f, '--out', join(dir, 'o')]), /^error: gravity\.0: must be ≤ 10000 \(allowed -10000 to 10000\)$/m, 1);
  });

  it('a run.track list of 20,000 entries', async () => {
    const track = JSON.stringify(Array.from({ length: 20_000 }, (_, k) => k % 150));
    expectClean(await simInProcess(['run', 'elastic-gas', '--set', `run.track=${track}`, '--set', 'duration=0.01', '--out', join(tmp(), 'o')]), /^error: run\.track: must have at most 1000 entries/m, 1);
  });

  it('an oscillation fit of a piston in a scene without one', async () => {
    const dir = join(tmp(), 'o');
    expectClean(await simInProcess(['run', 'head-on', '--set', 'run.oscillation={"of":"piston","from":0}', '--out', dir]), /^error: run\.oscillation\.of: the scenario has no piston/, 1);
    expect(existsSync(dir)).toBe(false);
  });

  it('control characters in name', () => {
    const cwd = tmp();
    expectClean(sim(['run', 'head-on', '--set', 'name="a\\u0000b"'], { cwd }), /^error: name: must not contain control characters/, 1);
    expectClean(sim(['run', 'head-on', '--set', 'name="x\\u001b[2Jy"'], { cwd }), /^error: name: must not contain control characters/, 1);
    expect(listFiles(cwd)).toEqual([]);
  });

  it('a scenario path that is a folder', async () => {
    const dir = tmp();
    expectClean(await simInProcess(['run', dir, '--out', join(dir, 'o')]), /^error: scenario: '.*' is a folder, not a scenario file$/m, 1);
  });

  it('fit on a CSV whose times repeat', async () => {
    const dir = tmp();
    const rows = Array.from({ length: 50 }, (_, k) => `${Math.floor(k / 2) * 0.01},${Math.sin(k)}`);
    const f = writeJson(dir, 'rep.csv', `t,x_0\n${rows.join('\n')}\n`);
    expectClean(await simInProcess(['fit', f, '--column', 'x_0']), /^error: fit: .*line 3: t = 0 does not increase/, 1);
    const bad = writeJson(dir, 'nan.csv', `t,x_0\n${Array.from({ length: 20 }, (_, k) => `${k},${k === 5 ? 'abc' : k}`).join('\n')}\n`);
    expectClean(await simInProcess(['fit', bad, '--column', 'x_0']), /^error: fit: .*line 7, column x_0: 'abc' is not a number/, 1);
  });
});

describe('found by the fuzz suite', () => {
  it('a scene spanning 10⁷ diameters (a thin column) is refused before it is built (crashed the linked-cell search)', async () => {
    const gen = '[{"type":"lattice","origin":[0.2,0.01],"nx":1,"ny":100,"spacing":1e5,"r":0.001}]';
    expectClean(await simInProcess(['run', 'pile', '--set', `generators=${gen}`, '--set', 'walls=[]', '--set', 'duration=0.001', '--out', join(tmp(), 'o')]), /^error: particles: the scene spans .* more than 1,000,000 times its largest diameter/m, 1);
    expectClean(await simInProcess(['run', 'cd-pile', '--set', 'generators.0.region.3=1e6', '--out', join(tmp(), 'o')]), /^error: particles: the scene spans/m, 1);
    // beyond the coordinate range (issue 39) it is refused as a coordinate first
    expectClean(await simInProcess(['run', 'cd-pile', '--set', 'generators.0.region.3=9007199254740994', '--out', join(tmp(), 'o')]), /^error: generators\.0\.region\.3: must be a coordinate from -1e6 to 1e6 m, got 9007199254740994$/m, 1);
  });

  it('a first step that would carry a body 10⁶ diameters is refused (crashed the linked-cell search)', async () => {
    // the fastest speed allowed (10⁵ m/s, issue 39) with the longest Δt allowed, and the largest force
    expectClean(await simInProcess(['run', 'pile', '--set', 'particles=[{"x":0.2,"y":0.9,"r":0.007,"vx":1e5}]', '--set', 'dt=1', '--set', 'duration=10', '--out', join(tmp(), 'o')]), /^error: particles: body 0 would move .* in its first step/m, 1);
    expectClean(await simInProcess(['run', 'pile', '--set', 'particles=[{"x":0.2,"y":0.9,"r":0.007,"force":[0,1e20]}]', '--set', 'duration=0.01', '--out', join(tmp(), 'o')]), /^error: particles: body 0 would move .* in its first step/m, 1);
  });

  it('a pipe without movable grains is refused (its series.csv had NaN in mean_vx)', async () => {
    const walls = '[{"type":"grain-wall","a":[0,-0.0025],"b":[0.2,-0.0025],"r":0.0025,"count":40}]';
    expectClean(await simInProcess(['run', 'pipe-flow', '--set', `generators=${walls}`, '--set', 'duration=0.06', '--out', join(tmp(), 'o')]), /^error: run\.spaceTime: the pipe has no movable grains/m, 1);
  });

  it('a stack of coincident grains is refused before the first force evaluation (5,000 took 2.9 GB; 20,000 fixed ones ran at 1 s a step)', () => {
    const dir = tmp();
    const p = '{"x":0.123456,"y":0.123456,"r":0.001},';
    const f = writeJson(dir, 'same.json', `{"name":"same","particles":[${p.repeat(4999)}{"x":5,"y":5,"r":0.001}],"run":{"durationOverTc":1}}`);
    const r = sim(['run', f, '--out', join(dir, 'o')], { rss: true });
    expectClean(r, /^error: particles\.0: starts stacked with 4998 other bodies within 0\.00100 m .* at most 16/m, 1);
    // by its peak memory, which load cannot change (no wall time): measured 85 MB; the first force
    // evaluation of this stack took 2.9 GB
    expect(r.rssMB).toBeLessThan(400);
    const g = sim(['run', 'pipe-flow', '--set', 'generators.0.count=20000', '--set', 'generators.0.b=[0.001,-0.009]', '--set', 'duration=0.001', '--out', join(dir, 'p')]);
    expectClean(g, /^error: body 0 \(made by a generator\): starts stacked with 19999 other bodies/m, 1);
  });

  it('export lammps of a scene without particles is refused (data.lmp had "Infinity -Infinity xlo xhi")', async () => {
    const dir = join(tmp(), 'lmp');
    expectClean(await simInProcess(['export', 'lammps', 'case-i', '--set', 'particles=[]', '--out', dir]), /^error: particles: the scene has no particles/m, 1);
    expect(existsSync(dir)).toBe(false);
  });

  it('delta-ek stopped by Ctrl-C while it computes leaves no folder (it made the folder first)', async () => {
    const out = join(tmp(), 'new', 'd.csv');
    const child = spawnSim(['delta-ek', 'pile', '--dt-over-tc', '0.02,0.01', '--set', 'duration=50', '--out', out]);
    let stderr = '';
    child.stderr!.on('data', (b) => { stderr += b; });
    const exit = new Promise<[number | null, string | null]>((resolve) => child.on('exit', (c, sg) => resolve([c, sg])));
    // SIGINT once the process has used 1.5 s of CPU: past start-up (≈ 0.3 s) and validation, inside the
    // computation (50 s of the pile at two Δt takes minutes), however loaded the machine is
    await whenCpu(child, 1.5);
    expect(child.exitCode, 'delta-ek ended before it was interrupted').toBeNull();
    child.kill('SIGINT');
    const [code, signal] = await exit;
    expect(stderr).toBe('');
    expect(code === 130 || signal === 'SIGINT').toBe(true);
    expect(existsSync(join(out, '..'))).toBe(false);
  }, 90_000); // 1.5 s of CPU and an exit: seconds idle; 90 s for a core shared with three CPU-bound processes

  it('particles with a vanishing radius are refused (Δt and tc were NaN, and the run "ok")', async () => {
    expectClean(await simInProcess(['run', 'pile', '--set', 'generators.0.rMin=1e-300', '--set', 'generators.0.rMax=1e-300', '--out', join(tmp(), 'o')]), /^error: generators\.0\.rMin: must be a radius from 1e-9 to 1000 m, got 1e-300$/m, 2);
  });
});

describe('--out: every filesystem error is one line, exit 2, nothing left behind', () => {
  it('an existing file', () => {
    const dir = tmp();
    const f = writeJson(dir, 'file', 'keep');
    expectClean(sim(['run', 'head-on', '--out', f]), /^error: --out: '.*file' exists and is not a folder$/m, 1);
    expect(readFileSync(f, 'utf8')).toBe('keep');
  });

  it('empty', () => {
    expectClean(sim(['run', 'head-on', '--out', '']), /^error: --out: must not be empty$/m, 1);
  });

  it('under a file', () => {
    const dir = tmp();
    const f = writeJson(dir, 'file', 'keep');
    expectClean(sim(['run', 'head-on', '--out', join(f, 'sub')]), /^error: --out: cannot create folder '.*file\/sub': .*not a directory \(ENOTDIR\)$/m, 1);
  });

  it('under /proc (used to hang: recursive mkdir loops on ENOENT there)', () => {
    const r = sim(['run', 'head-on', '--out', '/proc/self/x/y'], { timeout: HANG_MS });
    expectClean(r, /^error: --out: cannot create folder '\/proc\/self\/x': .*\((ENOENT|EACCES|EPERM)\)$/m, 1);
  });

  it('a read-only folder (no write permission)', () => {
    const dir = tmp();
    const ro = join(dir, 'ro');
    mkdirSync(ro, { mode: 0o555 });
    chmodSync(ro, 0o555);
    const r = sim(['run', 'head-on', '--out', join(ro, 'x')], { asNobody: true });
    expectClean(r, /^error: --out: cannot create folder '.*ro\/x': permission denied \(EACCES\)$/m, 1);
    expect(listFiles(ro)).toEqual([]);
  });

  it('an existing folder without write permission: refused before the run, no partial file', () => {
    const dir = tmp();
    const out = join(dir, 'out');
    mkdirSync(out, { mode: 0o555 });
    chmodSync(out, 0o555);
    const r = sim(['run', 'head-on', '--out', out], { asNobody: true });
    expectClean(r, /^error: --out: cannot write in '.*out': permission denied \(EACCES\)$/m, 1);
    expect(listFiles(out)).toEqual([]);
  });

  it('a folder in the way of an output file: no file written, no temporary left', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'tracks.csv'));
    expectClean(sim(['run', 'head-on', '--out', dir]), /^error: --out: '.*tracks\.csv' is a folder; remove it or choose another --out$/m, 1);
    expect(listFiles(dir)).toEqual(['tracks.csv/']);
  });
});

describe('bounded reads and runs: no hang, no unbounded memory', () => {
  it('/dev/zero (a character device) as a scenario or a tracks.csv is refused before a byte is read', () => {
    expectClean(sim(['run', '/dev/zero', '--out', join(tmp(), 'o')], { timeout: HANG_MS }), /^error: scenario: '\/dev\/zero' is a character device, not a scenario file; give a regular file/, 1);
    expectClean(sim(['fit', '/dev/zero', '--column', 'x_0'], { timeout: HANG_MS }), /^error: fit: '\/dev\/zero' is a character device, not a file/, 1);
  });

  it('a FIFO no one writes to (it hung forever) and a socket are refused, as scenario and as tracks.csv (issue 39)', async () => {
    const dir = tmp();
    const fifo = join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    expectClean(sim(['run', fifo, '--out', join(dir, 'o')], { timeout: HANG_MS }), /^error: scenario: '.*pipe\.json' is a FIFO \(named pipe\), not a scenario file; give a regular file/, 1);
    expectClean(sim(['fit', fifo, '--column', 'x_0'], { timeout: HANG_MS }), /^error: fit: '.*pipe\.json' is a FIFO \(named pipe\), not a file/, 1);
    const sock = join(dir, 's.json');
    const server = createServer().listen(sock);
    await once(server, 'listening');
    try {
      // spawned, not spawnSync: this process must keep serving the socket meanwhile
      const child = spawnSim(['run', sock, '--out', join(dir, 'o')]);
      let err = '';
      child.stderr!.on('data', (b) => { err += b; });
      const [code] = await once(child, 'close');
      expect(code).toBe(2);
      expect(err).toMatch(/^error: scenario: '.*s\.json' is a socket, not a scenario file; give a regular file/);
    } finally {
      server.close();
    }
    expect(existsSync(join(dir, 'o'))).toBe(false);
  });

  it('a 1.1-million-particle file is refused by its size before it is parsed', () => {
    const dir = tmp();
    const p = '{"x":0.123456,"y":0.123456,"r":0.01},';
    const f = writeJson(dir, 'many.json', `{"name":"many","particles":[${p.repeat(1_100_000)}{"x":0,"y":0,"r":0.01}]}`);
    expectClean(sim(['run', f, '--out', join(dir, 'o')]), /^error: scenario: '.*many\.json' is larger than 16 MiB/, 1);
  });

  it('duration = 1e300 (and a vanishing Δt) are refused by the step limit', () => {
    expectClean(sim(['run', 'head-on', '--set', 'duration=1e300', '--out', join(tmp(), 'o')], { timeout: HANG_MS }), /^error: run\.duration: .* steps; allowed at most 1,000,000,000/, 1);
    expectClean(sim(['run', 'head-on', '--set', 'dt=1e-300', '--out', join(tmp(), 'o')], { timeout: HANG_MS }), /^error: run\.duration: .* steps; allowed at most 1,000,000,000/, 1);
  });

  it('--steps 1e9 and a ladder over the step budget', () => {
    expectClean(sim(['convergence', 'case-i', '--steps', '1000,1000000000'], { timeout: HANG_MS }), /^error: --steps: '1000000000' is not an integer from 1 to 100,000,000/, 1);
    expectClean(sim(['convergence', 'case-ii', '--steps', '64000000,96000000'], { timeout: HANG_MS }), /^error: --steps: the ladder would take .* steps in all .*at most 1,000,000,000/, 1);
  });

  it('100,000 discs for 100 s (4·10¹¹ particle-steps) are refused by the particle-step budget (it would run for weeks)', () => {
    // the work of a million discs for 10 s with a tenth of the discs: the world is built before the budget
    // is checked, and a million discs take 0.87 GB and 2.6 s of CPU to build (these 0.17 GB and 0.7 s)
    const lattice = '[{"type":"lattice","origin":[0,0],"nx":1000,"ny":100,"spacing":0.02,"r":0.009}]';
    const r = sim(['run', 'pile', '--set', `generators=${lattice}`, '--set', 'walls=[]', '--set', 'duration=100', '--out', join(tmp(), 'o')], { timeout: HANG_MS });
    expectClean(r, /^error: run\.duration: 100,000 particles × [\d,]+ steps is 4\.36e\+11 particle-steps; allowed at most 1e11/m, 1);
  });

  it('sweep combinations beyond 1000 runs are refused before any is built', () => {
    const many = Array.from({ length: 40 }, (_, k) => 0.1 + k * 0.01).join(',');
    expectClean(sim(['sweep', 'two-disc', '--set', `mu=${many}`, '--set', `en=${many}`], { timeout: HANG_MS }), /^error: sweep: 1,600 runs \(40 × 40\); allowed at most 1,000$/m, 1);
  });
});

describe('writes only where they should', () => {
  it("the default folder out/<name> keeps a name with '../' inside out/", () => {
    const cwd = tmp();
    const r = sim(['run', 'head-on', '--set', 'name=../../escape'], { cwd });
    expect(r.code, r.err).toBe(0);
    const summary = JSON.parse(r.out.trim().split('\n').pop()!);
    expect(summary.out).toBe('out/_.._.._escape');
    expect(listFiles(cwd).sort()).toEqual(['out/', 'out/_.._.._escape/', 'out/_.._.._escape/series.csv', 'out/_.._.._escape/tracks.csv']);
  });

  it('an existing symlink named series.csv is replaced, its target untouched', () => {
    const dir = tmp();
    const target = writeJson(dir, 'precious.txt', 'precious');
    const out = join(dir, 'o');
    mkdirSync(out);
    symlinkSync(target, join(out, 'series.csv'));
    const r = sim(['run', 'head-on', '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('precious');
    expect(lstatSync(join(out, 'series.csv')).isFile()).toBe(true);
    expect(readFileSync(join(out, 'series.csv'), 'utf8')).toMatch(/^t,Ek,/);
    expect(listFiles(out).sort()).toEqual(['series.csv', 'tracks.csv']);
  });

  it('a short run prints nothing on stderr', () => {
    const r = sim(['run', 'head-on', '--out', join(tmp(), 'o')]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
  });
});

describe('objects from input never reach Object.prototype', () => {
  for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    it(`--set ${key}=1`, async () => {
      expectClean(await simInProcess(['run', 'head-on', '--set', `${key}=1`, '--out', join(tmp(), 'o')]), new RegExp(`^error: --set ${key}: unknown field\\(s\\) '${key}'`), 1);
    });
  }
  const paths: [string, RegExp][] = [
    ['__proto__.x', /^error: --set __proto__\.x: unknown field\(s\) '__proto__'/],
    ['material.__proto__.x', /^error: --set material\.__proto__\.x: unknown field\(s\) '__proto__' in material/],
    ['constructor.prototype.x', /^error: --set constructor\.prototype\.x: unknown field\(s\) 'constructor'/],
    ['material.constructor.name', /^error: --set material\.constructor\.name: unknown field\(s\) 'constructor' in material/],
    ['generators.__proto__.x', /^error: --set generators\.__proto__\.x: '__proto__' is not an entry number of generators/],
    ['gravity.length', /^error: --set gravity\.length: 'length' is not an entry number of gravity/],
  ];
  for (const [key, pattern] of paths) {
    it(`--set ${key}=1 is refused naming the key, and pollutes nothing`, async () => {
      expectClean(await simInProcess(['run', 'head-on', '--set', `${key}=1`, '--out', join(tmp(), 'o')]), pattern, 1);
      expect(() => applyOverrides(getBuiltInInput('head-on'), [`${key}=1`])).toThrow(/unknown field|not an entry number/);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'x')).toBe(false);
    });
  }

  it('a scenario file with "__proto__" keys is refused; Object.prototype is untouched', async () => {
    const text = '{"name":"p","__proto__":{"polluted":1},"material":{"__proto__":{"polluted":1}}}';
    expect(() => parseScenario(JSON.parse(text))).toThrow(/'__proto__'/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const dir = tmp();
    const f = writeJson(dir, 'p.json', text);
    const r = await simInProcess(['run', f, '--out', join(dir, 'o')]);
    expectClean(r, /^error: \(scenario\): unknown field\(s\) '__proto__'$/m);
    expect(r.err).toMatch(/^error: material: unknown field\(s\) '__proto__'$/m);
  });

  it('run.schedule keys are checked against the parameter table (toString, __proto__, constructor)', async () => {
    for (const set of ['{"toString":true}', '{"constructor":"x"}', '{"__proto__":{"gravityY":1e300}}', '{"frob":1}']) {
      const key = Object.keys(JSON.parse(set))[0];
      expectClean(await simInProcess(['run', 'head-on', '--set', `run.schedule=[{"at":0,"set":${set}}]`, '--out', join(tmp(), 'o')]), new RegExp(`^error: run\\.schedule\\.0\\.set: unknown field\\(s\\) '${key}'`), 1);
    }
    // a known parameter still works, and a combination the solver refuses is named before the run
    // a whole run, spawned: in this process it would leave its Ctrl-C handlers behind
    const ok = sim(['run', 'head-on', '--set', 'run.schedule=[{"at":0.01,"set":{"mu":0.2}}]', '--out', join(tmp(), 'o')]);
    expect(ok.code, ok.err).toBe(0);
    expectClean(await simInProcess(['run', 'pile', '--set', 'run.schedule=[{"at":0.01,"set":{"tangential":"midpoint"}}]', '--out', join(tmp(), 'o')]), /^error: run\.schedule\.0\.set: .*midpoint/, 1);
  });
});

describe('a long run: progress on stderr, Ctrl-C stops it cleanly', () => {
  it('prints progress after a few seconds and, on SIGINT, finishes its files and prints the summary (exit 130)', async () => {
    const out = join(tmp(), 'o');
    const child = spawnSim(['run', 'pile', '--set', 'duration=100', '--set', 'run.track=[0,1]', '--out', out]);
    let stdout = '', stderr = '';
    child.stdout!.on('data', (b) => { stdout += b; });
    child.stderr!.on('data', (b) => {
      stderr += b;
      if (/progress:/.test(stderr)) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => {
      // the first progress line is due 5 s (wall clock) after the run starts; a process that has not printed
      // it and exited by 60 s is stuck: kill it so the assertions below say what was missing
      const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', (c) => { clearTimeout(guard); resolve(c); });
    });
    expect(stderr).toMatch(/^progress: t = \S+ s of 100 s \(\S+ %\), step [\d,]+ of [\d,]+, \S+ s elapsed/m);
    expect(code, stderr).toBe(130);
    const summary = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(summary.status).toBe('interrupted');
    expect(summary.message).toMatch(/interrupted \(SIGINT\) at t = /);
    expect(listFiles(out).sort()).toEqual(['series.csv', 'tracks.csv']);
    for (const f of ['series.csv', 'tracks.csv']) {
      const text = readFileSync(join(out, f), 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      const lines = text.trimEnd().split('\n');
      const width = lines[0].split(',').length;
      expect(lines.length).toBeGreaterThan(2);
      for (const l of lines) expect(l.split(',')).toHaveLength(width);
      expect(Number(lines[lines.length - 1].split(',')[0])).toBeCloseTo(summary.t, 12);
    }
  }, 90_000); // the 60 s guard above, and the files' finishing after it
});
