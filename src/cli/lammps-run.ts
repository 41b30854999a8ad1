/**
 * Runs an exported world through Debian's `lmp` (serial, or on MPI ranks through Open MPI's `mpirun`) and reads back its dump frames and its loop time:
 * the same packing in both codes, for `bench --vs-lammps` and the export tests. Rounded polygons come back in
 * this core's units (lengths times the deck's length unit, ω = L_z/I, φ from the quaternion's turn about z).
 * settleInLammps lets LAMMPS settle a pile first, untimed, until its largest speed is below a threshold (`fix halt`),
 * and hands back its state for the timed runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { World } from '../core/sim/world';
import type { LammpsExport } from './lammps-deck';
import { exportLammps } from './lammps-export';

export const LMP = process.env.LMP ?? '/usr/bin/lmp';

export const MPIRUN = process.env.MPIRUN ?? '/usr/bin/mpirun';

export function lammpsAvailable(): boolean {
  return existsSync(LMP);
}

export function mpirunAvailable(): boolean {
  return existsSync(MPIRUN);
}

/** One dump frame, per atom in the world's body order, in this core's units */
export interface LammpsFrame {
  step: number;
  x: Float64Array; y: Float64Array; vx: Float64Array; vy: Float64Array; omega: Float64Array;
  /** Polygons: the angle [rad] (the exported angle plus LAMMPS's turn since); discs: NaN (not dumped) */
  phi: Float64Array;
}

/** LAMMPS's own settling (settleInLammps): until the mobile bodies' largest speed is below `speed` [m/s] */
export interface LammpsSettle {
  speed: number;
  /** at most this many steps */
  cap: number;
  /** the speed is checked every `check` steps */
  check: number;
  /** a drag −γ v on every mobile body while settling (`fix viscous`) [kg/s]; 0 for none */
  drag: number;
}

/** A pile LAMMPS settled: its state as a `read_data` file (for runLammps), the steps taken, the largest speed and the atoms at the end */
export interface LammpsSettled {
  data: string;
  steps: number;
  speed: number;
  atoms: number;
}

export interface LammpsResult extends LammpsFrame {
  /** Every dumped frame, the first at step 0; the result's own fields are the last */
  frames: LammpsFrame[];
  /** LAMMPS's own "Loop time" [s] for the steps run */
  loopSeconds: number;
  steps: number;
  /** Neighbour-list builds during the run ("Neighbor list builds = N") */
  neighborBuilds: number;
  /** The last thermo row: atoms left and the mobile bodies' kinetic energy (deck units) */
  atoms: number;
  ek: number;
}

