/**
 * Headless runner: `npm run sim -- <command> ...` (docs/cli.md).
 * Exit codes: 0 done, 2 bad input or an unusable output path (one `error:` line per problem; nothing
 * written), 3 the simulation diverged (output up to the last healthy row is kept and the summary says why),
 * 130 interrupted by Ctrl-C or SIGTERM (the rows so far are kept, complete, and the summary says so).
 * Every input is bounded (limits.ts) and outputs are written through temporaries (out-files.ts).
 */
import { MAX_THREADS, poolForThreads } from './node-pool';
import { availableParallelism } from 'node:os';
import { threadsForCores } from '../core/parallel/max-threads';
import { dirname } from 'node:path';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ScenarioSpec } from '../core/scenarios/schema';
import { listBuiltIns } from '../core/scenarios/registry';
import { SHORT_KEYS } from '../core/scenarios/overrides';
import { describePhysical, RANGES } from '../core/scenarios/physical-ranges';
import { PARAMS, describeRange } from '../core/sim/params';
import { CsvSink } from './csv-sink';
import { deltaEk } from './delta-ek';
import { errorLines, fail, printable, UsageError } from './errors';
import { fitCommand } from './fit-tracks';
import { parseCommandLine, parseCount, parseList, parseReal, type CommandLine } from './command-grammar';
import { exportLammps } from './lammps-export';
import {
  EXIT_INTERRUPTED, LIMITS, MAX_ROWS, MAX_RUN_STEPS, MAX_SWEEP_RUNS, PROGRESS_SECONDS, PROGRESS_SECONDS_TTY,
  MAX_LADDER_ENTRY, checkLadder, checkRunBudget, checkRunLength, checkStartMotion, checkWork, safeName,
} from './limits';
import { loadScenario } from './load-scenario';
import { checkOutputPath, commitOutputs, makeOutputDir, probeOutputDir, writeOutputs } from './out-files';
import { outputEvery } from '../core/sim/run-plan';
import { checkRunSettings, runInPieces, ScenarioRun, type RunProgress } from './run-scenario';
import { printConvergence } from './convergence';
import { runConvergence } from '../core/convergence/ladder';
import { analyticSolution } from '../core/convergence/analytic';
import { World } from '../core/sim/world';
import { SceneEditor } from '../core/scene/scene-editor';
import { Comparison, MAX_VARIANTS } from '../core/sim/comparison';
import type { ParamPatch } from '../core/sim/params';
import { compareRun } from './compare';
import { commandLine, parseDocTarget, writeDocBlock, type DocTarget } from './doc-block';
import { combinations, sweepValues } from './sweep-axes';
import { sweepCommand } from './sweep-command';
import { convergenceTable } from './convergence';

