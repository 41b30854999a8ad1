/**
 * The lessons of lecture mode (issue 11, item 4; issue 36 item 2): each is a scenario with its settings and comparison —
 * written as URL parameters (url-state.ts), so a lesson is exactly what a shared URL reproduces — the charts it shows,
 * one sentence of what to watch, when its story ends (lesson-end.ts) and the headline numbers its last frame shows
 * (headlines.ts); a lesson of several parts plays them in turn (lesson-story.ts). `?lesson=<id>` opens one; the URL's
 * own parameters override the lesson's. A new lesson is one entry here.
 */
import {
  collisionHeadline, growthHeadline, heapHeadline, ledgerHeadline, planeHeadline, relaxationHeadline, restHeadline, scaleHeadline, wavesHeadline, type Headline,
} from './headlines';
import type { LessonEnd } from './lesson-end';
import { dischargeHeadline } from './silo-headline';

/** One part of a lesson's story: its scene and settings, what to watch, its end and its headline. */
export interface LessonPart {
  /** What to watch, one sentence (shown above the canvas) */
  watch: string;
  /** The part's settings as URL parameters */
  query: string;
  /** When the part ends: the run pauses there */
  end: LessonEnd;
  /** The numbers its last frame shows */
  headline: Headline;
  /** Its last frame measures the heap's flanks on the canvas with a protractor (render/protractor.ts) */
  protractor?: true;
  /** The view follows the tracked body at its zoom (render/scene.ts), so it never leaves the canvas */
  follow?: true;
}

export interface Lesson extends LessonPart {
  id: string;
  title: string;
  /** The charts shown (element ids under #charts); the others are hidden while the lesson is on */
  charts: readonly string[];
  /** Parts played after the first (the lesson's own watch, query, end and headline) */
  next?: readonly LessonPart[];
}

