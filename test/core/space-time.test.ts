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