const HELP = `granular sandbox — headless runner

Usage:
  npm run sim -- run <scenario.json | built-in> [--set key=value ...] [--out DIR] [--threads N]
  npm run sim -- sweep <scenario.json | built-in> [--dt-over-tc a,b,c] [--set key=v1,v2 ...] [--json] [--doc FILE.md#BLOCK]
  npm run sim -- convergence <scenario.json | built-in> [--set key=v1,v2 ...] [--steps a,b,c] [--json] [--doc FILE.md#BLOCK]
  npm run sim -- delta-ek <scenario.json | built-in> --dt-over-tc a,b [--set key=value ...] [--out FILE]
  npm run sim -- compare <scenario.json | built-in> --variant k=v,k=v --variant k=v ... [--set key=value ...] [--out DIR]
  npm run sim -- fit <tracks.csv> --column NAME [--from T0] [--to T1]
  npm run sim -- export lammps <scenario.json | built-in> [--set key=value ...] [--out DIR]
  npm run sim -- list
  npm run sim -- --help

Commands:
  run     Runs the scenario to its end (run.duration, run.durationOverTc, relaxation or divergence).
          Writes DIR/series.csv (t,Ek,Ek_trans,Ek_rot,E_elastic,E_potential,work_in,contacts,
          max_overlap_ratio,plane_angle,sweeps, then the energy ledger: E_elastic_normal,
          E_elastic_tangential,Ek_walls,E_supplied,work_hand,dissipated_normal,dissipated_tangential,
          dissipated_slip,E_residual, where Ek + Ek_walls + E_elastic + E_potential + dissipated_*
          = E_supplied + E_residual and work_hand is the hand's part of work_in; the ledger's cells
          are empty for polygons and contact dynamics) and DIR/tracks.csv
          (t and x,y,theta,vx,vy,omega for each particle in run.track), then prints a one-line JSON
          summary as the last line. Pipe scenes
          (run.spaceTime, e.g. pipe-flow) add mean_vx,flux,density_sd,peak_overlap_ratio to series.csv
          and write DIR/spacetime.csv (t, then the grain count of each bin along the pipe) and
          DIR/spacetime.png (the same rows as an image, time downwards, darker = denser); the summary
          gives the density-wave speed. With normalLaw=hertz, tc is the undamped Hertz contact time at
          the impact speed hertzSpeed (the summary repeats it).
          --threads N (1–${MAX_THREADS}, default 1) runs the disc contact pass and the per-body stages of
          discs-only, linear-law, Cundall runs on N threads, with the same numbers bit for bit (the energy
          ledger's sums to rounding); it pays off from about 100,000 discs (README § Threads). At most
          this machine's logical cores are used (more only wait on one another; a note says so).
  export lammps
          Writes the scenario's initial state as a LAMMPS run: DIR/data.lmp and DIR/in.lmp (default
          out/<scenario name>/lammps) for Debian's lmp: discs with the GRANULAR package
          (gran/hooke/history, or gran/hertz/history for the Hertz law), polygons as rounded polygons
          of the BODY package (body/rounded/polygon, lengths in units of the largest polygon); wall/gran
          or wall/body/polygon for axis-aligned line walls, periodic x, gravity, enforce2d; run length
          and dump cadence from the scenario (lmp -in in.lmp -var steps N -var every M to change them).
          The deck's header lists the mappings and what differs (docs/cli.md#export-to-lammps).
  sweep   Runs every combination of --dt-over-tc values and comma-separated --set values, fits
          Ek(t) = E0 exp(-t/tR) through the Ek peaks between run.relaxation.from and .to times the
          largest peak (default 1e-2 to 1e-6; paper 000 Eq. 12), and prints one line per run
          (JSON with --json) with dtOverTc, tangential, rotation and tR in units of tc.
  convergence
          Runs a Δt ladder (run.convergence.steps, or --steps: step counts over the window
          run.convergence.duration or run.duration) against a reference: the analytic solution where
          one exists (case-i), else a run referenceFactor (16) times finer, with the consistent spring
          update when a GSSSS member is tested with a first-order one. Prints one line per quantity
          (position, velocity, angle, spin) with the max errors and the observed order (finest pair
          and least-squares slope); --json prints one JSON object per quantity. Comma-separated --set
          values run one ladder per combination, as sweep does.
          Contact dynamics runs add meanSweeps; a scenario with run.oscillation adds the damped-sine
          fit below as "oscillation" (its window run.oscillation.from/to), in the summary and in
          sweep rows (as omegaDt, tauOverDt).
  delta-ek
          Runs the scenario at the two Δt/tc of --dt-over-tc over its planned duration and writes
          FILE (default out/<scenario name>/delta-ek.csv): t, Ek at each Δt, their difference ΔEk and
          its cumulative sum and absolute integral (paper 000 Fig. 3e; the shear cell of E2). Prints a
          JSON line with the relative cumulative difference ∫|ΔEk|dt / ∫Ek dt.
  compare Runs 2 to 4 variants of the scenario in lockstep: the same bodies, seed and start, each
          variant with its own live parameters (--variant tangential=geometric,dtOverTc=0.1; an empty
          --variant "" is the scenario as it is). They meet at the first variant's output times (each
          has taken the last of its own steps at or before it). Writes DIR/series.csv (default
          out/<scenario name>/compare): t, then Ek_v, E_residual_v (the energy ledger's residual) and
          divergence_v (RMS position difference to variant 1 over the mean radius) for v = 1, 2, …;
          a stopped variant's cells are empty. The run ends at the scenario's end, or when every
          variant has relaxed (run.relaxation). Prints a JSON summary: per variant its overrides,
          status (and message), steps, dtOverTc and, with run.relaxation, tROverTc.
  fit     Fits paper 004 Eq. 21, x(t) = x0 + A exp(-(t-t0)/tau) sin(omega (t-t0) + phi), t0 = first
          sample, all five parameters free, to column NAME of a tracks.csv (x_49, piston_3, ...) for
          T0 <= t <= T1 (default: all rows); prints one JSON object: omega [rad/s], tau [s], x0, A,
          phi, t0, rmsOverA (fit quality), samples, sampleDt. Multiply omega (divide tau) by the
          step Δt for per-step units. Method: variable-projection grid start + Levenberg–Marquardt.
  list    Lists the built-in scenarios.

Options:
  --set key=value   Override a scenario field (repeatable). key is a dotted path into the scenario
                    (material.mu, generators.0.count, run.track) or a short name:
${Object.entries(SHORT_KEYS).map(([k, v]) => `                      ${k.padEnd(18)} ${v}`).join('\n')}
                    value is JSON when it parses (1e-3, true, [0,-9.81]), else a string (cundall).
                    In sweep and convergence, a value with commas (not starting with '[') is a list of values.
  --out DIR         Output folder for run (default out/<scenario name>, the name reduced to letters,
                    digits, '.', '_', '-'); created if missing; for delta-ek the CSV file. Files are
                    written to a temporary beside them and renamed into place when complete (an
                    existing symlink is replaced, never followed; an error leaves nothing behind).
  --dt-over-tc L    Comma-separated Δt/tc values for sweep (default: the scenario's own); two for delta-ek.
  --steps L         convergence: comma-separated step counts over the window, coarse to fine.
  --json            sweep: one JSON object per run; convergence: one per quantity.
  --doc FILE.md#BLOCK  sweep, convergence: also write the result as a Markdown table into the block BLOCK of
                    FILE.md, between '<!-- generated BLOCK by: <this command> -->' and
                    '<!-- end generated BLOCK -->' (the rest of the file unchanged; docs/validation.md).
                    sweep: t_R/t_c, a row per combination of --set values and a column per Δt/tc (a scenario
                    with run.oscillation: ωΔt, τ/Δt, rms/A per run); convergence: the finest pair's order
                    over the quantities that move (the finest error of the first in brackets), the last
                    --set key across, the others down.
  --variant P       compare: one variant's parameters, key=value pairs separated by commas (repeat 2–4 times).
  --column NAME     fit: the tracks.csv column to fit.
  --from T0, --to T1  fit: time window [s].
  -h, --help        This text.

Argument grammar (every command): exactly its positional arguments (list takes none, export two); only the
options its usage line above shows (--threads is run's alone: elsewhere it is refused, not ignored); no empty
values but --variant "" (the scenario as it is). Counts (--threads, --steps) are decimal digits only: 2, not
0x2, 1e0, ' 2' or 2.0; numbers (--dt-over-tc, --from, --to) plain decimals like 0.02 or 1e-3; lists are
values separated by commas without spaces. Windows must not be empty or inverted (--from < --to,
run.oscillation.from < to, run.relaxation.to < from); a tracks.csv for fit has one cell per column on every row;
scenario and CSV files must be regular files (a FIFO, device or socket is refused). Every argument is checked
before any work starts.

Live parameters and allowed ranges:
${Object.entries(PARAMS).map(([k, i]) => `  ${k.padEnd(18)} ${describeRange(i)}${'unit' in i && i.unit ? ` [${i.unit}]` : ''} — ${i.help}`).join('\n')}

Physical ranges of a scenario's inputs (refused outside, naming the field; docs/model.md#physical-ranges):
${Object.values(RANGES).map((r) => `  ${r.what.padEnd(22)} ${describePhysical(r).padEnd(24)} ${r.fields}`).join('\n')}
Checked on the built bodies before the first step: t_c and Δt positive and finite.

Limits (bad input is refused with the limit named, exit 2):
${LIMITS.map(([what, value, why]) => `  ${what.padEnd(18)} ${value} — ${why}`).join('\n')}

A run longer than ${PROGRESS_SECONDS} s (${PROGRESS_SECONDS_TTY} s on a terminal) prints a progress line on stderr every as many
seconds. Ctrl-C (SIGINT) or SIGTERM stops it cleanly: the row begun is written, the files are finished
and renamed into place, the summary (status 'interrupted') is printed, exit code 130. A second Ctrl-C
stops at once and writes nothing.

Exit codes: 0 done; 2 bad input or an unusable output path (one line per problem naming the field and
range; nothing written); 3 the run diverged (the summary's message explains it; rows up to the
divergence are kept); 130 interrupted (Ctrl-C or SIGTERM; rows so far kept).
`;



