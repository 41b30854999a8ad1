/**
 * One-click comparisons (issue 11): a built-in scenario, the overrides it loads with, and 2–4 variants.
 * Every variant's scheme × integrator pair is one the core accepts (core/sim/combination.ts; checked in
 * test/ui/compare-url.test.ts): Cundall and geometric with Gear 5; traditional and consistent with
 * central difference ('cdm', a GSSSS member: both need one); Gear 5 and cdm with Cundall; Gear 5 + Cundall
 * against contact dynamics (which takes any scheme setting and ignores it). Refused, so not offered:
 * traditional/consistent with Gear, geometric with the GSSSS members other than cdm, midpoint without cdm.
 */
export interface ComparePreset {
  /** the URL's `compare=` value */
  name: string;
  /** the button's text */
  title: string;
  scenario: string;
  /** loaded with the scenario, under every variant */
  overrides: Record<string, unknown>;
  variants: Record<string, unknown>[];
  /** one sentence: what to watch */
  shows: string;
}

export const COMPARE_PRESETS: readonly ComparePreset[] = [
  {
    name: 'cundall-vs-geometric',
    title: 'Cundall vs geometric (two-disc)',
    scenario: 'two-disc',
    overrides: { dtOverTc: 0.1 },
    variants: [{ tangential: 'cundall' }, { tangential: 'geometric' }],
    shows: 'the same oscillating pair: at Δt = 0.1 tc the Cundall spring relaxes about six times faster (t_R ≈ 20 vs 119 tc)',
  },
  {
    name: 'cundall-vs-geometric-pile',
    title: 'Cundall vs geometric (pile)',
    scenario: 'pile',
    overrides: {},
    variants: [{ tangential: 'cundall' }, { tangential: 'geometric' }],
    shows: 'the two schemes agree exactly until the first contacts; then the piles part ways and the divergence grows by decades',
  },
  {
    name: 'traditional-vs-consistent',
    title: 'traditional vs consistent (case-ii-drop)',
    scenario: 'case-ii-drop',
    // at the scenario's own Δt (0.003 tc) the two differ by under 1 %; at 0.13 tc (paper 002's coarse case) plainly
    overrides: { dtOverTc: 0.13 },
    variants: [{ tangential: 'traditional' }, { tangential: 'consistent' }],
    shows: 'a disc bouncing with spin at Δt = 0.13 tc: identical until it lands, then the traditional update keeps 1.5–2× the kinetic energy of the consistent one after each bounce, energy nothing supplied',
  },
  {
    name: 'dt-0.02-vs-0.1',
    title: 'Δt = 0.02 vs 0.1 tc (two-disc, Cundall)',
    scenario: 'two-disc',
    overrides: {},
    variants: [{ dtOverTc: 0.02 }, { dtOverTc: 0.1 }],
    shows: 'with the Cundall spring the relaxation time depends on Δt: t_R ≈ 60 tc at 0.02, 20 tc at 0.1 (five fine steps meet each coarse one)',
  },
  {
    name: 'gear5-vs-cdm',
    title: 'gear5 vs cdm (pile)',
    scenario: 'pile',
    overrides: {},
    variants: [{ integrator: 'gear5' }, { integrator: 'cdm' }],
    shows: 'two integrators on the same pile: their small truncation differences grow chaotically once the discs collide',
  },
  {
    name: 'dt-small-vs-large',
    title: 'Δt = 0.02 vs 0.3 tc (pile)',
    scenario: 'pile',
    overrides: {},
    variants: [{ dtOverTc: 0.02 }, { dtOverTc: 0.3 }],
    shows: 'above Gear 5’s stability limit (about 0.1 tc) the coarse pile blows up within a few collisions and is stopped; the fine one settles',
  },
  {
    name: 'soft-vs-rigid',
    title: 'soft DEM vs contact dynamics (cd-pile)',
    scenario: 'cd-pile',
    overrides: {},
    variants: [{ integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 }, { integrator: 'contact-dynamics' }],
    shows: 'springy discs (Gear 5 at Δt = 0.02 tc) against rigid ones (contact dynamics, Δt = 0.25 ms, 15 soft steps to one): the paths part at the first impacts',
  },
];

export function presetNamed(name: string): ComparePreset | undefined {
  return COMPARE_PRESETS.find((p) => p.name === name);
}

/** A variant's overrides as `k=v, k=v` (the legend's and the URL's spelling); '(as loaded)' when it has none. */
export function variantText(overrides: Record<string, unknown>, sep = ', '): string {
  const parts = Object.entries(overrides).map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? parts.join(sep) : '(as loaded)';
}
