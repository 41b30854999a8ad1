/**
 * The space–time picture (src/ui/spacetime/): rows become pixel rows in time order, bins become columns
 * left to right, each pixel the count averaged over 3 columns and 3 rows, in viridis from 0 to the running maximum,
 * every row repainted when the maximum grows; a row earlier than the last (back to the last good state) drops the rows from its time
 * on; a full picture scrolls; a long pipe sums adjacent bins. And the panel's words, and the waves' speed it reads off
 * its rows.
 */
import { describe, expect, it } from 'vitest';
import { densityColour } from '../../src/ui/spacetime/density-ramp';
import { columnGroup, firstShownRow, level, SMOOTH_COLUMNS, SMOOTH_ROWS, SpaceTimeImage } from '../../src/ui/spacetime/space-time-image';
import { spaceTimeKey, spaceTimeStats, spaceTimeTitle } from '../../src/ui/spacetime/space-time-text';
import { waveSpeed } from '../../src/ui/spacetime/wave-speed';

/** The colour-map level of every column of pixel row r (each pixel checked to be that level's colour), or null where it is transparent (not recorded). */
function levels(img: SpaceTimeImage, r: number): (number | null)[] {
  const out: (number | null)[] = [], avg = img.averaged(r);
  for (let c = 0; c < img.columns; c++) {
    const p = 4 * (r * img.columns + c), px = img.pixels;
    if (px[p + 3] === 0) { out.push(null); continue; }
    const l = level(avg[c], img.max);
    expect([px[p], px[p + 1], px[p + 2]]).toEqual(densityColour(l / 255));
    out.push(l);
  }
  return out;
}

