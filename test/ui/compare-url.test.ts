/**
 * A lockstep comparison in the share URL (src/ui/url-state.ts): `compare=<preset>` or `variant=k=v,…`
 * repeated 2–4 times, written and read back exactly, refused with the variant and the field named; and
 * every preset (src/ui/compare/presets.ts) is a comparison the core accepts on its scenario.
 */
import { describe, expect, it } from 'vitest';
import { Comparison } from '../../src/core/sim/comparison';
import { COMPARE_PRESETS } from '../../src/ui/compare/presets';
import { buildQuery, DEFAULT_UI, parseUrl } from '../../src/ui/url-state';
import { builtIn } from '../helpers';

describe('comparisons in the URL', () => {
  it('a preset goes by its name and comes back with its variants', () => {
    const q = buildQuery('case-ii-drop', null, DEFAULT_UI, { preset: 'traditional-vs-consistent', variants: [] });
    expect(new URLSearchParams(q).get('compare')).toBe('traditional-vs-consistent');
    const back = parseUrl(q);
    expect(back.problems).toEqual([]);
    expect(back.comparison).toEqual({ preset: 'traditional-vs-consistent', variants: [{ tangential: 'traditional' }, { tangential: 'consistent' }] });
  });

  it('a preset brings its scenario and settings; the URL\'s own win', () => {
    const alone = parseUrl('?compare=cundall-vs-geometric');
    expect([alone.scenario, alone.overrides, alone.problems]).toEqual(['two-disc', { dtOverTc: 0.1 }, []]);
    const own = parseUrl('?scenario=two-disc&dtOverTc=0.05&compare=cundall-vs-geometric');
    expect(own.overrides).toEqual({ dtOverTc: 0.05 });
    expect(parseUrl('?scenario=pile&compare=gear5-vs-cdm').scenario).toBe('pile');
  });

  it('variants without a preset round-trip exactly, an empty one included', () => {
    const variants = [{}, { dtOverTc: 0.1, tangential: 'geometric' }, { mu: 0.123456789012345, rotation: false }];
    const q = buildQuery('two-disc', null, DEFAULT_UI, { preset: null, variants });
    expect(new URLSearchParams(q).getAll('variant')).toEqual(['', 'dtOverTc=0.1,tangential=geometric', 'mu=0.123456789012345,rotation=false']);
    const back = parseUrl(q);
    expect(back.problems).toEqual([]);
    expect(back.comparison).toEqual({ preset: null, variants });
    expect(parseUrl(buildQuery('two-disc', null, DEFAULT_UI)).comparison).toBeNull();
  });

  it('refuses bad input naming the variant and the field; the comparison is then not used', () => {
    const bad = (search: string) => { const r = parseUrl(search); expect(r.comparison).toBeNull(); return r.problems; };
    expect(bad('?variant=mu=0.1&variant=mu=5000')).toEqual(['variant 2.mu: must be a number from 0 to 1000, got 5000; the comparison was not used']);
    expect(bad('?variant=tangential=sideways&variant=')[0]).toMatch(/^variant 1\.tangential: must be one of 'cundall', .*got "sideways"; the comparison was not used$/);
    expect(bad('?variant=nonsense&variant=')).toEqual(['variant 1: expected key=value, got "nonsense"; the comparison was not used']);
    expect(bad('?variant=colour=red&variant=')[0]).toMatch(/^variant 1\.colour: unknown parameter; known: /);
    expect(bad('?variant=mu=0.1,mu=0.2&variant=')).toEqual(['variant 1.mu: given more than once; the comparison was not used']);
    expect(bad('?variant=mu=0.1')).toEqual(['variant: a comparison has 2 to 4 variants, got 1; none was used']);
    expect(bad('?compare=best-one')[0]).toMatch(/^compare: must be one of cundall-vs-geometric, .*got "best-one"$/);
    const both = parseUrl('?compare=gear5-vs-cdm&variant=&variant=');
    expect(both.comparison?.preset).toBe('gear5-vs-cdm');
    expect(both.problems).toEqual(['variant: not used, compare=gear5-vs-cdm gives the variants']);
  });

  it.each(COMPARE_PRESETS.map((p) => [p.name, p] as const))('preset %s: the core accepts every variant on its scenario', (_name, p) => {
    const sets = Object.entries(p.overrides).map(([k, v]) => `${k}=${String(v)}`);
    const cmp = new Comparison(builtIn(p.scenario, ...sets), p.variants);
    expect(cmp.worlds.length).toBe(p.variants.length);
    // each variant runs with the overrides it names (a refused combination would have thrown)
    cmp.worlds.forEach((w, v) => expect(w.params).toMatchObject(p.variants[v]));
  });
});