/** Runs the deck `input` on `data` in a temporary folder on `ranks` MPI ranks; `read` gets the folder and the log before it goes. */
function inLammps<T>(data: string, input: string, ranks: number, read: (dir: string, log: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'lammps-'));
  try {
    writeFileSync(join(dir, 'data.lmp'), data);
    writeFileSync(join(dir, 'in.lmp'), input);
    const lmp = [LMP, '-in', 'in.lmp', '-log', 'log.lammps', '-screen', 'none'];
    const [command, ...args] = ranks > 1 ? [MPIRUN, '--allow-run-as-root', '-np', String(ranks), ...lmp] : lmp;
    const r = spawnSync(command, args, { cwd: dir, encoding: 'utf8' });
    const log = existsSync(join(dir, 'log.lammps')) ? readFileSync(join(dir, 'log.lammps'), 'utf8') : '';
    // a crash ends lmp by a signal (status null): say which, not "null"
    if (r.status !== 0) throw new Error(`lmp ${r.status === null ? `was killed by ${r.signal ?? 'a signal'}` : `failed (exit status ${r.status})`}: ${(log.match(/ERROR.*$/m) ?? [r.stderr])[0]}`);
    return read(dir, log);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Exports `w` as it is now, runs `steps` steps in LAMMPS on `ranks` MPI ranks (a dump frame every `every`) and returns
 * the frames; `data` instead of the export's own data file starts from a state LAMMPS settled (settleInLammps), and
 * then the first frame is that state and the frames' φ are turns from there.
 */
export function runLammps(w: World, steps: number, every = steps, ranks = 1, data?: string): LammpsResult {
  const ex = exportLammps(w, steps, every);
  return inLammps(data ?? ex.data, ex.input, ranks, (dir, log) => {
    // "Loop time of 28.3 on 2 procs for 90313 steps …": one line whatever the ranks
    const loop = /Loop time of ([\d.eE+-]+) on \d+ procs for (\d+) steps/.exec(log);
    const builds = /Neighbor list builds = (\d+)/.exec(log);
    const last = lastThermoRow(log);
    const frames = readFrames(readFileSync(join(dir, 'dump.lmp'), 'utf8'), w, ex);
    return {
      ...frames[frames.length - 1], frames, steps, loopSeconds: loop ? Number(loop[1]) : NaN,
      neighborBuilds: builds ? Number(builds[1]) : NaN, atoms: Number(last[3]), ek: Number(last[2]),
    };
  });
}

/**
 * Exports `w` and lets LAMMPS settle it on one rank, untimed: the mobile bodies' largest speed (c_vmax, in the deck's
 * units) in the thermo rows, `fix halt` ending the run once it is below the threshold (checked every `check` steps, at
 * most `cap` steps), a drag while it runs if asked; then `write_data` of the settled state.
 */
export function settleInLammps(w: World, s: LammpsSettle): LammpsSettled {
  const ex = exportLammps(w, s.cap, s.check);
  const at = ex.input.search(/^dump state /m);
  if (at < 0) throw new Error('the deck has no dump line to settle before');
  const L = ex.lengthUnit;
  const input = `${ex.input.slice(0, at)}${[
    'variable speed atom sqrt(vx*vx+vy*vy)',
    'compute vmax mobile reduce max v_speed',
    'variable vmax equal c_vmax',
    'thermo_style custom step time c_ek atoms c_vmax',
    `fix settle all halt ${s.check} v_vmax < ${s.speed / L} error continue`,
    ...(s.drag > 0 ? [`fix calm mobile viscous ${s.drag}`] : []),
    'run ${steps}',
    'write_data settled.lmp',
    '',
  ].join('\n')}`;
  return inLammps(ex.data, input, 1, (dir, log) => {
    const loop = /Loop time of [\d.eE+-]+ on \d+ procs for (\d+) steps/.exec(log);
    const last = lastThermoRow(log);
    return { data: readFileSync(join(dir, 'settled.lmp'), 'utf8'), steps: loop ? Number(loop[1]) : NaN, speed: Number(last[4]) * L, atoms: Number(last[3]) };
  });
}

/** The log's last thermo row (`step time c_ek atoms [c_vmax]`), as numbers' text */
function lastThermoRow(log: string): string[] {
  const rows = log.split('\n').map((l) => l.trim().split(/\s+/)).filter((c) => c.length >= 4 && /^\d+$/.test(c[0]) && c.every((v) => /^[-+]?(\d|\.\d|nan|inf)/i.test(v)));
  return rows[rows.length - 1] ?? [];
}

/** The dump's frames: `id x y vx vy omegaz radius` (discs) or `id x y vx vy angmomz quatw quati quatj quatk`. */
function readFrames(dump: string, w: World, ex: LammpsExport): LammpsFrame[] {
  const b = w.bodies, n = b.n, L = ex.lengthUnit, body = ex.style === 'body';
  const lines = dump.split('\n'), frames: LammpsFrame[] = [];
  // the exported orientation q0 of each body, to read LAMMPS's later quaternions as turns about z from it
  let q0: Float64Array | undefined;
  for (let at = lines.indexOf('ITEM: TIMESTEP'); at >= 0 && at + 9 + n <= lines.length; at = lines.indexOf('ITEM: TIMESTEP', at + 9 + n)) {
    const f: LammpsFrame = {
      step: Number(lines[at + 1]),
      x: new Float64Array(n), y: new Float64Array(n), vx: new Float64Array(n), vy: new Float64Array(n), omega: new Float64Array(n), phi: new Float64Array(n).fill(NaN),
    };
    const q = new Float64Array(4 * n);
    for (const line of lines.slice(at + 9, at + 9 + n)) {
      const c = line.trim().split(/\s+/).map(Number);
      const k = c[0] - 1;
      f.x[k] = c[1] * L; f.y[k] = c[2] * L; f.vx[k] = c[3] * L; f.vy[k] = c[4] * L;
      f.omega[k] = body ? (c[5] * L * L) / b.inertia[k] : c[5];
      if (body) q.set(c.slice(6, 10), 4 * k);
    }
    if (body) {
      q0 ??= q;
      // q q0⁻¹ is a turn about z: (cos θ/2, 0, 0, sin θ/2); its z and w parts give θ
      for (let k = 0; k < n; k++) {
        const [w0, x0, y0, z0] = q0.subarray(4 * k, 4 * k + 4), [w1, x1, y1, z1] = q.subarray(4 * k, 4 * k + 4);
        const rw = w1 * w0 + x1 * x0 + y1 * y0 + z1 * z0, rz = -w1 * z0 + z1 * w0 - x1 * y0 + y1 * x0;
        f.phi[k] = b.phi[k] + 2 * Math.atan2(rz, rw);
      }
    }
    frames.push(f);
  }
  return frames;
}
