/**
 * The headless runner's limits (issue 8): every input is bounded before it can cost memory or time, and
 * each bound says why. `--help` and docs/cli.md#limits-and-safe-output print this table. Limits on the
 * scenario itself (particle count, track list, …) live in the schema (core/scenarios/schema.ts) so the
 * page applies them too; the ones here concern files, parsing and run length, which only the CLI has.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { MAX_PARTICLES, MAX_POLYGON_VERTICES_TOTAL, MAX_SCHEDULE, MAX_TRACKED, MAX_WALLS, ScenarioError, type ScenarioSpec } from '../core/scenarios/schema';
import { outputEvery, plannedSteps } from '../core/sim/run-plan';
import type { World } from '../core/sim/world';
import { UsageError, fsMessage } from './errors';

export const MiB = 1 << 20;
/** Deepest nesting of arrays and objects in a scenario file or a --set value */
export const MAX_JSON_DEPTH = 32;
/** Steps of one run (run, sweep, delta-ek) */
export const MAX_RUN_STEPS = 1e9;
/** Particles × steps of one run (of a ladder in all) */
export const MAX_PARTICLE_STEPS = 1e11;
/** Rows of one run's series.csv / tracks.csv (and samples of its oscillation fit) */
export const MAX_ROWS = 1_000_000;
/** Cells of tracks.csv: rows × (1 + 6 per tracked particle + pistons) */
export const MAX_TRACK_CELLS = 1e8;
/** Space–time rows × bins of a pipe run (kept in memory for the wave fit and the PNG) */
export const MAX_SPACE_TIME_CELLS = 1e7;
/** One step count of a convergence ladder (as run.convergence.steps) */
export const MAX_LADDER_ENTRY = 1e8;
/** Steps of a whole convergence ladder, its reference run included */
export const MAX_LADDER_STEPS = 1e9;
/** Entries of a ladder */
export const MAX_LADDER_RUNS = 64;
/** Stored sample values of a ladder: (samples + 1) × tracked × 6 × runs */
export const MAX_LADDER_VALUES = 2e7;
/** Runs of one sweep (the product of its value lists) */
export const MAX_SWEEP_RUNS = 1000;
/** Largest tracks.csv `fit` reads (streamed), its longest line and the most rows it fits */
export const MAX_CSV_BYTES = 256 * MiB;
export const MAX_CSV_LINE = 4 * MiB;
export const MAX_FIT_ROWS = 100_000;
/** Seconds between progress lines on stderr (the first after as long; shorter runs print none) */
export const PROGRESS_SECONDS_TTY = 2;
export const PROGRESS_SECONDS = 5;
/** Exit code of a run stopped by Ctrl-C (SIGINT) or SIGTERM: 128 + SIGINT, as shells report it */
export const EXIT_INTERRUPTED = 130;

const n = (v: number) => v.toLocaleString('en-US');

/** The limits with their reasons, for --help and docs/cli.md#limits-and-safe-output (one row each). */
export const LIMITS: [string, string, string][] = [
  ['scenario file', '16 MiB', 'a regular file (a FIFO, device or socket is refused before a byte is read: it could block or never end), read with a bounded reader; the text and its parsed copies stay in memory, about 20× the text'],
  ['JSON nesting', `${MAX_JSON_DEPTH} levels`, 'a scenario nests at most 5 deep; checked on the text before parsing, so deep input cannot overflow the stack (also --set values)'],
  ['particles', n(MAX_PARTICLES), 'counted from the generators before anything is allocated; 10⁶ discs take ~0.8 GB and 3 s to build'],
  ['polygon vertices', n(MAX_POLYGON_VERTICES_TOTAL), 'counted before allocating (generators at their largest side count); 10⁶ 64-gons took 1.8 GB and 40 s'],
  ['scene width', '10⁶ diameters', 'the start state (or periodic box) along x or y, in largest diameters: wider cannot be filled with 10⁶ particles and its neighbour grid would not fit; a first step may not carry a body further'],
  ['stacking', '16 bodies', 'whose centres share a square of side r_min (they overlap > 50 %): found before the first force evaluation, whose contacts grow as the square of a stack'],
  ['walls', n(MAX_WALLS), 'each wall is tested against every particle at every step'],
  ['run.track', `${n(MAX_TRACKED)} entries`, 'tracks.csv has 6 columns per entry'],
  ['run.schedule', `${n(MAX_SCHEDULE)} entries`, 'keys checked against the parameter table below'],
  ['steps per run', n(MAX_RUN_STEPS), '4000× the longest built-in (two-disc, 250,000); about half an hour for two discs (stops duration = 1e300, Δt → 0)'],
  ['particle-steps', '10¹¹ per run', '30× the largest built-in (pipe-flow-long: 14,200 grains × 240,000 steps); about 7 h at the pile\'s 4·10⁶ particle-steps/s'],
  ['rows per run', n(MAX_ROWS), '500× the default 2000; tracks.csv at most 10⁸ cells; the oscillation fit takes at most 100,000 rows'],
  ['space–time cells', n(MAX_SPACE_TIME_CELLS), 'rows × bins stay in memory for the wave fit and spacetime.png'],
  ['convergence', `${n(MAX_LADDER_ENTRY)} per entry, ${n(MAX_LADDER_STEPS)} in all`, `reference run included; at most ${MAX_LADDER_RUNS} entries and ${n(MAX_LADDER_VALUES)} stored sample values`],
  ['sweep', `${n(MAX_SWEEP_RUNS)} runs`, 'value lists multiply; counted before any run is built'],
  ['fit CSV', `256 MiB, lines 4 MiB, ${n(MAX_FIT_ROWS)} rows`, 'streamed; the fit makes up to 4000 passes over its rows'],
];

