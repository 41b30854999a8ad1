/**
 * Issue 39: the writers' last line. However a non-finite number reaches a row — the divergence check stops a
 * run only after the step that broke it, and a range may one day be widened — no output file holds NaN or
 * ±Infinity: the CSV sink refuses the row (both files, or neither) and names the cell, and the run stops there
 * with status 'diverged' and that reason, as the divergence path stops it, its files ending at the last finite row.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CsvSink } from '../../src/cli/csv-sink';
import { nonFiniteCell } from '../../src/cli/finite-row';
import { runScenario, type RunSink } from '../../src/cli/run-scenario';
import { World } from '../../src/core/sim/world';
import { builtIn } from '../helpers';

const lines = (f: string) => readFileSync(f, 'utf8').trimEnd().split('\n');

describe('no non-finite value is written', () => {
  it('nonFiniteCell names the first number cell that is not finite; empty cells are not numbers', () => {
    expect(nonFiniteCell(['t', 'Ek', 'E'], [0, 1, 2])).toBeNull();
    expect(nonFiniteCell(['t', 'Ek', 'E'], [0, '', 2])).toBeNull();
    expect(nonFiniteCell(['t', 'Ek', 'E'], [0, Infinity, NaN])).toBe('Ek = Infinity');
    expect(nonFiniteCell(['t'], [0, -Infinity])).toBe('column 2 = -Infinity');
  });

  it('the CSV sink refuses a row with Infinity in series.csv or NaN in tracks.csv, writing neither file\'s line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-finite-'));
    const w = new World(builtIn('head-on', 'run.track=[0]'));
    const sink = new CsvSink(dir, [0]);
    const d = w.diagnostics();
    expect(sink.row(d, w)).toBeNull();
    expect(sink.row({ ...d, t: 1, ek: Infinity }, w)).toBe('series.csv: Ek = Infinity');
    const x = w.bodies.x[0];
    w.bodies.x[0] = NaN;
    expect(sink.row({ ...d, t: 2 }, w)).toBe('tracks.csv: x_0 = NaN');
    w.bodies.x[0] = x;
    expect(sink.row({ ...d, t: 3 }, w)).toBeNull();
    sink.close();
    for (const f of ['series.csv', 'tracks.csv']) {
      const rows = lines(join(dir, f));
      expect(rows.map((r) => r.split(',')[0]), f).toEqual(['t', String(d.t), '3']);
      expect(rows.join('\n'), f).not.toMatch(/NaN|Infinity/);
    }
  });

  it('a refused row stops the run: status diverged, the reason and its time in the message, no row after it', () => {
    const spec = builtIn('head-on');
    let written = 0, offered = 0;
    const sink: RunSink = {
      row(d) {
        offered++;
        if (offered === 4) return `series.csv: Ek = Infinity (at t = ${d.t})`;
        written++;
        return null;
      },
    };
    const { summary } = runScenario(spec, sink);
    expect(offered).toBe(4);
    expect(written).toBe(3);
    expect(summary.status).toBe('diverged');
    expect(summary.message).toMatch(/^Stopped at t = [\d.e-]+ s: the row at t = [\d.e-]+ s was not written \(series\.csv: Ek = Infinity .*\): the files end at the last row whose every number is finite$/);
    // a run left alone goes on: the refusal, not the scene, stopped it
    expect(runScenario(spec).summary.status).toBe('ok');
  });
});
