/**
 * Stories that end (issue 36 item 2; src/ui/lecture/lesson-end.ts, headlines.ts, blow-up-text.ts): a lesson's end
 * condition read from the page's own numbers — its planned duration, Ek settled below a noise floor (an oscillating
 * Ek’s zero is not a settling, a stopped variant is not waited for), the blow-up’s stop, a while after a gate opened — and the headline numbers
 * its last frame shows: a collision's duration and restitution from the rows, the blow-up's verdict against the
 * theory. Every lesson declares an end and a headline, and its later parts parse.
 */
import { describe, expect, it } from 'vitest';
import { SERIES_COLUMNS, type SeriesColumn, type SimStatus } from '../../src/protocol/api';
import type { BlowUpStatus, GrowthFit, GrowthTheory } from '../../src/protocol/blow-up';
import { blowUpLines, powerOfTen, verdict } from '../../src/ui/lecture/blow-up-text';
import { collisionHeadline, growthHeadline } from '../../src/ui/lecture/headlines';
import { SETTLED_ROWS, storyEnd } from '../../src/ui/lecture/lesson-end';
import type { LessonReadout } from '../../src/ui/lecture/lesson-readout';
import { LESSONS } from '../../src/ui/lecture/lessons';
import { dischargeHeadline } from '../../src/ui/lecture/silo-headline';
import { parseUrl } from '../../src/ui/url-state';

/** A readout of `rows` rows whose columns `fill` sets (the rest NaN), with status fields `status`. */
function readout(rows: number, fill: Partial<Record<SeriesColumn, (k: number) => number>>, status: Partial<SimStatus> = {}): LessonReadout {
  const cols = {} as Record<SeriesColumn, Float64Array>;
  for (const c of SERIES_COLUMNS) cols[c] = Float64Array.from({ length: rows }, (_, k) => fill[c]?.(k) ?? NaN);
  return {
    status: { t: 0, dt: 1e-4, comparison: null, blowUp: null, timeScales: { tc: 5e-3, ts: 0, mr: 1, zetaN: 0.1, stableDtOverTc: 0.1 }, ...status } as SimStatus,
    rows, column: (name) => cols[name as SeriesColumn] ?? new Float64Array(rows).fill(NaN), bodies: () => ({ x: [], y: [], r: [], n: 0 }), waveSpeed: NaN, earlier: [],
  };
}

/** Ek of a relaxing contact: zero twice a period inside exp(−t/τ) */
const relaxing = (tau: number) => (k: number): number => Math.exp(-k / tau) * Math.sin(0.3 * k) ** 2;

const FIT: GrowthFit = { rho: 1.0663, slope: 2 * Math.log(1.0663), r2: 0.99999, points: 80, fromStep: 100, toStep: 180, span: 3.3e4 };
const THEORY: GrowthTheory = {
  integrator: 'gear5', dt: 1.1e-3, omegaSoftest: 316, omegaStiffest: 316, zetaStiffest: 0.22,
  zetaRange: { atSoftest: [0.22, 0.22], atStiffest: [0.22, 0.22] }, single: true, rhoStiffest: 1.0663,
  band: { low: 1.0663, high: 1.0663 }, omegaLimit: 0.32, dtLimit: 1e-3,
};
function blowUp(fit: GrowthFit | null, theory: GrowthTheory | null): BlowUpStatus {
  return {
    state: 'stopped', reason: 'growth', low: 1e-13, lowStep: 60, ek: 1e-7, growth: 1e6, growthStep: 100, detector: '', left: 0,
    bounds: [-1, -1, 1, 1], fit, theory, maxGrowth: 1e6, maxSteps: 20000,
  };
}

describe('a lesson’s end', () => {
  it('its planned duration', () => {
    expect(storyEnd({ duration: 4 }, readout(10, {}, { t: 3.99 }))).toBeNull();
    expect(storyEnd({ duration: 4 }, readout(10, {}, { t: 4 }))).toBe('duration');
  });

  it('settled: Ek’s last rows below the floor times its largest, not one row at an oscillation’s zero', () => {
    const floor = 1e-7, tau = 30;
    // exp(−k/τ) < 1e-7 from k ≈ 16 τ on: the window of SETTLED_ROWS rows must lie past it
    const settleAt = Math.ceil(tau * Math.log(1 / floor)) + SETTLED_ROWS;
    expect(storyEnd({ settled: floor }, readout(settleAt - 5, { ek: relaxing(tau) }))).toBeNull();
    expect(storyEnd({ settled: floor }, readout(settleAt + 5, { ek: relaxing(tau) }))).toBe('settled');
    // the last row at an oscillation's zero long before Ek settles: no end
    expect(storyEnd({ settled: floor }, readout(105, { ek: (k) => (k === 104 ? 0 : relaxing(tau)(k)) }))).toBeNull();
    // a comparison: every running variant must have settled; a stopped one (NaN rows) is not waited for
    const two = (ek2: (k: number) => number) => readout(settleAt + 5, { ek: relaxing(tau), ek2 }, { comparison: { variants: [{}, {}] } as SimStatus['comparison'] });
    expect(storyEnd({ settled: floor }, two(relaxing(10 * tau)))).toBeNull();
    expect(storyEnd({ settled: floor }, two(() => NaN))).toBe('settled');
    expect(storyEnd({ settled: floor }, readout(settleAt + 5, {}))).toBeNull(); // no Ek at all
  });

  it('the blow-up stopped; the first condition that holds ends it', () => {
    expect(storyEnd({ blowUp: true }, readout(3, {}, { blowUp: { ...blowUp(null, null), state: 'watching', reason: null } }))).toBeNull();
    expect(storyEnd({ blowUp: true }, readout(3, {}, { blowUp: blowUp(FIT, THEORY) }))).toBe('blow-up');
    expect(storyEnd({ blowUp: true, duration: 1 }, readout(3, {}, { t: 2 }))).toBe('duration');
  });

  it('a while after a gate opened (build mode’s silo)', () => {
    const orifice = { ax: 0, ay: 0, bx: 0.04, by: 0, t: 0.6, width: 0.04, grainDiameter: 0.008, grainDensity: 1000, g: 9.81, beverloo: 7 };
    expect(storyEnd({ discharge: 1 }, readout(3, {}, { t: 5 }))).toBeNull(); // no gate opened
    expect(storyEnd({ discharge: 1 }, readout(3, {}, { t: 1.5, orifice }))).toBeNull();
    expect(storyEnd({ discharge: 1 }, readout(3, {}, { t: 1.6, orifice }))).toBe('discharge');
  });

  it('every lesson declares an end and a headline; its later parts parse and bring their scenes', () => {
    for (const l of LESSONS) {
      for (const part of [l, ...(l.next ?? [])]) {
        expect(Object.keys(part.end).length, l.id).toBeGreaterThan(0);
        expect(typeof part.headline).toBe('function');
        const url = parseUrl(part.query);
        expect(url.problems, l.id).toEqual([]);
        expect(url.scenario, l.id).not.toBeNull();
        expect(part.watch.length).toBeLessThan(300);
      }
    }
    const blow = LESSONS.find((l) => l.id === 'blow-up')!;
    expect([blow, ...blow.next!].map((p) => parseUrl(p.query).ui.blowUp)).toEqual([true, true]);
  });
});