/**
 * Opens a regular file for reading, or refuses it naming what it is: a folder, a FIFO, a socket or a device.
 * Opened without blocking (O_NONBLOCK: opening a FIFO waits for a writer) and judged by fstat on the open
 * file, so what is read is what was checked; a read from a FIFO or a terminal could wait forever.
 */
function openRegular(path: string, field: string, what: string): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    // a socket cannot be opened at all (ENXIO): say what it is
    const socket = (e as NodeJS.ErrnoException).code === 'ENXIO' && statSync(path, { throwIfNoEntry: false })?.isSocket();
    throw new UsageError(socket ? refusal(path, field, what, 'a socket') : `${field}: cannot read '${path}': ${fsMessage(e)}`);
  }
  let st;
  try {
    st = fstatSync(fd);
  } catch (e) {
    closeSync(fd);
    throw new UsageError(`${field}: cannot read '${path}': ${fsMessage(e)}`);
  }
  if (st.isFile()) return fd;
  closeSync(fd);
  const kind = st.isDirectory() ? 'a folder' : st.isFIFO() ? 'a FIFO (named pipe)' : st.isSocket() ? 'a socket'
    : st.isCharacterDevice() ? 'a character device' : st.isBlockDevice() ? 'a block device' : 'not a regular file';
  throw new UsageError(refusal(path, field, what, kind));
}

const refusal = (path: string, field: string, what: string, kind: string) =>
  `${field}: '${path}' is ${kind}, not ${what}${kind === 'a folder' ? '' : '; give a regular file (a FIFO, device or socket could block or never end)'}`;

