/**
 * The density waves' speed along the pipe read off the space–time picture's rows (issue 36 item 4): the core's
 * estimator (core/diagnostics/density-waves.ts: the shift that best correlates the density fluctuations of rows
 * 0.4 s apart) over the newer half of the rows, where the flow has developed (the CLI's run summary takes the second
 * half of its run the same way). NaN until there are rows enough.
 */
import { densityWaveSpeed } from '../../core/diagnostics/density-waves';
import type { SpaceTimeImage } from './space-time-image';

/** The speed [m/s] of the density pattern along +x in rows [rows/2, rows) of `image`, rows `every` s apart, columns `columnWidth` m wide. */
export function waveSpeed(image: SpaceTimeImage, every: number, columnWidth: number): number {
  const rows: Float64Array[] = [];
  for (let r = Math.floor(image.rows / 2); r < image.rows; r++) rows.push(Float64Array.from(image.row(r)));
  return densityWaveSpeed(rows, every, columnWidth).speed;
}
