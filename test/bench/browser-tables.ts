/**
 * `npm run bench:browser -- … --doc FILE.md#BLOCK`: what the browser bench measured, as the Markdown tables of
 * docs/benchmarks.md (the piles, the polygon silo, the paused page) and docs/validation.md (the comparison's main thread).
 */
import { markdownTable, type Column } from '../../src/cli/markdown-table';

interface Times { mean: number; p95: number }
interface Perf extends Times { fps: number }

/** A pile measured in the page, with Node's rate over the same steps */
export interface PileMeasured {
  count: number; threads: number; fps: string; unpack: Perf; render: Times;
  browserPsps: number; browserNoDrawPsps: number; nodePsps: number; nodeNoDrawPsps: number;
}

/** The polygon silo measured in the page: as a pile, with the frames counted, the steps and the time they took */
export interface PolygonsMeasured extends PileMeasured {
  unpack: Perf & { frames: number }; render: Times & { frames: number }; seconds: number; steps: number; contacts: number;
}

/** The main thread during the 4-variant comparison, overlaid or side by side */
export interface ComparisonMeasured { layout: string; perf: Perf }

/** A paused page: the browser's CPU in % of one core, idling and kept drawing */
export interface PausedMeasured { query: string; n: number; idle: number; awake: number }

const ms = (p: Times, digits: number) => `${p.mean.toFixed(digits)} / ${p.p95.toFixed(digits)} ms`;
const rate = (browser: number, node: number) => `${(browser / 1e6).toPrecision(3)} / ${(node / 1e6).toPrecision(3)} M = ${(browser / node).toFixed(2)}`;

export function pilesTable(rows: PileMeasured[]): string {
  const columns: Column<PileMeasured>[] = [
    { head: 'discs', cell: (r) => r.count.toLocaleString('en-US') },
    { head: 'threads', cell: (r) => String(r.threads) },
    { head: 'max frames/s', cell: (r) => r.fps },
    { head: 'main thread per frame: unpack (mean / p95)', cell: (r) => ms(r.unpack, 2) },
    { head: "Pixi's render call (mean / p95)", cell: (r) => ms(r.render, 2) },
    { head: 'frames/s', cell: (r) => r.unpack.fps.toFixed(1) },
    { head: 'worker while drawing / Node', cell: (r) => rate(r.browserPsps, r.nodePsps) },
    { head: 'drawing stopped / Node', cell: (r) => rate(r.browserNoDrawPsps, r.nodeNoDrawPsps) },
  ];
  return markdownTable(columns, rows);
}

export function polygonsTable(rows: PolygonsMeasured[]): string {
  const columns: Column<PolygonsMeasured>[] = [
    { head: 'bodies', cell: (r) => r.count.toLocaleString('en-US') },
    { head: 'contacts', cell: (r) => r.contacts.toLocaleString('en-US') },
    { head: 'threads', cell: (r) => String(r.threads) },
    { head: 'max frames/s', cell: (r) => r.fps },
    { head: 'frames/s', cell: (r) => r.unpack.fps.toFixed(1) },
    { head: 'main thread per frame: unpack + render (mean / p95)', cell: (r) => `${ms(r.unpack, 1)} + ${ms(r.render, 1)}` },
    { head: 'main thread busy', cell: (r) => `${((r.unpack.mean * r.unpack.frames + r.render.mean * r.render.frames) / (10 * r.seconds)).toFixed(0)} %` },
    { head: 'worker steps/s while drawing', cell: (r) => (r.steps / r.seconds).toFixed(1) },
    { head: 'particle-steps/s while drawing / Node', cell: (r) => rate(r.browserPsps, r.nodePsps) },
    { head: 'drawing stopped / Node', cell: (r) => rate(r.browserNoDrawPsps, r.nodeNoDrawPsps) },
  ];
  return markdownTable(columns, rows);
}

export function comparisonTable(rows: ComparisonMeasured[]): string {
  const columns: Column<ComparisonMeasured>[] = [
    { head: 'pile (400 discs), 4 variants', cell: (r) => r.layout },
    { head: 'main thread per frame (mean / p95)', cell: (r) => ms(r.perf, 3) },
    { head: 'frames/s', cell: (r) => r.perf.fps.toFixed(1) },
  ];
  return markdownTable(columns, rows);
}

export function pausedTable(rows: PausedMeasured[]): string {
  const columns: Column<PausedMeasured>[] = [
    { head: 'paused page', cell: (r) => `\`${r.query}\` (${r.n.toLocaleString('en-US')} bodies)` },
    { head: 'idle', cell: (r) => `${r.idle.toFixed(0)} % of one core` },
    { head: 'kept drawing every animation frame', cell: (r) => `${r.awake.toFixed(0)} %` },
  ];
  return markdownTable(columns, rows);
}
