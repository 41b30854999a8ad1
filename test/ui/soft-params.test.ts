/**
 * Which material controls the panel shows (src/ui/controls/solver-kind.ts, shownSoftParams) and the
 * Hertz law's tc wording (src/ui/controls/format.ts): γN and the reference speed replace εn under the
 * Hertz law, γS replaces the tangential spring, its damping and the cap mode under Haff–Werner friction,
 * contact dynamics hides them all; tc under Hertz names the impact speed it is quoted at.
 */
import { describe, expect, it } from 'vitest';
import { hertzNote, tcText } from '../../src/ui/controls/format';
import { SOFT_ONLY_PARAMS } from '../../src/core/config/param-lists';
import { shownSoftParams } from '../../src/ui/controls/solver-kind';

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

describe('tc wording', () => {
  it('says the impact speed under the Hertz law only', () => {
    expect(tcText(0.00703, undefined)).toBe('tc = 0.00703 s');
    expect(tcText(5.654955e-4, 1)).toBe('tc = 5.65e-4 s (Hertz, at 1 m/s)');
    expect(hertzNote(0.3)).toBe(' (Hertz, at 0.3 m/s)');
    expect(hertzNote(undefined)).toBe('');
  });
});
