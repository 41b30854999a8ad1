/**
 * Scene edits on the core's state (issue 37, src/core/scene/): each operation on a settled box of discs — walls,
 * gates, bodies with their contact histories, pins, gravity, a pour — and exact undo and redo.
 */
import { describe, expect, it } from 'vitest';
import { LINE, SEGMENT } from '../../src/core/boundaries/walls';
import { SceneEditor } from '../../src/core/scene/scene-editor';
import { parseScenario, type ScenarioInput } from '../../src/core/scenarios/schema';
import { FIXED } from '../../src/core/state/body-flags';
import type { World } from '../../src/core/sim/world';
import { differences } from './world-differences';
import { BOX, sameState, stateColumns } from './scene-state';

function settled(input: ScenarioInput = BOX, steps = 1500): SceneEditor {
  const e = new SceneEditor(parseScenario(input));
  e.world.step(steps);
  return e;
}

/** The contacts between bodies with their springs, as 'i-j' → ξ */
function springs(w: World): Map<string, number> {
  const c = w.contacts, m = new Map<string, number>();
  for (let k = 0; k < c.count; k++) m.set(`${c.i[k]}-${c.j[k]}`, c.xi[k]);
  return m;
}

describe('scene edits on the core state', () => {
  it('an edit builds a new world and leaves the one before it untouched; the kept contacts keep their springs', () => {
    const e = settled(), before = e.world, columns = stateColumns(before), xi = springs(before);
    expect([...xi.values()].filter((v) => v !== 0).length).toBeGreaterThan(5); // sheared springs to carry
    e.apply({ op: 'add-segment', a: [0.02, 0.25], b: [0.18, 0.25] });
    expect(e.world).not.toBe(before);
    expect(sameState(stateColumns(before), columns)).toEqual([]);
    expect(e.world.walls.count).toBe(before.walls.count + 1);
    expect(e.world.walls.kind[3]).toBe(SEGMENT);
    expect(e.world.t).toBe(before.t);
    expect(e.world.stepCount).toBe(before.stepCount);
    const after = springs(e.world);
    for (const [pair, v] of xi) if (!pair.startsWith('-')) expect(after.get(pair), pair).toBe(v);
    expect(Array.from(e.world.bodies.x.subarray(0, 40))).toEqual(Array.from(before.bodies.x.subarray(0, 40)));
    expect(Array.from(e.world.bodies.vy.subarray(0, 40))).toEqual(Array.from(before.bodies.vy.subarray(0, 40)));
  });

  it('erasing bodies takes their contacts with them and renumbers the others, springs kept', () => {
    const e = settled(), before = e.world, xi = springs(before);
    const [x, y] = [before.bodies.x[10], before.bodies.y[10]];
    e.apply({ op: 'erase', center: [x, y], radius: 1e-4 });
    expect(e.world.n).toBe(39);
    const after = springs(e.world), renumber = (b: number) => (b > 10 ? b - 1 : b);
    let kept = 0;
    for (const [pair, v] of xi) {
      const [i, j] = pair.split('-').map(Number);
      if (pair.startsWith('-') || i === 10 || j === 10) continue;
      expect(after.get(`${renumber(i)}-${renumber(j)}`), pair).toBe(v);
      kept++;
    }
    expect(kept).toBeGreaterThan(0);
    for (const pair of after.keys()) expect(pair.split('-').map(Number)).not.toContain(NaN);
  });

  it('pin fixes a body at rest where it is; unpin lets it fall again', () => {
    const e = settled(BOX, 200);
    const k = 5, x = e.world.bodies.x[k];
    e.apply({ op: 'pin', body: k });
    const w = e.world.bodies;
    expect(w.flags[k] & FIXED).toBe(FIXED);
    expect([w.vx[k], w.vy[k], w.invMass[k]]).toEqual([0, 0, 0]);
    expect(w.x[k]).toBe(x);
    e.world.step(200);
    expect(e.world.bodies.x[k]).toBe(x);
    e.apply({ op: 'unpin', body: k });
    expect(e.world.bodies.flags[k] & FIXED).toBe(0);
    expect(e.world.bodies.invMass[k]).toBe(1 / e.world.bodies.mass[k]);
  });

  it('gravity tilts: magnitude and direction, exact zeros at multiples of 90°', () => {
    const e = settled(BOX, 10);
    e.apply({ op: 'gravity', magnitude: 9.81, degrees: -90 });
    expect([e.world.params.gravityX, e.world.params.gravityY]).toEqual([0, -9.81]);
    e.apply({ op: 'gravity', magnitude: 2, degrees: -60 });
    expect(e.world.params.gravityX).toBeCloseTo(1, 14);
    expect(e.world.params.gravityY).toBeCloseTo(-Math.sqrt(3), 14);
    e.world.step(300); // the pile slides to +x
    let mean = 0;
    for (let k = 0; k < e.world.n; k++) mean += e.world.bodies.vx[k] / e.world.n;
    expect(mean).toBeGreaterThan(0);
  });

  it('walls: a polyline and a box are segments; move, turn, velocity and removal', () => {
    const e = settled(BOX, 10);
    e.apply({ op: 'add-polyline', points: [[0.02, 0.28], [0.1, 0.2], [0.18, 0.28]] });
    e.apply({ op: 'add-box', xmin: 0.05, ymin: 0.21, xmax: 0.15, ymax: 0.27, openTop: false });
    let W = e.world.walls;
    expect(W.count).toBe(3 + 2 + 4);
    expect(Array.from(W.kind.subarray(0, W.count))).toEqual([LINE, LINE, LINE, SEGMENT, SEGMENT, SEGMENT, SEGMENT, SEGMENT, SEGMENT]);
    e.apply({ op: 'remove-wall', wall: 8 });
    e.apply({ op: 'move-wall', wall: 6, by: [0, 0.01] });
    W = e.world.walls;
    expect([W.ay[6], W.by[6]]).toEqual([0.21 + 0.01, 0.21 + 0.01]); // the box's floor
    e.apply({ op: 'rotate-wall', wall: 3, degrees: 90 });
    W = e.world.walls;
    expect(W.ax[3]).toBeCloseTo(0.02, 12); // the segment (0.02, 0.28)–(0.1, 0.2) turned a quarter about (0.06, 0.24)
    expect(W.ay[3]).toBeCloseTo(0.2, 12);
    expect(W.bx[3]).toBeCloseTo(0.1, 12);
    expect(W.by[3]).toBeCloseTo(0.28, 12);
    const t = e.world.t;
    e.apply({ op: 'wall-velocity', wall: 4, velocity: [0.5, 0] });
    W = e.world.walls;
    expect(W.vx[4]).toBe(0.5);
    expect(W.ax[4] + 0.5 * t).toBeCloseTo(0.1, 12); // where it is now, moving from now on
    e.world.step(100);
    e.apply({ op: 'remove-wall', wall: 4 });
    expect(e.world.walls.count).toBe(7);
  });

  it('a gate is a named wall that open-gate removes, at once or at a scheduled time', () => {
    const e = settled(BOX, 10);
    e.apply({ op: 'add-segment', a: [0.02, 0.2], b: [0.18, 0.2] });
    e.apply({ op: 'mark-gate', wall: 3, gate: 'orifice' });
    expect(e.world.toSpec().walls.map((w) => (w.type === 'box' ? null : w.gate))).toEqual([undefined, undefined, undefined, 'orifice']); // the state's export keeps it
    const t = e.world.t, due = t + 50 * e.world.dt;
    e.apply({ op: 'open-gate', gate: 'orifice', at: due });
    expect(e.world.walls.count).toBe(4);
    expect(e.scheduled.map((s) => s.op)).toEqual(['open-gate']);
    expect(e.stepsAllowed(1000)).toBe(50);
    e.world.step(e.stepsAllowed(1000));
    expect(e.applyDue()).toBe(1);
    expect(e.world.walls.count).toBe(3);
    expect(e.edits.at(-1)).toEqual({ op: 'open-gate', gate: 'orifice', at: due });
  });

  it('place: a disc and a polygon; pour: grains without overlap, the same grains for the same seed', () => {
    const e = settled(BOX, 10);
    e.apply({ op: 'place', body: { x: 0.1, y: 0.25, r: 0.01, vx: 0.1 } });
    const b = e.world.bodies;
    expect([b.n, b.x[40], b.radius[40], b.vx[40]]).toEqual([41, 0.1, 0.01, 0.1]);
    e.apply({ op: 'pour', region: [0.01, 0.15, 0.19, 0.29], count: 60, rMin: 0.004, rMax: 0.006, seed: 7 });
    const w = e.world, n = w.n;
    expect(n).toBe(101);
    for (let i = 41; i < n; i++) {
      for (let j = 0; j < i; j++) expect(Math.hypot(w.bodies.x[i] - w.bodies.x[j], w.bodies.y[i] - w.bodies.y[j])).toBeGreaterThanOrEqual(w.bodies.radius[i] + w.bodies.radius[j]);
    }
    const again = settled(BOX, 10);
    again.apply({ op: 'place', body: { x: 0.1, y: 0.25, r: 0.01, vx: 0.1 } });
    again.apply({ op: 'pour', region: [0.01, 0.15, 0.19, 0.29], count: 60, rMin: 0.004, rMax: 0.006, seed: 7 });
    expect(differences(again.world, w)).toEqual([]);
    const polygons = new SceneEditor(parseScenario({ ...BOX, name: 'polygons', generators: [] }));
    polygons.apply({ op: 'pour', region: [0.01, 0.01, 0.19, 0.2], count: 30, rMin: 0.006, rMax: 0.008, polygons: 0.5, seed: 2 });
    expect(polygons.world.bodies.maxVertices).toBeGreaterThanOrEqual(4);
    expect(polygons.world.polygons).toBe(true);
    polygons.world.step(100);
    expect(polygons.world.health.status).toBe('ok');
  });
});

