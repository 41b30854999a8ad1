/**
 * `sim run` of a scenario file with edits (docs/cli.md#scene-edits): it builds the scene, applies the edits — one
 * of them at a later time — and writes the rows the same run gives in-process, number for number; an edit that
 * cannot apply exits with code 2 naming it; a command that would drop the edits refuses the file.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/cli/run-scenario';
import { parseScenario } from '../../src/core/scenarios/schema';
import { sim } from './run-cli';

const SILO = {
  name: 'my silo',
  gravity: [0, -9.81],
  material: { kn: 1e5, en: 0.5, mu: 0.5 },
  walls: [{ type: 'box', xmin: 0, xmax: 0.2, ymin: 0, ymax: 0.3 }],
  run: { duration: 0.06, outputEvery: 100 },
  edits: [
    { op: 'add-polyline', points: [[0.005, 0.2], [0.09, 0.12]] },
    { op: 'add-polyline', points: [[0.11, 0.12], [0.195, 0.2]] },
    { op: 'add-segment', a: [0.09, 0.12], b: [0.11, 0.12] },
    { op: 'mark-gate', wall: 5, gate: 'orifice' },
    { op: 'pour', region: [0.01, 0.2, 0.19, 0.29], count: 60, rMin: 0.004, rMax: 0.006, seed: 5 },
    { op: 'open-gate', gate: 'orifice', at: 0.03 },
  ],
};

describe('sim run with scene edits', () => {
  it('applies the edits at their times and writes the rows of the same run in-process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-edits-'));
    writeFileSync(join(dir, 'silo.json'), JSON.stringify(SILO));
    const r = sim(['run', join(dir, 'silo.json'), '--out', join(dir, 'out')]);
    expect(r.code, r.err).toBe(0);
    const summary = JSON.parse(r.out.trim().split('\n').pop()!);
    expect(summary.particles).toBe(60);
    const rows: number[][] = [];
    const { world } = runScenario(parseScenario(SILO), { row: (d) => { rows.push([d.t, d.ek, d.contacts]); } });
    expect(world.walls.count).toBe(5); // the gate opened at 0.03 s
    const csv = readFileSync(join(dir, 'out', 'series.csv'), 'utf8').trim().split('\n');
    const header = csv[0].split(',');
    const [t, ek, contacts] = ['t', 'Ek', 'contacts'].map((h) => header.indexOf(h));
    expect(csv.slice(1).map((l) => l.split(',').map(Number)).map((c) => [c[t], c[ek], c[contacts]])).toEqual(rows);
    expect(rows.some(([time]) => time >= 0.03 && time - 0.03 < world.dt)).toBe(true); // a row ends at the step the gate opens before
  });

  it('an edit that cannot apply exits with code 2 naming it; export refuses a file with edits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-edits-'));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...SILO, edits: [...SILO.edits, { op: 'open-gate', gate: 'orifice', at: 0.04 }] }));
    const r = sim(['run', join(dir, 'bad.json'), '--out', join(dir, 'out')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("edits.6.gate: 'orifice' is open already (opened at t = 0.03 s); a gate opens once");
    writeFileSync(join(dir, 'silo.json'), JSON.stringify(SILO));
    const s = sim(['export', 'lammps', join(dir, 'silo.json'), '--out', join(dir, 'lammps')]);
    expect(s.code).toBe(2);
    expect(s.err).toContain('edits: this scene has 6 edits, which only `sim run` and the page apply; run it there');
  });
});

describe('a run whose edit changes Δt', () => {
  it('still ends at run.duration', () => {
    // grains of another size poured at 0.01 s: Δt/t_c is kept, so Δt changes
    const spec = parseScenario({ ...SILO, run: { duration: 0.02, outputEvery: 50 }, edits: [...SILO.edits.slice(0, 5), { op: 'pour', region: [0.01, 0.2, 0.19, 0.29], count: 10, rMin: 0.002, rMax: 0.0025, seed: 9, at: 0.01 }] });
    const dt0 = runScenario({ ...spec, run: { ...spec.run, duration: 0.005 } }).world.dt;
    const { world } = runScenario(spec);
    expect(world.n).toBe(70);
    expect(world.dt).toBeLessThan(0.6 * dt0);
    // the steps planned at the old Δt would have ended at 0.015 s; the run ends where they would have ended at it, within a step
    expect(world.t).toBeGreaterThanOrEqual(0.02);
    expect(world.t).toBeLessThan(0.02 + dt0 + world.dt);
  });
});
