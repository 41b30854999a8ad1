/**
 * Writes series.csv (energies, contacts, selected contact angle) and tracks.csv (state of the tracked
 * particles) row by row, buffered. Numbers use JavaScript's shortest round-trip form, so the same run
 * gives byte-identical files.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { World } from '../core/sim/world';
import type { Diagnostics } from '../core/sim/world-types';
import type { RunSink } from './run-scenario';

export const SERIES_HEADER = ['t', 'Ek', 'Ek_trans', 'Ek_rot', 'E_elastic', 'E_potential', 'work_in', 'contacts', 'max_overlap_ratio', 'plane_angle'];

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
  constructor(dir: string, private readonly track: number[]) {
    this.series = new BufferedFile(`${dir}/series.csv`);
    this.tracks = new BufferedFile(`${dir}/tracks.csv`);
    this.series.line(SERIES_HEADER.join(','));
    const cols = ['t'];
    for (const k of track) cols.push(...['x', 'y', 'theta', 'vx', 'vy', 'omega'].map((c) => `${c}_${k}`));
    this.tracks.line(cols.join(','));
  }
  row(d: Diagnostics, w: World): void {
    this.series.line([d.t, d.ek, d.ekTrans, d.ekRot, d.eElastic, d.ePotential, d.workIn, d.contacts, d.maxOverlapRatio,
      Number.isNaN(d.planeAngle) ? '' : d.planeAngle].join(','));
    const b = w.bodies;
    const cells: (number | string)[] = [d.t];
    for (const k of this.track) cells.push(b.x[k], b.y[k], b.phi[k], b.vx[k], b.vy[k], b.omega[k]);
    this.tracks.line(cells.join(','));
  }
  close(): void {
    this.series.close();
    this.tracks.close();
  }
}
