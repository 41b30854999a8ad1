/**
 * The pipe's space–time rows (diagnostics/space-time.ts), the density-wave speed read from them
 * (diagnostics/density-waves.ts), and the generators E10 needs (grain walls, Gaussian radii).
 */
import { describe, expect, it } from 'vitest';
import { PeriodicX } from '../../src/core/boundaries/periodic';
import { densityWaveSpeed } from '../../src/core/diagnostics/density-waves';
import { SpaceTime } from '../../src/core/diagnostics/space-time';
import { Rng } from '../../src/core/math/rng';
import { buildInitialState } from '../../src/core/scenarios/build';
import { parseScenario } from '../../src/core/scenarios/schema';
import { BodyState } from '../../src/core/state/body-state';
import { FIXED } from '../../src/core/state/body-flags';

describe('space–time rows', () => {
  it('counts the movable grains by centre into bins of the periodic box, and leaves fixed ones out', () => {
    const b = new BodyState(8);
    for (const x of [0.05, 0.15, 0.16, 0.95, 0.999]) b.add(x, 0, 0.01, 1, 1);
    const wall = b.add(0.5, -1, 0.01, 1, 1);
    b.flags[wall] = FIXED;
    b.updateInverseMasses(true);
    const st = new SpaceTime(new PeriodicX(true, 0, 1), 0.1);
    st.record(b, 0.25);
    const got: number[][] = [];
    st.drain((t, row) => got.push([t, ...row]));
    expect(got).toEqual([[0.25, 1, 2, 0, 0, 0, 0, 0, 0, 0, 2]]);
    expect(st.sd).toBeCloseTo(Math.sqrt((0.5 ** 2 + 1.5 ** 2 + 7 * 0.5 ** 2 + 1.5 ** 2) / 10), 12); // mean 0.5
    expect(st.pending).toBe(0);
  });

  it('keeps the newest rows when nobody reads (bounded memory)', () => {
    const b = new BodyState(2);
    b.add(0.5, 0, 0.01, 1, 1);
    b.updateInverseMasses(true);
    const st = new SpaceTime(new PeriodicX(true, 0, 1), 0.5);
    for (let k = 0; k < 1100; k++) st.record(b, k);
    const times: number[] = [];
    st.drain((t) => times.push(t));
    expect(times.length).toBe(1024);
    expect(times[0]).toBe(1100 - 1024);
    expect(times[times.length - 1]).toBe(1099);
  });
});

describe('density-wave speed', () => {
  it('recovers the speed of a travelling bump, of either sign, and sees a standing pattern as speed 0', () => {
    const bins = 100, binWidth = 0.02, every = 0.05;
    const rows = (c: number) => Array.from({ length: 60 }, (_, i) => {
      const r = new Float64Array(bins);
      for (let k = 0; k < bins; k++) {
        const x = k * binWidth, centre = (((1 + c * i * every) % 2) + 2) % 2;
        const d = Math.min(Math.abs(x - centre), 2 - Math.abs(x - centre));
        r[k] = 3 + 4 * Math.exp(-((d / 0.08) ** 2));
      }
      return r;
    });
    for (const c of [-1, 0.6, 0]) {
      const w = densityWaveSpeed(rows(c), every, binWidth);
      expect(Math.abs(w.speed - c)).toBeLessThanOrEqual(binWidth / 0.4 / 2 + 1e-12); // half a bin over the lag
      expect(w.correlation).toBeGreaterThan(0.9);
    }
  });

  it('recovers a pipe-like pattern between whole-bin steps: irregular plugs at −0.83 m/s, alone and with grains streaming down and counting noise', () => {
    // E10's scene (docs/validation.md#e10-pipe-flow): 100 bins of 2 R₀ = 0.02 m, a row every 0.05 s, 80 rows (4 s). Three
    // plugs of unequal height, width and spacing ride up the pipe at c; the free-falling grains between them make a
    // weaker pattern moving down at +1.25 m/s; every count gets Gaussian noise of sd 1 grain (the bins hold ≈ 3).
    const bins = 100, binWidth = 0.02, every = 0.05, L = 2, c = -0.83;
    const plugs = [{ at: 0.1, h: 5, w: 0.06 }, { at: 0.75, h: 3, w: 0.1 }, { at: 1.3, h: 4, w: 0.04 }];
    const periodic = (x: number, at: number) => { const d = Math.abs((((x - at) % L) + L) % L); return Math.min(d, L - d); };
    const pattern = (stream: number, noise: number) => {
      const rng = new Rng(7);
      return Array.from({ length: 80 }, (_, i) => {
        const t = i * every, r = new Float64Array(bins);
        for (let k = 0; k < bins; k++) {
          const x = (k + 0.5) * binWidth;
          let n = 3 + stream * Math.sin((2 * Math.PI * 3 * (x - 1.25 * t)) / L) + noise * rng.normal();
          for (const p of plugs) n += p.h * Math.exp(-((periodic(x, p.at + c * t) / p.w) ** 2));
          r[k] = n;
        }
        return r;
      });
    };
    // a whole-bin shift over the 0.4 s lag is a step of 0.02/0.4 = 0.05 m/s; c lies 0.6 of a step past −0.80. The
    // parabola through the peak finds it: the plugs alone within 0.001 m/s (measured 0.0003)
    const alone = densityWaveSpeed(pattern(0, 0), every, binWidth);
    expect(Math.abs(alone.speed - c)).toBeLessThan(0.001);
    // the stream's correlation adds a slope under the peak that pulls it towards +x (measured +0.020 m/s with the
    // noise): within half a step, no worse than rounding to whole bins, and on the right side of the −0.80 step
    const mixed = densityWaveSpeed(pattern(0.8, 1), every, binWidth);
    expect(Math.abs(mixed.speed - c)).toBeLessThan(0.5 * binWidth / 0.4);
    expect(mixed.speed).toBeLessThan(-0.8);
    expect(mixed.correlation).toBeGreaterThan(2 * Math.abs(mixed.correlationStanding));
  });
});

