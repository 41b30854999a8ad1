/**
 * The scenario file of an edited scene (issue 37 "save and share"): a build-mode session — walls, a gate, a pour,
 * runs between edits, a pin, a pour at a rate, a gate opened at a scheduled time, an erase — saved as a scenario with its `edits`
 * and loaded again gives the same state bit for bit at the same step, and the same run after it.
 */
import { describe, expect, it } from 'vitest';
import { SceneEditor } from '../../src/core/scene/scene-editor';
import { parseScenario } from '../../src/core/scenarios/schema';
import { BOX, sameState, stateColumns } from './scene-state';
import { differences } from './world-differences';

/** Steps the loaded scene as `sim run` does (scheduled edits at their step) until it is at `step` */
function runTo(e: SceneEditor, step: number): void {
  e.applyDue();
  while (e.world.stepCount < step) {
    e.world.step(e.stepsAllowed(step - e.world.stepCount));
    e.applyDue();
  }
}

describe('a scene built by edits, saved and loaded', () => {
  it('edit → file → load gives the same state bit for bit, and the same run from there', () => {
    const page = new SceneEditor(parseScenario({ ...BOX, name: 'my silo', generators: [] }));
    page.apply({ op: 'add-polyline', points: [[0.005, 0.2], [0.09, 0.12]] });
    page.apply({ op: 'add-polyline', points: [[0.11, 0.12], [0.195, 0.2]] });
    page.apply({ op: 'add-segment', a: [0.09, 0.12], b: [0.11, 0.12] });
    page.apply({ op: 'mark-gate', wall: 5, gate: 'orifice' });
    page.apply({ op: 'pour', region: [0.01, 0.2, 0.19, 0.29], count: 80, rMin: 0.004, rMax: 0.006, seed: 5 });
    page.world.step(700);
    const tPin = page.world.t;
    page.apply({ op: 'pin', body: 3 });
    page.apply({ op: 'pour', region: [0.01, 0.24, 0.19, 0.29], count: 6, rMin: 0.003, rMax: 0.004, rate: 1000, every: 0.002, seed: 11 });
    page.apply({ op: 'open-gate', gate: 'orifice', at: page.world.t + 300 * page.world.dt });
    for (let k = 0; k < 6; k++) {
      page.applyDue();
      page.world.step(page.stepsAllowed(250));
    }
    expect(page.world.walls.count).toBe(5); // the gate opened
    page.apply({ op: 'erase', center: [page.world.bodies.x[10], page.world.bodies.y[10]], radius: 0.005 });
    page.apply({ op: 'gravity', magnitude: 9.81, degrees: -80 });

    const text = JSON.stringify(page.save());
    const file = JSON.parse(text) as { edits: { op: string; at: number }[] };
    expect(file.edits.map((e) => e.op)).toEqual(['add-polyline', 'add-polyline', 'add-segment', 'mark-gate', 'pour', 'pin', 'pour', 'pour', 'pour', 'open-gate', 'erase', 'gravity']);
    expect(file.edits[5].at).toBe(tPin);
    const loaded = new SceneEditor(parseScenario(file));
    expect(loaded.world.stepCount).toBe(0);
    runTo(loaded, page.world.stepCount);
    expect(loaded.edits).toEqual(page.edits);
    expect(sameState(stateColumns(loaded.world), stateColumns(page.world))).toEqual([]);
    page.world.step(300);
    loaded.world.step(300);
    expect(differences(loaded.world, page.world)).toEqual([]);
    expect(JSON.stringify(loaded.save())).toBe(text);
  });

  it('a file edit that cannot apply is refused naming it, with the reason', () => {
    expect(() => new SceneEditor(parseScenario({ ...BOX, edits: [{ op: 'gravity', magnitude: 1, degrees: 0 }, { op: 'remove-wall', wall: 9 }] })))
      .toThrow('edits.1.wall: no wall 9; the scene has 3 walls, 0 to 2');
    expect(() => parseScenario({ ...BOX, edits: [{ op: 'pour', count: 5 }] })).toThrow(/^edits\.0\.rMin: /);
  });
});
