/**
 * The lessons of lecture mode (issue 11, item 4): each is a scenario with its settings and comparison —
 * written as URL parameters (url-state.ts), so a lesson is exactly what a shared URL reproduces — the charts
 * it shows, and one sentence of what to watch. `?lesson=<id>` opens one; the URL's own parameters override
 * the lesson's.
 */
export interface Lesson {
  id: string;
  title: string;
  /** What to watch, one sentence (shown above the canvas) */
  watch: string;
  /** The lesson's settings as URL parameters */
  query: string;
  /** The charts shown (element ids under #charts); the others are hidden while the lesson is on */
  charts: readonly string[];
}

export const LESSONS: readonly Lesson[] = [
  {
    id: 'contact-time',
    title: '1 · A collision lasts t_c',
    watch: 'The discs touch for one contact time t_c (7 ms here, slowed down to 1.4 s): Δt must be a small fraction of it — here Δt = 0.02 t_c, 50 steps per collision.',
    query: 'scenario=head-on&dtOverTc=0.02',
    charts: ['chart-ek', 'chart-position'],
  },
  {
    id: 'blow-up',
    title: '2 · Too large a Δt blows up',
    watch: 'The same pile at Δt = 0.02 t_c and 0.3 t_c: above Gear 5’s limit (about 0.1 t_c) the energy explodes within a few collisions and that run is stopped; the other settles.',
    query: 'scenario=pile&compare=dt-small-vs-large',
    charts: ['chart-ek', 'chart-divergence'],
  },
  {
    id: 'relaxation',
    title: '3 · Relaxation depends on Δt (Cundall spring)',
    watch: 'A disc pressed against another relaxes as Ek ∝ exp(−t/t_R). At Δt = 0.1 t_c the Cundall spring gives t_R ≈ 20 t_c, the geometric scheme ≈ 119 t_c — the geometric one does not depend on Δt (paper 000).',
    query: 'scenario=two-disc&logy=1&speed=0.05&compare=cundall-vs-geometric', // ×0.05: the Cundall pair relaxes in ~7 s of wall time, the geometric in ~40 s
    charts: ['chart-ek', 'chart-divergence', 'chart-angle'],
  },
  {
    id: 'tangential-update',
    title: '4 · Traditional vs consistent tangential update',
    watch: 'A disc bounces with spin on a frictional floor at Δt = 0.13 t_c: the traditional spring update (blue) keeps more energy than it was given — the ledger’s red residual grows with every bounce; the consistent update (orange) keeps the books balanced.',
    query: 'scenario=case-ii-drop&compare=traditional-vs-consistent',
    charts: ['chart-ek', 'chart-ledger', 'chart-divergence'],
  },
  {
    id: 'friction',
    title: '5 · Friction builds heaps',
    watch: 'Grains poured on a floor form a heap whose slope grows with μ: change μ under Material, then Reset (μ = 0.1 → 12°, 0.5 → 31°, 0.9 → 54°).',
    query: 'scenario=heap',
    charts: ['chart-ek', 'chart-angle'],
  },
  {
    id: 'soft-vs-rigid',
    title: '6 · Soft DEM vs contact dynamics',
    watch: 'The same pile with soft, overlapping discs (Gear 5, Δt = 0.02 t_c, blue) and with rigid discs (contact dynamics, about 15 times the step, orange): watch where the two piles part and how each comes to rest.',
    query: 'scenario=cd-pile&compare=soft-vs-rigid',
    charts: ['chart-ek', 'chart-divergence'],
  },
  {
    id: 'pipe-waves',
    title: '7 · Density waves in a pipe',
    watch: 'Grains fall down a narrow pipe; dense plugs form and travel up the pipe while the grains fall — traffic-jam waves in the space–time picture (paper 003).',
    query: 'scenario=pipe-flow',
    charts: ['chart-ek', 'chart-flow'],
  },
  {
    id: 'scale',
    title: '8 · A hundred thousand grains',
    watch: 'A silo of 100,000 discs drains through its orifice: the speed colours show the flow converging on the hole and a compaction front climbing the column. Each step is 17 μs: slow motion. Without a GPU, a lower max frames/s leaves the simulation more CPU.',
    query: 'scenario=silo',
    charts: ['chart-ek'],
  },
];

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
