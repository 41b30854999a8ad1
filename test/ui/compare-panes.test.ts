/**
 * A comparison side by side (issue 11): the layout in the share URL (`panes=1`, src/ui/url-state.ts),
 * written only when on, read back, refused with the field named; and the panes' geometry
 * (src/ui/compare/pane-layout.ts): which pane a point is in, and half-plane walls clipped to a pane.
 */
import { describe, expect, it } from 'vitest';
import { clipLine, clipSolidSide, paneAt, paneLayout } from '../../src/ui/compare/pane-layout';
import { buildQuery, DEFAULT_UI, parseUrl } from '../../src/ui/url-state';

describe('side-by-side panes in the URL', () => {
  it('panes=1 round-trips with the comparison; overlaid writes nothing', () => {
    const cmp = { preset: 'cundall-vs-geometric', variants: [] };
    const q = buildQuery('two-disc', null, { ...DEFAULT_UI, panes: true }, cmp);
    expect(new URLSearchParams(q).get('panes')).toBe('1');
    const back = parseUrl(q);
    expect(back.problems).toEqual([]);
    expect(back.ui.panes).toBe(true);
    expect(back.comparison?.preset).toBe('cundall-vs-geometric');
    expect(new URLSearchParams(buildQuery('two-disc', null, DEFAULT_UI, cmp)).has('panes')).toBe(false);
    expect(parseUrl('?compare=cundall-vs-geometric').ui.panes).toBe(false);
    expect(parseUrl('?compare=cundall-vs-geometric&panes=0').ui.panes).toBe(false);
  });

  it('a bad value is refused naming the field; the layout stays overlaid', () => {
    const r = parseUrl('?compare=cundall-vs-geometric&panes=2');
    expect(r.problems).toEqual(['panes: must be 0 or 1, got "2"']);
    expect(r.ui.panes).toBe(false);
    expect(parseUrl('?panes=1&panes=0').problems).toEqual(['panes: given more than once; the first value was used']);
  });
});

describe('pane geometry', () => {
  // a 1 m × 0.5 m box: margin 0.05 m, gap 0.06 m, so pane k spans [−0.05, 1.05] + k × 1.16
  const l = paneLayout({ x0: 0, y0: 0, x1: 1, y1: 0.5 }, 3);

  it('panes sit left to right one box width plus a gap apart', () => {
    expect(l.step).toBeCloseTo(1.16, 12);
    expect([l.x0, l.x1, l.y0, l.y1].map((v) => +v.toFixed(12))).toEqual([-0.05, 1.05, -0.05, 0.55]);
  });

  it('a point belongs to the pane it is drawn in (half the gap on either side), clamped to the panes', () => {
    expect(paneAt(l, 0.5)).toBe(0);
    expect(paneAt(l, 1.05 + 0.029)).toBe(0); // just inside half the gap after pane 1
    expect(paneAt(l, 1.05 + 0.031)).toBe(1);
    expect(paneAt(l, 0.5 + 2 * 1.16)).toBe(2);
    expect(paneAt(l, 50)).toBe(2);
    expect(paneAt(l, -50)).toBe(0);
  });

  it('a floor (normal +y through y = 0) is clipped to the pane: solid below, its line across the pane only', () => {
    const box = { x0: 1, y0: -1, x1: 2, y1: 1 };
    const solid = clipSolidSide(box, 0, 0, 0, 1, []);
    // the lower half of the box, counter-clockwise from its lower left corner
    expect(solid).toEqual([1, -1, 2, -1, 2, 0, 1, 0]);
    const line = clipLine(box, 0, 0, 0, 1)!;
    expect([[line[0], line[1]], [line[2], line[3]]].sort((p, q) => p[0] - q[0])).toEqual([[1, 0], [2, 0]]);
    // a wall whose solid side misses the box: nothing drawn
    expect(clipSolidSide(box, 0, -5, 0, 1, [])).toEqual([]);
    expect(clipLine(box, 0, -5, 0, 1)).toBeNull();
  });
});
