/**
 * `sim fit`: fits paper 004 Eq. 21, x(t) = x₀ + A e^{−(t−t₀)/τ} sin(ω(t−t₀) + φ), to one column of a
 * tracks.csv written by `sim run` (e.g. x_49 of cd-chain, piston_3 of cd-piston) between two times.
 * The file is streamed line by line (limits.ts: 256 MiB, lines of 4 MiB, 100,000 rows in the window);
 * times must increase, every row must have the header's number of cells and every cell used must be a number,
 * else the line is named.
 */
import { fitDampedSine, type DampedSineFit } from '../core/diagnostics/damped-sine-fit';
import { fail, printable, UsageError } from './errors';
import { parseReal } from './command-grammar';
import { MAX_FIT_ROWS, forEachLine } from './limits';

const quoted = (s: string) => `'${printable(s.length > 40 ? `${s.slice(0, 40)}…` : s)}'`;

export function fitTracks(file: string, column: string, from: number, to: number): DampedSineFit & { column: string; from: number; to: number; sampleDt: number } {
  const t: number[] = [], x: number[] = [];
  let c = -1, header: string[] = [], lastT = -Infinity, lastLine = 0;
  forEachLine(file, 'fit', (text, line) => {
    if (line === 1) {
      header = text.split(',');
      c = header.indexOf(column);
      if (header[0] !== 't') throw new UsageError(`fit: ${quoted(file)} does not start with a t column (not a tracks.csv)`);
      if (c < 0) throw new UsageError(`fit --column: ${quoted(column)} is not in ${file}; columns: ${header.slice(1, 40).join(', ')}${header.length > 41 ? ', …' : ''}`);
      return;
    }
    if (text === '') return;
    const cells = text.split(',');
    if (cells.length !== header.length) throw new UsageError(`fit: ${file} line ${line} has ${cells.length} cells, the header ${header.length}; every row of a tracks.csv has one cell per column`);
    const tk = Number(cells[0]);
    if (cells[0] === '' || !Number.isFinite(tk)) throw new UsageError(`fit: ${file} line ${line}: t = ${quoted(cells[0])} is not a number`);
    if (!(tk > lastT)) throw new UsageError(`fit: ${file} line ${line}: t = ${tk} does not increase (line ${lastLine} has t = ${lastT}); times must increase row by row`);
    lastT = tk;
    lastLine = line;
    if (tk < from || tk > to) return tk <= to;
    const cell = cells[c];
    if (cell === undefined || cell === '') return;
    const v = Number(cell);
    if (!Number.isFinite(v)) throw new UsageError(`fit: ${file} line ${line}, column ${column}: ${quoted(cell)} is not a number`);
    if (t.length >= MAX_FIT_ROWS) throw new UsageError(`fit: more than ${MAX_FIT_ROWS.toLocaleString('en-US')} rows with t in [${from}, ${to}]; narrow --from/--to`);
    t.push(tk);
    x.push(v);
  });
  if (c < 0) throw new UsageError(`fit: ${quoted(file)} is empty`);
  if (t.length < 8) throw new UsageError(`fit: only ${t.length} rows with t in [${from}, ${to}]; need at least 8`);
  let f: DampedSineFit;
  try {
    f = fitDampedSine(t, x);
  } catch (e) {
    throw new UsageError(`fit: ${(e as Error).message}`);
  }
  return { column, from: t[0], to: t[t.length - 1], sampleDt: (t[t.length - 1] - t[0]) / (t.length - 1), ...f };
}

/** `sim fit FILE --column NAME [--from T0] [--to T1]`: the window checked (T0 < T1), the fit printed as one JSON line. */
export function fitCommand(file: string, column: string | undefined, fromArg: string | undefined, toArg: string | undefined): void {
  let result;
  try {
    if (column === undefined) throw new UsageError('fit needs --column NAME (a column of the tracks.csv)');
    const from = fromArg === undefined ? -Infinity : parseReal(fromArg, '--from', '0.6 (a time in s)');
    const to = toArg === undefined ? Infinity : parseReal(toArg, '--to', '0.85 (a time in s)');
    if (!(from < to)) throw new UsageError(`--from, --to: the window [${from}, ${to}] s is empty or inverted; --from must be earlier than --to`);
    result = fitTracks(file, column, from, to);
  } catch (e) {
    fail(e);
  }
  process.stdout.write(JSON.stringify(result) + '\n');
}
