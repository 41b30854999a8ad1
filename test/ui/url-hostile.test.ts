/**
 * Hostile query strings in src/ui/url-state.ts (issue 8, item 6; found by the browser fuzz, test/fuzz/browser/):
 * keys every object inherits are not parameters, and a `scenario` that is no name is kept apart so that a
 * file's scene in the fragment can carry any name.
 */
import { describe, expect, it } from 'vitest';
import { parseUrl } from '../../src/ui/url-state';

describe('URL state against hostile keys', () => {
  it("inherited keys ('toString', 'constructor', 'hasOwnProperty', '__proto__') are unknown parameters, never overrides", () => {
    const r = parseUrl('?toString=true&constructor=false&hasOwnProperty=false&__proto__=true&valueOf=1&mu=0.2');
    expect(Object.keys(r.overrides)).toEqual(['mu']);
    expect(Object.getPrototypeOf(r.overrides)).toBe(Object.prototype);
    expect(r.problems.map((p) => p.split(':')[0])).toEqual(['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']);
    for (const p of r.problems) expect(p).toMatch(/^[^:]+: unknown URL parameter; known: scenario, speed/);
  });

  it('a scenario value that is no name is reported apart from the other problems (the fragment may carry a file)', () => {
    const r = parseUrl('?scenario=my+drop+%3Cb%3E&mu=5000');
    expect(r.scenario).toBeNull();
    expect(r.scenarioProblem).toBe('scenario: must be a scenario name (letters, digits, \'-\', \'_\', \'.\'), got "my drop <b>"');
    expect(r.problems).toEqual(['mu: must be a number from 0 to 1000, got 5000']);
    expect(parseUrl('?scenario=two-disc').scenarioProblem).toBeNull();
  });
});