describe('pouring from a hopper and at a rate', () => {
  it('a hopper pours into the square above its mouth; a rate pours in batches, which undo takes back with the rest', () => {
    const e = settled(BOX, 10);
    e.apply({ op: 'pour', hopper: { mouth: [0.1, 0.2], width: 0.05 }, count: 5, rMin: 0.004, rMax: 0.005, seed: 4 });
    const b = e.world.bodies;
    for (let k = 40; k < 45; k++) {
      expect(Math.abs(b.x[k] - 0.1)).toBeLessThanOrEqual(0.025 - b.radius[k]);
      expect(b.y[k]).toBeGreaterThanOrEqual(0.2 + b.radius[k]);
      expect(b.y[k]).toBeLessThanOrEqual(0.25 - b.radius[k]);
    }
    const t = e.world.t;
    e.apply({ op: 'pour', region: [0.01, 0.15, 0.19, 0.29], count: 25, rMin: 0.004, rMax: 0.005, rate: 500, every: 0.004, seed: 8 });
    expect(e.world.n).toBe(47); // 500 grains/s × 0.004 s
    expect(e.scheduled).toEqual([expect.objectContaining({ op: 'pour', count: 23, seed: 9, at: t + 0.004, rate: 500 })]);
    while (e.scheduled.length) {
      e.world.step(e.stepsAllowed(1000));
      e.applyDue();
    }
    expect(e.world.n).toBe(70);
    const batches = e.edits.filter((x) => x.op === 'pour').slice(1);
    expect(batches.map((x) => (x.op === 'pour' ? [x.count, x.seed, x.rate] : []))).toEqual(Array.from({ length: 13 }, (_, k) => [k < 12 ? 2 : 1, 8 + k, undefined]));
    for (let k = 0; k < 13; k++) e.undo();
    expect([e.world.n, e.scheduled.length]).toEqual([45, 0]);
    e.redo();
    expect([e.world.n, e.scheduled.length]).toEqual([47, 1]);
    expect(() => e.apply({ op: 'pour', region: [0.01, 0.15, 0.19, 0.29], hopper: { mouth: [0.1, 0.2], width: 0.05 }, count: 5, rMin: 0.004, rMax: 0.005 }))
      .toThrow('region: give either region (a brush) or hopper (its mouth and width)');
  });
});

