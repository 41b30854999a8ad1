/**
 * The headless runner as a researcher uses it: outputs, determinism (byte-identical CSV for the same
 * scenario), and bad input (clear message naming the field, exit code 2, nothing written).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { sim as run, simTsx } from './run-cli';

/** The bundled CLI (run-cli.ts), from the repository's folder as `npm run sim` runs */
const sim = (...args: string[]) => run(args);

const tmp = () => mkdtempSync(join(tmpdir(), 'sim-'));

describe('sim run', () => {
  it('writes series.csv and tracks.csv and ends with a JSON summary', () => {
    const dir = join(tmp(), 'out');
    const r = sim('run', 'head-on', '--set', 'en=0.5', '--out', dir);
    expect(r.code).toBe(0);
    const last = JSON.parse(r.out.trim().split('\n').pop()!);
    expect(last.status).toBe('ok');
    expect(last.scenario).toBe('head-on');
    const series = readFileSync(join(dir, 'series.csv'), 'utf8').trim().split('\n');
    expect(series[0]).toBe('t,Ek,Ek_trans,Ek_rot,E_elastic,E_potential,work_in,contacts,max_overlap_ratio,plane_angle,sweeps,'
      + 'E_elastic_normal,E_elastic_tangential,Ek_walls,E_supplied,work_hand,dissipated_normal,dissipated_tangential,dissipated_slip,E_residual');
    expect(series.length).toBeGreaterThan(100);
    const tracks = readFileSync(join(dir, 'tracks.csv'), 'utf8').trim().split('\n');
    expect(tracks[0]).toBe('t,x_0,y_0,theta_0,vx_0,vy_0,omega_0,x_1,y_1,theta_1,vx_1,vy_1,omega_1');
    // Momentum conservation in the written tracks: vx_0 + vx_1 stays 0 (equal masses, head-on).
    for (const row of tracks.slice(1)) {
      const c = row.split(',').map(Number);
      expect(Math.abs(c[4] + c[10])).toBeLessThan(1e-12);
    }
    // Restitution read from the CSV: final Ek = εn² × initial Ek.
    const ek = series.slice(1).map((l) => Number(l.split(',')[1]));
    expect(ek[ek.length - 1] / ek[0]).toBeCloseTo(0.25, 3);
  });

  it('a pipe scene also writes spacetime.csv (one row per 0.05 s) and spacetime.png of the same rows', () => {
    const dir = join(tmp(), 'pipe');
    const r = sim('run', 'pipe-flow', '--set', 'duration=0.25', '--out', dir);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out.trim().split('\n').pop()!);
    expect(summary.spaceTime.bins).toBe(100);
    expect(summary.spaceTime.rows).toBe(6); // t = 0, 0.05, …, 0.25
    const rows = readFileSync(join(dir, 'spacetime.csv'), 'utf8').trim().split('\n');
    expect(rows[0].split(',').slice(0, 3)).toEqual(['t', 'x_0.01', 'x_0.03']);
    expect(rows.length).toBe(7);
    const counts = rows[1].split(',').slice(1).map(Number);
    expect(counts.length).toBe(100);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(300); // every movable grain, once
    const png = PNG.sync.read(readFileSync(join(dir, 'spacetime.png')));
    expect([png.width, png.height]).toEqual([200, 12]); // 2 px per bin and per row
    const series = readFileSync(join(dir, 'series.csv'), 'utf8').trim().split('\n');
    expect(series[0].endsWith(',mean_vx,flux,density_sd,peak_overlap_ratio')).toBe(true);
  });

  it('export lammps writes a data file and a deck; what LAMMPS cannot express is refused naming the field', () => {
    const dir = join(tmp(), 'lmp');
    const r = sim('export', 'lammps', 'pile', '--out', dir);
    expect(r.code).toBe(0);
    const data = readFileSync(join(dir, 'data.lmp'), 'utf8');
    expect(data).toMatch(/^400 atoms$/m);
    const deck = readFileSync(join(dir, 'in.lmp'), 'utf8');
    expect(deck).toMatch(/^pair_style gran\/hooke\/history 1000000 333333.3333333333 /m); // kn, kt = kn/3
    expect(deck).toMatch(/^fix wall0 all wall\/gran hooke\/history .* yplane 0 NULL$/m);
    const polygons = join(tmp(), 'poly');
    expect(sim('export', 'lammps', 'polygon-pile', '--out', polygons).code).toBe(0);
    expect(readFileSync(join(polygons, 'in.lmp'), 'utf8')).toMatch(/^pair_style body\/rounded\/polygon /m);
    const refused = sim('export', 'lammps', 'cd-pile', '--out', join(tmp(), 'no'));
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/error: solver\.integrator: contact dynamics has no LAMMPS counterpart/);
  });

  it('is deterministic: the same scenario twice gives byte-identical CSV', () => {
    const a = join(tmp(), 'a'), b = join(tmp(), 'b');
    const args = ['run', 'pile', '--set', 'duration=0.05', '--set', 'generators.0.count=150', '--set', 'run.track=[0,5]'];
    expect(sim(...args, '--out', a).code).toBe(0);
    expect(sim(...args, '--out', b).code).toBe(0);
    for (const f of ['series.csv', 'tracks.csv']) {
      const x = readFileSync(join(a, f)), y = readFileSync(join(b, f));
      expect(x.length).toBeGreaterThan(1000);
      expect(x.equals(y)).toBe(true);
    }
  });

  it('--threads 2 gives the serial tracks bit for bit and its series to rounding (the sums added by chunk)', () => {
    const a = join(tmp(), 'a'), b = join(tmp(), 'b');
    // 4800 discs in the bench's hex lattice (two chunks of bodies, four of candidate pairs), cdm + Cundall
    const lattice = '[{"type":"lattice","lattice":"hex","origin":[0.015,0.01],"nx":60,"ny":80,"spacing":0.01996,"r":0.01,"radiusJitter":0.005,"seed":11}]';
    const args = ['run', 'pile', '--set', 'duration=0.01', '--set', 'integrator=cdm', '--set', 'tangential=cundall', '--set', `generators=${lattice}`,
      '--set', 'walls=[{"type":"box","xmin":0,"xmax":1.2176,"ymin":0,"ymax":10,"openTop":true}]', '--set', 'run.track=[0,2400,4799]'];
    expect(sim(...args, '--out', a).code).toBe(0);
    expect(sim(...args, '--threads', '2', '--out', b).code).toBe(0);
    expect(readFileSync(join(a, 'tracks.csv')).equals(readFileSync(join(b, 'tracks.csv')))).toBe(true);
    const rows = (dir: string) => readFileSync(join(dir, 'series.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
    const header = readFileSync(join(a, 'series.csv'), 'utf8').split('\n')[0].split(',');
    const residual = header.indexOf('E_residual'), potential = header.indexOf('E_potential');
    const sa = rows(a), sb = rows(b);
    expect(sa.length).toBeGreaterThan(10);
    expect(sb.length).toBe(sa.length);
    // relative to each value; the residual (a small difference of large sums) relative to the energies it balances
    let worst = 0;
    sa.forEach((row, r) => row.forEach((v, c) => {
      if (Number.isNaN(v)) expect(sb[r][c]).toBeNaN();
      else worst = Math.max(worst, Math.abs(v - sb[r][c]) / Math.max(Math.abs(v), c === residual ? Math.abs(row[potential]) : 1e-30));
    }));
    expect(worst).toBeLessThan(1e-9);
    expect(sa.at(-1)![7]).toBeGreaterThan(4800); // contacts: a pile, not a gas
    expect(sim('run', 'pile', '--threads', '0').err).toMatch(/--threads: '0' is not an integer from 1 to 64/);
  });

  it('--threads above the logical cores uses the cores, says so, and gives the same numbers', () => {
    const cores = availableParallelism();
    const a = join(tmp(), 'a'), b = join(tmp(), 'b');
    const args = ['run', 'pile', '--set', 'duration=0.005', '--set', 'run.track=[0,200,399]'];
    expect(sim(...args, '--out', a).code).toBe(0);
    // through tsx, as `npm run sim` runs it: the workers load pool-worker.ts through tsx's API
    const r = simTsx([...args, '--threads', '64', '--out', b]);
    expect(r.code).toBe(0);
    if (cores < 64) expect(r.err).toContain(`note: --threads: 64 threads asked for; this machine has ${cores} logical core${cores === 1 ? '' : 's'}, so ${cores}`);
    expect(readFileSync(join(a, 'tracks.csv')).equals(readFileSync(join(b, 'tracks.csv')))).toBe(true);
  });

  it('reads a scenario file and lists built-ins', () => {
    const dir = tmp();
    const file = join(dir, 'drop.json');
    writeFileSync(file, JSON.stringify({
      name: 'drop', gravity: [0, -9.81], material: { kn: 1e5, en: 0.5 },
      walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
      particles: [{ x: 0, y: 0.1, r: 0.01 }], run: { duration: 0.3, track: [0] },
    }));
    const r = sim('run', file, '--out', join(dir, 'o'));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out.trim().split('\n').pop()!).particles).toBe(1);
    const list = sim('list');
    for (const name of ['pile', 'two-disc', 'head-on', 'elastic-gas']) expect(list.out).toContain(name);
    expect(sim('--help').out).toContain('--dt-over-tc');
  });
});