const count = (v: number) => v.toLocaleString('en-US');
const short = (v: number) => String(+v.toPrecision(4));

/** Runs one command line, writing to process.stdout and stderr; a refusal exits 2 through process.exit (errors.ts). */
export async function main(argv: string[]): Promise<void> {
  // the whole command line is checked against its command's shape before anything else (command-grammar.ts)
  let line: CommandLine | null = null, doc: DocTarget | null = null;
  try {
    line = parseCommandLine(argv);
    if (line?.command === 'export' && line.args.format !== 'lammps') throw new UsageError(`export: unknown format '${printable(line.args.format)}'; the one format is lammps: export lammps <scenario>`);
    if (line?.value.doc !== undefined) doc = parseDocTarget(line.value.doc);
  } catch (e) {
    fail(e);
  }
  if (!line) {
    process.stdout.write(HELP);
    return;
  }
  const { command, args, set, variant, json, value } = line;
  const toDoc = doc && ((body: string) => writeDoc(doc, commandLine('npm run sim --', argv), body));
  if (command === 'list') {
    for (const s of listBuiltIns()) process.stdout.write(`${s.name.padEnd(14)} ${s.title} — ${s.description}\n`);
  } else if (command === 'fit') fitCommand(args['tracks.csv'], value.column, value.from, value.to);
  else if (command === 'export') exportCommand(args.scenario, set, value.out);
  else if (command === 'run') await runCommand(args.scenario, set, value.out, value.threads);
  else if (command === 'convergence') convergenceCommand(args.scenario, set, value.steps, json, toDoc);
  else if (command === 'delta-ek') deltaEkCommand(args.scenario, set, value['dt-over-tc'], value.out);
  else if (command === 'compare') compareCommand(args.scenario, set, variant, value.out);
  else sweepCommand(args.scenario, set, value['dt-over-tc'], json, toDoc);
}

