/**
 * Every colour the page draws with a meaning, and the line styles that go with them (issue 42, colour;
 * docs/user-guide.md#colours). Pure data: the canvas, the charts and the panels take their colours from here,
 * and style.css's variables hold the same values (a test compares them).
 *
 * What test/ui/palette.test.ts holds the palette to:
 * - contrast against the background it is drawn on (WCAG 2.1 1.4.11, non-text contrast): ≥ 3:1 for the
 *   scene's colours, ≥ 4.5:1 for the charts' and the variants' (they also colour text: axis titles, the
 *   panes' labels, the convergence table's heads; WCAG 1.4.3);
 * - distinguishable within each group that must be told apart (one chart's series, the variants, the contact
 *   counts, the overlays): CIEDE2000 ≥ MIN_DIFFERENCE between every two, as seen with normal vision and with
 *   protanopia, deuteranopia and tritanopia simulated (Machado, Oliveira & Fernandes 2009, severity 1);
 * - the speed ramp rises in lightness (it reads in grey too) and starts above 3:1.
 * Colour is never the only cue: chart series that share a chart differ in dash too, variants in dash (charts)
 * and in ring style (canvas), and the canvas' legend and the panes' labels name what the colours mean.
 */
import type { PlaneId } from '../core/plane/plane-ids';

/**
 * The least CIEDE2000 difference between two colours that must be told apart, in every vision simulated.
 * ΔE00 ≈ 1 is a just-noticeable difference between large patches side by side (Sharma, Wu & Dalal 2005);
 * thin chart lines and small discs on a projector need several times more (Stone, Szafir & Setlur 2014;
 * Szafir 2018: the difference needed grows as marks get smaller). The chroma.js palette helper (G. Aisch,
 * github.com/gka/palettes) calls a pair unsafe for colour-blind viewers below 9 ΔE00 in simulation; we ask 10.
 * It rejects the pair the audit of issue 42 found confusable (the position chart's old x/y: 8.5 under deuteranopia).
 */
export const MIN_DIFFERENCE = 10;

/** A line's colour and, where it shares its chart with others, its dash (uPlot's and the canvas' [on, off, …] px). */
export interface LineStyle {
  color: string;
  dash?: number[];
}

/** The panels' background: the canvas, every chart and panel (style.css --panel); what everything is drawn on. */
export const BACKGROUND = '#111722';
/** The page between the panels (style.css --bg). */
export const PAGE = '#0b0f17';
/** Text, secondary text and the accent (title, lesson bar, buttons) (style.css --text, --muted, --accent). */
export const TEXT = '#e8eef8';
export const MUTED = '#9aa7bd';
export const ACCENT = '#ffd166';

/** The charts' axes, grid lines and ticks. */
export const AXIS_COLOR = '#c9d3e3';
export const GRID_COLOR = 'rgba(255,255,255,0.08)';
export const TICK_COLOR = 'rgba(255,255,255,0.2)';

/** The canvas: bodies, walls and what is drawn over them. */
export const SCENE = {
  /**
   * The speed ramp's control points, slow → fast: viridis (van der Walt & Smith, matplotlib) from 0.4 to 1, so
   * that a body at rest is 3.6:1 against the background (viridis' own dark end, #440154, was 1.18:1) and
   * lightness rises all the way.
   */
  speedRamp: ['#2a788e', '#21918c', '#22a884', '#44bf70', '#7ad151', '#bddf26', '#fde725'],
  /** Contacts per body 0, 1, …, 6+ (the contact colouring). */
  contactCounts: ['#5d6678', '#489de7', '#51d2a8', '#fdde5b', '#f49236', '#e65046', '#c348a6'],
  /** Every body in the colouring "none". */
  neutral: '#aabed7',
  /** Fixed and prescribed bodies, in every colouring. */
  fixed: '#6d6a65',
  /** The bodies' outline and orientation mark (drawn at 85–90 % over the body's colour) and the wall side's shading: no meaning of their own. */
  bodyRim: '#141820',
  wallFill: '#2a3345',
  /** A wall's line (its solid side is shaded in wallFill). */
  wallLine: '#c8d2e0',
  /** The contact network (line width ∝ normal force). */
  contactNetwork: '#ff9579',
  /** The ring round a selected body, and the line between the two bodies of a selected contact. */
  selectionRing: '#ff3b3b',
  selectedContact: '#ffe14d',
} as const;

/** The inspected contact's marker (render/contact-marker.ts): its plane, the normal's arrow, the tangential spring. */
export const CONTACT_MARKER = { plane: '#38e8ff', normal: '#ffffff', spring: '#ff41cf' } as const;