describe('undo and redo', () => {
  it('undo gives back the state before the edit bit for bit, and the run goes on as if the edit never was', () => {
    const e = settled(), twin = settled();
    const columns = stateColumns(e.world);
    e.apply({ op: 'pour', region: [0.01, 0.15, 0.19, 0.29], count: 30, rMin: 0.004, rMax: 0.006 });
    e.apply({ op: 'pin', body: 3 });
    e.world.step(50);
    e.apply({ op: 'gravity', magnitude: 5, degrees: 200 });
    expect(e.undo().op).toBe('gravity');
    expect(e.undo().op).toBe('pin');
    expect(e.undo().op).toBe('pour');
    expect(sameState(stateColumns(e.world), columns)).toEqual([]);
    e.world.step(400);
    twin.world.step(400);
    expect(differences(e.world, twin.world)).toEqual([]);
  });

  it('redo applies the edit undone again, exactly; undo past the start and redo after a run say why', () => {
    const e = settled(BOX, 100);
    expect(() => e.undo()).toThrow('undo: nothing to undo; the scene is as it was loaded');
    e.apply({ op: 'add-segment', a: [0.02, 0.25], b: [0.18, 0.25] });
    const edited = stateColumns(e.world);
    e.undo();
    e.redo();
    expect(sameState(stateColumns(e.world), edited)).toEqual([]);
    expect(e.edits.length).toBe(1);
    e.undo();
    e.world.step(10);
    expect(() => e.redo()).toThrow(/redo: the run went on after the undo/);
    expect(() => e.redo()).toThrow('redo: nothing to redo');
    expect(e.world.walls.count).toBe(3); // nothing lost
  });

  it('the levels kept are bounded; undo beyond them says so', () => {
    const e = new SceneEditor(parseScenario(BOX), { undoLevels: 2 });
    for (let k = 0; k < 4; k++) e.apply({ op: 'gravity', magnitude: 9 + k, degrees: -90 });
    e.undo();
    e.undo();
    expect(() => e.undo()).toThrow('undo: the 2 oldest edits are no longer kept (at most 2 levels and 500,000 bodies in all are); nothing older to undo');
    expect(e.world.params.gravityY).toBe(-10);
  });
});
