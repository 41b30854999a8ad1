/**
 * The CLI fuzz suite (issue 8): seeded cases in twelve families — every built-in scenario mutated (wrong
 * types, missing fields, extreme values), deep nesting, huge sizes, odd paths, prototype keys, binary junk,
 * mutated command lines and mutated tracks.csv files for `fit`, and (issue 39) physical inputs at and past
 * their ranges (physical-cases.ts) and the argument grammar with reads that must not block (grammar-cases.ts)
 * — each run as its own process in a fresh sandbox folder, with a time budget, and classified:
 *
 *   ok           exit 0, finite outputs
 *   error        exit 2, every stderr line `error: …`, nothing on stdout, nothing written
 *   diverged     exit 3, finite outputs
 *   interrupted  still running at the budget: SIGINT stopped it cleanly (exit 130 with finished files, or
 *                killed before it had written anything)
 *   stack        a stack trace, exit 1 or any other exit, or stray stderr lines
 *   hang         no exit within the grace period after SIGINT (then SIGKILL), or a case that must end at
 *                once (a FIFO, socket or device to read) still running at the budget
 *   nonfinite    NaN or ±Infinity in any output CSV or LAMMPS deck, or in the summary's numbers (null
 *                there), or a t_c, Δt or t_s that is not above zero
 *   outside      a file made or changed outside the output folder, a file left after an error exit, or a
 *                temporary left behind
 *
 * Peak memory is each process's maxRSS (rss-probe.mjs), or the runner's /proc samples when it was killed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { simCommand } from '../cli/run-cli';
import { Rng } from './prng';
import { grammarCase } from './grammar-cases';
import { physicalCase } from './physical-cases';
import { BIG_SCENES, BUILT_INS, deleteAt, EXTREMES, getAt, nodes, RAW, scenarioCommand, setAt, shortBuiltIn, unraw, type Json, type Path } from './scene-mutation';

export const ROOT = join(import.meta.dirname, '../..');
const PROBE = pathToFileURL(join(import.meta.dirname, 'rss-probe.mjs')).href;

export const FAMILIES = ['types', 'missing', 'extremes', 'deep', 'huge', 'paths', 'proto', 'binary', 'cli', 'fit', 'physical', 'grammar'] as const;
export type Family = (typeof FAMILIES)[number];
export const CLASSES = ['ok', 'error', 'diverged', 'interrupted', 'stack', 'hang', 'nonfinite', 'outside'] as const;
export type Outcome = (typeof CLASSES)[number];
/** Outcomes that are bugs */
export const BAD: readonly Outcome[] = ['stack', 'hang', 'nonfinite', 'outside'];

/** A file, folder or symlink made in the sandbox before the run (paths relative to it). */
export interface SetupItem {
  path: string;
  text?: string | Uint8Array;
  dir?: boolean;
  symlink?: string;
  mode?: number;
  /** A FIFO no one writes to, or a listening socket (served until the case ends) */
  fifo?: boolean;
  socket?: boolean;
}

export interface FuzzCase {
  family: Family;
  name: string;
  setup: SetupItem[];
  /** Arguments after `sim.ts`; '$S' stands for the sandbox folder */
  args: string[];
  /** Where the case may write, relative to the sandbox (default: out, o) */
  outs?: string[];
  /** A refusal that must come at once: still running at the budget is a hang (a read that blocks), not 'interrupted' */
  mustEnd?: boolean;
}

export interface CaseResult {
  family: Family;
  name: string;
  args: string;
  outcome: Outcome;
  code: number | null;
  signal: string | null;
  ms: number;
  rssMB: number;
  detail: string;
  /** Output files read for non-finite numbers (CSV and LAMMPS decks) */
  checked: number;
}

// ---------------------------------------------------------------- seeded choices

const WRONG_TYPES: Json[] = ['x', '', 'true', '1e3', true, false, null, [], {}, [1, 2, 3], { a: 1 }, 0, -1, 'linear', '\u0000', ['x'], [[0, 0]]];

function mutated(family: Family, r: Rng, mutate: (raw: Json, paths: Path[]) => string): FuzzCase {
  const scene = r.pick(BUILT_INS);
  const raw = shortBuiltIn(scene);
  const what = mutate(raw, nodes(raw));
  return { family, name: `${scene}: ${what}`, setup: [{ path: 'in/s.json', text: unraw(JSON.stringify(raw)) }], args: scenarioCommand(r, '$S/in/s.json') };
}

const dotted = (p: Path) => p.join('.');

/** Nested arrays/objects `depth` deep. */
function nested(depth: number, r: Rng): string {
  const obj = r.chance(0.5);
  return obj ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function junkBytes(r: Rng, n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let k = 0; k < n; k++) b[k] = r.int(256);
  return b;
}

