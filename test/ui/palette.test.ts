/**
 * The palette (src/ui/palette.ts) against the rules it states: contrast against the background (WCAG 2.1),
 * colours that must be told apart distinguishable in CIEDE2000 under simulated protanopia, deuteranopia and
 * tritanopia (Machado et al. 2009), the speed ramp rising in lightness; the colour science first, against
 * published values; style.css's variables equal to the palette's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACCENT, BACKGROUND, BAND_OPACITY, CHARTS, CONTACT_MARKER, MIN_DIFFERENCE, MUTED, PAGE, SCENE, TEXT, VARIANTS,
} from '../../src/ui/palette';
import { packedToRgb, SPEED_LUT } from '../../src/ui/render/colormap';
import {
  ciede2000, contrastRatio, differenceSeen, labSeen, MACHADO_2009, over, parseHex, simulate, VISIONS, type Lab, type Rgb, type Vision,
} from './colour-science';

const bg = parseHex(BACKGROUND);
const rgbOf = (packed: number): Rgb => { const v = packedToRgb(packed); return [(v >> 16) & 255, (v >> 8) & 255, v & 255]; };
const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const ramp = SPEED_LUT.map(rgbOf);

/** The pairs of `group` (name → colour) closer than MIN_DIFFERENCE in some vision, as readable lines. */
function confusable(group: Record<string, string>): string[] {
  const names = Object.keys(group), out: string[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      for (const v of VISIONS) {
        const d = differenceSeen(parseHex(group[names[i]]), parseHex(group[names[j]]), v);
        if (d < MIN_DIFFERENCE) out.push(`${names[i]} ${group[names[i]]} / ${names[j]} ${group[names[j]]}: ΔE00 ${d.toFixed(1)} (${v})`);
      }
    }
  }
  return out;
}

const colours = (lines: Record<string, { color: string }>) => Object.fromEntries(Object.entries(lines).map(([k, l]) => [k, l.color]));

/** The ledger's stacked bands as drawn: each account's colour at BAND_OPACITY over the background. */
const { kinetic, elastic, potential, dashpotN, dashpotT, sliding } = CHARTS.ledger;
const bands = Object.fromEntries(Object.entries({ kinetic, elastic, potential, dashpotN, dashpotT, sliding })
  .map(([k, l]) => [k, hex(over(parseHex(l.color), BAND_OPACITY, bg).map(Math.round) as Rgb)]));

