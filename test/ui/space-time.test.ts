/**
 * The space–time picture (src/ui/spacetime/): rows become pixel rows in time order, bins become columns
 * left to right, grey from white (empty) to black at the running maximum, every row repainted when the
 * maximum grows; a row earlier than the last (back to the last good state) drops the rows from its time
 * on; a full picture scrolls; a long pipe sums adjacent bins. And the panel's words, and the waves' speed it reads off
 * its rows.
 */
import { describe, expect, it } from 'vitest';
import { columnGroup, firstShownRow, grey, SpaceTimeImage } from '../../src/ui/spacetime/space-time-image';
import { spaceTimeStats, spaceTimeTitle } from '../../src/ui/spacetime/space-time-text';
import { waveSpeed } from '../../src/ui/spacetime/wave-speed';

/** The grey level of every column of pixel row r, or null where it is transparent (not recorded). */
function greys(img: SpaceTimeImage, r: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let c = 0; c < img.columns; c++) {
    const p = 4 * (r * img.columns + c), px = img.pixels;
    expect(px[p]).toBe(px[p + 1]);
    expect(px[p]).toBe(px[p + 2]);
    out.push(px[p + 3] === 0 ? null : px[p]);
  }
  return out;
}

describe('grey levels and layout', () => {
  it('maps a count to white … black against the maximum', () => {
    expect(grey(0, 4)).toBe(255);
    expect(grey(4, 4)).toBe(0);
    expect(grey(2, 4)).toBe(128);
    expect(grey(1, 4)).toBe(191);
    expect(grey(0, 0)).toBe(255); // nothing counted yet
    expect(grey(9, 4)).toBe(0); // never past black
  });

  it('sums adjacent bins when a pipe has more bins than columns', () => {
    expect(columnGroup(100)).toBe(1);
    expect(columnGroup(1024)).toBe(1);
    expect(columnGroup(1025)).toBe(2);
    expect(columnGroup(3500)).toBe(4);
    expect(columnGroup(7, 3)).toBe(3);
  });

  it('shows the newest rows once they overflow the panel', () => {
    expect(firstShownRow(10, 100, 2)).toBe(0);
    expect(firstShownRow(50, 100, 2)).toBe(0);
    expect(firstShownRow(51, 100, 2)).toBe(1);
    expect(firstShownRow(200, 101, 2)).toBe(150);
    expect(firstShownRow(5, 0, 2)).toBe(4); // a panel too small for a row still shows the newest
  });
});