const JUNK_STRINGS = ['', ' ', '-', '--', '-h', '=', '==', 'a=b=c', '\u0000', '\u001b[2J', '\u202e', 'é', '日本', '💥', 'NaN', 'Infinity', '-Infinity', '1e999', '-0', '0x10', '1_000', '1,,2', ',', '[', ']', '{}', 'null', 'true', '__proto__', 'constructor', '../..', '/dev/zero', '/proc/self/mem'];

// ---------------------------------------------------------------- the families

function makeCase(family: Family, r: Rng, k: number): FuzzCase {
  switch (family) {
    case 'types':
      return mutated(family, r, (raw, paths) => {
        const p = r.pick(paths);
        const v = r.pick(WRONG_TYPES);
        setAt(raw, p, v);
        return `${dotted(p)} = ${JSON.stringify(v)}`;
      });
    case 'missing':
      return mutated(family, r, (raw, paths) => {
        const top = r.chance(0.3) ? ['name', 'run', 'material', 'solver', 'generators', 'particles', 'walls'].filter((f) => f in (raw as object)) : [];
        const p: Path = top.length ? [r.pick(top)] : r.pick(paths);
        deleteAt(raw, p);
        return `without ${dotted(p)}`;
      });
    case 'extremes': {
      if (r.chance(0.4)) {
        // through --set, on the built-in itself
        const scene = r.pick(BUILT_INS);
        const raw = shortBuiltIn(scene);
        const leaves = nodes(raw).filter((p) => typeof getAt(raw, p) === 'number');
        const p = r.pick(leaves);
        const v = r.pick(EXTREMES);
        const text = typeof v === 'string' ? v.replace(/^@@RAW:|@@$/g, '') : String(v);
        const short = r.chance(0.5) && !dotted(p).startsWith('run.') ? ['--set', `durationOverTc=${BIG_SCENES.has(scene) ? 3 : 30}`] : [];
        return { family, name: `${scene} --set ${dotted(p)}=${text}`, setup: [], args: ['run', scene, ...short, '--set', `${dotted(p)}=${text}`, '--out', '$S/o'] };
      }
      return mutated(family, r, (raw, paths) => {
        const numeric = paths.filter((p) => typeof getAt(raw, p) === 'number');
        const p = r.pick(numeric.length ? numeric : paths);
        const v = r.pick(EXTREMES);
        setAt(raw, p, v);
        return `${dotted(p)} = ${typeof v === 'string' ? v.replace(/^@@RAW:|@@$/g, '') : v}`;
      });
    }
    case 'deep': {
      const depth = r.pick([33, 200, 5000, 100_000, 1_000_000]);
      if (r.chance(0.3)) {
        const key = r.pick(['run.track', 'material.mu', 'generators', 'walls', 'run.schedule', 'name', 'gravity']);
        // an argument holds at most 128 KiB (MAX_ARG_STRLEN): arrays, 2 characters a level
        const d = Math.min(depth, 50_000);
        return { family, name: `--set ${key} nested ${d}`, setup: [], args: ['run', r.pick(BUILT_INS), '--set', `${key}=${'['.repeat(d)}${']'.repeat(d)}`, '--out', '$S/o'] };
      }
      return mutated(family, r, (raw, paths) => {
        const p = r.pick(paths);
        setAt(raw, p, RAW(nested(depth, r)));
        return `${dotted(p)} nested ${depth} deep`;
      });
    }
    case 'huge': {
      const kind = r.pick(['file', 'name', 'description', 'track', 'schedule', 'walls', 'lattice', 'random', 'polygons', 'particles', 'steps', 'outputEvery', 'sweep', 'spaceTime']);
      const scene = r.pick(BUILT_INS);
      const raw = shortBuiltIn(scene) as Record<string, Json> & { run: Record<string, Json> };
      const file = (extra = ''): FuzzCase => ({ family, name: `${scene}: huge ${kind}${extra}`, setup: [{ path: 'in/s.json', text: JSON.stringify(raw) }], args: ['run', '$S/in/s.json', '--out', '$S/o'] });
      switch (kind) {
        case 'file':
          return { family, name: 'a 17 MiB scenario (whitespace)', setup: [{ path: 'in/s.json', text: `${' '.repeat(17 << 20)}${JSON.stringify(raw)}` }], args: ['run', '$S/in/s.json', '--out', '$S/o'] };
        case 'name':
          raw.name = 'n'.repeat(r.pick([101, 100_000, 5_000_000]));
          return file();
        case 'description':
          raw.description = 'd'.repeat(r.pick([5001, 1_000_000]));
          return file();
        case 'track':
          raw.run.track = Array.from({ length: r.pick([1001, 20_000, 500_000]) }, (_, k) => k % 2);
          return file();
        case 'schedule':
          raw.run.schedule = Array.from({ length: r.pick([1001, 50_000]) }, (_, k) => ({ at: k * 1e-3, set: { mu: 0.3 } }));
          return file();
        case 'walls':
          raw.walls = Array.from({ length: r.pick([1001, 100_000]) }, () => ({ type: 'line', point: [0, -1], normal: [0, 1] }));
          return file();
        case 'lattice': {
          const nx = r.pick([1000, 100_000]), ny = r.pick([1000, 1001, 100_000]);
          raw.generators = [{ type: 'lattice', origin: [0, 0], nx, ny, spacing: 0.02, r: 0.009, ...(r.chance(0.3) ? { shape: 'polygon', sides: [64, 64] } : {}) }];
          raw.particles = [];
          return file(` ${nx}×${ny}`);
        }
        case 'random':
          raw.generators = [{ type: 'random', count: r.pick([1_000_000, 300_000]), region: [0, 0, 1, 1], rMin: 0.0005, rMax: 0.0006, maxTries: r.pick([1000, 100_000]) }];
          return file();
        case 'polygons':
          raw.generators = Array.from({ length: 5 }, () => ({ type: 'lattice', origin: [0, 0], nx: 1000, ny: 200, spacing: 0.02, r: 0.009, shape: 'polygon', sides: [60, 64] }));
          raw.particles = [];
          raw.walls = [];
          return file();
        case 'particles': {
          const n = r.pick([200_000, 1_100_000]);
          const p = '{"x":0.123456,"y":0.123456,"r":0.001},';
          return { family, name: `${n} explicit particles`, setup: [{ path: 'in/s.json', text: `{"name":"many","particles":[${p.repeat(n - 1)}{"x":5,"y":5,"r":0.001}],"run":{"durationOverTc":1}}` }], args: ['run', '$S/in/s.json', '--out', '$S/o'] };
        }
        case 'steps': {
          const set = r.pick(['duration=1e300', 'durationOverTc=1e300', 'dt=1e-300', 'duration=1e6']);
          return { family, name: `${scene} ${set}`, setup: [], args: ['run', scene, '--set', set, '--out', '$S/o'] };
        }
        case 'outputEvery':
          return { family, name: `${scene} outputEvery 1, long`, setup: [], args: ['run', scene, '--set', 'outputEvery=1', '--set', 'durationOverTc=1e7', '--set', 'run.track=[0]', '--out', '$S/o'] };
        case 'sweep':
          return { family, name: 'sweep of 10⁴ runs', setup: [], args: ['sweep', 'two-disc', '--set', `mu=${Array.from({ length: 100 }, (_, k) => k / 100).join(',')}`, '--set', `en=${Array.from({ length: 100 }, (_, k) => 0.01 + k / 101).join(',')}`] };
        default:
          return { family, name: 'pipe with fine space-time rows', setup: [], args: ['run', 'pipe-flow', '--set', 'run.spaceTime={"every":1e-9,"binWidth":0.0001}', '--set', 'duration=10', '--out', '$S/o'] };
      }
    }
    case 'paths': {
      const kind = k % 16;
      const scenarioOf = (p: string): FuzzCase => ({ family, name: `scenario ${p}`, setup: [], args: ['run', p, '--out', '$S/o'] });
      switch (kind) {
        case 0: return scenarioOf('$S');
        case 1: return scenarioOf('/dev/zero');
        case 2: return scenarioOf(r.pick(['/dev/null', '/proc/self/status', '/proc/self/mem', '/dev/urandom', '/']));
        case 3: return scenarioOf(r.pick(['$S/none.json', '$S/none', '', '.', '..', 'pile/', '$S/in']));
        case 4: return { family, name: 'symlink loop', setup: [{ path: 'in/a.json', symlink: 'b.json' }, { path: 'in/b.json', symlink: 'a.json' }], args: ['run', '$S/in/a.json', '--out', '$S/o'] };
        case 5: return { family, name: 'symlink to /dev/zero', setup: [{ path: 'in/z.json', symlink: '/dev/zero' }], args: ['run', '$S/in/z.json', '--out', '$S/o'] };
        case 6: return { family, name: '--out is a file', setup: [{ path: 'o', text: 'keep' }], args: ['run', 'head-on', '--out', '$S/o'] };
        case 7: return { family, name: `--out ${r.pick(['empty', '/proc', 'under a file', '/dev/null'])}`, setup: [{ path: 'f', text: 'keep' }], args: ['run', 'head-on', '--out', r.pick(['', '/proc/self/x/y', '$S/f/sub', '/dev/null', '/proc/1/x'])] };
        case 8: return { family, name: 'series.csv is a symlink to a file outside', setup: [{ path: 'o', dir: true }, { path: 'o/series.csv', symlink: '../canary.txt' }, { path: 'o/tracks.csv', symlink: '/etc/passwd' }], args: ['run', r.pick(['head-on', 'pipe-flow']), '--set', 'duration=0.01', '--out', '$S/o'] };
        case 9: return { family, name: 'a folder in the way', setup: [{ path: `o/${r.pick(['series.csv', 'tracks.csv', 'spacetime.png', 'spacetime.csv'])}`, dir: true }], args: ['run', r.pick(['head-on', 'pipe-flow']), '--set', 'duration=0.01', '--out', '$S/o'] };
        case 10: return { family, name: "name with '../'", setup: [], args: ['run', 'head-on', '--set', `name=${r.pick(['../../x', '..', '.', '/etc/x', 'a/b', '~', ' ', '-rf', 'é💥', '..\\\\x'])}`] };
        case 11: return { family, name: 'export lammps: name with ../ and symlinked data.lmp', setup: [{ path: 'out/_.._x/lammps', dir: true }, { path: 'out/_.._x/lammps/data.lmp', symlink: '../../../canary.txt' }], args: ['export', 'lammps', 'pile', '--set', 'name=../x'] };
        case 12: return { family, name: 'delta-ek --out a folder / a symlink', setup: [{ path: 'o/d', dir: true }, { path: 'o/e.csv', symlink: '../canary.txt' }], args: ['delta-ek', 'two-disc', '--dt-over-tc', '0.02,0.04', '--set', 'durationOverTc=20', '--out', r.pick(['$S/o/d', '$S/o/e.csv', '$S/o/new/deeper/f.csv', '$S/o/'])] };
        case 13: return { family, name: 'long and odd --out', setup: [], args: ['run', 'head-on', '--out', r.pick([`$S/o/${'a'.repeat(300)}`, `$S/o/${'b/'.repeat(2100)}`, '$S/o/with space/é💥', '$S/o/new\nline', '$S/o/./x/../y'])] };
        case 14: return { family, name: 'fit: odd paths', setup: [{ path: 'in/d', dir: true }], args: ['fit', r.pick(['$S/in/d', '/dev/zero', '/dev/null', '$S/none.csv', '/proc/self/mem', '']), '--column', 'x_0'] };
        default: return { family, name: 'a read-protected scenario (refused unless root)', setup: [{ path: 'in/s.json', text: JSON.stringify(shortBuiltIn('head-on')), mode: 0o000 }], args: ['run', '$S/in/s.json', '--out', '$S/o'] };
      }
    }
    case 'proto': {
      const key = r.pick(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf']);
      const kind = k % 4;
      if (kind === 0) {
        const where = r.pick(['', 'material.', 'solver.', 'run.', 'generators.0.', 'gravity.', 'run.schedule.0.set.']);
        return { family, name: `--set ${where}${key}`, setup: [], args: ['run', r.pick(['cd-piston', 'pile', 'head-on']), '--set', `${where}${key}${r.chance(0.5) ? '.polluted' : ''}=${r.pick(['1', 'true', '{"polluted":1}', '"x"'])}`, '--out', '$S/o'] };
      }
      if (kind === 1) {
        return { family, name: `schedule key ${key}`, setup: [], args: ['run', 'head-on', '--set', `run.schedule=[{"at":0,"set":{"${key}":${r.pick(['true', '1', '{"gravityY":1e300}', '"x"'])}}}]`, '--out', '$S/o'] };
      }
      return mutated(family, r, (raw, paths) => {
        const objects = paths.filter((p) => { const v = getAt(raw, p); return v !== null && typeof v === 'object' && !Array.isArray(v); });
        const p = r.chance(0.3) || !objects.length ? [] : r.pick(objects);
        const target = (p.length ? getAt(raw, p) : raw) as Record<string, Json>;
        // written as text: a JSON "__proto__" key is an own property, as a parser gives it
        target['@@KEY@@'] = { polluted: 1, gravityY: 1e300, toString: 1 };
        return `${p.length ? dotted(p) + '.' : ''}@@KEY@@ key in the file`;
      });
    }
    case 'binary': {
      const kind = k % 6;
      const scene = r.pick(BUILT_INS);
      const text = JSON.stringify(shortBuiltIn(scene));
      const enc = new TextEncoder();
      let bytes: Uint8Array;
      let what: string;
      if (kind === 0) { bytes = junkBytes(r, r.pick([1, 100, 10_000, 1 << 20])); what = 'random bytes'; }
      else if (kind === 1) {
        const b = enc.encode(text), at = r.int(b.length);
        bytes = new Uint8Array([...b.slice(0, at), ...junkBytes(r, 1 + r.int(8)), ...b.slice(at)]);
        what = `junk spliced at ${at}`;
      } else if (kind === 2) { bytes = enc.encode(text.replace('"name":"', '"name":"\u0000\u0007\u001b[31m')); what = 'control characters in name'; }
      else if (kind === 3) { bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode(text)]); what = 'UTF-8 BOM'; }
      else if (kind === 4) { bytes = new Uint8Array([0xff, 0xfe, ...Array.from(text).flatMap((c) => [c.charCodeAt(0) & 255, c.charCodeAt(0) >> 8])]); what = 'UTF-16'; }
      else { bytes = enc.encode(text.replace(/"name":"[^"]*"/, '"name":"\ud800\udfff\ufffe bad \\ud800"')); what = 'lone surrogates in name'; }
      const fileName = r.chance(0.5) ? 'in/s.json' : 'in/s';
      return { family, name: `${scene}: ${what}`, setup: [{ path: fileName, text: bytes }], args: r.chance(0.8) ? ['run', `$S/${fileName}`, '--out', '$S/o'] : ['fit', `$S/${fileName}`, '--column', 'x_0'] };
    }
    case 'cli': {
      const commands = ['run', 'sweep', 'convergence', 'delta-ek', 'compare', 'fit', 'export', 'list', 'help', r.pick(JUNK_STRINGS)];
      const options = ['--set', '--out', '--dt-over-tc', '--steps', '--variant', '--column', '--from', '--to', '--json', '--help', '-h', '--frob', '-x', '--set=', '--out=', '--'];
      const values = [...JUNK_STRINGS, 'mu=0.3', 'mu=', '=0.3', 'mu=1,2,3', 'dtOverTc=1e9', 'duration=-1', 'x'.repeat(100_000), '1e9,1e9', '1,2', '64,128', '1e-2,1e-3', '0,0', '-1', '1e999', 'two-disc', 'head-on', 'case-i', 'pile'];
      const args: string[] = [r.pick(commands)];
      if (r.chance(0.8)) args.push(r.pick(['head-on', 'case-i', 'two-disc', 'lammps', 'pile', ...JUNK_STRINGS]));
      const n = r.int(5);
      for (let q = 0; q < n; q++) {
        const o = r.pick(options);
        args.push(o);
        if (!['--json', '--help', '-h', '--'].includes(o) && r.chance(0.85)) args.push(r.pick(values));
      }
      // keep anything that would run for long short, and its output inside the sandbox
      if (['run', 'sweep', 'delta-ek', 'export', 'compare'].includes(args[0]) && !args.includes('--out')) args.push('--out', '$S/o/x');
      if (['run', 'sweep', 'delta-ek', 'compare'].includes(args[0])) args.push('--set', 'durationOverTc=20');
      return { family, name: args.map((a) => (a.length > 30 ? `${a.slice(0, 12)}…(${a.length})` : a)).join(' '), setup: [], args };
    }
    case 'physical':
      return physicalCase(r, k);
    case 'grammar':
      return grammarCase(r, k);
    case 'fit': {
      const kind = k % 10;
      const rows = (n: number, f: (k: number) => string) => Array.from({ length: n }, (_, q) => f(q)).join('\n');
      const good = (q: number) => `${q * 1e-3},${Math.exp(-q / 300) * Math.sin(q / 10)}`;
      let text: string | Uint8Array;
      let what: string;
      switch (kind) {
        case 0: text = `t,x_0\n${rows(100, (q) => `${Math.floor(q / 3) * 1e-3},${Math.sin(q)}`)}\n`; what = 'repeated times'; break;
        case 1: text = `t,x_0\n${rows(100, (q) => `${(100 - q) * 1e-3},${Math.sin(q)}`)}\n`; what = 'decreasing times'; break;
        case 2: text = `t,x_0\n${rows(100, (q) => (q === 50 ? `${q * 1e-3},${r.pick(['NaN', 'Infinity', 'abc', '1e999', '0x1'])}` : good(q)))}\n`; what = 'a non-number'; break;
        case 3: text = r.pick(['', 't,x_0\n', '\n\n\n', 'x_0\n1\n2\n', ',,,\n']); what = 'empty or header only'; break;
        case 4: text = `t,x_0\r\n${rows(100, good).replace(/\n/g, '\r\n')}\r\n`; what = 'CRLF'; break;
        case 5: text = `t,x_0\n${rows(150_000, good)}\n`; what = '150,000 rows'; break;
        case 6: text = `t,x_0\n${rows(100, (q) => `${q * 1e-3},${r.pick([1e300, -1e300, 5e-324, 0])}`)}\n`; what = 'extreme values'; break;
        case 7: text = `t,x_0\n${rows(100, () => '0.1,1')}\n`; what = 'constant'; break;
        case 8: text = `t,${'c,'.repeat(3_000_000)}x_0\n0,1\n`; what = 'a 6 MB header'; break;
        default: text = junkBytes(r, 50_000); what = 'junk'; break;
      }
      return { family, name: `fit: ${what}`, setup: [{ path: 'in/t.csv', text }], args: ['fit', '$S/in/t.csv', '--column', 'x_0', ...(r.chance(0.3) ? ['--from', r.pick(['0', '-1e300', 'abc', '']), '--to', r.pick(['1e300', '0.05', '-1'])] : [])] };
    }
  }
}

/** `perFamily` cases of each family, from one seed. */
export function makeCases(seed: number, perFamily: number, families: readonly Family[] = FAMILIES): FuzzCase[] {
  const out: FuzzCase[] = [];
  for (const f of families) {
    const r = new Rng(seed * 7919 + FAMILIES.indexOf(f) * 104729);
    for (let k = 0; k < perFamily; k++) out.push(protoFix(makeCase(f, r, k), r));
  }
  return out;
}

/** Proto cases written as files: the placeholder key becomes the chosen prototype key in the text. */
function protoFix(c: FuzzCase, r: Rng): FuzzCase {
  for (const s of c.setup) {
    if (typeof s.text === 'string' && s.text.includes('@@KEY@@')) {
      const key = r.pick(['__proto__', 'constructor', 'prototype', 'toString']);
      s.text = s.text.replace('@@KEY@@', key);
      c.name = c.name.replace('@@KEY@@', key);
    }
  }
  return c;
}

// ---------------------------------------------------------------- running one case

interface Entry { kind: 'file' | 'dir' | 'link' | 'other'; sig: string }

/** Every path under dir (symlinks not followed) with a signature that changes when the file does. */
function snapshot(dir: string, out = new Map<string, Entry>()): Map<string, Entry> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const n of names) {
    const p = join(dir, n);
    let st;
    try {
      st = lstatSync(p);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) out.set(p, { kind: 'link', sig: readlinkSync(p) });
    else if (st.isDirectory()) { out.set(p, { kind: 'dir', sig: '' }); snapshot(p, out); }
    else if (st.isFile()) out.set(p, { kind: 'file', sig: `${st.ino}:${st.size}:${st.mtimeMs}` });
    else out.set(p, { kind: 'other', sig: String(st.ino) });
  }
  return out;
}

