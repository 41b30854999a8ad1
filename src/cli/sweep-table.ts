/**
 * `sim sweep --doc`: the sweep's rows as the Markdown table the docs show. A relaxation sweep is a grid, one row per
 * combination of the --set values and one column per Δt/t_c, each cell t_R/t_c (E1, E3); a sweep of a scenario with
 * run.oscillation has one row per run with the damped-sine fit (ωΔt, τ/Δt, rms/A: E9).
 */
import { markdownTable, type Column } from './markdown-table';

/** One run of the sweep: its --set assignments (the Δt axis apart), its --dt-over-tc value and its printed row */
export interface SweepPoint {
  /** e.g. ['tangential=cundall', 'rotation=true'] */
  sets: string[];
  /** the value given to --dt-over-tc, as typed; null when the sweep has no Δt axis */
  dtOverTc: string | null;
  row: {
    scenario: string; dtOverTc: number; tR: number | null; status: string;
    omegaDt?: number; tauOverDt?: number; rmsOverA?: number;
  };
}

const unique = (values: string[]) => [...new Set(values)];
const failed = (p: SweepPoint) => (p.row.status === 'ok' ? '' : ` (${p.row.status})`);
const dtLabel = (p: SweepPoint) => String(p.dtOverTc === null ? +p.row.dtOverTc.toPrecision(4) : Number(p.dtOverTc));
const rowLabel = (p: SweepPoint) => p.sets.join(', ') || p.row.scenario;

export function sweepTable(points: SweepPoint[]): string {
  return points.some((p) => p.row.omegaDt !== undefined) ? oscillationTable(points) : relaxationTable(points);
}

/** t_R/t_c: a row per combination of the --set values, a column per Δt/t_c */
function relaxationTable(points: SweepPoint[]): string {
  const cell = (p: SweepPoint | undefined) => (!p ? '' : (p.row.tR === null || Number.isNaN(p.row.tR) ? '—' : p.row.tR.toFixed(2)) + failed(p));
  const columns: Column<string>[] = [
    { head: 'Δt/t_c', cell: (label) => label },
    ...unique(points.map(dtLabel)).map((dt) => ({ head: dt, cell: (label: string) => cell(points.find((p) => rowLabel(p) === label && dtLabel(p) === dt)) })),
  ];
  return markdownTable(columns, unique(points.map(rowLabel)));
}

/** The damped-sine fit of each run: a column per swept key, then ωΔt, τ/Δt and the fit's rms/A */
function oscillationTable(points: SweepPoint[]): string {
  const keys = points[0].sets.map((s) => s.slice(0, s.indexOf('=')));
  const fit = (v: number | undefined, digits: (v: number) => string) => (v === undefined || !Number.isFinite(v) ? '—' : digits(v));
  const columns: Column<SweepPoint>[] = [
    ...keys.map((key, k) => ({ head: key, cell: (p: SweepPoint) => p.sets[k].slice(key.length + 1) })),
    ...(points[0].dtOverTc === null ? [] : [{ head: 'Δt/t_c', cell: dtLabel }]),
    { head: 'ωΔt', cell: (p) => fit(p.row.omegaDt, (v) => v.toPrecision(4)) + failed(p) },
    { head: 'τ/Δt', cell: (p) => fit(p.row.tauOverDt, (v) => v.toFixed(0)) },
    { head: 'rms/A', cell: (p) => fit(p.row.rmsOverA, (v) => v.toFixed(3)) },
  ];
  return markdownTable(columns, points);
}
