/** The bench's Markdown tables (src/cli/bench-tables.ts): what a row that stopped early shows. */
import { describe, expect, it } from 'vitest';
import { cdTable, type CdRow } from '../../src/cli/bench-tables';

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