/** The hues the charts share (each chart takes a few of them: CHARTS). */
const HUE = {
  yellow: '#ffd34a', blue: '#52d0f8', pink: '#f33488', green: '#adfaa9', purple: '#be75ff',
  orange: '#f39a69', red: '#ff1b2f', white: '#ffffff',
} as const;

/**
 * A lockstep comparison's variants 1…4: variant 1 fills the discs, the others outline them, each outline in
 * its ring style; in the charts each variant has its colour and its dash.
 */
export const VARIANTS: readonly { color: string; dash?: number[]; ring: 'solid' | 'dashed' | 'dotted' }[] = [
  { color: HUE.blue, ring: 'solid' },
  { color: HUE.orange, dash: [10, 5], ring: 'solid' },
  { color: HUE.purple, dash: [3, 4], ring: 'dashed' },
  { color: HUE.green, dash: [14, 4, 3, 4], ring: 'dotted' },
];

/** Every chart's lines, one record per chart (the test's groups). */
export const CHARTS = {
  /** Ek(t): total, translational, rotational, and the live relaxation fit drawn over it */
  ek: {
    total: { color: HUE.yellow },
    trans: { color: HUE.blue, dash: [8, 4] },
    rot: { color: HUE.pink, dash: [2, 4] },
    fit: { color: HUE.white, dash: [8, 5] },
    /** the run before going back (ghost-curve.ts): grey, under the others */
    ghost: { color: MUTED, dash: [5, 3] },
  },
  /** the tracked particle's x and y */
  position: { x: { color: HUE.blue }, y: { color: HUE.orange, dash: [8, 4] } },
  /** the piston's position (alone on its chart) */
  piston: { position: { color: HUE.purple } },
  /** a pipe's mean velocity and number flux */
  flow: { meanVx: { color: HUE.blue }, flux: { color: HUE.yellow, dash: [6, 4] } },
  /** the x–y chart's one line (charts/xy-chart.ts) */
  xy: { line: { color: HUE.green } },
  /** the energy ledger: the stacked accounts (bottom to top, in the key's order), the supply, the residual */
  ledger: {
    kinetic: { color: HUE.yellow },
    elastic: { color: HUE.blue },
    potential: { color: HUE.green },
    dashpotN: { color: HUE.pink },
    dashpotT: { color: HUE.purple },
    sliding: { color: HUE.orange },
    supplied: { color: HUE.white, dash: [8, 5] },
    residual: { color: HUE.red },
  },
  /** the contact-plane angle: the active definition, the others as ghosts, the jump markers, the crossings */
  angle: {
    active: { color: '#92e3f3' },
    usual: { color: '#a7adb9', dash: [6, 4] },
    'literal-signed': { color: '#e09b48', dash: [2, 3] },
    'literal-abs': { color: '#94bfa4', dash: [10, 3, 2, 3] },
    axial: { color: '#b397d7', dash: [4, 2] },
    jumps: { color: '#f35d74' },
    crossings: { color: HUE.yellow, dash: [3, 3] },
  } satisfies Record<PlaneId | 'active' | 'jumps' | 'crossings', LineStyle>,
  /** the t_R(Δt) sweep: four series, the exact model's t_R, paper 000's mark */
  relaxation: {
    cundallFree: { color: HUE.pink },
    cundallLocked: { color: HUE.orange, dash: [10, 6] },
    geometricFree: { color: HUE.blue, dash: [2, 5] },
    geometricLocked: { color: HUE.green, dash: [14, 5, 3, 5] },
    exact: { color: MUTED, dash: [4, 6] },
    paperMark: { color: HUE.yellow, dash: [3, 5] },
  },
  /** error against Δt: one colour per quantity (the ladders differ in dash), the slope guides */
  convergence: {
    position: { color: HUE.blue },
    velocity: { color: HUE.yellow },
    angle: { color: HUE.pink },
    spin: { color: HUE.green },
    guide: { color: MUTED },
  },
} satisfies Record<string, Record<string, LineStyle>>;

/** The opacity the ledger's stacked bands are filled with (their edges are drawn in the full colour). */
export const BAND_OPACITY = 0.8;

/** '#rrggbb' as 0xrrggbb (Pixi's tint). */
export function hexNumber(css: string): number {
  return parseInt(css.slice(1), 16);
}

/** A dash as a CSS border style (legend markers, swatches): none → solid, short dashes → dotted. */
export function borderStyle(dash: readonly number[] | undefined): 'solid' | 'dashed' | 'dotted' {
  if (!dash || dash.length === 0) return 'solid';
  return dash[0] <= 3 ? 'dotted' : 'dashed';
}
