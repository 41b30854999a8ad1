/**
 * The E1 sweep the t_R(Δt) panel runs: every Δt/t_c of the list for each of the four series (Cundall and
 * geometric, rotation free and locked), as `sim sweep two-disc --dt-over-tc L --set tangential=cundall,geometric
 * --set rotation=true,false` runs them: the same assignments, in the same order (Δt outermost).
 */
import { CHARTS, type LineStyle } from '../palette';

export const SWEEP_SCENARIO = 'two-disc';
/** Δt/t_c run by default: paper 000 Fig. 5's list without 10⁻⁴ (≈ 7·10⁶ steps per point; type it to add it) */
export const DEFAULT_DTS = '0.1,0.02,0.01,0.001';

/** A series of the sweep: what it runs, its label, and its line (colour and dash: each series its own). */
export interface SweepSeries extends LineStyle {
  tangential: 'cundall' | 'geometric';
  rotation: boolean;
  label: string;
}

const LINES = CHARTS.relaxation;

export const SWEEP_SERIES: readonly SweepSeries[] = [
  { tangential: 'cundall', rotation: true, label: 'Cundall, rotation free', ...LINES.cundallFree },
  { tangential: 'cundall', rotation: false, label: 'Cundall, rotation locked', ...LINES.cundallLocked },
  { tangential: 'geometric', rotation: true, label: 'geometric, rotation free', ...LINES.geometricFree },
  { tangential: 'geometric', rotation: false, label: 'geometric, rotation locked', ...LINES.geometricLocked },
];

/** Largest Δt list accepted (points × 4 runs) */
export const MAX_DTS = 8;

export interface PlannedPoint {
  dt: string;
  series: number;
  assignments: string[];
}

/**
 * Parses the Δt/t_c list ("0.1,0.02,…": plain decimals, 1e-5 to 1 each, at most MAX_DTS) into the runs;
 * throws an Error naming the field and the range.
 */
export function planSweep(list: string): PlannedPoint[] {
  const cells = list.split(',').map((v) => v.trim()).filter((v) => v !== '');
  const bad = cells.find((v) => !/^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(v) || !(Number(v) >= 1e-5 && Number(v) <= 1));
  if (!cells.length || bad !== undefined || cells.length > MAX_DTS) {
    throw new Error(`Δt/tc list: 1 to ${MAX_DTS} numbers from 1e-5 to 1, separated by commas (like ${DEFAULT_DTS})${bad !== undefined ? `; '${bad.slice(0, 20)}' is not one` : ''}`);
  }
  return cells.flatMap((dt) => SWEEP_SERIES.map((s, series) => ({
    dt, series, assignments: [`dtOverTc=${dt}`, `tangential=${s.tangential}`, `rotation=${s.rotation}`],
  })));
}
