/** The bench's Markdown tables (src/cli/bench-tables.ts): what a row that stopped early shows; what the LAMMPS table's heads say. */
import { describe, expect, it } from 'vitest';
import { cdTable, lammpsTable, type CdRow, type LammpsRow } from '../../src/cli/bench-tables';

const row = (iterations: number, status: string, msPerStep: number): CdRow => ({
  scenario: 'pile (CD)', particles: 16000, contactsPerParticle: 2.98, iterations, steps: 3, msPerStep,
  nsPerContactSweep: msPerStep * 1e6 / (16000 * 1.49 * iterations), search: 'cell mask 5×5', status,
});

describe('the contact-dynamics table', () => {
  it('prints a run that stopped as stopped, not its (meaningless) time', () => {
    const lines = cdTable([row(40, 'ok', 918), row(80, 'diverged', 0.00362)]).split('\n');
    expect(lines.find((l) => l.includes('| 40 |'))).toMatch(/\| 918 \| \d+ \|$/);
    expect(lines.find((l) => l.includes('| 80 |'))).toMatch(/\| diverged \| diverged \|$/);
    expect(lines.join('\n')).not.toContain('0.00362');
  });
});

describe('the LAMMPS table', () => {
  const row = (threads: number): LammpsRow => ({
    particles: 10000, threads, contactsPerParticle: 4.7, steps: 2000, repeat: 3, lammps: 19.5e6, cdm: 13.3e6, cdmRatio: 0.68, cdmRatioMin: 0.66, cdmRatioMax: 0.71,
    gear5: 11e6, gear5Ratio: 0.56, gear5RatioMin: 0.55, gear5RatioMax: 0.58,
  });
  it('names the ranks and threads on two cores, and nothing on one', () => {
    expect(lammpsTable([row(2)])).toContain('| particles | contacts/particle | LAMMPS, 2 ranks | cdm + Cundall, 2 threads | ratio | Gear 5 + Cundall, 2 threads | ratio |');
    expect(lammpsTable([row(2)])).toContain('| 10,000 | 4.7 | 19.5 M | 13.3 M | 0.68 (0.66–0.71) | 11 M | 0.56 (0.55–0.58) |');
    expect(lammpsTable([row(1)])).toContain('| particles | contacts/particle | LAMMPS | cdm + Cundall | ratio | Gear 5 + Cundall | ratio |');
  });
});
