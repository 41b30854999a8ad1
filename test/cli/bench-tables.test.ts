/** The bench's Markdown tables (src/cli/bench-tables.ts): what a row that stopped early shows; what the LAMMPS tables' heads say; no ratio for a run that blew up. */
import { describe, expect, it } from 'vitest';
import { cdTable, lammpsTable, polygonLammpsTable, type CdRow, type LammpsRow, type PolygonLammpsRow } from '../../src/cli/bench-tables';

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

describe('the polygon LAMMPS table', () => {
  const row = (threads: number, lammpsBlown = ''): PolygonLammpsRow => ({
    particles: 1000, threads, contactsPerParticle: 4.2, steps: 5000, repeat: 3,
    lammps: 0.83e6, lammpsNsPerContact: 680, lammpsStepsPerRebuild: 200,
    cdm: 0.26e6, cdmNsPerContact: 1600, cdmStepsPerRebuild: 1000, cdmRatio: 0.32, cdmRatioMin: 0.3, cdmRatioMax: 0.35,
    gear5: 0.33e6, gear5NsPerContact: 1300, gear5StepsPerRebuild: 20, gear5Ratio: 0.4, gear5RatioMin: 0.38, gear5RatioMax: 0.41,
    settleSteps: 28000, settledSpeed: 0.0068, lammpsSettleSteps: 3000, lammpsSettledSpeed: 0.009,
    lammpsEndSpeed: 0.02, cdmEndSpeed: 0.007, gear5EndSpeed: 0.15, lammpsBlown, cdmBlown: '', gear5Blown: '',
  });
  it('gives each code its rate, ns per contact and steps per rebuild, and the settling', () => {
    const text = polygonLammpsTable([row(1), row(2)]);
    expect(text).toContain('| particles | cores | contacts/particle | LAMMPS | ns/contact | steps/rebuild | cdm + Cundall | ns/contact | steps/rebuild | ratio | Gear 5 + Cundall | ns/contact | steps/rebuild | ratio |');
    expect(text).toContain('| 1,000 | 1 | 4.2 | 0.83 M | 680 | 200 | 0.26 M | 1600 | 1000 | 0.32 (0.30–0.35) | 0.33 M | 1300 | 20 | 0.40 (0.38–0.41) |');
    expect(text).toContain('| 1,000 | 2 (ranks / threads) | 28,000 | 0.0068 m/s | 3,000 | 0.009 m/s | 0.02 / 0.007 / 0.15 m/s |');
  });
  it('prints no ratio for a run that blew up, and says why', () => {
    const text = polygonLammpsTable([{ ...row(1, '3 atoms lost'), cdmRatio: NaN, cdmRatioMin: NaN, cdmRatioMax: NaN, gear5Ratio: NaN, gear5RatioMin: NaN, gear5RatioMax: NaN }]);
    expect(text).toContain('| 1,000 | 1 | 4.2 | blew up | – | – | 0.26 M | 1600 | 1000 | none (see below) |');
    expect(text).not.toContain('0.83 M');
    expect(text).toContain('LAMMPS blew up (3 atoms lost)');
  });
  it('tells an lmp that crashed from a pile that blew up, and shows no figure it does not have', () => {
    const why = 'while settling, lmp was killed by SIGABRT: *** stack smashing detected ***: terminated';
    const text = polygonLammpsTable([{
      ...row(2, why), lammpsSettleSteps: NaN, lammpsSettledSpeed: NaN, lammpsEndSpeed: NaN,
      cdmRatio: NaN, cdmRatioMin: NaN, cdmRatioMax: NaN, gear5Ratio: NaN, gear5RatioMin: NaN, gear5RatioMax: NaN,
    }]);
    expect(text).toContain('| 1,000 | 2 (ranks / threads) | 4.2 | failed | – | – | 0.26 M | 1600 | 1000 | none (see below) |');
    expect(text).toContain('| 1,000 | 2 (ranks / threads) | 28,000 | 0.0068 m/s | – | – | – / 0.007 / 0.15 m/s |');
    expect(text).toContain(`- 1,000 polygons on 2 cores: LAMMPS failed (${why}); no ratio is given for it.`);
    expect(text).not.toContain('NaN');
  });
});