describe('headline numbers', () => {
  it('a silo’s discharge: the steady rate fitted to the rows since the gate opened, against Beverloo’s', () => {
    // the gate opens at row 100 (t = 0.3 s: before it no discharge); 6 kg/s from then on, rows every 3 ms
    const orifice = { ax: 0, ay: 0, bx: 0.04, by: 0, t: 0.3, width: 0.04, grainDiameter: 0.008, grainDensity: 1000, g: 9.81, beverloo: 4 };
    const r = readout(400, { t: (k) => k * 3e-3, discharged: (k) => (k < 100 ? NaN : 6 * (k - 100) * 3e-3) }, { t: 1.197, orifice });
    const lines = dischargeHeadline(r);
    expect(lines[0]).toBe('Silo discharge: measured W = 6 kg/s, Beverloo 4 kg/s');
    expect(lines[2]).toContain('D = 40 mm, grains d = 8 mm');
    expect(lines[3]).toBe('measured / Beverloo = 1.5');
    expect(dischargeHeadline(readout(3, {}))[1]).toContain('no gate has opened');
  });

  it('a collision: its duration from the contact rows, εn from the tracked disc’s speeds before and after', () => {
    // one row per step of 1e-4 s: contact from row 20 to row 70 (5 ms = t_c), approach at 0.5 m/s, rebound at 0.45 m/s
    const x = (k: number): number => (k < 20 ? 0.5 * k * 1e-4 : k < 70 ? 1e-3 : 1e-3 - 0.45 * (k - 70) * 1e-4);
    const r = readout(100, { t: (k) => k * 1e-4, contacts: (k) => (k >= 20 && k < 70 ? 1 : 0), trackX: x }, { params: { en: 0.9 } as SimStatus['params'] });
    const lines = collisionHeadline(r);
    expect(lines[1]).toContain('5 ms = 1 t_c');
    expect(lines[1]).toContain('50 steps');
    expect(lines[2]).toContain('εn = 0.9 (set: 0.9)');
  });

  it('a blow-up: the measured factor beside the theory, and the verdict', () => {
    expect(verdict(FIT, THEORY)).toBe('agrees');
    expect(verdict({ ...FIT, rho: 1.08 }, THEORY)).toBe('differs');
    const band: GrowthTheory = { ...THEORY, single: false, band: { low: 0.94, high: 1.45 }, rhoStiffest: 1.118 };
    expect(verdict({ ...FIT, rho: 1.125 }, band)).toBe('inside');
    expect(verdict({ ...FIT, rho: 1.5 }, band)).toBe('outside');
    const [first, climb, modes] = blowUpLines(blowUp(FIT, THEORY));
    expect(first).toBe('measured ρ = 1.0663 a step · Gear 5\'s amplification factor ρ = 1.0663 · agree: ln ρ within 0.0 %');
    expect(climb).toContain('Ek ×3.3·10⁴ along a straight line');
    expect(climb).toContain('stopped at 10⁶× its low');
    expect(modes).toBe('one contact mode: ωΔt = 0.35, ζ = 0.22');
    expect(blowUpLines(blowUp({ ...FIT, rho: 1.125 }, band))[0]).toContain('inside the theory’s band: Gear 5 over its modes, 0.9400 … 1.4500');
    expect(powerOfTen(1e6)).toBe('10⁶');
    expect(powerOfTen(1.2e-5)).toBe('1.2·10⁻⁵');
    // the lesson's headline: the scene, then the parts before in a line each
    const r = readout(1, {}, { scenario: 'pile-settled', blowUp: blowUp({ ...FIT, rho: 1.125 }, band) });
    const lines = growthHeadline({ ...r, earlier: [['Disc on floor: measured ρ = 1.0663 a step', 'x']] });
    expect(lines[0]).toMatch(/^Pile settled: measured ρ = 1\.1250/);
    expect(lines[lines.length - 1]).toBe('Disc on floor: measured ρ = 1.0663 a step');
  });
});
