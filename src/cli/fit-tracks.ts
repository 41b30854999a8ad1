/**
 * `sim fit`: fits paper 004 Eq. 21, x(t) = x₀ + A e^{−(t−t₀)/τ} sin(ω(t−t₀) + φ), to one column of a
 * tracks.csv written by `sim run` (e.g. x_49 of cd-chain, piston_3 of cd-piston) between two times.
 */
import { readFileSync } from 'node:fs';
import { fitDampedSine, type DampedSineFit } from '../core/diagnostics/damped-sine-fit';
import { ScenarioError } from '../core/scenarios/schema';

export function fitTracks(file: string, column: string, from: number, to: number): DampedSineFit & { column: string; from: number; to: number; sampleDt: number } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ScenarioError([`fit: cannot read '${file}'`]);
  }
  const lines = text.trim().split('\n');
  const header = lines[0].split(',');
  const c = header.indexOf(column);
  if (c < 0) throw new ScenarioError([`fit --column: '${column}' is not in ${file}; columns: ${header.slice(1).join(', ')}`]);
  const t: number[] = [], x: number[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const tk = Number(cells[0]);
    if (tk >= from && tk <= to && cells[c] !== '') { t.push(tk); x.push(Number(cells[c])); }
  }
  if (t.length < 8) throw new ScenarioError([`fit: only ${t.length} rows with t in [${from}, ${to}]; need at least 8`]);
  const f = fitDampedSine(t, x);
  return { column, from: t[0], to: t[t.length - 1], sampleDt: (t[t.length - 1] - t[0]) / (t.length - 1), ...f };
}