export const LESSONS: readonly Lesson[] = [
  {
    id: 'contact-time',
    title: '1 · A collision lasts t_c',
    watch: 'The discs touch for one contact time t_c (7 ms here, slowed down to 1.4 s): Δt must be a small fraction of it — here Δt = 0.02 t_c, 50 steps per collision.',
    query: 'scenario=head-on&dtOverTc=0.02',
    charts: ['chart-ek', 'chart-position'],
    end: { duration: 0.05 },
    headline: collisionHeadline,
  },
  {
    id: 'blow-up',
    title: '2 · Too large a Δt blows up',
    watch: 'A disc rests on a floor; its contact vibrates at ω = √(k_n/m). At Δt = 1.1 × Gear 5’s limit every step multiplies the vibration by the same factor: Ek climbs as a straight line on the log axis.',
    query: 'scenario=disc-on-floor&blowUp=1&logy=1',
    charts: ['chart-ek'],
    end: { blowUp: true },
    headline: growthHeadline,
    next: [{
      watch: 'A settled pile at rest. At t = 2 ms Δt rises from 0.02 to 0.055 t_c — half a single contact’s limit, yet above its stiffest mode’s: watch Ek climb from round-off.',
      query: 'scenario=pile-settled&blowUp=1&logy=1',
      end: { blowUp: true },
      headline: growthHeadline,
    }],
  },
  {
    id: 'relaxation',
    title: '3 · Relaxation depends on Δt (Cundall spring)',
    watch: 'A disc pressed against another relaxes as Ek ∝ exp(−t/t_R). At Δt = 0.1 t_c the Cundall spring gives t_R ≈ 20 t_c, the geometric scheme ≈ 119 t_c — the geometric one does not depend on Δt (paper 000).',
    query: 'scenario=two-disc&logy=1&speed=0.05&compare=cundall-vs-geometric', // ×0.05: the Cundall pair relaxes in ~7 s of wall time, the geometric in ~40 s
    charts: ['chart-ek', 'chart-divergence', 'chart-angle'],
    // both have relaxed past the fit's window (10⁻⁶ of the largest peak) before Ek reaches round-off
    end: { settled: 1e-7 },
    headline: relaxationHeadline,
  },
  {
    id: 'tangential-update',
    title: '4 · Traditional vs consistent tangential update',
    watch: 'A disc bounces with spin on a frictional floor at Δt = 0.13 t_c: the traditional spring update (blue) keeps more energy than it was given — on the ledger its residual (red) climbs with every bounce, above the consistent update’s (orange, dashed).',
    query: 'scenario=case-ii-drop&compare=traditional-vs-consistent',
    charts: ['chart-ek', 'chart-ledger', 'chart-divergence'],
    end: { duration: 2.5 },
    headline: ledgerHeadline,
    follow: true, // the disc bounces along the floor and rolls away
  },
  {
    id: 'friction',
    title: '5 · Friction builds heaps',
    watch: 'Grains poured on a floor form a heap whose slope grows with μ: change μ under Material, then Reset (μ = 0.1 → 12°, 0.5 → 31°, 0.9 → 54°).',
    query: 'scenario=heap',
    charts: ['chart-ek'],
    end: { duration: 4 },
    headline: heapHeadline,
    protractor: true,
  },
  {
    id: 'soft-vs-rigid',
    title: '6 · Soft DEM vs contact dynamics',
    watch: 'The same pile with soft, overlapping discs (Gear 5, Δt = 0.02 t_c, blue) and with rigid discs (contact dynamics, about 15 times the step, orange): watch where the two piles part and how each comes to rest.',
    query: 'scenario=cd-pile&compare=soft-vs-rigid',
    charts: ['chart-ek', 'chart-divergence'],
    end: { settled: 1e-6, duration: 1.5 },
    headline: restHeadline,
  },
  {
    id: 'contact-plane',
    title: '7 · Where two polygons touch: the contact plane',
    watch: 'A square turned 45° drops onto the corner of a fixed square and tips off it. The force acts across the contact plane; the chart draws the usual definition thick (the line through the two crossing points) and the three others thin: watch it jump when the crossing points change edges (paper 001).',
    query: 'scenario=plane-jump',
    charts: ['chart-angle', 'chart-position'],
    end: { duration: 0.9 }, // the square leaves the corner at 0.89 s
    headline: planeHeadline,
  },
  {
    id: 'pipe-waves',
    title: '8 · Density waves in a pipe',
    watch: 'Grains fall down a narrow pipe; dense plugs travel up the pipe while the grains fall through them — traffic-jam waves, the bright streaks of the space–time picture (paper 003). At the end the page measures their speed.',
    query: 'scenario=pipe-developed',
    charts: ['chart-ek', 'chart-flow'],
    end: { duration: 4 }, // from the flow stored after 4 s (lesson-scenes); the waves' speed from its last 2 s (docs/validation.md#e10-pipe-flow)
    headline: wavesHeadline,
  },
  {
    id: 'scale',
    title: '9 · A hundred thousand grains',
    watch: 'A silo of 100,000 discs drains through its orifice: the speed colours show the flow converging on the hole and a compaction front climbing the column. Each step is 17 μs: slow motion. Without a GPU, a lower max frames/s leaves the simulation more CPU.',
    query: 'scenario=silo',
    charts: ['chart-ek'],
    end: { duration: 0.05 },
    headline: scaleHeadline,
  },
  {
    id: 'silo',
    title: '10 · Make your own silo',
    watch: 'A silo built in build mode drains once its gate opens (t = 0.6 s): the chart shows the mass out, its rate W and Beverloo’s law (dashed). Build your own: e, New, draw walls (2), a gate (1, then Make gate), pour (5), Run, open it (o).',
    query: 'scenario=build-silo',
    charts: ['chart-discharge', 'chart-ek'],
    end: { discharge: 1 }, // the silo's 300 grains take ≈ 1.4 s to drain: 1 s of it is steady
    headline: dischargeHeadline,
  },
];

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}

/** The lesson's parts, in the order played. */
export function lessonParts(lesson: Lesson): readonly LessonPart[] {
  return [lesson, ...(lesson.next ?? [])];
}

/** The part of `lesson` whose scene is `scenario` (the first when none is: a lesson opened with another scene). */
export function partOf(lesson: Lesson, scenario: string): number {
  return Math.max(0, lessonParts(lesson).findIndex((p) => new URLSearchParams(p.query).get('scenario') === scenario));
}
