/**
 * Writes series.csv (energies, contacts, selected contact angle, CD sweeps) and tracks.csv (state of the
 * tracked particles, then each piston's position along its inward normal as piston_<wall>) row by row,
 * buffered. Numbers use JavaScript's shortest round-trip form, so the same run
 * gives byte-identical files.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { World } from '../core/sim/world';
import type { Diagnostics } from '../core/sim/world-types';
import type { RunSink } from './run-scenario';

export const SERIES_HEADER = ['t', 'Ek', 'Ek_trans', 'Ek_rot', 'E_elastic', 'E_potential', 'work_in', 'contacts', 'max_overlap_ratio', 'plane_angle', 'sweeps'];

class BufferedFile {
  private fd: number;
  private lines: string[] = [];
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  line(s: string): void {
    this.lines.push(s);
    if (this.lines.length >= 2000) this.flush();
  }
  flush(): void {
    if (this.lines.length) writeSync(this.fd, this.lines.join('\n') + '\n');
    this.lines = [];
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

export class CsvSink implements RunSink {
  private series: BufferedFile;
  private tracks: BufferedFile;
  /** Pistons (walls with a mass): their position along the inward normal is tracked too; found at the first row */
  private pistons: number[] | null = null;
  constructor(dir: string, private readonly track: number[]) {
    this.series = new BufferedFile(`${dir}/series.csv`);
    this.tracks = new BufferedFile(`${dir}/tracks.csv`);
    this.series.line(SERIES_HEADER.join(','));
  }
  row(d: Diagnostics, w: World): void {
    if (!this.pistons) {
      this.pistons = [];
      for (let q = 0; q < w.walls.count; q++) if (w.walls.isPiston(q)) this.pistons.push(q);
      const cols = ['t'];
      for (const k of this.track) cols.push(...['x', 'y', 'theta', 'vx', 'vy', 'omega'].map((c) => `${c}_${k}`));
      for (const q of this.pistons) cols.push(`piston_${q}`);
      this.tracks.line(cols.join(','));
    }
    this.series.line([d.t, d.ek, d.ekTrans, d.ekRot, d.eElastic, d.ePotential, d.workIn, d.contacts, d.maxOverlapRatio,
      Number.isNaN(d.planeAngle) ? '' : d.planeAngle, d.sweeps].join(','));
    const b = w.bodies;
    const cells: (number | string)[] = [d.t];
    for (const k of this.track) cells.push(b.x[k], b.y[k], b.phi[k], b.vx[k], b.vy[k], b.omega[k]);
    for (const q of this.pistons) cells.push(w.walls.position(q));
    this.tracks.line(cells.join(','));
  }
  close(): void {
    this.series.close();
    this.tracks.close();
  }
}
