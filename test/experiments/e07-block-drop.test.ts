/**
 * E7, paper 002 §3.2 / Fig. 11 in 2D: the block of 225 discs dropped into the pit runs 2 s (Δt = 10⁻⁴ s,
 * as printed) to rest with every preset (CDM-T, CDM-C, V0(1,1,0)-C, U0(0,1,0)-C, V0(0,1,0)-C), and the
 * kinetic-energy curves agree "as in Fig. 11". Tolerances, from what the physics allows:
 * - free fall (t ≤ 0.17 s, before the first impact): all members are second order and the motion is
 *   ballistic up to 10⁻⁶ m jitter contacts, so Ek agrees to 10⁻³ of its peak (observed ≤ 2.4·10⁻⁴);
 * - after impact the flow is chaotic and the sharp fall of Ek (t ≈ 0.27 s) shifts by a few steps
 *   between members, so pointwise Ek differs by up to 7 % of the peak. We compare 0.1 s averages,
 *   within 3 % of the peak (observed ≤ 1.6 %), and the peak itself within 2 % (observed ≤ 1 %);
 * - shape of Fig. 11: the peak comes after the free fall while the centre charges into the pit
 *   (0.2 s < t_peak < 0.35 s), Ek falls below 10 % of the peak by 0.7 s, and "rest" is
 *   Ek(2 s) < 10⁻⁶ of the peak (observed ≤ 6·10⁻⁸). CI stops at 1.5 s, where every preset is already below 10⁻⁶
 *   (observed ≤ 2.2·10⁻⁷; at 1.2 s u0-010 and v0-010 are not yet); `npm run validate` runs the 2 s.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { worldOf } from '../helpers';
import { tier } from '../tier';

const PRESETS = [['cdm', 'traditional'], ['cdm', 'consistent'], ['v0-110', 'consistent'], ['u0-010', 'consistent'], ['v0-010', 'consistent']] as const;
const EVERY = 100; // samples every 0.01 s
const SAMPLES = tier(150, 200); // to 1.5 s in CI, 2 s under validate

function ekCurve(integrator: string, tangential: string): { ek: number[]; status: string } {
  const w = worldOf('block-drop', `integrator=${integrator}`, `tangential=${tangential}`);
  const ek = [w.diagnostics().ek];
  for (let s = 0; s < SAMPLES && w.health.status === 'ok'; s++) {
    w.step(EVERY);
    ek.push(w.diagnostics().ek);
  }
  return { ek, status: w.health.status };
}

describe('E7 block drop into a pit (paper 002 Fig. 11, 2D)', () => {
  let curves: { name: string; ek: number[]; status: string }[] = [];
  let reference: number[] = [];
  let peak = 0;
  beforeAll(() => {
    curves = PRESETS.map(([i, t]) => ({ name: `${i}+${t}`, ...ekCurve(i, t) }));
    reference = curves[1].ek; // CDM-C
    peak = Math.max(...reference);
  });

  it(`every preset runs ${SAMPLES / 100} s without a health flag and comes to rest`, () => {
    for (const c of curves) {
      expect(c.status, c.name).toBe('ok');
      expect(c.ek.length).toBe(SAMPLES + 1);
      expect(c.ek[SAMPLES] / peak, c.name).toBeLessThan(1e-6);
    }
  });

  it('Ek(t) has the shape of Fig. 11: peak after the free fall, fall below 10 % by 0.7 s', () => {
    for (const c of curves) {
      const p = Math.max(...c.ek), at = c.ek.indexOf(p) / 100;
      expect(at, c.name).toBeGreaterThan(0.2);
      expect(at, c.name).toBeLessThan(0.35);
      expect(Math.max(...c.ek.slice(70)) / p, c.name).toBeLessThan(0.1);
    }
  });

  it('the presets agree: free fall to 1e-3, 0.1 s averages to 3 %, peaks to 2 % of the peak', () => {
    for (const c of curves) {
      for (let k = 0; k <= 17; k++) expect(Math.abs(c.ek[k] - reference[k]) / peak, `${c.name} t=${k / 100}`).toBeLessThan(1e-3);
      for (let bin = 0; bin < SAMPLES / 10; bin++) {
        let a = 0, b = 0;
        for (let k = bin * 10; k < bin * 10 + 10; k++) { a += c.ek[k]; b += reference[k]; }
        expect(Math.abs(a - b) / 10 / peak, `${c.name} bin ${bin}`).toBeLessThan(0.03);
      }
      expect(Math.abs(Math.max(...c.ek) / peak - 1), c.name).toBeLessThan(0.02);
    }
  });
});
