/**
 * The scenario's run section: duration, output, tracks, the selected contact, fits, the parameter schedule,
 * the space–time rows and the convergence ladder. Part of schema.ts.
 */
import { z } from 'zod';
import { PARAM_NAMES } from '../config/param-table';
import { physical, positive, R } from './schema-fields';

/** Most entries of run.track (tracks.csv gets 6 columns per entry) */
export const MAX_TRACKED = 1000;
/** Most entries of run.schedule */
export const MAX_SCHEDULE = 1000;
/**
 * The parameters of one run.schedule entry: the live parameters' names (config/param-table.ts, the table `--help`
 * prints) and no other key — 'toString' or '__proto__' is an unknown field; values are checked by checkPatch.
 * A record, not an object, so the keys keep the scenario's order (the app's schedule note quotes them).
 */
const scheduleSetSchema = z.partialRecord(z.enum(PARAM_NAMES), z.unknown());

export const runSchema = z.strictObject({
  /** Simulated time [s] (or give durationOverTc) */
  duration: positive().optional(),
  durationOverTc: positive().optional(),
  /** Write a row every this many steps (default: about 2000 rows per run) */
  outputEvery: z.int().min(1).optional(),
  /**
   * Playback speed in the app: simulated seconds per wall-clock second, chosen so that the scene's
   * event is watchable (default: as fast as the machine goes). The headless runner ignores it.
   */
  speed: z.number().min(1e-9).max(1e6).optional(),
  /** Particle indices written to tracks.csv (6 columns each) */
  track: z.array(z.int().min(0)).max(MAX_TRACKED).default([]),
  /** The contact (i, j) whose normal angle is charted; j = -1-w for wall w */
  selectContact: z.tuple([z.int(), z.int()]).optional(),
  /**
   * Damped-sine fit (paper 004 Eq. 21) of a particle coordinate or of the first piston's position
   * (along its normal) between the times from and to [s]; reported in the run summary.
   */
  oscillation: z.strictObject({
    of: z.union([z.int().min(0), z.literal('piston')]),
    coordinate: z.enum(['x', 'y']).default('x'),
    from: z.number().min(0),
    to: z.number().positive().optional(),
  }).optional(),
  /**
   * Live-parameter changes during the run (e.g. the force step of paper 004 §IV): at time `at` [s]
   * the parameters of `set` (names and ranges as for sliders and --set) take effect, in order.
   */
  schedule: z.array(z.strictObject({ at: z.number().min(0), set: scheduleSetSchema })).max(MAX_SCHEDULE).default([]),
  /** Window for the relaxation fit Ek ∝ exp(−t/tR): Ek peaks between from·max and to·max */
  relaxation: z.strictObject({
    from: z.number().gt(0).lt(1).default(1e-2),
    to: z.number().gt(0).lt(1).default(1e-6),
    /** Stop the run once an Ek peak falls below to·max */
    stopWhenRelaxed: z.boolean().default(true),
  }).optional(),
  /**
   * Space–time density of a periodic pipe (docs/validation.md#e10-pipe-flow): every `every` seconds the movable
   * grains are counted in bins of `binWidth` along x; `sim run` writes spacetime.csv and spacetime.png,
   * the app draws the rows as an image. Needs domain.periodicX.
   */
  spaceTime: z.strictObject({
    every: z.number().min(1e-9).max(1e6).default(0.05),
    binWidth: physical(R.length),
  }).optional(),
  /** Δt ladder for `sim convergence` (docs/validation.md#e5-and-e6-gssss-orders) */
  convergence: z.strictObject({
    /** Window [s] (default run.duration) */
    duration: positive().optional(),
    /** Step counts over the window, coarse to fine */
    steps: z.array(z.int().min(1).max(1e8)).min(2).max(64),
    /** Errors are the maximum over this many equally spaced times; must divide every step count */
    samples: z.int().min(1).default(64),
    /** Without an analytic solution the reference runs this many times finer than the finest step */
    referenceFactor: z.int().min(2).max(1024).default(16),
  }).optional(),
});

/** Most bins of a space–time row (the image's width) */
export const MAX_SPACE_TIME_BINS = 8192;
