/**
 * A chart's plot leaves room for its legend (src/ui/charts/chart-style.ts plotSize): the failing case of the layout
 * e2e in a full CI run — the Ek chart at 1280×720 under two banners, a 114 px plot host, a diverged run's values
 * wrapping the legend to three lines (62 px) — and the bounds on either side of it.
 */
import { describe, expect, it } from 'vitest';
import { plotSize } from '../../src/ui/charts/chart-style';

const host = (width: number, height: number) => ({ clientWidth: width, clientHeight: height }) as HTMLElement;
const legend = (height: number) => ({ offsetHeight: height }) as HTMLElement;

describe('plotSize', () => {
  it('a three-line legend under a 114 px host stays inside it (it hung 4 px out when the plot kept 60 px)', () => {
    const { height } = plotSize(host(400, 114), legend(62));
    expect(height + 62 + 8).toBeLessThanOrEqual(114);
  });
  it('the plot takes the rest of a tall host; a legend not laid out yet leaves one line', () => {
    expect(plotSize(host(400, 300), legend(46)).height).toBe(300 - 46 - 8);
    expect(plotSize(host(400, 300), null).height).toBe(260);
  });
  it('never below 120 × 40 px (axes and a sliver of plot)', () => {
    expect(plotSize(host(50, 20), legend(62))).toEqual({ width: 120, height: 40 });
  });
});