const NON_FINITE = /(^|,)(NaN|-?Infinity|undefined|null)(,|$)/m;

/** The numbers a command's JSON summary must give finite (a NaN or Infinity prints as null there) */
const SUMMARY_NUMBERS: Record<string, (j: Record<string, unknown>) => Record<string, unknown>> = {
  run: (j) => ({ t: j.t, dt: j.dt, tc: j.tc, ts: j.ts, steps: j.steps, dtOverTc: j.dtOverTc }),
  fit: (j) => ({ omega: j.omega, x0: j.x0, A: j.A, from: j.from, to: j.to }),
  'delta-ek': (j) => ({ relativeCumulative: j.relativeCumulative, 'dt.0': (j.dt as unknown[])?.[0], 'dt.1': (j.dt as unknown[])?.[1] }),
  compare: (j) => Object.fromEntries(((j.variants as Record<string, unknown>[]) ?? []).map((v, k) => [`variants.${k}.dtOverTc`, v.dtOverTc])),
};
/** Summary numbers that must also be above zero (a "tc": 0 once came from a density of 1e-300) */
const POSITIVE = ['dt', 'tc', 'ts', 'dt.0', 'dt.1'];

function vmHwmKb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

export interface RunOptions {
  /** Seconds before SIGINT */
  budget: number;
  /** Seconds after SIGINT before SIGKILL (a hang) */
  grace: number;
}