/** --doc: the table written into its block of the doc, under the command that made it */
function writeDoc(doc: DocTarget, command: string, body: string): void {
  try {
    writeDocBlock(doc, command, body);
  } catch (e) {
    fail(e);
  }
}

function exportCommand(scenarioArg: string, sets: string[], out: string | undefined): void {
  let spec, exported;
  try {
    spec = loadScenario(scenarioArg, sets);
    const w = new World(spec);
    if (w.n === 0) throw new UsageError('particles: the scene has no particles; a LAMMPS data file needs at least one atom');
    exported = exportLammps(w, checkRunLength(spec, w), outputEvery(spec, w));
    // the deck is text for another program: a non-finite number in it would be read as garbage there
    for (const [file, text] of [['data.lmp', exported.data], ['in.lmp', exported.input]] as const) {
      const bad = text.split('\n').findIndex((l) => /\b(NaN|-?Infinity)\b/.test(l));
      if (bad >= 0) throw new UsageError(`export lammps: ${file} line ${bad + 1} would hold a non-finite number ('${text.split('\n')[bad].slice(0, 60)}'); check the scenario's sizes and stiffness`);
    }
  } catch (e) {
    fail(e);
  }
  const dir = out ?? `out/${safeName(spec.name)}/lammps`;
  try {
    makeOutputDir(dir);
    writeOutputs([[`${dir}/data.lmp`, exported.data], [`${dir}/in.lmp`, exported.input]]);
  } catch (e) {
    fail(e);
  }
  commitOutputs();
  process.stdout.write(JSON.stringify({ scenario: spec.name, out: dir, notes: exported.notes }) + '\n');
}

