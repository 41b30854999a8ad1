/**
 * "Let it blow up" in the worker (src/worker/blow-up-watch.ts, issue 36), driven in Node as the page drives it: the
 * blow-up lesson's stored scenes (public/lessons/, written by `npm run lesson-scenes`) run past the divergence
 * detector until Ek has grown 10⁶ times, along a straight line on a log axis; the growth factor measured from it
 * agrees with Gear 5's amplification factor on the disc resting on a floor (one mode, ω = √(k_n/m)) to 5 % of ln ρ,
 * and lies in the band over the settled pile's contact modes. The other ends: a body leaving the scene, steps.
 * With the switch off (the default) the detector stops the same run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlowUpStatus } from '../../src/protocol/blow-up';
import { SimWorker } from '../../src/worker/api-impl';
import { BLOW_UP_GROWTH, BLOW_UP_STEPS, FIT_FROM } from '../../src/worker/blow-up-watch';

const stored = (file: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../public/lessons', file), 'utf8'));

/** Loads `spec` with the switch `on` and steps until the blow-up stops (or `most` steps); returns its status. */
function play(spec: unknown, on = true, most = 100_000): { api: SimWorker; b: BlowUpStatus | null } {
  const api = new SimWorker();
  api.setBlowUp(on);
  const r = api.loadSpec(spec, {});
  if (!r.ok) throw new Error(r.problems.join('; '));
  for (let done = 0; done < most; done += 500) {
    api.stepN(500);
    const s = api.getStatus();
    if (s.blowUp?.state === 'stopped' || s.health.status !== 'ok') break;
  }
  return { api, b: api.getStatus().blowUp };
}

describe('let it blow up', () => {
  it('disc on a floor: Ek grows 10⁶× along a straight line at Gear 5’s amplification factor (5 % of ln ρ)', () => {
    const { api, b } = play(stored('disc-on-floor.json'));
    expect(b).not.toBeNull();
    expect(b!.state).toBe('stopped');
    expect(b!.reason).toBe('growth');
    expect(b!.growth).toBeGreaterThanOrEqual(BLOW_UP_GROWTH);
    const fit = b!.fit!, theory = b!.theory!;
    expect(fit.span).toBeGreaterThanOrEqual(1e4);
    expect(fit.r2).toBeGreaterThan(0.99);
    // one contact mode: ω = √(k_n/m) = √(10⁵/1), its own ζ; ρ is one number, not a band
    expect(theory.single).toBe(true);
    expect(theory.omegaStiffest).toBeCloseTo(Math.sqrt(1e5), 6);
    expect(theory.band.low).toBe(theory.band.high);
    expect(theory.rhoStiffest).toBeGreaterThan(1);
    expect(Math.abs(Math.log(fit.rho) / Math.log(theory.rhoStiffest) - 1)).toBeLessThan(0.05);
    expect(Math.abs(fit.rho / theory.rhoStiffest - 1)).toBeLessThan(0.05);
    // the run stopped there, healthy, and stays stopped
    const s = api.getStatus();
    expect(s.running).toBe(false);
    expect(s.health.status).toBe('ok');
    expect(api.stepN(100)).toBe(0);
  });

  it('the settled pile: at rest until Δt crosses its limit, then its growth factor lies in the band over its modes', () => {
    const spec = stored('pile-settled.json') as { run: { schedule: { at: number }[] } };
    const { api, b } = play(spec);
    expect(b!.reason).toBe('growth');
    const fit = b!.fit!, theory = b!.theory!;
    expect(fit.span).toBeGreaterThanOrEqual(1e4);
    expect(fit.r2).toBeGreaterThan(0.99);
    expect(theory.single).toBe(false);
    expect(theory.omegaStiffest).toBeGreaterThan(theory.omegaSoftest);
    expect(fit.rho).toBeGreaterThan(1);
    expect(fit.rho).toBeGreaterThanOrEqual(theory.band.low);
    expect(fit.rho).toBeLessThanOrEqual(theory.band.high);
    // it stood still before the crossing: the growth got under way after it
    const s = api.getStatus();
    const crossingStep = Math.round(spec.run.schedule[0].at / (0.02 * s.timeScales!.tc));
    expect(b!.growthStep).toBeGreaterThan(crossingStep);
    expect(b!.low).toBeLessThan(1e-15);
  });

  it('off (the default): no watch, and the detector stops the same disc', () => {
    const { api, b } = play(stored('disc-on-floor.json'), false);
    expect(b).toBeNull();
    expect(api.getStatus().health.status).toBe('diverged');
  });

  it('a body leaving the scene stops the blow-up', () => {
    const spec = {
      name: 'fly-away', material: { kn: 1e5, en: 0.5, mu: 0 }, solver: { dtOverTc: 0.02 }, gravity: [0, 0],
      particles: [{ x: 0, y: 0.05, r: 0.05, m: 1, vy: 5 }], walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
    };
    const { b } = play(spec);
    expect(b!.reason).toBe('left');
    expect(b!.left).toBe(1);
    // the scene: the disc and the floor's point, widened by half the larger side
    [-0.1, -0.05, 0.1, 0.15].forEach((v, k) => expect(b!.bounds[k]).toBeCloseTo(v, 12));
  });

  it(`a growth that neither reaches 10⁶ nor stops: the run ends ${BLOW_UP_STEPS} steps after Ek rose ${FIT_FROM}× above its low`, () => {
    // a disc pushed by a small constant force from 1 mm/s: Ek grows as (v₀ + at)², 30× within a few thousand steps,
    // about 2000× by the end, and never falls back
    const spec = {
      name: 'push', material: { kn: 1e5, en: 0.5, mu: 0 }, solver: { dtOverTc: 0.02 }, gravity: [0, 0],
      particles: [{ x: 0, y: 0, r: 0.5, m: 1, vx: 1e-3, force: [0.01, 0] }],
    };
    const { api, b } = play(spec);
    expect(b!.reason).toBe('steps');
    expect(b!.growth).toBeGreaterThan(FIT_FROM);
    expect(b!.growth).toBeLessThan(BLOW_UP_GROWTH);
    expect(api.getStatus().step - b!.growthStep).toBe(BLOW_UP_STEPS);
  });
});
