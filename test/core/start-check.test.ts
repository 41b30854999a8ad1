/**
 * A start state no step can make sense of is refused at load, naming the body (issue 8): before, two discs at
 * the same centre diverged at the first step with a message about soft particles (Cundall) or NaN positions
 * (geometric, consistent), a disc centred on a segment wall was not seen by the wall at all, and a speed
 * whose kinetic energy overflows wrote a non-finite first row (now outside the velocity range: issue 39).
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, type ScenarioInput } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';
import { worldOf } from '../helpers';

const load = (input: Omit<ScenarioInput, 'name'>) => () => new World(parseScenario({ name: 'start', ...input }));

describe('unsound start states are refused with the body named', () => {
  for (const [tangential, integrator] of [['cundall', 'gear5'], ['geometric', 'gear5'], ['consistent', 'cdm']] as const) {
    it(`two discs at the same centre (${tangential}, ${integrator})`, () => {
      expect(load({ solver: { integrator, tangential }, particles: [{ x: 0, y: 0, r: 0.01 }, { x: 0, y: 0, r: 0.01 }] }))
        .toThrow(/particles\.1: starts overlapping particles\.0 by 200 % of the smaller size \(the same centre\); at most 50 % is allowed/);
    });
  }

  it('a disc centred on a segment wall', () => {
    expect(load({ walls: [{ type: 'segment', a: [-0.1, 0], b: [0.1, 0] }], particles: [{ x: 0, y: 0, r: 0.01 }] }))
      .toThrow(/particles\.0: its centre lies on walls\.0/);
  });

  it('a disc pushed deep into a line wall', () => {
    expect(load({ walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }], particles: [{ x: 0, y: 0.002, r: 0.01 }] }))
      .toThrow(/particles\.0: starts 80 % of its size inside walls\.0/);
  });

  it('a speed whose kinetic energy would overflow is out of the velocity range (issue 39), refused before any body is built', () => {
    expect(load({ particles: [{ x: 0, y: 0, r: 0.01, vx: 1e300 }] })).toThrow(/particles\.0\.vx: must be a velocity component from -1e5 to 1e5 m\/s, got 1e\+300/);
  });

  it('ordinary starts load: slight overlaps (the bench-like lattices) and a disc touching a segment', () => {
    expect(() => worldOf('pile')).not.toThrow();
    expect(() => worldOf('block-drop')).not.toThrow();
    expect(load({ walls: [{ type: 'segment', a: [-0.1, 0], b: [0.1, 0] }], particles: [{ x: 0, y: 0.0095, r: 0.01 }] })).not.toThrow();
  });
});
