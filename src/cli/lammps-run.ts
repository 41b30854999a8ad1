/**
 * Runs an exported world through Debian's `lmp` (serial) and reads back its last dump frame and its loop
 * time: the same packing in both codes, for `bench --vs-lammps` and the export tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { World } from '../core/sim/world';
import { exportLammps } from './lammps-export';

export const LMP = process.env.LMP ?? '/usr/bin/lmp';

export function lammpsAvailable(): boolean {
  return existsSync(LMP);
}

export interface LammpsResult {
  /** Per atom, in the world's body order */
  x: Float64Array; y: Float64Array; vx: Float64Array; vy: Float64Array; omega: Float64Array;
  /** LAMMPS's own "Loop time" [s] for the steps run */
  loopSeconds: number;
  steps: number;
}

/** Exports `w` as it is now, runs `steps` steps in LAMMPS and returns the final state. */
export function runLammps(w: World, steps: number): LammpsResult {
  const dir = mkdtempSync(join(tmpdir(), 'lammps-'));
  try {
    const ex = exportLammps(w, steps, steps);
    writeFileSync(join(dir, 'data.lmp'), ex.data);
    writeFileSync(join(dir, 'in.lmp'), ex.input);
    const r = spawnSync(LMP, ['-in', 'in.lmp', '-log', 'log.lammps', '-screen', 'none'], { cwd: dir, encoding: 'utf8' });
    const log = existsSync(join(dir, 'log.lammps')) ? readFileSync(join(dir, 'log.lammps'), 'utf8') : '';
    if (r.status !== 0) throw new Error(`lmp failed (${r.status}): ${(log.match(/ERROR.*$/m) ?? [r.stderr])[0]}`);
    const loop = /Loop time of ([\d.eE+-]+) on \d+ procs for (\d+) steps/.exec(log);
    const n = w.bodies.n;
    const out = {
      x: new Float64Array(n), y: new Float64Array(n), vx: new Float64Array(n), vy: new Float64Array(n), omega: new Float64Array(n),
      loopSeconds: loop ? Number(loop[1]) : NaN, steps,
    };
    // the last frame of `id x y vx vy omegaz radius`, sorted by id
    const lines = readFileSync(join(dir, 'dump.lmp'), 'utf8').trim().split('\n');
    for (const line of lines.slice(lines.length - n)) {
      const c = line.trim().split(/\s+/).map(Number);
      const k = c[0] - 1;
      out.x[k] = c[1]; out.y[k] = c[2]; out.vx[k] = c[3]; out.vy[k] = c[4]; out.omega[k] = c[5];
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
