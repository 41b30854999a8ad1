/**
 * E3, paper 000 §4 and Fig. 10: the two-disc relaxation of E1 between two irregular convex hexagons
 * (docs/validation.md#e3-two-polygon-relaxation). Polygon 0 is fixed; polygon 1 moves only along x (lockY, and lockRotation:
 * "rotation neglected") and is pushed along −x by F = 10⁻⁴ k_n a with a = 0.05 m. Each hexagon has one edge
 * facing the other across the 45° line, so they start touching edge to edge with the centre line near 45°.
 * Area law with k_n = 4·10⁸ N/m, m_1 = 0.3928 kg (nominal t_c from paper 000 Eq. 10 with m_r = m_1),
 * ε_n = 0.9875, k_t/k_n = ν_t/ν_n = 1/3, μ = 500 (never slides), elastic Coulomb cap, as E1.
 * With the Cundall spring t_R depends on Δt; with the geometric scheme it should not (paper 000 Fig. 10).
 */
import type { ScenarioInput } from '../schema';

const kn = 4e8, m = 0.3928, a = 0.05;
const n = [Math.SQRT1_2, Math.SQRT1_2], t = [-Math.SQRT1_2, Math.SQRT1_2];
const polar = (deg: number, r: number): [number, number] => [r * Math.cos((deg * Math.PI) / 180), r * Math.sin((deg * Math.PI) / 180)];
/** The edge with outward normal s·n at distance h from the origin, half-length w, counter-clockwise. */
const facing = (s: number, h: number, w: number): [number, number][] => [
  [s * h * n[0] - s * w * t[0], s * h * n[1] - s * w * t[1]],
  [s * h * n[0] + s * w * t[0], s * h * n[1] + s * w * t[1]],
];
const hi = 0.04, hj = 0.035;
const lower: [number, number][] = [...facing(1, hi, 0.02), polar(130, 0.045), polar(190, 0.05), polar(250, 0.046), polar(310, 0.045)];
const upper: [number, number][] = [...facing(-1, hj, 0.025), polar(300, 0.047), polar(350, 0.043), polar(45, 0.05), polar(120, 0.044)];
const d = (hi + hj) * Math.SQRT1_2;

export const twoPolygon: ScenarioInput = {
  name: 'two-polygon',
  title: 'Two-polygon relaxation (paper 000 Fig. 10)',
  description: 'A hexagon pushed against a fixed hexagon relaxes as Ek ∝ exp(−t/tR), as the two discs of paper 000 Fig. 4. With the Cundall spring tR depends on Δt; with the geometric scheme it does not. Rotation is locked, as in the paper.',
  paperRef: 'paper 000 §4, Fig. 10; docs/validation.md#e3-two-polygon-relaxation',
  material: { kn, ktOverKn: 1 / 3, en: 0.9875, tangentialDamping: 'ratio', nuTOverNuN: 1 / 3, mu: 500, capMode: 'elastic' },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.01, rotation: false, plane: 'axial' },
  particles: [
    { x: 0, y: 0, vertices: lower, m, fixed: true },
    { x: d, y: d, vertices: upper, m, lockY: true, force: [-1e-4 * kn * a, 0] },
  ],
  run: { speed: 0.005, durationOverTc: 2500, track: [1], selectContact: [0, 1], relaxation: { from: 1e-2, to: 1e-6, stopWhenRelaxed: true } },
};
