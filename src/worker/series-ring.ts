/**
 * Recorded diagnostics as a columnar ring in the worker. The UI pulls new rows with
 * takeSeries(epoch, sinceSeq) about ten times a second and keeps the full history itself.
 */
import { SERIES_COLUMNS, type SeriesChunk, type SeriesColumn } from '../protocol/api';

const NCOL = SERIES_COLUMNS.length;

interface EpochEvent { epoch: number; kind: 'clear' | 'truncate'; t: number }

export class SeriesRing {
  /** rows the ring holds: about 8 s of rows at the most a run records (run-record.ts) */
  static readonly CAPACITY = 16384;
  private readonly cap: number;
  private readonly data: Float64Array;
  /** sequence number of the next row */
  seq = 0;
  epoch = 0;
  private events: EpochEvent[] = [];

  constructor(capacity = SeriesRing.CAPACITY) {
    this.cap = capacity;
    this.data = new Float64Array(capacity * NCOL);
  }

  /** Appends one row: NCOL values in SERIES_COLUMNS order. */
  push(row: ArrayLike<number>): void {
    if (row.length !== NCOL) throw new Error(`series row: ${row.length} values, expected ${NCOL}`);
    const o = (this.seq % this.cap) * NCOL;
    const d = this.data;
    for (let c = 0; c < NCOL; c++) d[o + c] = row[c];
    this.seq++;
  }

  /** A new history (scenario load): the UI drops what it has. */
  clear(): void {
    this.newEpoch('clear', NaN);
  }

  /** Time went back to t (restore last good state): the UI drops rows with t > tBack. */
  truncate(tBack: number): void {
    this.newEpoch('truncate', tBack);
  }

  private newEpoch(kind: 'clear' | 'truncate', t: number): void {
    this.epoch++;
    this.events.push({ epoch: this.epoch, kind, t });
    if (this.events.length > 32) this.events.shift();
    // rows recorded before this point stay addressable by seq only for the old epoch; start afresh
    this.seq = 0;
  }

  take(uiEpoch: number, sinceSeq: number): SeriesChunk {
    let resync: SeriesChunk['resync'] = 'none';
    let truncateT = NaN;
    if (uiEpoch !== this.epoch) {
      sinceSeq = 0;
      const since = this.events.filter((e) => e.epoch > uiEpoch);
      if (uiEpoch > this.epoch || since.length === 0 || since.length < this.epoch - uiEpoch || since.some((e) => e.kind === 'clear')) {
        resync = 'clear';
      } else {
        resync = 'truncate';
        truncateT = Math.min(...since.map((e) => e.t));
      }
    }
    const oldest = Math.max(0, this.seq - this.cap);
    const from = Math.max(sinceSeq, oldest);
    const lost = from - Math.min(sinceSeq, from);
    const count = Math.max(0, this.seq - from);
    const cols = {} as Record<SeriesColumn, Float64Array>;
    SERIES_COLUMNS.forEach((name, c) => {
      const a = new Float64Array(count);
      for (let k = 0; k < count; k++) a[k] = this.data[((from + k) % this.cap) * NCOL + c];
      cols[name] = a;
    });
    return { epoch: this.epoch, resync, truncateT, fromSeq: from, nextSeq: this.seq, lost, cols };
  }
}