/** Relative luminance of 8-bit sRGB (WCAG 2) */
const luminance = ([r, g, b]: number[]) => {
  const lin = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

describe('colour map and layout', () => {
  it('maps an average to viridis against the maximum, lightness rising from empty to the densest', () => {
    expect(level(0, 4)).toBe(0);
    expect(level(4, 4)).toBe(255);
    expect(level(2, 4)).toBe(128);
    expect(level(0, 0)).toBe(0); // nothing counted yet
    expect(level(9, 4)).toBe(255); // never past the top
    expect(densityColour(0)).toEqual([0x44, 0x01, 0x54]);
    expect(densityColour(1)).toEqual([0xfd, 0xe7, 0x25]);
    const l = Array.from({ length: 256 }, (_, k) => luminance(densityColour(k / 255)));
    for (let k = 1; k < 256; k++) expect(l[k]).toBeGreaterThanOrEqual(l[k - 1]);
    expect(l[255] / l[0]).toBeGreaterThan(20);
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
  it(`averages each pixel over ${SMOOTH_COLUMNS} columns (periodic) and the ${SMOOTH_ROWS} latest rows, raw counts kept`, () => {
    expect([SMOOTH_COLUMNS, SMOOTH_ROWS]).toEqual([3, 3]);
    const img = new SpaceTimeImage(4, 8);
    img.push([0, 0.05, 0.1, 0.15], [3, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(img.row(1))).toEqual([0, 0, 0, 6]);
    expect(Array.from(img.averaged(0))).toEqual([1, 1, 0, 1]); // the 3 in column 0 reaches columns 3 and 1 across the seam
    expect(Array.from(img.averaged(1))).toEqual([1.5, 0.5, 1, 1.5]); // rows 0 and 1: six cells each
    const near = (a: Float32Array, b: number[]) => b.forEach((v, k) => expect(a[k]).toBeCloseTo(v, 6));
    near(img.averaged(2), [1, 1 / 3, 2 / 3, 1]); // rows 0–2: nine cells
    near(img.averaged(3), [2 / 3, 0, 2 / 3, 2 / 3]); // rows 1–3: the 3 has left the window
    expect(img.max).toBe(1.5);
  });

  it('paints rows top to bottom in time order, bins left to right, in the colour map; unrecorded rows stay transparent', () => {
    const img = new SpaceTimeImage(4, 8);
    img.push([0, 0.05], [0, 3, 6, 3, 3, 6, 3, 0]);
    expect(img.rows).toBe(2);
    expect(Array.from(img.averaged(0))).toEqual([2, 3, 4, 3]);
    expect(img.max).toBe(4);
    expect(levels(img, 0)).toEqual([128, 191, 255, 191]);
    expect(Array.from(img.averaged(1))).toEqual([2.5, 3.5, 3.5, 2.5]); // six cells each: (3 + 0 + 3 + 0 + 3 + 6)/6 …
    expect(levels(img, 1)).toEqual([159, 223, 223, 159]);
    expect(levels(img, 2)).toEqual([null, null, null, null]);
    expect([img.timeAt(0), img.timeAt(1), img.timeAt(2)]).toEqual([0, 0.05, NaN]);
  });

  it('repaints every row when the running maximum grows', () => {
    const img = new SpaceTimeImage(1, 8);
    img.push([0], [2]);
    expect(levels(img, 0)).toEqual([255]);
    const v = img.version;
    img.push([0.05], [6]); // average (2 + 6)/2 = 4
    expect(img.version).toBeGreaterThan(v);
    expect(img.max).toBe(4);
    expect(levels(img, 0)).toEqual([128]);
    expect(levels(img, 1)).toEqual([255]);
    img.push([0.1], [1]); // (2 + 6 + 1)/3 = 3: below the maximum, it stays
    expect(img.max).toBe(4);
    expect(levels(img, 0)).toEqual([128]);
    expect(levels(img, 2)).toEqual([191]);
  });

  it('a row earlier than the last one drops the rows from its time on (back to the last good state)', () => {
    const img = new SpaceTimeImage(1, 8);
    img.push([0, 0.05, 0.1, 0.15], [3, 3, 3, 3]);
    img.push([0.1, 0.15, 0.2], [0, 0, 0]);
    expect(img.rows).toBe(5);
    expect([0, 1, 2, 3, 4].map((r) => img.timeAt(r))).toEqual([0, 0.05, 0.1, 0.15, 0.2]);
    expect([0, 1, 2, 3, 4].map((r) => img.row(r)[0])).toEqual([3, 3, 0, 0, 0]);
    expect([0, 1, 2, 3, 4].map((r) => img.averaged(r)[0])).toEqual([3, 3, 2, 1, 0]); // the new rows average with the kept ones
    img.push([0.05], [0]); // further back: rows 1… go, the picture is shorter
    expect(img.rows).toBe(2);
    expect(levels(img, 1)).toEqual([128]);
    expect(levels(img, 2)).toEqual([null]);
  });

  it('scrolls when full: the oldest row goes, the newest is at the bottom', () => {
    const img = new SpaceTimeImage(1, 3);
    img.push([0, 1, 2], [3, 0, 0]);
    img.push([3, 4], [0, 6]);
    expect(img.rows).toBe(3);
    expect([0, 1, 2].map((r) => img.timeAt(r))).toEqual([2, 3, 4]);
    expect([0, 1, 2].map((r) => img.row(r)[0])).toEqual([0, 0, 6]);
    expect([0, 1, 2].map((r) => img.averaged(r)[0])).toEqual([1, 0, 2]);
    expect(img.max).toBe(3); // the running maximum: the row that scrolled out set it
    expect([0, 1, 2].map((r) => levels(img, r)[0])).toEqual([85, 0, 170]);
  });

  it('sums adjacent bins into a column (the last column may take fewer)', () => {
    const img = new SpaceTimeImage(5, 4, 2);
    expect(img.group).toBe(3);
    expect(img.columns).toBe(2);
    img.push([0], [1, 2, 3, 4, 5]);
    expect(Array.from(img.row(0))).toEqual([6, 9]);
    expect(img.max).toBe(8); // (9 + 6 + 9)/3: two columns, the neighbours wrap round
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
    expect(spaceTimeKey(5.888)).toBe('0 … 5.89 grains per bin');
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