describe('sim bad input: clear message, exit 2, no output', () => {
  const cases: [string, string[], RegExp][] = [
    ['out-of-range value', ['run', 'pile', '--set', 'mu=5000'], /material\.mu: must be ≤ 1000 \(allowed 0 to 1000\)/],
    ['non-numeric value', ['run', 'pile', '--set', 'kn=stiff'], /material\.kn: .*number/i],
    ['unknown --set key', ['run', 'pile', '--set', 'frobnicate=1'], /unknown field\(s\) 'frobnicate'/],
    ['unknown built-in', ['run', 'no-such-scenario'], /unknown built-in 'no-such-scenario'/],
    ['bad enum', ['run', 'pile', '--set', 'tangential=magic'], /solver\.tangential/],
    ['malformed --set', ['run', 'pile', '--set', 'mu'], /expected key=value/],
    ['bad track index', ['run', 'head-on', '--set', 'run.track=[7]'], /run\.track: particle\(s\) 7 do not exist/],
    ['bad sweep list', ['sweep', 'two-disc', '--dt-over-tc', '1e-2,abc'], /--dt-over-tc: 'abc' is not a number/],
    ['Δt/tc out of range', ['sweep', 'two-disc', '--dt-over-tc', '50'], /solver\.dtOverTc: must be ≤ 10/],
  ];
  for (const [name, args, pattern] of cases) {
    it(name, () => {
      const dir = join(tmp(), 'never');
      const r = sim(...args, ...(args[0] === 'run' ? ['--out', dir] : []));
      expect(r.code).toBe(2);
      expect(r.err).toMatch(pattern);
      expect(existsSync(dir)).toBe(false);
      expect(r.out).toBe('');
    });
  }

  it('malformed scenario file names the fields', () => {
    const dir = tmp();
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ name: 'bad', material: { en: 2 }, particles: [{ x: 0, y: 0, r: -1 }] }));
    const r = sim('run', file, '--out', join(dir, 'o'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/material\.en: must be ≤ 1 \(allowed 0\.01 to 1\)/);
    expect(r.err).toMatch(/particles\.0\.r: must be a radius from 1e-9 to 1000 m, got -1/);
    expect(existsSync(join(dir, 'o'))).toBe(false);
  });

  it('a 10⁷-disc lattice is refused by validation before anything is allocated', () => {
    const dir = tmp();
    const file = join(dir, 'huge.json');
    writeFileSync(file, JSON.stringify({ name: 'huge', generators: [{ type: 'lattice', origin: [0, 0], nx: 10_000, ny: 1000, spacing: 0.02, r: 0.01 }] }));
    const r = sim('run', file, '--out', join(dir, 'o'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/generators: 10,000,000 particles in all .*10000 × 1000.*allowed at most 1,000,000/);
    expect(existsSync(join(dir, 'o'))).toBe(false);
  });

  it('invalid JSON file', () => {
    const dir = tmp();
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "name": ');
    const r = sim('run', file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not valid JSON/);
  });
});

