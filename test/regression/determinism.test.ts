/**
 * Golden determinism hashes (issue 13 step 1): every built-in gives byte-identical series.csv and
 * tracks.csv to the stored hashes, so any change to disc physics is deliberate and visible. Node only:
 * Math.sin and friends are not bit-identical across JavaScript engines.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOLDEN_CASES, goldenRun, type GoldenRun } from './golden-runs';

const FILE = join(import.meta.dirname, '../fixtures/golden-hashes.json');
const update = process.env.GOLDEN_UPDATE === '1';
const stored: Record<string, GoldenRun> = update ? {} : JSON.parse(readFileSync(FILE, 'utf8'));

describe('golden determinism hashes of the built-ins', () => {
  const names = Object.keys(GOLDEN_CASES);
  it('covers every built-in and variant', () => {
    if (update) return;
    expect(Object.keys(stored).sort()).toEqual([...names].sort());
  });
  for (const name of names) {
    it(`${name}: series.csv and tracks.csv unchanged to the bit`, () => {
      const run = goldenRun(name);
      if (update) {
        stored[name] = run;
        writeFileSync(FILE, JSON.stringify(stored, null, 2) + '\n');
        return;
      }
      expect(run).toEqual(stored[name]);
    });
  }
});
