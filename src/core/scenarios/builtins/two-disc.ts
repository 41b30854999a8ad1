/**
 * E1, paper 000 Figs. 4–9: two-disc stress-controlled relaxation (docs/validation.md#e1-two-disc-relaxation).
 * Disc 0 is fixed; disc 1 touches it with the centre line at 45° and is pushed along −x by a constant
 * force F = 10⁻⁴ k_n a; it moves only along x (lockY: the paper's vertical forces ±F_V) and may rotate.
 * k_n = 4·10⁸ N/m, m_r = m_1 = 0.3928 kg (so t_c = 9.8·10⁻⁵ s), ε_n = 0.9875, k_t/k_n = ν_t/ν_n = 1/3,
 * μ = 500 (never slides), elastic Coulomb cap. Reference: t_R = 59.6 t_c (rotation locked) and
 * 119.2 t_c (free) for the exact linear model [docs/validation.md#e1-two-disc-relaxation, R computed].
 */
import type { ScenarioInput } from '../schema';

const a = 0.05, m = 0.3928, kn = 4e8;
const c = Math.SQRT1_2 * 2 * a;

export const twoDisc: ScenarioInput = {
  name: 'two-disc',
  title: 'Two-disc relaxation (paper 000 Fig. 4)',
  description: 'A disc pushed against a fixed disc relaxes as Ek ∝ exp(−t/tR). With the Cundall spring tR depends on Δt; with the geometric scheme it does not. Toggle rotation to compare with paper 000 Figs. 5–7.',
  paperRef: 'paper 000 Figs. 4–9; docs/validation.md#e1-two-disc-relaxation',
  material: { kn, ktOverKn: 1 / 3, en: 0.9875, tangentialDamping: 'ratio', nuTOverNuN: 1 / 3, mu: 500, capMode: 'elastic' },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.01, rotation: true },
  particles: [
    { x: 0, y: 0, r: a, m, fixed: true },
    { x: c, y: c, r: a, m, lockY: true, force: [-1e-4 * kn * a, 0] },
  ],
  // playback in the app: 50 tc per second: the relaxation over ~1000 tc takes about 20 s
  run: { speed: 0.005, durationOverTc: 2500, track: [1], selectContact: [0, 1], relaxation: { from: 1e-2, to: 1e-6, stopWhenRelaxed: true } },
};