describe('sim run and fit, contact dynamics', () => {
  it('cd-chain --set iterations=40 writes x_49 and fits ω, τ (summary and fit command agree)', () => {
    const dir = join(tmp(), 'chain');
    const r = sim('run', 'cd-chain', '--set', 'iterations=40', '--set', 'duration=0.7', '--out', dir);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out.trim().split('\n').pop()!);
    expect(s.contactDynamics.iterations).toBe(40);
    // docs/validation.md#e8-contact-dynamics-chain: ω₁Δt = 0.17673, τ₁ = 63.5 Δt (window 300–650 Δt as in paper 004 Fig. 4)
    expect(s.oscillation.omegaDt).toBeCloseTo(0.1767, 2);
    expect(Math.abs(s.oscillation.tauOverDt / 63.5 - 1)).toBeLessThan(0.05);
    const f = sim('fit', join(dir, 'tracks.csv'), '--column', 'x_49', '--from', '0.3', '--to', '0.65');
    expect(f.code).toBe(0);
    const fit = JSON.parse(f.out);
    expect(fit.omega).toBeCloseTo(s.oscillation.omega, 6);
    const bad = sim('fit', join(dir, 'tracks.csv'), '--column', 'x_7');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/'x_7' is not in/);
  });

  it('a sweep of an oscillation scenario prints its damped-sine fits (ωΔt, τ/Δt), the same as --json', () => {
    const table = sim('sweep', 'cd-chain', '--set', 'iterations=20,40', '--set', 'duration=0.7');
    const json = sim('sweep', 'cd-chain', '--set', 'iterations=20,40', '--set', 'duration=0.7', '--json');
    expect(table.code).toBe(0);
    expect(json.code).toBe(0);
    const lines = table.out.trim().split('\n');
    expect(lines[0]).toMatch(/^set\s+ωΔt\s+τ\/Δt\s+rms\/A\s+status$/);
    const rows = json.out.trim().split('\n').map((l) => JSON.parse(l) as { iterations: number; omegaDt: number; tauOverDt: number });
    rows.forEach((r, k) => {
      const cells = lines[k + 1].split(/\s+/);
      expect(cells[0]).toBe(`iterations=${r.iterations}`);
      expect(cells[1]).toBe(r.omegaDt.toPrecision(4));
      expect(cells[2]).toBe(r.tauOverDt.toPrecision(4));
    });
    // ω ∝ √N_I (docs/validation.md#e8-contact-dynamics-chain): doubling N_I multiplies ωΔt by √2 within 5 %
    expect(Math.abs(rows[1].omegaDt / rows[0].omegaDt / Math.SQRT2 - 1)).toBeLessThan(0.05);
  });
});