export async function runCase(c: FuzzCase, opts: RunOptions): Promise<CaseResult> {
  const S = mkdtempSync(join(tmpdir(), 'fuzz-'));
  chmodSync(S, 0o755);
  writeFileSync(join(S, 'canary.txt'), 'canary');
  const servers: Server[] = [];
  for (const s of c.setup) {
    const p = join(S, s.path);
    mkdirSync(dirname(p), { recursive: true });
    if (s.dir) mkdirSync(p, { recursive: true });
    else if (s.symlink !== undefined) symlinkSync(s.symlink, p);
    else if (s.fifo) execFileSync('mkfifo', [p]);
    else if (s.socket) {
      const server = createServer().listen(p);
      await once(server, 'listening');
      servers.push(server);
    } else writeFileSync(p, s.text ?? '');
    if (s.mode !== undefined) chmodSync(p, s.mode);
  }
  // an argument cannot hold a NUL byte (execve): the nearest junk is \u0001
  const args = c.args.map((a) => a.replaceAll('$S', S).replaceAll('\u0000', '\u0001'));
  const outs = (c.outs ?? ['out', 'o']).map((o) => join(S, o));
  // an output path the command line names (relative to the sandbox, where the CLI runs) is an output folder too
  const named = args.flatMap((a, k) => (a === '--out' && k + 1 < args.length ? [args[k + 1]] : a.startsWith('--out=') ? [a.slice(6)] : []));
  for (const o of named) if (o !== '' && !o.includes('\u0001') && (resolve(S, o) === S || resolve(S, o).startsWith(S + '/'))) outs.push(resolve(S, o));
  const before = snapshot(S);
  const rssFile = join(tmpdir(), `fuzz-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const t0 = performance.now();
  // the CLI bundled once per source digest (test/cli/run-cli.ts): a process starts in ≈ 0.3 s, not ≈ 1.5 s
  // through tsx, so the budget is spent on the case
  const { node, bundle } = simCommand();
  const child = spawn(node, ['--import', PROBE, bundle, ...args], {
    cwd: S, env: { ...process.env, FUZZ_RSS_FILE: rssFile, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '', stderr = '', hwm = 0, sentInt = false, hung = false, checked = 0;
  const cap = (s: string, b: Buffer) => (s.length < 1 << 20 ? s + b.toString() : s);
  child.stdout.on('data', (b: Buffer) => { stdout = cap(stdout, b); });
  child.stderr.on('data', (b: Buffer) => { stderr = cap(stderr, b); });
  const poll = setInterval(() => { hwm = Math.max(hwm, vmHwmKb(child.pid!)); }, 200);
  const intTimer = setTimeout(() => { sentInt = true; hwm = Math.max(hwm, vmHwmKb(child.pid!)); child.kill('SIGINT'); }, opts.budget * 1000);
  const killTimer = setTimeout(() => { hung = true; child.kill('SIGKILL'); }, (opts.budget + opts.grace) * 1000);
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('close', (cd, sg) => resolve([cd, sg])));
  clearInterval(poll);
  clearTimeout(intTimer);
  clearTimeout(killTimer);
  const ms = performance.now() - t0;
  let rssKb = hwm;
  if (existsSync(rssFile)) {
    rssKb = Math.max(rssKb, Number(readFileSync(rssFile, 'utf8')) || 0);
    rmSync(rssFile, { force: true });
  }
  const after = snapshot(S);
  for (const server of servers) server.close(); // after the snapshot: closing removes the socket file
  const canaryOk = readFileSync(join(S, 'canary.txt'), 'utf8') === 'canary';

  // what changed, and where
  const inOut = (p: string) => outs.some((o) => p === o || p.startsWith(o + '/'));
  const ancestorOfOut = (p: string) => outs.some((o) => o.startsWith(p + '/'));
  const changed: string[] = [];
  for (const p of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(p), a = after.get(p);
    if (!b || !a || b.kind !== a.kind || b.sig !== a.sig) changed.push(p);
  }
  const wroteOk = code === 0 || code === 3 || code === 130;
  const outside = changed.filter((p) => !(inOut(p) || (ancestorOfOut(p) && after.get(p)?.kind === 'dir')));
  const temps = [...after.keys()].filter((p) => /\.tmp$/.test(p));
  const lines = stderr.split('\n').filter((l) => l !== '');
  const stray = lines.filter((l) => !/^(error|progress): \S/.test(l));

  let outcome: Outcome;
  let detail = '';
  const rel = (p: string) => p.slice(S.length + 1) || '.';
  if (hung) { outcome = 'hang'; detail = `no exit ${opts.grace} s after SIGINT`; }
  else if (sentInt && c.mustEnd) { outcome = 'hang'; detail = `still running at the ${opts.budget} s budget: a refusal that must come at once (a blocked read?)`; }
  else if (stray.length || (code !== null && ![0, 2, 3, 130].includes(code)) || (signal && !(sentInt && signal === 'SIGINT'))) {
    outcome = 'stack'; detail = `exit ${code ?? signal}: ${stray.slice(0, 4).join(' | ').slice(0, 300) || lines.slice(0, 2).join(' | ').slice(0, 300)}`;
  } else if (code === 2 && (stdout !== '' || !lines.length)) { outcome = 'stack'; detail = `exit 2 with stdout '${stdout.slice(0, 100)}'`; }
  else if (!canaryOk) { outcome = 'outside'; detail = 'canary.txt (outside the output folder) was changed'; }
  else if (temps.length) { outcome = 'outside'; detail = `temporaries left: ${temps.map(rel).join(', ')}`; }
  else if (wroteOk && outside.length) { outcome = 'outside'; detail = `written outside the output folder: ${outside.slice(0, 5).map(rel).join(', ')}`; }
  else if (!wroteOk && changed.length) { outcome = 'outside'; detail = `left behind after exit ${code ?? signal}: ${changed.slice(0, 5).map(rel).join(', ')}`; }
  else {
    let nonFinite = '';
    if (wroteOk) {
      for (const [p, e] of after) {
        if (e.kind !== 'file' || !inOut(p) || !/\.(csv|lmp)$/.test(p)) continue;
        checked++;
        const text = readFileSync(p, 'utf8');
        const m = NON_FINITE.exec(text);
        if (m && p.endsWith('.csv')) { nonFinite = `${rel(p)}: '${m[2]}'`; break; }
        if (/\b(NaN|Infinity|undefined)\b/.test(text)) { nonFinite = `${rel(p)}: non-finite`; break; }
      }
      const last = stdout.trim().split('\n').pop() ?? '';
      if (!nonFinite && last.startsWith('{') && Object.hasOwn(SUMMARY_NUMBERS, args[0])) {
        try {
          const j = JSON.parse(last) as Record<string, unknown>;
          const numbers = SUMMARY_NUMBERS[args[0]](j);
          const bad = Object.entries(numbers).filter(([k, v]) => !(typeof v === 'number' && Number.isFinite(v) && (!POSITIVE.includes(k) || v > 0)));
          if (bad.length) nonFinite = `summary: ${bad.map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(', ')}`;
        } catch {
          nonFinite = `summary is not JSON: ${last.slice(0, 80)}`;
        }
      }
    }
    if (nonFinite) { outcome = 'nonfinite'; detail = nonFinite; }
    else if (sentInt) { outcome = 'interrupted'; detail = code === 130 ? 'exit 130, files finished' : `stopped by SIGINT before writing (${signal ?? code})`; }
    else if (code === 0) outcome = 'ok';
    else if (code === 2) { outcome = 'error'; detail = lines[0]?.slice(0, 160) ?? ''; }
    else if (code === 3) outcome = 'diverged';
    else { outcome = 'stack'; detail = `exit ${code}`; }
  }
  try {
    chmodSync(S, 0o755);
    rmSync(S, { recursive: true, force: true });
  } catch {
    // a case that made an unremovable file: leave it in tmp
  }
  const shown = c.args.map((a) => (a.length > 60 ? `${a.slice(0, 40)}…(${a.length} chars)` : a)).join(' ');
  return { family: c.family, name: c.name, args: shown, outcome, code, signal, ms, rssMB: rssKb / 1024, detail, checked };
}

/** Runs cases `jobs` at a time; `onResult` sees each as it ends. */
export async function runAll(cases: FuzzCase[], opts: RunOptions & { jobs: number; onResult?: (r: CaseResult, done: number) => void }): Promise<CaseResult[]> {
  const results: CaseResult[] = new Array(cases.length);
  let next = 0, done = 0;
  const worker = async () => {
    while (next < cases.length) {
      const k = next++;
      results[k] = await runCase(cases[k], opts);
      opts.onResult?.(results[k], ++done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.jobs) }, worker));
  return results;
}

/** The summary table (markdown): cases and outcomes per family, peak memory, and the totals. */
export function summaryTable(results: CaseResult[], seconds: number): string {
  const head = ['family', 'cases', ...CLASSES, 'peak MB'];
  const row = (name: string, rs: CaseResult[]) => [name, String(rs.length), ...CLASSES.map((c) => String(rs.filter((r) => r.outcome === c).length)), rs.length ? String(Math.round(Math.max(...rs.map((r) => r.rssMB)))) : '0'];
  const fams = [...new Set(results.map((r) => r.family))];
  const rows = [...fams.map((f) => row(f, results.filter((r) => r.family === f))), row('**all**', results)];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const peak = results.reduce((a, b) => (b.rssMB > a.rssMB ? b : a), results[0]);
  return [line(head), line(head.map(() => '---')), ...rows.map(line), '',
    `${results.length} cases in ${seconds.toFixed(0)} s; peak memory ${Math.round(peak?.rssMB ?? 0)} MB (${peak?.family}: ${peak?.name.slice(0, 80)})`].join('\n');
}
