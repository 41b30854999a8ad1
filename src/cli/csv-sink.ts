/**
 * Writes series.csv (energies, contacts, selected contact angle, CD sweeps, the energy ledger) and tracks.csv (state of the
 * tracked particles, then each piston's position along its inward normal as piston_<wall>) row by row,
 * buffered; pipe scenes (run.spaceTime) add flow columns, spacetime.csv (t, then the grain count of each bin
 * along the pipe) and, at the end, spacetime.png. Numbers use JavaScript's shortest round-trip form, so the same run
 * gives byte-identical files. A row with a non-finite number is not written: row() names the cell and the run
 * stops there (finite-row.ts), so no file holds NaN or Infinity. Each file is written to a temporary beside it and renamed into place by close()
 * (out-files.ts: no symlink followed, no partial file after an error; abort() removes them).
 */
import { PLANE_IDS } from '../core/plane/plane-ids';
import type { World } from '../core/sim/world';
import type { Diagnostics } from '../core/sim/world-types';
import type { RunSink } from './run-scenario';
import { OutputFile, checkOutputPath } from './out-files';
import { encodeSpaceTimePng } from './space-time-png';
import { LEDGER_HEADER, ledgerCells } from './ledger-columns';
import { nonFiniteCell } from './finite-row';

export const SERIES_HEADER = ['t', 'Ek', 'Ek_trans', 'Ek_rot', 'E_elastic', 'E_potential', 'work_in', 'contacts', 'max_overlap_ratio', 'plane_angle', 'sweeps',
  ...LEDGER_HEADER];
/** Scenes with polygons add the selected contact's angle under every plane definition and its crossings */
export const PLANE_HEADER = [...PLANE_IDS.map((id) => `plane_${id.replace('-', '_')}`), 'crossings'];
/** Pipe scenes add the mean velocity along the pipe, the number flux, the density row's deviation, the peak overlap */
export const PIPE_HEADER = ['mean_vx', 'flux', 'density_sd', 'peak_overlap_ratio'];

/** Characters buffered before a write (rows are flushed in blocks; the bytes written do not depend on it). */
const FLUSH_CHARS = 1 << 20;

class BufferedFile {
  private readonly file: OutputFile;
  private lines: string[] = [];
  private chars = 0;
  constructor(path: string) {
    this.file = new OutputFile(path);
  }
  line(s: string): void {
    this.lines.push(s);
    this.chars += s.length + 1;
    if (this.lines.length >= 2000 || this.chars >= FLUSH_CHARS) this.flush();
  }
  flush(): void {
    if (this.lines.length) this.file.write(this.lines.join('\n') + '\n');
    this.lines = [];
    this.chars = 0;
  }
  close(): void {
    this.flush();
    this.file.close();
  }
  abort(): void {
    this.file.abort();
  }
}

/** The files a run may write in its folder. */
export const RUN_FILES = ['series.csv', 'tracks.csv', 'spacetime.csv', 'spacetime.png'];

export class CsvSink implements RunSink {
  private series: BufferedFile;
  private tracks: BufferedFile;
  /** Pistons (walls with a mass): their position along the inward normal is tracked too; found at the first row */
  private pistons: number[] | null = null;
  private spaceTime: BufferedFile | null = null;
  private seriesHeader: string[] = [];
  private tracksHeader: string[] = [];
  private readonly spaceTimeRows: Float64Array[] = [];
  private bins = 0;
  constructor(private readonly dir: string, private readonly track: number[]) {
    for (const f of RUN_FILES) checkOutputPath(`${dir}/${f}`);
    this.series = new BufferedFile(`${dir}/series.csv`);
    try {
      this.tracks = new BufferedFile(`${dir}/tracks.csv`);
    } catch (e) {
      this.series.abort();
      throw e;
    }
  }
  /** Writes the row of both files, or neither: then returns why (`series.csv: Ek = Infinity`). */
  row(d: Diagnostics, w: World): string | null {
    if (!this.pistons) {
      const pipe = w.spaceTime !== null;
      this.seriesHeader = [...SERIES_HEADER, ...(w.polygons ? PLANE_HEADER : []), ...(pipe ? PIPE_HEADER : [])];
      this.series.line(this.seriesHeader.join(','));
      if (w.spaceTime) {
        const st = w.spaceTime;
        this.bins = st.bins;
        this.spaceTime = new BufferedFile(`${this.dir}/spacetime.csv`);
        this.spaceTime.line(['t', ...Array.from({ length: st.bins }, (_, i) => `x_${+((i + 0.5) * st.binWidth).toPrecision(12)}`)].join(','));
      }
      this.pistons = [];
      for (let q = 0; q < w.walls.count; q++) if (w.walls.isPiston(q)) this.pistons.push(q);
      const cols = ['t'];
      for (const k of this.track) cols.push(...['x', 'y', 'theta', 'vx', 'vy', 'omega'].map((c) => `${c}_${k}`));
      for (const q of this.pistons) cols.push(`piston_${q}`);
      this.tracksHeader = cols;
      this.tracks.line(cols.join(','));
    }
    const cell = (v: number) => (Number.isNaN(v) ? '' : v);
    const plane = w.polygons ? [...Array.from(d.planeAngles, cell), cell(d.crossings)] : [];
    const pipe = this.spaceTime ? [d.meanVx, d.flux, d.densitySd, d.peakOverlapRatio] : [];
    const series = [d.t, d.ek, d.ekTrans, d.ekRot, d.eElastic, d.ePotential, d.workIn, d.contacts, d.maxOverlapRatio,
      cell(d.planeAngle), d.sweeps, ...ledgerCells(d), ...plane, ...pipe];
    const b = w.bodies;
    const cells: (number | string)[] = [d.t];
    for (const k of this.track) cells.push(b.x[k], b.y[k], b.phi[k], b.vx[k], b.vy[k], b.omega[k]);
    for (const q of this.pistons) cells.push(w.walls.position(q));
    const bad = nonFiniteCell(this.seriesHeader, series), badTrack = bad ? null : nonFiniteCell(this.tracksHeader, cells);
    if (bad || badTrack) return bad ? `series.csv: ${bad}` : `tracks.csv: ${badTrack}`;
    this.series.line(series.join(','));
    this.tracks.line(cells.join(','));
    return null;
  }
  spaceTimeRow(t: number, counts: Float64Array): void {
    this.spaceTime?.line(`${t},${counts.join(',')}`);
    this.spaceTimeRows.push(counts.slice());
  }
  /** Finishes every file: flushed, closed and renamed into place (the PNG written from the kept rows). */
  close(): void {
    try {
      let png: OutputFile | null = null;
      if (this.spaceTime) {
        png = new OutputFile(`${this.dir}/spacetime.png`);
        png.write(encodeSpaceTimePng(this.spaceTimeRows, this.bins));
      }
      // rename only once everything is written, so an error leaves no file behind
      for (const f of [this.series, this.tracks, this.spaceTime]) f?.flush();
      for (const f of [this.series, this.tracks, this.spaceTime]) f?.close();
      png?.close();
    } catch (e) {
      this.abort();
      throw e;
    }
  }

  /** Removes every temporary: nothing is written. */
  abort(): void {
    for (const f of [this.series, this.tracks, this.spaceTime]) f?.abort();
  }
}