describe('E10 generators', () => {
  it('grain-wall: evenly spaced fixed grains closing on themselves across the periodic seam', () => {
    const spec = parseScenario({
      name: 'w', domain: { periodicX: [0, 1] },
      generators: [{ type: 'grain-wall', a: [0, 0], b: [1, 0], r: 0.02, count: 20 }],
    });
    const { bodies: b } = buildInitialState(spec);
    expect(b.n).toBe(20);
    for (let k = 0; k < 20; k++) {
      expect(b.x[k]).toBeCloseTo(0.025 + 0.05 * k, 12);
      expect(b.flags[k] & FIXED).toBe(FIXED);
    }
    // without count, as many as fit touching
    const touching = parseScenario({ name: 'w', generators: [{ type: 'grain-wall', a: [0, 0], b: [1, 0], r: 0.02 }] });
    expect(buildInitialState(touching).bodies.n).toBe(25);
  });

  it('Gaussian radii: mean and spread as asked, truncated to [rMin, rMax]', () => {
    const spec = parseScenario({
      name: 'g',
      generators: [{ type: 'random', count: 2000, region: [0, 0, 10, 10], rMin: 0.009, rMax: 0.011, gaussian: { mean: 0.01, sd: 0.0005 }, seed: 4 }],
    });
    const { bodies: b } = buildInitialState(spec);
    const r = Array.from(b.radius.subarray(0, b.n));
    const mean = r.reduce((a, v) => a + v, 0) / r.length;
    const sd = Math.sqrt(r.reduce((a, v) => a + (v - mean) ** 2, 0) / r.length);
    expect(Math.min(...r)).toBeGreaterThanOrEqual(0.009);
    expect(Math.max(...r)).toBeLessThanOrEqual(0.011);
    // standard error of the mean 0.0005/√2000 = 1.1e-5; truncation at ±2σ shrinks σ to 0.88 of itself
    expect(Math.abs(mean - 0.01)).toBeLessThan(5e-5);
    expect(sd / 0.0005).toBeGreaterThan(0.83);
    expect(sd / 0.0005).toBeLessThan(0.93);
  });

  it('Rng.normal: zero mean, unit variance', () => {
    const rng = new Rng(9);
    let s = 0, s2 = 0;
    const n = 100_000;
    for (let k = 0; k < n; k++) { const v = rng.normal(); s += v; s2 += v * v; }
    expect(Math.abs(s / n)).toBeLessThan(0.015); // 4.7 standard errors
    expect(Math.abs(s2 / n - 1)).toBeLessThan(0.02);
  });

  it('refuses a space–time record without a periodic pipe, naming the field', () => {
    expect(() => parseScenario({ name: 'p', run: { spaceTime: { binWidth: 0.02 } } })).toThrow(/run\.spaceTime: needs a periodic pipe/);
  });
});