describe('the colour science, against published values', () => {
  it('CIEDE2000: the 34 pairs of Sharma, Wu & Dalal (2005), Table 1, either way round, within 1e-4', () => {
    const pairs: [Lab, Lab, number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425], [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
      [[50, 2.8361, -74.02], [50, 0, -82.7485], 3.4412], [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1],
      [[50, -1.1848, -84.8006], [50, 0, -82.7485], 1], [[50, -0.9009, -85.5211], [50, 0, -82.7485], 1],
      [[50, 0, 0], [50, -1, 2], 2.3669], [[50, -1, 2], [50, 0, 0], 2.3669],
      [[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792], [[50, 2.49, -0.001], [50, -2.49, 0.001], 7.1792],
      [[50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195], [[50, 2.49, -0.001], [50, -2.49, 0.0012], 7.2195],
      [[50, -0.001, 2.49], [50, 0.0009, -2.49], 4.8045], [[50, -0.001, 2.49], [50, 0.001, -2.49], 4.8045],
      [[50, -0.001, 2.49], [50, 0.0011, -2.49], 4.7461], [[50, 2.5, 0], [50, 0, -2.5], 4.3065],
      [[50, 2.5, 0], [73, 25, -18], 27.1492], [[50, 2.5, 0], [61, -5, 29], 22.8977],
      [[50, 2.5, 0], [56, -27, -3], 31.903], [[50, 2.5, 0], [58, 24, 15], 19.4535],
      [[50, 2.5, 0], [50, 3.1736, 0.5854], 1], [[50, 2.5, 0], [50, 3.2972, 0], 1],
      [[50, 2.5, 0], [50, 1.8634, 0.5757], 1], [[50, 2.5, 0], [50, 3.2592, 0.335], 1],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644], [[63.0109, -31.0961, -5.8663], [62.8187, -29.7946, -4.0864], 1.263],
      [[61.2901, 3.7196, -5.3901], [61.4292, 2.248, -4.962], 1.8731], [[35.0831, -44.1164, 3.7933], [35.0232, -40.0716, 1.5901], 1.8645],
      [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373], [[36.4612, 47.858, 18.3852], [36.2715, 50.5065, 21.2231], 1.4146],
      [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441], [[90.9257, -0.5406, -0.9208], [88.6381, -0.8985, -0.7239], 1.5381],
      [[6.7747, -0.2908, -2.4247], [5.8714, -0.0985, -2.2286], 0.6377], [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
    ];
    for (const [a, b, want] of pairs) {
      expect(Math.abs(ciede2000(a, b) - want), `${a} / ${b}`).toBeLessThan(1e-4);
      expect(Math.abs(ciede2000(b, a) - want), `${b} / ${a}`).toBeLessThan(1e-4);
    }
  });

  it('WCAG 2.1 contrast: #777 on white is 4.48:1, black on white 21:1', () => {
    expect(contrastRatio(parseHex('#777777'), parseHex('#ffffff'))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(parseHex('#000000'), parseHex('#ffffff'))).toBeCloseTo(21, 6);
    expect(contrastRatio(parseHex('#ffffff'), parseHex('#777777'))).toBeCloseTo(4.48, 2);
  });

  it('CIELAB (D65) of sRGB red and white: (53.24, 80.09, 67.20) and (100, 0, 0)', () => {
    const red = labSeen(parseHex('#ff0000'), 'normal');
    expect(red[0]).toBeCloseTo(53.24, 2);
    expect(red[1]).toBeCloseTo(80.09, 2);
    expect(red[2]).toBeCloseTo(67.2, 2);
    const white = labSeen(parseHex('#ffffff'), 'normal');
    expect(white[0]).toBeCloseTo(100, 3);
    expect(Math.abs(white[1]) + Math.abs(white[2])).toBeLessThan(0.01);
  });

  it('Machado 2009 at severity 1: greys stay grey, and a red–green confusion pair collapses for protanopes and deuteranopes only', () => {
    for (const v of ['protanopia', 'deuteranopia', 'tritanopia'] as const) {
      for (const row of MACHADO_2009[v]) expect(row[0] + row[1] + row[2]).toBeCloseTo(1, 5);
      for (const g of [0x40, 0x80, 0xc0]) expect(differenceSeen([g, g, g], [g, g, g], v)).toBe(0);
      const seen = simulate([0x80, 0x80, 0x80], v);
      expect(seen[0]).toBeCloseTo(seen[1], 5);
      expect(seen[1]).toBeCloseTo(seen[2], 5);
    }
    // a dull red and a dull green of about the same lightness (an Ishihara-plate pair): far apart to a
    // trichromat and a tritanope, a few units apart to a protanope or deuteranope
    const red: Rgb = [0xb0, 0x60, 0x50], green: Rgb = [0x7f, 0x75, 0x50];
    expect(differenceSeen(red, green, 'normal')).toBeGreaterThan(15);
    expect(differenceSeen(red, green, 'tritanopia')).toBeGreaterThan(15);
    expect(differenceSeen(red, green, 'protanopia')).toBeLessThan(6);
    expect(differenceSeen(red, green, 'deuteranopia')).toBeLessThan(6);
  });

  it('the checks reject the colours issue 42 reported: viridis\' dark end on the background, the old position chart\'s x/y', () => {
    expect(contrastRatio([68, 1, 84], bg)).toBeCloseTo(1.18, 2);
    expect(confusable({ x: '#80ed99', y: '#ff9f68' })).toEqual([expect.stringContaining('deuteranopia')]);
  });
});

describe('contrast against the background (WCAG 2.1 1.4.11; 1.4.3 where a colour also colours text)', () => {
  it('the page is darker than the panels, and text passes 4.5:1 on both', () => {
    expect(contrastRatio(parseHex(PAGE), parseHex(BACKGROUND))).toBeLessThan(1.2);
    for (const c of [TEXT, MUTED, ACCENT]) {
      expect(contrastRatio(parseHex(c), bg), c).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(parseHex(c), parseHex(PAGE)), c).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('every colour of the speed ramp, as drawn (SPEED_LUT), at least 3:1', () => {
    const low = Math.min(...ramp.map((c) => contrastRatio(c, bg)));
    expect(low).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(ramp[0], bg)).toBeCloseTo(low, 6); // the dark end is the lowest
  });

  it('every scene colour with a meaning at least 3:1 (the body rim and the wall shading have none: the wall line marks a wall)', () => {
    const { speedRamp: _ramp, contactCounts, bodyRim: _rim, wallFill: _fill, ...rest } = SCENE;
    const all: Record<string, string> = { ...rest, ...Object.fromEntries(contactCounts.map((c, k) => [`count ${k}`, c])), ...CONTACT_MARKER };
    const low = Object.entries(all).filter(([, c]) => contrastRatio(parseHex(c), bg) < 3).map(([k, c]) => `${k} ${c}: ${contrastRatio(parseHex(c), bg).toFixed(2)}`);
    expect(low).toEqual([]);
  });

  it('every chart line and variant colour at least 4.5:1 (they colour axis titles, pane labels and table heads too)', () => {
    const all = [
      ...Object.entries(CHARTS).flatMap(([chart, lines]) => Object.entries(lines).map(([k, l]) => [`${chart}.${k}`, l.color])),
      ...VARIANTS.map((v, k) => [`variant ${k + 1}`, v.color]),
    ];
    const low = all.filter(([, c]) => contrastRatio(parseHex(c), bg) < 4.5).map(([k, c]) => `${k} ${c}: ${contrastRatio(parseHex(c), bg).toFixed(2)}`);
    expect(low).toEqual([]);
  });

  it('the ledger\'s bands, filled at their opacity, at least 3:1', () => {
    const low = Object.entries(bands).filter(([, c]) => contrastRatio(parseHex(c), bg) < 3).map(([k, c]) => `${k} ${c}`);
    expect(low).toEqual([]);
  });
});

describe(`distinguishable: CIEDE2000 ≥ ${MIN_DIFFERENCE} in normal vision and simulated protanopia, deuteranopia, tritanopia`, () => {
  // every chart with more than one line (the piston's is alone on its chart)
  for (const [chart, lines] of Object.entries(CHARTS).filter(([, l]) => Object.keys(l).length > 1)) {
    it(`the lines of the ${chart} chart`, () => {
      expect(confusable(colours(lines))).toEqual([]);
    });
  }

  it('the ledger\'s bands as filled', () => {
    expect(confusable(bands)).toEqual([]);
  });

  it('the comparison\'s variants', () => {
    expect(confusable(Object.fromEntries(VARIANTS.map((v, k) => [`variant ${k + 1}`, v.color])))).toEqual([]);
  });

  it('the contact counts 0 … 6+ and the fixed bodies drawn among them', () => {
    expect(confusable({ ...Object.fromEntries(SCENE.contactCounts.map((c, k) => [`count ${k}`, c])), fixed: SCENE.fixed })).toEqual([]);
  });

  it('fixed bodies from every speed and from the neutral colour', () => {
    const group = { fixed: SCENE.fixed, neutral: SCENE.neutral };
    expect(confusable(group)).toEqual([]);
    const close = ramp.flatMap((c, k) => VISIONS.map((v) => [k, v, differenceSeen(parseHex(SCENE.fixed), c, v)] as const))
      .filter(([, , d]) => d < MIN_DIFFERENCE).map(([k, v, d]) => `ramp ${k} ${hex(ramp[k])}: ${d.toFixed(1)} (${v})`);
    expect(close).toEqual([]);
  });

  it('what is drawn over the bodies: contact network, selection, the inspected contact\'s marker', () => {
    const { contactNetwork, selectionRing, selectedContact } = SCENE;
    expect(confusable({ contactNetwork, selectionRing, selectedContact, ...CONTACT_MARKER })).toEqual([]);
  });
});

describe('the speed ramp', () => {
  const lightness = (c: Rgb, v: Vision) => labSeen(c, v)[0];

  it('rises in lightness (L*) from slow to fast, in every vision: it reads in grey', () => {
    for (const v of VISIONS) {
      // every 8th entry: neighbours 0.15 L* apart can tie after rounding to bytes
      for (let k = 8; k < ramp.length; k += 8) expect(lightness(ramp[k], v), `${v} ${k}`).toBeGreaterThan(lightness(ramp[k - 8], v));
    }
    expect(lightness(ramp[255], 'normal') - lightness(ramp[0], 'normal')).toBeGreaterThan(40);
  });

  it('is the palette\'s control points interpolated: the ends are the first and last point', () => {
    expect(hex(ramp[0])).toBe(SCENE.speedRamp[0]);
    expect(hex(ramp[255])).toBe(SCENE.speedRamp[SCENE.speedRamp.length - 1]);
  });
});

describe('style.css', () => {
  it('declares the palette\'s colours as its variables', () => {
    const css = readFileSync(new URL('../../src/ui/style.css', import.meta.url), 'utf8');
    const root = /:root\s*\{([^}]*)\}/.exec(css)![1];
    const vars = Object.fromEntries([...root.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
    expect(vars).toMatchObject({ bg: PAGE, panel: BACKGROUND, text: TEXT, muted: MUTED, accent: ACCENT, 'contact-plane': CONTACT_MARKER.plane });
  });
});
