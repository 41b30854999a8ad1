/**
 * E4, continuity of the contact plane (paper 001 §4; docs/validation.md#e4-continuity-of-the-contact-plane).
 * Static checks of every definition on configurations with a known answer, then the kinematic sweep:
 * polygon j slides and turns over a fixed polygon i at a fixed overlap area, forces off, and each
 * definition's normal is followed step by step. Counts of steps turning by more than 5°:
 *   shallow (2 % overlap), 10 random 3–10-gon pairs, 2000 steps each; deep (20 %), the same pairs;
 *   two squares at 20 % overlap with a slow relative rotation (near-parallel edges), 4000 steps.
 */
import { describe, expect, it } from 'vitest';
import { PeriodicX } from '../../src/core/boundaries/periodic';
import { WallSet } from '../../src/core/boundaries/walls';
import { NarrowPhase } from '../../src/core/contacts/narrow-phase';
import { polygonKernels } from '../../src/core/contacts/polygon-wasm';
import { Rng } from '../../src/core/math/rng';
import { PairBuffer } from '../../src/core/neighbors/pair-buffer';
import { PLANE_IDS, type PlaneId } from '../../src/core/plane/plane-ids';
import { planeSweep, type SweepResult } from '../../src/core/contacts/plane-sweep';
import { recentredVertices } from '../../src/core/shapes/polygon-mass';
import { BodyState } from '../../src/core/state/body-state';
import { ContactList } from '../../src/core/state/contact-list';
import { randomConvex } from '../core/shapes/polygons';

const square = (h: number) => Float64Array.of(-h, -h, h, -h, h, h, -h, h);

/** The normal of each definition for polygons A at the origin and B at (x, y, φ). */
function normals(a: Float64Array, bxy: Float64Array, x: number, y: number, phi: number): Record<PlaneId, [number, number]> {
  const b = new BodyState(2);
  b.addPolygon(0, 0, a, 1, 1, 1);
  const k = b.addPolygon(x, y, bxy, 1, 1, 1);
  b.ex[k] = x; b.ey[k] = y; b.ephi[k] = phi;
  const pairs = new PairBuffer();
  pairs.push(0, 1);
  const out = {} as Record<PlaneId, [number, number]>;
  PLANE_IDS.forEach((id, d) => {
    const np = new NarrowPhase(), c = new ContactList(), prev = new ContactList();
    np.plane = d;
    polygonKernels(b, np, [prev, c], [pairs, ...np.byKind]);
    np.findContacts(b, pairs, new WallSet(), PeriodicX.none(), prev, c);
    out[id] = [c.nx[0], c.ny[0]];
  });
  return out;
}

const deg = (n: [number, number]) => (Math.atan2(n[1], n[0]) * 180) / Math.PI;

describe('E4: contact-plane definitions on configurations with a known answer', () => {
  it('two aligned squares in edge contact: the axis for usual and axial; the literal readings tilt', () => {
    const n = normals(square(0.5), square(0.5), 0.99, 0, 0);
    expect(Math.abs(deg(n.usual))).toBeLessThan(1e-9);
    expect(Math.abs(deg(n.axial))).toBeLessThan(1e-9);
    // the overlap [0.49, 0.5] × [−0.5, 0.5]: a plain length-weighted mean of the edge angles, (2·1·90° +
    // 2·0.01·0°)/2.02 = 89.109°, not 90°: the short edges pull it (the static check expects 0 here for
    // every definition, docs/model.md#contact-plane-for-polygons; the literal readings cannot give it)
    for (const id of ['literal-signed', 'literal-abs'] as const) expect(Math.abs(deg(n[id]) + (90 - 180 / 2.02))).toBeLessThan(1e-9);
  });

  it('a square rotated 30° poking a corner into a face: the usual plane is the face, axial within a few degrees', () => {
    // the corner of the rotated square crosses the face x = 0.5 at two points: the usual line is that face
    const r = 0.5 * Math.SQRT2, x = 0.5 + r * Math.cos((15 * Math.PI) / 180) - 0.03;
    const n = normals(square(0.5), square(0.5), x, 0.1, (30 * Math.PI) / 180);
    expect(Math.abs(deg(n.usual))).toBeLessThan(1e-9);
    expect(Math.abs(deg(n.axial))).toBeLessThan(10);
  });
});

function family(overlap: number, hysteresisDeg: number): SweepResult {
  const rng = new Rng(7);
  const total: SweepResult = {
    steps: 0, usualJumpsWithoutCountChange: 0,
    jumps: Object.fromEntries(PLANE_IDS.map((p) => [p, 0])) as Record<PlaneId, number>,
    largest: Object.fromEntries(PLANE_IDS.map((p) => [p, 0])) as Record<PlaneId, number>,
  };
  for (let p = 0; p < 10; p++) {
    const a = recentredVertices(randomConvex(rng, 0, 0)), b = recentredVertices(randomConvex(rng, 0, 0));
    const r = planeSweep(a, b, overlap, 2000, 0.1, 0.08, hysteresisDeg);
    total.steps += r.steps;
    total.usualJumpsWithoutCountChange += r.usualJumpsWithoutCountChange;
    for (const id of PLANE_IDS) {
      total.jumps[id] += r.jumps[id];
      total.largest[id] = Math.max(total.largest[id], r.largest[id]);
    }
  }
  return total;
}

describe('E4: kinematic sweep, steps turning by more than 5°', () => {
  const shallow = family(0.02, 20), deep = family(0.2, 20), shallow5 = family(0.02, 5);
  const squares = planeSweep(square(0.5), square(0.5), 0.2, 4000, 0.25, 0.1, 20);

  it('usual: jumps only where the number of crossings changes; none at shallow overlaps', () => {
    for (const r of [shallow, deep, squares]) expect(r.usualJumpsWithoutCountChange).toBe(0);
    expect(shallow.jumps.usual).toBe(0); // measured: largest step 4.4°
    expect(deep.jumps.usual).toBeGreaterThan(0); // measured 3: deeper overlaps meet more crossings
  });

  it('axial with a 20° flip hysteresis: no jump at shallow overlaps, fewer than the literal readings', () => {
    expect(shallow.jumps.axial).toBe(0); // measured 0 (1 with 5°: a flip once the line drifts 50° off the centre line)
    expect(shallow5.jumps.axial).toBeGreaterThanOrEqual(shallow.jumps.axial);
    for (const r of [shallow, deep, squares]) {
      expect(r.jumps.axial).toBeLessThanOrEqual(r.jumps['literal-signed']);
      expect(r.jumps.axial).toBeLessThanOrEqual(r.jumps['literal-abs']);
    }
  });

  it('the signed literal reading jumps by 90° on near-parallel edges (the ±90° wrap of paper 001\'s mean)', () => {
    expect(squares.jumps['literal-signed']).toBeGreaterThan(20); // measured 64
    expect(squares.largest['literal-signed']).toBeGreaterThan(30); // measured 54° with the 20° hysteresis, 90° without
  });
});
