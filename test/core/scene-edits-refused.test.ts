/**
 * Scene edits refused (issue 37 "bad input"): each gets a message naming the field and what is allowed, and nothing
 * changes — the world is the same object, the edits and undo levels as they were.
 */
import { describe, expect, it } from 'vitest';
import { SceneEditor } from '../../src/core/scene/scene-editor';
import { parseScenario } from '../../src/core/scenarios/schema';
import { BOX } from './scene-state';

function refused(e: SceneEditor, edit: unknown): string {
  const world = e.world, edits = e.edits.length, undo = e.canUndo;
  let message = '';
  try {
    e.apply(edit);
  } catch (err) {
    message = (err as Error).message;
  }
  expect(e.world).toBe(world);
  expect(e.edits.length).toBe(edits);
  expect(e.canUndo).toBe(undo);
  return message;
}

describe('scene edits refused, with a message naming the field', () => {
  const e = new SceneEditor(parseScenario(BOX), { maxBodies: 50 });
  const b = e.world.bodies;

  it('a wall of zero length, a wall through bodies', () => {
    expect(refused(e, { op: 'add-segment', a: [0.1, 0.2], b: [0.1, 0.2] })).toBe('b: the wall from (0.1, 0.2) to (0.1, 0.2) has zero length; its ends must differ');
    const [x, y] = [b.x[7], b.y[7]];
    expect(refused(e, { op: 'add-segment', a: [x - 0.05, y], b: [x + 0.05, y] }))
      .toMatch(/^b: the wall from \(.*\) to \(.*\) passes through body \d+ at \(.*\) \(radius .* m\); draw it clear of the bodies, or erase them first$/);
    expect(refused(e, { op: 'add-polyline', points: [[0.02, 0.25], [0.1, 0.25], [0.1, 0.25]] })).toMatch(/^points\.2: the wall from \(0\.1, 0\.25\) to \(0\.1, 0\.25\) has zero length/);
    expect(refused(e, { op: 'add-box', xmin: 0.1, ymin: 0.2, xmax: 0.1, ymax: 0.25 })).toBe('xmax: must be greater than xmin (0.1), got 0.1');
    expect(refused(e, { op: 'move-wall', wall: 0, by: [0, 0.05] })).toMatch(/^by: wall 0 there passes through body \d+/);
  });

  it('a pour outside the scene, into a wall, beyond the particle cap', () => {
    expect(refused(e, { op: 'pour', region: [-0.05, 0.15, 0.1, 0.25], count: 5, rMin: 0.004, rMax: 0.005 }))
      .toBe('region: its corner (-0.05, 0.15) lies outside the scene, beyond wall 1; pour inside the walls');
    const wall = new SceneEditor(parseScenario(BOX));
    wall.apply({ op: 'add-segment', a: [0.02, 0.2], b: [0.18, 0.2] });
    expect(refused(wall, { op: 'pour', region: [0.05, 0.193, 0.15, 0.207], count: 5, rMin: 0.004, rMax: 0.005, maxTries: 200 }))
      .toBe('count: only 0 of 5 grains fit in the region without overlapping the bodies and walls there (200 tries for the next); pour fewer or widen the region');
    expect(refused(e, { op: 'pour', region: [0.01, 0.15, 0.19, 0.29], count: 20, rMin: 0.004, rMax: 0.005 }))
      .toBe('count: 20 more would make 60 bodies; at most 50 are allowed');
    expect(refused(e, { op: 'pour', region: [0.01, 0.15, 0.19, 0.29], count: 5, rMin: 0.006, rMax: 0.005 })).toBe('rMin: must be ≤ rMax (0.005 m), got 0.006');
    expect(refused(e, { op: 'place', body: { x: b.x[3], y: b.y[3], r: 0.005 } })).toMatch(/^body: at \(.*\) it would overlap body 3 at /);
    expect(refused(e, { op: 'place', body: { x: 0.1, y: 0.001, r: 0.005 } })).toBe('body: at (0.1, 0.001) it would overlap wall 0; place it clear of the walls');
  });

  it('a gate opened twice, a gate that is not there, a gate name taken', () => {
    const g = new SceneEditor(parseScenario(BOX));
    g.apply({ op: 'add-segment', a: [0.02, 0.2], b: [0.18, 0.2] });
    g.apply({ op: 'mark-gate', wall: 3, gate: 'orifice' });
    expect(refused(g, { op: 'mark-gate', wall: 1, gate: 'orifice' })).toBe("gate: 'orifice' already names wall 3; give this gate another name");
    expect(refused(g, { op: 'open-gate', gate: 'door' })).toBe("gate: no gate named 'door'; the gates are 'orifice'");
    g.apply({ op: 'open-gate', gate: 'orifice' });
    expect(refused(g, { op: 'open-gate', gate: 'orifice' })).toBe("gate: 'orifice' is open already (opened at t = 0 s); a gate opens once");
  });

  it('unknown bodies and walls, pins that are already so', () => {
    expect(refused(e, { op: 'remove-wall', wall: 7 })).toBe('wall: no wall 7; the scene has 3 walls, 0 to 2');
    expect(refused(e, { op: 'pin', body: 40 })).toBe('body: no body 40; the scene has 40 bodies, 0 to 39');
    expect(refused(e, { op: 'unpin', body: 2 })).toBe('body: body 2 is not pinned');
    expect(refused(e, { op: 'erase', center: [0.1, 0.28], radius: 0.001 })).toBe('center: nothing to erase within 0.001 m of (0.1, 0.28) (walls are erased only with walls: true)');
  });

  it('an edit the schema refuses: the field and the range', () => {
    expect(refused(e, { op: 'pour', region: [0, 0, 1, 1], count: 0, rMin: 0.004, rMax: 0.005 })).toBe('count: must be ≥ 1');
    expect(refused(e, { op: 'gravity', magnitude: 9.81, degrees: 400 })).toBe('degrees: must be ≤ 360');
    expect(refused(e, { op: 'gravity', magnitude: 2e4, degrees: -90 })).toBe('magnitude: 20000 m/s² at -90° gives gravity y -20000 m/s²; each component must lie from -10000 to 10000 m/s²');
    expect(refused(e, { op: 'add-segment', a: [0, 0], b: [2e6, 0] })).toBe('b.0: must be a coordinate from -1e6 to 1e6 m, got 2000000');
    expect(refused(e, { op: 'add-segment', a: [0, 0], b: [1, 0], colour: 'red' })).toBe("(edit): unknown field(s) 'colour'");
    expect(refused(e, { op: 'paint' })).toMatch(/^op: /);
  });
});
