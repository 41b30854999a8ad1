/**
 * The URL carries the Hertz and Haff–Werner parameters like every other live parameter (src/ui/url-state.ts
 * is driven by the core's PARAMS table): read back exactly, refused with the field and its range.
 */
import { describe, expect, it } from 'vitest';
import { buildQuery, DEFAULT_UI, parseUrl } from '../../src/ui/url-state';
import { createWorld, getBuiltIn } from '../../src/core/index';
import { normalLawIds } from '../../src/core/laws/registry';

describe('URL state of the Hertz and Haff–Werner parameters', () => {
  it('writes them and reads them back exactly', () => {
    const params = { ...createWorld(getBuiltIn('pipe-flow')).params, gammaN: 1234.5, hertzSpeed: 0.3, gammaS: 250 };
    const q = new URLSearchParams(buildQuery('pipe-flow', params, DEFAULT_UI));
    expect([q.get('normalLaw'), q.get('gammaN'), q.get('hertzSpeed'), q.get('gammaS'), q.get('tangential')])
      .toEqual(['hertz', '1234.5', '0.3', '250', 'haff-werner']);
    const back = parseUrl(`?${q.toString()}`);
    expect(back.problems).toEqual([]);
    expect(back.overrides).toMatchObject({ normalLaw: 'hertz', gammaN: 1234.5, hertzSpeed: 0.3, gammaS: 250, tangential: 'haff-werner' });
  });

  it('refuses a bad value with the field and its range, and keeps the others', () => {
    const r = parseUrl('?scenario=pile&normalLaw=cubic&gammaN=-5&hertzSpeed=0&gammaS=300');
    expect(r.problems).toEqual([
      // the options are the registry's laws (laws/registry.ts: linear, hertz, cohesive, hertz-mindlin, …)
      `normalLaw: must be one of ${normalLawIds().map((id) => `'${id}'`).join(', ')}, got "cubic"`,
      'gammaN: must be a number from 0 to 10000000, got -5',
      'hertzSpeed: must be a number from 0.000001 to 10000, got 0',
    ]);
    expect(r.overrides).toEqual({ gammaS: 300 });
  });
});

describe('URL state of the worker pool (threads)', () => {
  it('reads an integer from 1 to 64 or auto, writes it back, and refuses anything else with the range', () => {
    expect(parseUrl('?threads=2').ui.threads).toBe(2);
    expect(parseUrl('?threads=auto').ui.threads).toBeNull();
    expect(parseUrl('').ui.threads).toBeNull();
    expect(new URLSearchParams(buildQuery('pile', null, { ...DEFAULT_UI, threads: 3 })).get('threads')).toBe('3');
    expect(new URLSearchParams(buildQuery('pile', null, DEFAULT_UI)).has('threads')).toBe(false);
    for (const bad of ['0', '65', '2.5', '-1', '0x2', 'two', '']) {
      const r = parseUrl(`?threads=${bad}`);
      expect(r.ui.threads, bad).toBeNull();
      expect(r.problems, bad).toEqual([`threads: must be auto or an integer from 1 to 64, got ${JSON.stringify(bad)}`]);
    }
  });
});

describe('URL state of the frame-rate cap (fps)', () => {
  it('reads display or one of the caps, writes a cap back (the display rate is left out), and refuses anything else with the choices', () => {
    expect(parseUrl('?fps=15').ui.fps).toBe(15);
    expect(parseUrl('?fps=display').ui.fps).toBe(0);
    expect(parseUrl('').ui.fps).toBe(0);
    expect(new URLSearchParams(buildQuery('pile', null, { ...DEFAULT_UI, fps: 5 })).get('fps')).toBe('5');
    expect(new URLSearchParams(buildQuery('pile', null, DEFAULT_UI)).has('fps')).toBe(false);
    for (const bad of ['0', '60', '7', '15.0', 'max', '']) {
      const r = parseUrl(`?fps=${bad}`);
      expect(r.ui.fps, bad).toBe(0);
      expect(r.problems, bad).toEqual([`fps: must be one of display, 30, 15, 10, 5, got ${JSON.stringify(bad)}`]);
    }
  });
});
