/**
 * A point of the E1 sweep as `sim sweep --json` prints it (sim/relaxation-run.ts makes it), and its CSV line.
 * No runtime imports: the page's t_R(Δt) panel formats its export with the same code.
 */

/** A sweep row: the fields (and their order) of `sim sweep --json` for a relaxation scenario. */
export interface RelaxationRow {
  scenario: string;
  dtOverTc: number;
  tangential: string;
  integrator: string;
  rotation: boolean;
  /** t_R / t_c (null: no fit) */
  tR: number | null;
  /** t_R [s] */
  tR_seconds: number | null;
  peaks: number;
  r2: number | null;
  decaying: boolean | null;
  status: 'ok' | 'diverged';
  steps: number;
  /** contact dynamics only */
  iterations?: number;
  sweep?: string;
  message?: string;
}

/** The columns of a sweep CSV, in `sim sweep --json` order (the optional ones last). */
export const RELAXATION_COLUMNS = ['scenario', 'dtOverTc', 'tangential', 'integrator', 'rotation', 'tR', 'tR_seconds', 'peaks', 'r2', 'decaying', 'status', 'steps'] as const;

/** A sweep row as a CSV line (RELAXATION_COLUMNS); numbers as `sim sweep --json` prints them, an empty cell for null/NaN. */
export function relaxationCsvLine(r: RelaxationRow): string {
  return RELAXATION_COLUMNS.map((c) => {
    const v = r[c];
    if (v === null || (typeof v === 'number' && !Number.isFinite(v))) return '';
    return String(v);
  }).join(',');
}