/** The text of a regular file, at most `max` bytes, read in chunks: a larger file stops at the bound. */
export function readBounded(path: string, max: number, field: string): string {
  const fd = openRegular(path, field, field === 'scenario' ? 'a scenario file' : 'a file');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    const buf = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      let got: number;
      try {
        got = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        throw new UsageError(`${field}: cannot read '${path}': ${fsMessage(e)}`);
      }
      if (got === 0) break;
      total += got;
      if (total > max) throw new UsageError(`${field}: '${path}' is larger than ${max / MiB} MiB (the limit for a ${field === 'scenario' ? 'scenario file' : 'file'}; use generators for many particles)`);
      chunks.push(Buffer.from(buf.subarray(0, got)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Line-by-line reading of a file without holding it: at most MAX_CSV_BYTES in all and MAX_CSV_LINE per
 * line. Calls `line(text, lineNumber)` (1-based, a trailing '\r' removed); stops early when it returns false.
 */
export function forEachLine(path: string, field: string, line: (text: string, lineNumber: number) => boolean | void): void {
  const fd = openRegular(path, field, 'a file');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    const decoder = new StringDecoder('utf8');
    let carry = '', total = 0, number = 0;
    const emit = (text: string): boolean => {
      if (text.length > MAX_CSV_LINE) throw new UsageError(`${field}: '${path}' has a line longer than ${MAX_CSV_LINE / MiB} MiB (not a tracks.csv)`);
      return line(text.endsWith('\r') ? text.slice(0, -1) : text, ++number) !== false;
    };
    for (;;) {
      let got: number;
      try {
        got = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        throw new UsageError(`${field}: cannot read '${path}': ${fsMessage(e)}`);
      }
      if (got === 0) {
        carry += decoder.end();
        if (carry !== '') emit(carry);
        return;
      }
      total += got;
      if (total > MAX_CSV_BYTES) throw new UsageError(`${field}: '${path}' is larger than ${MAX_CSV_BYTES / MiB} MiB`);
      const parts = (carry + decoder.write(buf.subarray(0, got))).split('\n');
      carry = parts.pop()!;
      for (const p of parts) if (!emit(p)) return;
      if (carry.length > MAX_CSV_LINE) emit(carry);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Deepest nesting of [ and { in JSON text (outside strings), found without parsing, so a document nested a
 * million deep is refused before any recursive code (JSON.stringify, the validator) sees it.
 */
export function jsonDepth(text: string): number {
  let depth = 0, max = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) { if (++depth > max) max = depth; }
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** JSON.parse after the depth check; `field` names the input in the error. */
export function parseJsonText(text: string, field: string, what: string): unknown {
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) throw new UsageError(`${field}: ${what} is nested deeper than ${MAX_JSON_DEPTH} levels (${depth}; a scenario nests at most 5 deep)`);
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new UsageError(`${field}: ${what} is not valid JSON (${(e as Error).message})`);
  }
}

/** The length of the run in steps, refused above MAX_RUN_STEPS naming the field that sets it. */
export function checkRunLength(spec: ScenarioSpec, w: World): number {
  const dt = w.dt, tc = w.timeScales().tc;
  const field = spec.run.duration !== undefined ? 'run.duration' : 'run.durationOverTc';
  const duration = spec.run.duration ?? (spec.run.durationOverTc ?? 1000) * tc;
  const steps = duration / dt;
  if (!(steps <= MAX_RUN_STEPS)) {
    throw new ScenarioError([`${field}: ${duration.toPrecision(4)} s at Δt = ${dt.toPrecision(4)} s is ${steps.toPrecision(4)} steps; allowed at most ${n(MAX_RUN_STEPS)} (shorten the run or raise solver.dtOverTc)`]);
  }
  return plannedSteps(spec, w);
}

/** Refuses particles × steps above MAX_PARTICLE_STEPS, naming `field`. */
export function checkWork(particles: number, steps: number, field: string): void {
  const work = particles * steps;
  if (work > MAX_PARTICLE_STEPS) {
    throw new ScenarioError([`${field}: ${n(particles)} particles × ${n(Math.round(steps))} steps is ${work.toExponential(2)} particle-steps; allowed at most 1e11 (shorten the run or use fewer particles)`]);
  }
}

/** Largest distance a body may travel in its first step, in largest diameters (see checkStartMotion). */
export const MAX_FIRST_STEP_DIAMETERS = 1e6;

/**
 * Refuses a start state whose first step would carry a body more than 10⁶ largest diameters (a speed or a
 * constant force far beyond the scene's scale): the run would stop at once as tunnelling, and positions
 * that far apart make the neighbour search's grid too large to allocate.
 */
export function checkStartMotion(w: World): void {
  const b = w.bodies, dt = w.dt, gx = w.params.gravityX, gy = w.params.gravityY;
  let rMax = 0;
  for (let k = 0; k < b.n; k++) rMax = Math.max(rMax, b.radius[k]);
  const limit = MAX_FIRST_STEP_DIAMETERS * 2 * rMax;
  for (let k = 0; k < b.n; k++) {
    // prescribed bodies (invMass 0) move at their velocity too; only free ones feel forces
    const speed = Math.hypot(b.vx[k], b.vy[k]);
    const accel = b.invMass[k] > 0 ? Math.hypot(b.fxExt[k] * b.invMass[k] + gx, b.fyExt[k] * b.invMass[k] + gy) : 0;
    const travel = speed * dt + accel * dt * dt;
    if (!(travel <= limit)) {
      throw new ScenarioError([`particles: body ${k} would move ${travel.toPrecision(3)} m in its first step (speed ${speed.toPrecision(3)} m/s, acceleration ${accel.toPrecision(3)} m/s², Δt = ${dt.toPrecision(3)} s), more than ${n(MAX_FIRST_STEP_DIAMETERS)} times the largest diameter; lower its velocity or force`]);
    }
  }
}

/** Checks a run's length and output volume before it starts (run, sweep). */
export function checkRunBudget(spec: ScenarioSpec, w: World): void {
  const steps = checkRunLength(spec, w);
  checkStartMotion(w);
  checkWork(w.n, steps, spec.run.duration !== undefined ? 'run.duration' : 'run.durationOverTc');
  const osc = spec.run.oscillation, end = steps * w.dt;
  if (osc && !(osc.from < end)) {
    throw new ScenarioError([`run.oscillation.from: ${osc.from} s is not before the run's end (${end.toPrecision(4)} s); the fit's window would be empty`]);
  }
  const every = outputEvery(spec, w);
  const rows = Math.ceil(steps / every) + 1;
  if (rows > MAX_ROWS) {
    throw new ScenarioError([`run.outputEvery: ${n(steps)} steps every ${n(every)} is ${n(rows)} rows; allowed at most ${n(MAX_ROWS)} (raise run.outputEvery)`]);
  }
  let pistons = 0;
  for (let q = 0; q < w.walls.count; q++) if (w.walls.isPiston(q)) pistons++;
  const cells = rows * (1 + 6 * spec.run.track.length + pistons);
  if (cells > MAX_TRACK_CELLS) {
    throw new ScenarioError([`run.track: ${spec.run.track.length} tracked particles over ${n(rows)} rows is ${n(cells)} cells of tracks.csv; allowed at most ${n(MAX_TRACK_CELLS)} (track fewer or raise run.outputEvery)`]);
  }
  const st = spec.run.spaceTime, px = spec.domain.periodicX;
  if (st) {
    let movable = 0;
    for (let k = 0; k < w.bodies.n; k++) if (w.bodies.invMass[k] > 0) movable++;
    if (!movable) throw new ScenarioError(['run.spaceTime: the pipe has no movable grains to count (every particle is fixed)']);
  }
  if (st && px) {
    const stRows = Math.ceil((steps * w.dt) / st.every) + 1, bins = Math.ceil((px[1] - px[0]) / st.binWidth);
    if (stRows * bins > MAX_SPACE_TIME_CELLS) {
      throw new ScenarioError([`run.spaceTime.every: ${n(stRows)} rows × ${n(bins)} bins is ${n(stRows * bins)} cells; allowed at most ${n(MAX_SPACE_TIME_CELLS)} (raise every or binWidth)`]);
    }
  }
}

/** Checks a convergence ladder's size before it runs. */
export function checkLadder(steps: number[], samples: number, tracked: number, referenceFactor: number | null, field: string, particles = 1): void {
  if (steps.length > MAX_LADDER_RUNS) throw new UsageError(`${field}: ${steps.length} step counts; allowed at most ${MAX_LADDER_RUNS}`);
  const big = steps.filter((s) => s > MAX_LADDER_ENTRY);
  if (big.length) throw new UsageError(`${field}: each step count must be at most ${n(MAX_LADDER_ENTRY)} (got ${big.join(', ')})`);
  const reference = referenceFactor === null ? 0 : Math.max(...steps) * referenceFactor;
  const total = steps.reduce((a, b) => a + b, 0) + reference;
  if (total > MAX_LADDER_STEPS) {
    throw new UsageError(`${field}: the ladder would take ${n(total)} steps in all${reference ? ` (the reference run ${n(reference)})` : ''}; allowed at most ${n(MAX_LADDER_STEPS)}`);
  }
  checkWork(particles, total, field);
  const values = (samples + 1) * Math.max(1, tracked) * 6 * (steps.length + 1);
  if (values > MAX_LADDER_VALUES) {
    throw new UsageError(`${field}: ${samples} samples of ${tracked} tracked particles over ${steps.length + 1} runs is ${n(values)} stored values; allowed at most ${n(MAX_LADDER_VALUES)} (fewer samples or set run.track)`);
  }
}

/**
 * The scenario name as one path component (the default output folder out/<name>): letters, digits, '.',
 * '_' and '-' kept, anything else (a '/', '..' as a prefix, spaces, control characters) becomes '_'.
 */
export function safeName(name: string): string {
  let s = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  if (s === '' || s.startsWith('.')) s = `_${s}`;
  return s;
}
