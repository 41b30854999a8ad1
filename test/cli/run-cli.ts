/**
 * The headless runner as the Node tests start it. `src/cli/sim.ts` is bundled by esbuild (tsx's own
 * transformer, installed with tsx) into one self-contained `sim.mjs`, once per digest of the sources
 * (src/ and package-lock.json), in a folder of the shared temporary directory; every test then spawns
 * `node sim.mjs …`, a real process with its own exit code, signals, stdout and stderr. This costs ≈ 0.3 s
 * of start-up on an idle core where `node --import tsx src/cli/sim.ts` costs ≈ 1.5–2 s (tsx transforms
 * ~200 TypeScript files in every process). `simTsx` runs it through tsx, as `npm run sim` does.
 *
 * The bundle needs nothing from the checkout at run time (no node_modules, no sources), and its folder and
 * the shared temporary directory are readable by every user: a test can run it as `nobody` wherever the
 * checkout lies (see `sharedTmp` and `asNobody`).
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync, type BuildOptions } from 'esbuild';

export const ROOT = join(import.meta.dirname, '../..');
export const SIM_TS = join(ROOT, 'src/cli/sim.ts');
/** tsx's loader by its path, so the CLI also starts from a working folder outside the repository */
export const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
/** Preloaded with `rss: true`: writes the process's peak resident set size (kB) to $FUZZ_RSS_FILE at exit */
const RSS_PROBE = pathToFileURL(join(ROOT, 'test/fuzz/rss-probe.mjs')).href;
const IS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

