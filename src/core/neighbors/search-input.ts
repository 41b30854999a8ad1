/** What every neighbour search reads: positions at the evaluation configuration and radii. */
import type { PeriodicX } from '../boundaries/periodic';

export interface SearchInput {
  n: number;
  x: Float64Array;
  y: Float64Array;
  radius: Float64Array;
  periodic: PeriodicX;
  /** Extra distance beyond touching for a pair to be a candidate [m] */
  skin: number;
}
