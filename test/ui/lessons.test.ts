/**
 * Lecture mode's lessons (issue 11, item 4; src/ui/lecture/lessons.ts): each lesson is URL parameters, so
 * every one must parse without a problem, bring its scenario (and comparison), name only charts the page
 * has, and survive the round trip through the URL the page writes; the URL's own parameters win.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../src/ui/lecture/lessons';
import { buildQuery, DEFAULT_UI, parseUrl } from '../../src/ui/url-state';
import { COMPARE_PRESETS } from '../../src/ui/compare/presets';

const INDEX = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');

describe('lessons', () => {
  it('every lesson parses without a problem and brings its scenario, comparison and charts', () => {
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    for (const l of LESSONS) {
      const r = parseUrl(`?lesson=${l.id}`);
      expect(r.problems, l.id).toEqual([]);
      expect(r.ui.lesson).toBe(l.id);
      expect(r.scenario).toBe(new URLSearchParams(l.query).get('scenario'));
      const preset = new URLSearchParams(l.query).get('compare');
      if (preset) expect(COMPARE_PRESETS.map((p) => p.name), l.id).toContain(preset);
      for (const id of l.charts) expect(INDEX.includes(`id="${id}"`) || id === 'chart-divergence', `${l.id}: ${id}`).toBe(true);
      expect(l.watch.length).toBeLessThan(300); // one sentence, readable from the back row
    }
  });

  it("the URL's own parameters override the lesson's; an unknown lesson names the lessons", () => {
    const r = parseUrl('?lesson=relaxation&logy=0&mu=0.2');
    expect(r.ui.logy).toBe(false);
    expect(r.overrides.mu).toBe(0.2);
    expect(r.scenario).toBe('two-disc');
    const bad = parseUrl('?lesson=toString&scenario=pile');
    expect(bad.ui.lesson).toBeNull();
    expect(bad.scenario).toBe('pile');
    expect(bad.problems).toEqual([`lesson: must be one of ${LESSONS.map((l) => l.id).join(', ')}, got "toString"`]);
  });

  it('lecture mode and the lesson survive the URL the page writes', () => {
    const q = buildQuery('two-disc', null, { ...DEFAULT_UI, lecture: true, lesson: 'relaxation' });
    const back = parseUrl(q);
    expect(back.problems).toEqual([]);
    expect(back.ui.lecture).toBe(true);
    expect(back.ui.lesson).toBe('relaxation');
    expect(new URLSearchParams(buildQuery('pile', null, DEFAULT_UI)).has('lecture')).toBe(false);
  });
});