/** True if a user other than the owner (and not in its group) can reach `path`: every folder on the way has o+x. */
function reachableByOthers(path: string): boolean {
  let p = resolve(path);
  for (;;) {
    const parent = dirname(p);
    if (parent === p) return true;
    try {
      if ((statSync(parent).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    p = parent;
  }
}

let shared: string | undefined;
/**
 * A temporary directory every user can enter: os.tmpdir() if it and its parents are, else /tmp, /var/tmp or
 * /dev/shm (CI may run as root with TMPDIR in a folder only root may enter).
 */
export function sharedTmp(): string {
  if (shared) return shared;
  for (const d of [tmpdir(), '/tmp', '/var/tmp', '/dev/shm']) {
    try {
      if (statSync(d).isDirectory() && (statSync(d).mode & 0o001) !== 0 && reachableByOthers(d)) return (shared = d);
    } catch {
      // not there: the next one
    }
  }
  return (shared = tmpdir());
}

/** Every file under dir, sorted (for the digest). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  }).sort();
}

/** test/core/no-allocation.test.ts's probe, bundled beside the CLI: it starts in ≈ 0.3 s instead of ≈ 2 s through tsx */
const GC_PROBE_TS = join(ROOT, 'test/fixtures/gc-probe.mts');

const BUILD_OPTIONS: BuildOptions = {
  entryPoints: { sim: SIM_TS, 'pool-worker': join(ROOT, 'src/cli/pool-worker.ts'), 'gc-probe': GC_PROBE_TS },
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
  // pngjs is CommonJS and requires Node's built-ins: give the ES module a require of its own
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};

/**
 * cli/node-pool.ts starts each worker thread by importing tsx's API (`import.meta.resolve('tsx/esm/api')`,
 * from the bundle's folder) and asking it for `./pool-worker.ts` beside the CLI: here that API is a stand-in
 * that loads the bundled pool-worker.mjs instead. The tsx path itself is run by `simTsx` and by
 * test/core/worker-pool.test.ts.
 */
const TSX_STAND_IN = {
  'node_modules/tsx/package.json': JSON.stringify({ name: 'tsx', type: 'module', exports: { './esm/api': './api.mjs' } }),
  'node_modules/tsx/api.mjs': "// stands in for tsx's API beside the bundled CLI (test/cli/run-cli.ts)\n"
    + "export const tsImport = (url) => import(String(url).replace(/\\.ts$/, '.mjs'));\n",
};

let bundlePath: string | undefined;
/** The path of the bundled CLI (sim.mjs), built if this digest of the sources has not been built yet. */
export function cliBundle(): string {
  if (bundlePath) return bundlePath;
  const h = createHash('sha256');
  h.update(JSON.stringify({ BUILD_OPTIONS, TSX_STAND_IN }));
  for (const f of [...filesUnder(join(ROOT, 'src')), GC_PROBE_TS, join(ROOT, 'package-lock.json')]) {
    h.update(f.slice(ROOT.length));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  const prefix = `granular-sim-cli-${process.getuid?.() ?? 'u'}-`;
  const dir = join(sharedTmp(), prefix + h.digest('hex').slice(0, 16));
  if (!existsSync(dir)) {
    pruneBundles(prefix);
    // several test files build at once: each builds in a folder of its own and renames it into place
    const tmp = `${dir}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    buildSync({ ...BUILD_OPTIONS, outdir: tmp });
    for (const [name, text] of Object.entries(TSX_STAND_IN)) {
      mkdirSync(dirname(join(tmp, name)), { recursive: true });
      writeFileSync(join(tmp, name), text);
    }
    // readable by every user whatever the umask (the permission tests run it as nobody)
    for (const d of [tmp, join(tmp, 'node_modules'), join(tmp, 'node_modules/tsx')]) chmodSync(d, 0o755);
    for (const f of filesUnder(tmp)) chmodSync(f, 0o644);
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another process renamed its build first
    }
  }
  // a folder of that name made by another user, or a symlink, is not ours to run
  const st = lstatSync(dir);
  if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid())) throw new Error(`${dir} is not a folder of this user`);
  const now = new Date();
  utimesSync(dir, now, now); // in use: see pruneBundles
  return (bundlePath = join(dir, 'sim.mjs'));
}

/** The path of the bundled allocation probe (gc-probe.mjs, test/fixtures/gc-probe.mts), beside the bundled CLI. */
export function gcProbeBundle(): string {
  return join(dirname(cliBundle()), 'gc-probe.mjs');
}

/** Removes this user's bundles of other digests that no test has used for a day (each is 1.5 MB). */
function pruneBundles(prefix: string): void {
  for (const name of readdirSync(sharedTmp())) {
    if (!name.startsWith(prefix)) continue;
    const p = join(sharedTmp(), name);
    try {
      const st = lstatSync(p);
      if (st.isDirectory() && st.uid === process.getuid?.() && Date.now() - st.mtimeMs > 86_400_000) rmSync(p, { recursive: true, force: true });
    } catch {
      // gone meanwhile
    }
  }
}

let nodeForNobody: string | undefined;
/** A node executable `nobody` can run: this one, or a link (else a copy) of it beside the bundle. */
function nobodyNode(): string {
  if (nodeForNobody) return nodeForNobody;
  if (reachableByOthers(process.execPath) && (statSync(process.execPath).mode & 0o001)) return (nodeForNobody = process.execPath);
  const copy = join(dirname(cliBundle()), 'node');
  if (!existsSync(copy)) {
    const tmp = `${copy}.${process.pid}.tmp`;
    try {
      linkSync(process.execPath, tmp);
    } catch {
      copyFileSync(process.execPath, tmp);
    }
    chmodSync(tmp, 0o755);
    renameSync(tmp, copy);
  }
  return (nodeForNobody = copy);
}

export interface SimOptions {
  cwd?: string;
  /** Runs as user `nobody` when the tests run as root (every permission check passes for root) */
  asNobody?: boolean;
  /** Milliseconds before the process is killed (spawnSync's timeout) */
  timeout?: number;
  /** Measures the process's peak resident set size (rss-probe.mjs) */
  rss?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface SimResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  /** Peak resident set size in MB (with `rss: true`), else NaN */
  rssMB: number;
}

function launch(args: string[], opts: SimOptions, tsx: boolean): { file: string; argv: string[]; options: SpawnOptions; rssFile?: string } {
  const nobody = !!opts.asNobody && IS_ROOT;
  const rssFile = opts.rss ? join(sharedTmp(), `sim-rss-${process.pid}-${Math.random().toString(36).slice(2)}`) : undefined;
  const argv = [...(tsx ? ['--import', TSX_LOADER] : []), ...(rssFile ? ['--import', RSS_PROBE] : []), tsx ? SIM_TS : cliBundle(), ...args];
  return {
    file: nobody ? nobodyNode() : process.execPath,
    argv,
    rssFile,
    options: {
      cwd: opts.cwd ?? (nobody ? sharedTmp() : ROOT),
      env: { ...process.env, HOME: sharedTmp(), FORCE_COLOR: '0', ...(rssFile ? { FUZZ_RSS_FILE: rssFile } : {}), ...opts.env },
      ...(nobody ? { uid: NOBODY, gid: NOBODY } : {}),
    },
  };
}

function readRss(rssFile: string | undefined): number {
  if (!rssFile || !existsSync(rssFile)) return NaN;
  const kb = Number(readFileSync(rssFile, 'utf8'));
  rmSync(rssFile, { force: true });
  return kb / 1024;
}

function runSync(args: string[], opts: SimOptions, tsx: boolean): SimResult {
  const { file, argv, options, rssFile } = launch(args, opts, tsx);
  // the default limit: a refusal takes well under a second of CPU and a test's longest run a few seconds;
  // 100 s leaves room for a machine loaded by two CPU-bound processes besides the two test workers, and a
  // hung process is killed (signal in the result) before the test's own 120 s limit (vite.config.ts)
  const r = spawnSync(file, argv, { ...options, encoding: 'utf8', timeout: opts.timeout ?? 100_000, maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr, rssMB: readRss(rssFile) };
}

/** Runs the bundled CLI to its end. */
export function sim(args: string[], opts: SimOptions = {}): SimResult {
  return runSync(args, opts, false);
}

/** Runs the CLI through tsx, as `npm run sim` does: for `--threads` > 1, whose workers load TypeScript. */
export function simTsx(args: string[], opts: SimOptions = {}): SimResult {
  return runSync(args, opts, true);
}

/** Starts the bundled CLI and returns the process (stdout and stderr piped). */
export function spawnSim(args: string[], opts: SimOptions = {}): ChildProcess {
  const { file, argv, options } = launch(args, opts, false);
  return spawn(file, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The command line `spawnSim` runs, for callers that spawn on their own (the fuzz runner). */
export function simCommand(): { node: string; bundle: string } {
  return { node: process.execPath, bundle: cliBundle() };
}

/** Seconds of CPU a process has used so far (Linux /proc; user + system), or NaN once it has gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces) in parentheses; utime, stime are the 14th, 15th
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

/**
 * Resolves once the process has used `seconds` of CPU (so it is past start-up and validation, computing)
 * or has exited: a condition load cannot bring early, unlike a wall-clock sleep.
 */
export function whenCpu(child: ChildProcess, seconds: number): Promise<void> {
  return new Promise((resolveFn) => {
    const timer = setInterval(() => {
      const s = cpuSeconds(child.pid!);
      if (child.exitCode !== null || child.signalCode !== null || Number.isNaN(s) || s >= seconds) {
        clearInterval(timer);
        resolveFn();
      }
    }, 50);
  });
}

/** A fresh folder in the shared temporary directory that every user may enter and write in. */
export function tmpFolder(prefix: string): string {
  const d = mkdtempSync(join(sharedTmp(), prefix));
  chmodSync(d, 0o777);
  return d;
}
