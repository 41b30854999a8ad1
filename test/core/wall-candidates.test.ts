/**
 * The walls' Verlet list (contacts/wall-candidates.ts) only skips bodies that cannot touch a wall: discs
 * poured into a box with a tilted segment, and a floor rising into discs at rest, stepped with the lists and
 * with every body tested against every wall (margin = ∞), give the same bits, step after step, through the
 * pair list's rebuilds and the wall's motion. With the lists, most bodies are not tested at all.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, type ScenarioInput } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';
import type { WallCandidates } from '../../src/core/contacts/wall-candidates';
import { differences } from './world-differences';

/** Discs poured into a box, with a tilted segment in a corner */
const POURED = {
  name: 'wall-gas',
  material: { kn: 1e5, ktOverKn: 0.5, en: 0.3, mu: 0.3, density: 1000 },
  solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc: 0.05 },
  gravity: [1, -4],
  walls: [
    { type: 'box', xmin: 0, xmax: 0.3, ymin: 0, ymax: 0.5, openTop: true },
    { type: 'segment', a: [0, 0.05], b: [0.12, 0] },
  ],
  generators: [{ type: 'random', count: 300, region: [0.01, 0.06, 0.29, 0.3], rMin: 0.004, rMax: 0.006, speedJitter: 0.05, seed: 5 }],
} as ScenarioInput;

/** Two rows of discs at rest, apart, and a floor rising into them: only the wall moves until it meets them */
const RISING_FLOOR = {
  name: 'rising-floor',
  material: { kn: 1e5, ktOverKn: 0.5, en: 0.3, mu: 0.3, density: 1000 },
  solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc: 0.05 },
  gravity: [0, 0],
  walls: [{ type: 'line', point: [0, 0], normal: [0, 1], velocity: [0, 0.3] }],
  generators: [{ type: 'lattice', lattice: 'square', origin: [0.01, 0.03], nx: 50, ny: 2, spacing: 0.012, r: 0.005, radiusJitter: 0.1, seed: 2 }],
} as ScenarioInput;

const candidatesOf = (w: World): WallCandidates => w.pipeline.narrow.wallCandidates;

describe('the walls’ Verlet list', () => {
  for (const [name, input] of [['discs poured into a box and a segment', POURED], ['a floor rising into discs at rest (lists made again as it moves)', RISING_FLOOR]] as const) {
    it(`${name}: the bits of testing every body against every wall`, () => {
      const spec = parseScenario(input);
      const listed = new World(spec), full = new World(spec);
      candidatesOf(full).margin = Infinity;
      const builds0 = listed.search.builds;
      let wallContacts = 0, tested = 0;
      for (let s = 0; s < 80; s++) {
        listed.step(50); full.step(50);
        expect(differences(listed, full), `after ${listed.stepCount} steps`).toEqual([]);
        wallContacts += listed.contacts.count - listed.contacts.pairContacts;
        const near = candidatesOf(listed);
        for (let w = 0; w < listed.walls.count; w++) tested += near.end(w) - near.first(w);
      }
      expect(listed.health.status).toBe('ok');
      // the pair list, and with it the walls' lists, was kept for a step or more many times
      expect(listed.search.builds - builds0).toBeLessThan(0.9 * listed.stepCount);
      expect(wallContacts).toBeGreaterThan(50); // the walls are hit (summed over the 80 looks)
      // a body is tested against a wall only if it is near it
      expect(tested / 80).toBeLessThan(0.5 * listed.n);
    });
  }
});
