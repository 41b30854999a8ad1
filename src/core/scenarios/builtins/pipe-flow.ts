/**
 * E10, paper 003 §4 and Figs. 5–6 (docs/validation.md#e10-pipe-flow, with its choices for what the paper leaves
 * open): grains falling down a narrow vertical pipe with rough walls, periodic along its axis, drawn
 * horizontally with gravity pointing right, as in the paper's figure. Radii Gaussian (R₀ = 1 cm, σ = 0.05 R₀)
 * truncated to [0.9, 1.1] R₀; walls of fixed grains of radius 0.9 R₀; Hertz k_N = 100 N/m^1.5 with
 * γ_N = 1000 s⁻¹, Haff–Werner γ_S = 300 s⁻¹, μ = 0.5; Gear 5; the 5×5 cell mask. Started homogeneous with
 * random velocities of up to 0.1 m/s. The space–time diagram bins the grains every 0.05 s in bins of 2 R₀.
 * Two deviations from the first plan, measured (docs/validation.md#e10-pipe-flow): with m = 10⁻⁵ kg at R₀ and touching wall
 * grains the flow runs at ≈ 4 m/s, collisions overlap 35–60 % of a radius and Gear 5 diverges at Δt = 10⁻⁴ s.
 * The mass is lowered instead of k_N — to 10⁻⁷ kg at R₀ (mass ∝ R²) — and the wall grains
 * are spaced 3⅓ R₀ apart (pockets of 1.5 R₀), which slows the flow to ≈ 1 m/s; Δt = 5·10⁻⁵ s. The largest
 * overlap then stays below the 10 % the cell mask assumes, and the density waves form.
 */
import type { ScenarioInput } from '../schema';

const R0 = 0.01;

/** A pipe of inner width `width` R₀ and length `length` R₀ holding `count` grains. */
function pipe(name: string, title: string, width: number, length: number, count: number, note: string, seed: number): ScenarioInput {
  const W = width * R0, L = length * R0, rw = 0.9 * R0;
  const wallGrains = Math.round(L / ((10 / 3) * R0));
  return {
    name,
    title,
    description: `Grains fall down a narrow pipe (gravity to the right) between walls of fixed grains, periodic along the pipe. Dense plugs form and travel up the pipe while the grains fall through them, like traffic jams: the space–time diagram below the canvas shows them as bright streaks leaning against the flow (paper 003 Fig. 6).${note}`,
    paperRef: 'paper 003 §4, Figs. 5–6; docs/validation.md#e10-pipe-flow',
    material: {
      normalLaw: 'hertz', kn: 100, gammaN: 1000, hertzSpeed: 1, tangentialDamping: 'ratio', mu: 0.5, gammaS: 300,
      density: 1e-7 / (Math.PI * R0 * R0),
    },
    solver: { integrator: 'gear5', tangential: 'haff-werner', dt: 5e-5 },
    gravity: [9.81, 0],
    domain: { periodicX: [0, L] },
    generators: [
      { type: 'grain-wall', a: [0, -rw], b: [L, -rw], r: rw, count: wallGrains },
      { type: 'grain-wall', a: [0, W + rw], b: [L, W + rw], r: rw, count: wallGrains },
      { type: 'random', count, region: [0, 0, L, W], rMin: 0.9 * R0, rMax: 1.1 * R0, gaussian: { mean: R0, sd: 0.05 * R0 }, seed, maxTries: 100_000, speedJitter: 0.1 },
    ],
    run: { duration: 12, outputEvery: 500, spaceTime: { every: 0.05, binWidth: 2 * R0 } },
  };
}

export const pipeFlow = pipe('pipe-flow', 'Pipe flow: density waves (paper 003 Fig. 6)', 10, 200, 300, '', 31);
export const pipeFlowLong = pipe('pipe-flow-long', 'Pipe flow, long pipe of 10⁴ grains', 10, 7000, 10_000,
  ' A pipe 33 times longer than the paper-sized one: more waves at once, and a load for the cell mask.', 32);
export const pipeFlowWide = pipe('pipe-flow-wide', 'Pipe flow, wide pipe', 40, 200, 1200,
  ' Four times wider than the paper-sized pipe: the walls hold the flow back less, and the waves weaken.', 33);
