/**
 * What the position chart shows: the tracked particle's x and y (the clicked disc, else the
 * scenario's run.track[0]), or, in a scene with a piston and no disc chosen, the piston's position
 * along its inward normal (paper 004: the piston rings with ω ∝ √N_I).
 */
import type { SimStatus } from '../../protocol/api';
import type { ChartKind, Coordinates } from './charts';
import type { SeriesStore } from './series-store';

/** Rows the position chart shows (the store keeps the whole history for the CSV). */
export const POSITION_WINDOW_ROWS = 1000;

export function positionChartKind(s: Pick<SimStatus, 'tracked' | 'hasPiston'>): Extract<ChartKind, 'particle' | 'piston'> {
  return s.tracked < 0 && s.hasPiston ? 'piston' : 'particle';
}

/**
 * The coordinates of `particle` that change over rows [from, to) (those recorded while it was tracked);
 * both when neither changes (a disc at rest shows x and y).
 */
export function movingCoordinates(store: SeriesStore, from: number, to: number, particle: number): Coordinates {
  const { tracked, trackX, trackY } = store.cols;
  let x0 = NaN, y0 = NaN, xMoves = false, yMoves = false;
  for (let k = from; k < to && !(xMoves && yMoves); k++) {
    if (tracked[k] !== particle) continue;
    if (Number.isNaN(x0)) { x0 = trackX[k]; y0 = trackY[k]; continue; }
    if (trackX[k] !== x0) xMoves = true;
    if (trackY[k] !== y0) yMoves = true;
  }
  return xMoves === yMoves ? 'xy' : xMoves ? 'x' : 'y';
}

/** The chart's title; `shape`: a body's name by its shape ('hexagon'; undefined: a disc). */
export function positionChartTitle(s: Pick<SimStatus, 'tracked' | 'trackedBy' | 'hasPiston'>, shape: (i: number) => string | undefined = () => undefined): string {
  if (positionChartKind(s) === 'piston') return 'Piston position (inward)';
  const name = shape(s.tracked) ?? 'disc';
  const body = `${name.charAt(0).toUpperCase()}${name.slice(1)} ${s.tracked}`;
  if (s.trackedBy === 'scenario') return `${body} position (tracked)`;
  if (s.trackedBy === 'selection') return `${body} position (clicked)`;
  return 'Position';
}
