/**
 * Which material controls the panel shows (src/core/config/param-visibility.ts, shownSoftParams) and the
 * Hertz law's tc wording (src/ui/controls/format.ts): γN and the reference speed replace εn under the
 * Hertz law, γS replaces the tangential spring, its damping and the cap mode under Haff–Werner friction,
 * contact dynamics hides them all; each law shows exactly the rows its declaration reads (its own and the shared
 * ones in its `reads`, which its coefficients are checked to depend on); tc under Hertz names the impact speed it
 * is quoted at.
 */
import { describe, expect, it } from 'vitest';
import { hertzNote, tcText } from '../../src/ui/controls/format';
import { materialCoefficients } from '../../src/core/config/material-coefficients';
import { LAW_PARAMS, SOFT_ONLY_PARAMS } from '../../src/core/config/param-lists';
import { PARAM_NAMES, PARAMS, type LiveParams } from '../../src/core/config/param-table';
import { shownSoftParams } from '../../src/core/config/param-visibility';
import type { SharedLawParam } from '../../src/core/laws/contact-law';
import { normalLawIds, normalLawNamed } from '../../src/core/laws/registry';

const shownOf = (r: Record<string, boolean>) => Object.keys(r).filter((k) => r[k]).sort();

describe('shownSoftParams', () => {
  it('linear law, Cundall spring, damping from the ratio: the classic set', () => {
    expect(shownOf(shownSoftParams({ normalLaw: 'linear', tangential: 'cundall', tangentialDamping: 'ratio' }, false)))
      .toEqual(['capMode', 'clampNormal', 'en', 'kn', 'ktOverKn', 'normalLaw', 'nuTOverNuN', 'tangential', 'tangentialDamping']);
  });

  it('Hertz: γN and the reference speed instead of εn, unless εn still sets εt (restitution damping of a spring)', () => {
    const ratio = shownSoftParams({ normalLaw: 'hertz', tangential: 'cundall', tangentialDamping: 'ratio' }, false);
    expect([ratio.gammaN, ratio.hertzSpeed, ratio.en]).toEqual([true, true, false]);
    const restitution = shownSoftParams({ normalLaw: 'hertz', tangential: 'cundall', tangentialDamping: 'restitution' }, false);
    expect([restitution.en, restitution.etOverEn, restitution.nuTOverNuN]).toEqual([true, true, false]);
  });

  it('Haff–Werner: γS instead of kt/kn, the tangential damping and the cap mode', () => {
    const hw = shownSoftParams({ normalLaw: 'hertz', tangential: 'haff-werner', tangentialDamping: 'restitution' }, false);
    expect(shownOf(hw)).toEqual(['clampNormal', 'gammaN', 'gammaS', 'hertzSpeed', 'kn', 'normalLaw', 'tangential']);
  });

  it('contact dynamics: none of them', () => {
    const cd = shownSoftParams({ normalLaw: 'hertz', tangential: 'haff-werner', tangentialDamping: 'ratio' }, true);
    expect(shownOf(cd)).toEqual([]);
    expect(Object.keys(cd).sort()).toEqual([...SOFT_ONLY_PARAMS].sort());
  });
});

describe('each law shows exactly the rows its declaration reads', () => {
  const defaults = Object.fromEntries(PARAM_NAMES.map((name) => [name, PARAMS[name].default])) as LiveParams;
  const SHARED: readonly SharedLawParam[] = ['kn', 'ktOverKn', 'en'];
  const lawRows = [...SHARED, ...LAW_PARAMS];
  it.each(normalLawIds())('%s: its own rows and the shared ones it reads, which its coefficients depend on', (id) => {
    const law = normalLawNamed(id).choice;
    const shown = shownSoftParams({ normalLaw: id, tangential: 'cundall', tangentialDamping: 'ratio' }, false);
    expect(lawRows.filter((name) => shown[name]).sort()).toEqual([...law.reads, ...Object.keys(law.params)].sort());
    // the declaration is honest: halving a shared row it reads changes its coefficients (kt/kn: the k_t it gives a
    // spring scheme), halving one it does not read changes nothing
    const p = { ...defaults, normalLaw: id }, mrRef = 0.5;
    const depends = (name: SharedLawParam) => {
      const q = { ...p, [name]: p[name] / 2 };
      return name === 'ktOverKn' ? materialCoefficients(q, mrRef).kt !== materialCoefficients(p, mrRef).kt
        : JSON.stringify(law.coefficients(q, mrRef)) !== JSON.stringify(law.coefficients(p, mrRef));
    };
    for (const name of SHARED) expect(depends(name), name).toBe(law.reads.includes(name));
  });

  it('Hertz–Mindlin shows E, ν and its damping, not kn nor kt/kn', () => {
    const hm = shownSoftParams({ normalLaw: 'hertz-mindlin', tangential: 'cundall', tangentialDamping: 'ratio' }, false);
    expect([hm.youngModulus, hm.poissonRatio, hm.hmDamping, hm.kn, hm.ktOverKn, hm.en]).toEqual([true, true, true, false, false, false]);
  });
});

describe('tc wording', () => {
  it('says the impact speed under the Hertz law only', () => {
    expect(tcText(0.00703, undefined)).toBe('tc = 0.00703 s');
    expect(tcText(5.654955e-4, 1)).toBe('tc = 5.65e-4 s (Hertz, at 1 m/s)');
    expect(hertzNote(0.3)).toBe(' (Hertz, at 0.3 m/s)');
    expect(hertzNote(undefined)).toBe('');
  });
});