describe('SpaceTimeImage', () => {
  it('paints rows top to bottom in time order, bins left to right; unrecorded rows stay transparent', () => {
    const img = new SpaceTimeImage(4, 8);
    img.push([0, 0.05], [0, 1, 2, 4, 4, 2, 1, 0]);
    expect(img.rows).toBe(2);
    expect(img.max).toBe(4);
    expect(greys(img, 0)).toEqual([255, 191, 128, 0]);
    expect(greys(img, 1)).toEqual([0, 128, 191, 255]);
    expect(greys(img, 2)).toEqual([null, null, null, null]);
    expect([img.timeAt(0), img.timeAt(1), img.timeAt(2)]).toEqual([0, 0.05, NaN]);
  });

  it('repaints every row when the running maximum grows', () => {
    const img = new SpaceTimeImage(2, 8);
    img.push([0], [2, 1]);
    expect(greys(img, 0)).toEqual([0, 128]);
    const v = img.version;
    img.push([0.05], [4, 0]);
    expect(img.version).toBeGreaterThan(v);
    expect(img.max).toBe(4);
    expect(greys(img, 0)).toEqual([128, 191]);
    expect(greys(img, 1)).toEqual([0, 255]);
    img.push([0.1], [1, 1]); // below the maximum: it stays
    expect(img.max).toBe(4);
    expect(greys(img, 0)).toEqual([128, 191]);
  });

  it('a row earlier than the last one drops the rows from its time on (back to the last good state)', () => {
    const img = new SpaceTimeImage(2, 8);
    img.push([0, 0.05, 0.1, 0.15], [1, 1, 2, 2, 3, 3, 4, 4]);
    img.push([0.1, 0.15, 0.2], [0, 4, 4, 0, 2, 2]);
    expect(img.rows).toBe(5);
    expect([0, 1, 2, 3, 4].map((r) => img.timeAt(r))).toEqual([0, 0.05, 0.1, 0.15, 0.2]);
    expect(Array.from(img.row(2))).toEqual([0, 4]);
    expect(greys(img, 2)).toEqual([255, 0]);
    expect(greys(img, 3)).toEqual([0, 255]);
    img.push([0.05], [1, 0]); // further back: rows 1… go, the picture is shorter
    expect(img.rows).toBe(2);
    expect(greys(img, 1)).toEqual([191, 255]);
    expect(greys(img, 2)).toEqual([null, null]);
  });

  it('scrolls when full: the oldest row goes, the newest is at the bottom', () => {
    const img = new SpaceTimeImage(1, 3);
    img.push([0, 1, 2], [3, 2, 1]);
    img.push([3, 4], [0, 3]);
    expect(img.rows).toBe(3);
    expect([0, 1, 2].map((r) => img.timeAt(r))).toEqual([2, 3, 4]);
    expect([0, 1, 2].map((r) => greys(img, r)[0])).toEqual([170, 255, 0]);
  });

  it('scrolls and repaints in one chunk when a new maximum arrives with the overflow', () => {
    const img = new SpaceTimeImage(1, 2);
    img.push([0, 1], [1, 2]);
    img.push([2, 3], [4, 1]);
    expect([img.timeAt(0), img.timeAt(1)]).toEqual([2, 3]);
    expect([greys(img, 0)[0], greys(img, 1)[0]]).toEqual([0, 191]);
  });

  it('sums adjacent bins into a column (the last column may take fewer)', () => {
    const img = new SpaceTimeImage(5, 4, 2);
    expect(img.group).toBe(3);
    expect(img.columns).toBe(2);
    img.push([0], [1, 2, 3, 4, 5]);
    expect(Array.from(img.row(0))).toEqual([6, 9]);
    expect(img.max).toBe(9);
  });
});

describe('the panel\'s words', () => {
  it('names the column width in grain radii', () => {
    expect(spaceTimeTitle({ binWidth: 0.02, grainRadius: 0.00999 }, 1)).toBe('space–time: grains per 2R₀ bin, time ↓');
    expect(spaceTimeTitle({ binWidth: 0.02, grainRadius: 0.01 }, 4)).toBe('space–time: grains per 8R₀ bin, time ↓');
    expect(spaceTimeTitle({ binWidth: 0.03, grainRadius: NaN }, 1)).toBe('space–time: grains per 0.03 m bin, time ↓');
  });

  it('gives the density σ now and at the start, and the time the rows cover', () => {
    expect(spaceTimeStats(1.234, 0.86, 0, 5.65)).toBe('density σ = 1.23 grains per bin (at the start 0.86) · t = 0 … 5.65 s');
    expect(spaceTimeStats(NaN, NaN, NaN, NaN)).toBe('');
    expect(spaceTimeStats(1.234, 0.86, 0, 5.65, -0.35)).toBe('density σ = 1.23 grains per bin (at the start 0.86) · t = 0 … 5.65 s · waves -0.35 m/s');
  });

  it('estimates the waves\' speed from the newer half of its rows: a plug moving one bin a row against +x', () => {
    const bins = 100, every = 0.05, binWidth = 0.02, image = new SpaceTimeImage(bins);
    expect(waveSpeed(image, every, binWidth)).toBeNaN();
    // 60 rows: the first 30 noise-free and still, then a dense plug moving −1 bin a row (−0.4 m/s) on a flat gas
    for (let r = 0; r < 60; r++) {
      const at = r < 30 ? 50 : 50 - (r - 30);
      const d = (k: number) => Math.min((k - at + bins) % bins, (at - k + bins) % bins);
      const counts = Array.from({ length: bins }, (_, k) => 2 + 6 * Math.exp(-(d(k) ** 2) / 8));
      image.push([r * every], counts);
    }
    expect(waveSpeed(image, every, binWidth)).toBeCloseTo(-0.4, 10);
  });
});