/**
 * `--threads` (default 1; at most this machine's logical cores are used: the note is printed once the input has
 * been checked), the scenario and the run's budget are all checked before the run starts.
 */
async function runCommand(scenarioArg: string, sets: string[], out: string | undefined, threadsArg: string | undefined): Promise<void> {
  let spec, world, scene, pool: Awaited<ReturnType<typeof poolForThreads>> = null, note: string | undefined;
  try {
    const fit = threadsForCores(threadsArg === undefined ? 1 : parseCount(threadsArg, '--threads', 1, MAX_THREADS), availableParallelism());
    spec = loadScenario(scenarioArg, sets);
    pool = await poolForThreads(fit.threads); // 1: no pool, the serial path
    scene = new SceneEditor(spec, { pool: pool?.pool, undoLevels: 0 });
    world = scene.world;
    checkRunSettings(spec, world.n, !Number.isNaN(world.pistonPosition()));
    checkRunBudget(spec, world);
    note = fit.note;
  } catch (e) {
    fail(e);
  }
  if (note) process.stderr.write(`note: --threads: ${note}\n`);
  // Ctrl-C / SIGTERM: before this point the default action ends the process with nothing written; from
  // here on (before the first folder or file is made) the loop stops at its next piece and finishes the
  // files. A second one stops at once: process.exit runs the exit hook of out-files.ts, which removes the
  // temporaries and the folders made, so nothing is written. The handlers stay to the end: a signal after the
  // files are finished no longer kills the process between their rename and the summary (found by the fuzz).
  let signal: string | null = null;
  const onSignal = (name: string) => {
    if (signal) {
      process.stderr.write(`error: interrupted again (${name}): stopped without writing\n`);
      process.exit(EXIT_INTERRUPTED);
    }
    signal = name;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const dir = out ?? `out/${safeName(spec.name)}`;
  let sink: CsvSink | undefined, run: ScenarioRun | undefined;
  try {
    makeOutputDir(dir);
    sink = new CsvSink(dir, spec.run.track);
    run = new ScenarioRun(spec, sink, undefined, scene);
  } catch (e) {
    sink?.abort();
    fail(e);
  }
  const every = process.stderr.isTTY ? PROGRESS_SECONDS_TTY : PROGRESS_SECONDS;
  const progress = (p: RunProgress, elapsed: number) => {
    const frac = p.steps > 0 ? p.step / p.steps : 0;
    const left = frac > 0 ? ` about ${short((elapsed * (1 - frac)) / frac)} s left` : '';
    process.stderr.write(`progress: t = ${short(p.t)} s of ${short(p.duration)} s (${short(100 * frac)} %), step ${count(p.step)} of ${count(p.steps)}, ${elapsed.toFixed(1)} s elapsed,${left}\n`);
  };
  try {
    await runInPieces(run, { stopRequested: () => signal, progress, progressEvery: every });
    sink.close();
  } catch (e) {
    sink.abort();
    fail(e);
  }
  await pool?.close();
  commitOutputs();
  const { summary } = run.finish();
  process.stdout.write(JSON.stringify({ ...summary, out: dir }) + '\n');
  if (summary.status === 'interrupted') process.exit(EXIT_INTERRUPTED);
  if (summary.status !== 'ok') process.exit(3);
}

function deltaEkCommand(scenarioArg: string, sets: string[], dtList: string | undefined, out: string | undefined): void {
  let specs: [ScenarioSpec, ScenarioSpec] | undefined;
  try {
    const values = dtList === undefined ? [] : parseList(dtList, '--dt-over-tc', 2, (v) => (parseReal(v, '--dt-over-tc', '0.026'), v), '0.0052,0.026');
    if (values.length !== 2) throw new UsageError(`delta-ek needs --dt-over-tc with exactly two numbers, like 0.0052,0.026 (got '${printable(dtList ?? '')}')`);
    specs = [loadScenario(scenarioArg, [...sets, `dtOverTc=${values[0]}`]), loadScenario(scenarioArg, [...sets, `dtOverTc=${values[1]}`])];
    // Both runs cover the first one's planned duration, sampled at the coarse run's output cadence.
    const [a, b] = specs.map((s) => new World(s));
    checkStartMotion(a);
    checkStartMotion(b);
    const duration = checkRunLength(specs[0], a) * a.dt;
    const stepsB = duration / b.dt;
    if (!(stepsB <= MAX_RUN_STEPS)) throw new UsageError(`--dt-over-tc: ${values[1]} makes the second run ${short(stepsB)} steps; allowed at most ${count(MAX_RUN_STEPS)}`);
    checkWork(a.n, duration / a.dt + stepsB, '--dt-over-tc');
    const coarse = a.dt >= b.dt ? a : b;
    const rows = duration / (outputEvery(specs[0], coarse) * coarse.dt);
    if (!(rows <= MAX_ROWS)) throw new UsageError(`run.outputEvery: ${short(rows)} rows of delta-ek.csv; allowed at most ${count(MAX_ROWS)} (raise run.outputEvery)`);
  } catch (e) {
    fail(e);
  }
  const path = out ?? `out/${safeName(specs[0].name)}/delta-ek.csv`;
  try {
    probeOutputDir(dirname(path));
    checkOutputPath(path);
  } catch (e) {
    fail(e);
  }
  // computed first (synchronously: Ctrl-C ends it with nothing made), then the folder and the file
  const r = deltaEk(specs);
  try {
    makeOutputDir(dirname(path));
    writeOutputs([[path, r.csv]]);
  } catch (e) {
    fail(e);
  }
  commitOutputs();
  process.stdout.write(JSON.stringify({ scenario: specs[0].name, dt: r.dt, rows: r.rows, relativeCumulative: r.relativeCumulative, status: r.status, out: path }) + '\n');
  if (r.status !== 'ok') process.exit(3);
}

function compareCommand(scenarioArg: string, sets: string[], variantArgs: string[], out: string | undefined): void {
  let spec: ScenarioSpec | undefined;
  let patches: ParamPatch[] = [];
  try {
    if (variantArgs.length < 2 || variantArgs.length > MAX_VARIANTS) {
      throw new UsageError(`--variant: compare needs 2 to ${MAX_VARIANTS} variants, got ${variantArgs.length} (e.g. --variant tangential=cundall --variant tangential=geometric)`);
    }
    spec = loadScenario(scenarioArg, sets);
    patches = variantArgs.map((text, v) => Comparison.parseVariant(text, v));
    const same = (p: ParamPatch) => JSON.stringify(Object.entries(p).sort(([a], [b]) => (a < b ? -1 : 1)));
    patches.forEach((p, v) => {
      const twin = patches.findIndex((q) => same(q) === same(p));
      if (twin < v) throw new UsageError(`--variant: variants ${twin + 1} and ${v + 1} set the same parameters (${same(p) === '[]' ? 'none: the scenario as it is' : variantArgs[v]}); a comparison needs different variants`);
    });
    // each variant's own Δt sets its steps over the first variant's duration; the rows follow the first
    const worlds = new Comparison(spec, patches).worlds;
    checkRunSettings(spec, worlds[0].n, !Number.isNaN(worlds[0].pistonPosition()));
    const duration = checkRunLength(spec, worlds[0]) * worlds[0].dt;
    let steps = 0;
    worlds.forEach((w, v) => {
      checkStartMotion(w);
      const s = duration / w.dt;
      if (!(s <= MAX_RUN_STEPS)) throw new UsageError(`--variant: variant ${v + 1} takes ${short(s)} steps over ${short(duration)} s; allowed at most ${count(MAX_RUN_STEPS)}`);
      steps += s;
    });
    checkWork(worlds[0].n, steps, '--variant');
    const rows = duration / (outputEvery(spec, worlds[0]) * worlds[0].dt);
    if (!(rows <= MAX_ROWS)) throw new UsageError(`run.outputEvery: ${short(rows)} rows of series.csv; allowed at most ${count(MAX_ROWS)} (raise run.outputEvery)`);
  } catch (e) {
    fail(e);
  }
  const dir = out ?? `out/${safeName(spec.name)}/compare`;
  try {
    probeOutputDir(dir);
  } catch (e) {
    fail(e);
  }
  // computed first (synchronously: Ctrl-C ends it with nothing made), then the folder and the file
  const r = compareRun(spec, patches);
  try {
    makeOutputDir(dir);
    writeOutputs([[`${dir}/series.csv`, r.csv]]);
  } catch (e) {
    fail(e);
  }
  commitOutputs();
  process.stdout.write(JSON.stringify({ scenario: spec.name, rows: r.rows, variants: r.variants, out: dir }) + '\n');
  if (r.variants.some((v) => v.status !== 'ok')) process.exit(3);
}

function convergenceCommand(scenarioArg: string, sets: string[], stepList: string | undefined, json: boolean, toDoc: ((body: string) => void) | null): void {
  const combos = combinations(sets.map(sweepValues));
  let steps: number[] | undefined;
  let specs: ScenarioSpec[] = [];
  try {
    if (stepList !== undefined) steps = parseList(stepList, '--steps', 2, (v) => parseCount(v, '--steps', 1, MAX_LADDER_ENTRY), '200,400,800');
    if (combos.length > MAX_SWEEP_RUNS) throw new UsageError(`convergence: ${count(combos.length)} ladders (${sets.map((a) => sweepValues(a).length).join(' × ')}); allowed at most ${count(MAX_SWEEP_RUNS)}`);
    // every combination checked before any runs, so bad input fails fast and prints nothing else
    specs = combos.map((c) => checkedLadderSpec(scenarioArg, c, steps));
  } catch (e) {
    fail(e);
  }
  const results = specs.map((spec, k) => {
    let result;
    try {
      result = runConvergence(spec, steps ? { steps } : {});
    } catch (e) {
      // the ladder's own refusals are plain Errors naming the problem; anything else is a bug and shows its stack
      fail(errorLines(e) || (e as Error)?.constructor !== Error ? e : new UsageError((e as Error).message));
    }
    if (k > 0 && !json) process.stdout.write('\n');
    printConvergence(result, json);
    return result;
  });
  toDoc?.(convergenceTable(results, combos));
}

/** The scenario with one combination of --set values, checked for a ladder of `steps` (else its run.convergence). */
function checkedLadderSpec(scenarioArg: string, sets: string[], steps: number[] | undefined): ScenarioSpec {
  const spec = loadScenario(scenarioArg, sets);
  const cv = spec.run.convergence;
  if (!steps && !cv) throw new UsageError(`scenario '${spec.name}' has no run.convergence; give --steps a,b,c`);
  const w = new World(spec);
  checkRunSettings(spec, w.n, !Number.isNaN(w.pistonPosition()));
  checkStartMotion(w);
  let tracked = spec.run.track.length;
  if (!tracked) for (let k = 0; k < w.n; k++) if (w.bodies.invMass[k] > 0) tracked++;
  const analytic = typeof analyticSolution(spec) !== 'string';
  checkLadder(steps ?? cv!.steps, cv?.samples ?? 1, tracked, analytic ? null : (cv?.referenceFactor ?? 16), steps ? '--steps' : 'run.convergence.steps', w.n);
  return spec;
}

/** True when this module is the program node started (node sim.mjs, tsx src/cli/sim.ts), not a module a test imports. */
function isProgram(): boolean {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isProgram()) {
  // `sim list | head -1`: a closed stdout ends the program quietly, not with an EPIPE stack trace
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  await main(process.argv.slice(2));
}
