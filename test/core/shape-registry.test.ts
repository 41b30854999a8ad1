/**
 * Shapes by capability (docs/extending.md#a-shape): a shape's row in the registry (shapes/shape-kind.ts) says
 * which tangential schemes, solvers and passes serve it, and the laws say which shapes they serve. A dummy shape,
 * a "blob" registered here from the test, is accepted where its row declares it (the Cundall scheme, soft DEM, the
 * collision monitor) and refused by name everywhere else: by every law, by the schemes and the solver it does not
 * list, by the passes written for discs (the fused disc pass, the WebAssembly kernels, the closed-form energy
 * account), and by the narrow phase, which has no colliders for it — it is never stepped as a disc or a polygon.
 */
import { describe, expect, it } from 'vitest';
import { PeriodicX } from '../../src/core/boundaries/periodic';
import { WallSet } from '../../src/core/boundaries/walls';
import { collidersMissing } from '../../src/core/contacts/narrow-phase';
import { CollisionMonitor } from '../../src/core/diagnostics/collision-monitor';
import { combinationProblem, lawShapeProblem } from '../../src/core/models/combination';
import { paramsOfSpec } from '../../src/core/scenarios/live-params';
import { getBuiltIn } from '../../src/core/scenarios/registry';
import { centredContact, DISC, POLYGON, registerShape, servesAll, SHAPES } from '../../src/core/shapes/shape-kind';
import { ForcePipeline } from '../../src/core/sim/force-pipeline';
import { BodyState } from '../../src/core/state/body-state';

const BLOB = SHAPES.length;
registerShape({ kind: BLOB, name: 'blob', centred: false, tangential: ['cundall'], solvers: ['force'], passes: ['collision-monitor'] });

const GEAR = { integrator: 'gear5', gssssFamily: 'U0', rhoMin: 1, rhoMax: 1, rhoS: 0, eta: 1 } as const;

describe('a shape registered from a test (shapes/shape-kind.ts)', () => {
  it('takes the next kind and a name of its own, and says so when not', () => {
    expect(SHAPES[BLOB].name).toBe('blob');
    expect(() => registerShape({ ...SHAPES[BLOB], kind: BLOB + 1 })).toThrow("shape 'blob': the name is taken");
    expect(() => registerShape({ ...SHAPES[BLOB], name: 'lump', kind: BLOB + 2 })).toThrow(`shape 'lump': its kind must be the next row, ${BLOB + 1}`);
  });

  it('is refused by every law, none of which declares it', () => {
    expect(lawShapeProblem('linear', [DISC, BLOB])).toBe('the linear law is for discs and polygons; no normalLaw serves blobs');
    expect(lawShapeProblem('hertz', [BLOB])).toBe('the Hertz law is for discs; no normalLaw serves blobs');
    expect(lawShapeProblem('linear', [DISC, POLYGON])).toBeNull();
  });

  it('takes the tangential scheme its row lists and refuses the others by name', () => {
    expect(combinationProblem({ ...GEAR, tangential: 'cundall' }, [DISC, BLOB])).toBeNull();
    expect(combinationProblem({ ...GEAR, tangential: 'geometric' }, [DISC, BLOB]))
      .toBe("'geometric' works with discs and polygons only for now; blob scenes use 'cundall'");
    expect(combinationProblem({ ...GEAR, tangential: 'midpoint' }, [BLOB])).toBe("'midpoint' works with discs only for now; blob scenes use 'cundall'");
  });

  it('takes soft DEM, whose colliders its row claims, and refuses contact dynamics', () => {
    expect(combinationProblem({ ...GEAR, tangential: 'cundall' }, [BLOB])).toBeNull();
    expect(combinationProblem({ ...GEAR, integrator: 'contact-dynamics', tangential: 'cundall' }, [DISC, BLOB]))
      .toBe("'contact-dynamics' has no colliders for blobs (contact dynamics serves discs and polygons)");
  });

  it('passes only the gates of the passes its row names: a scene takes a pass when every shape in it does', () => {
    expect(servesAll([DISC, BLOB], 'collision-monitor')).toBe(true);
    for (const pass of ['fused-disc', 'wasm', 'energy-account'] as const) {
      expect(servesAll([DISC], pass)).toBe(true);
      expect(servesAll([DISC, BLOB], pass)).toBe(false);
    }
    for (const pass of ['fused-disc', 'energy-account'] as const) expect(servesAll([DISC, POLYGON], pass)).toBe(false);
    expect(servesAll([DISC, POLYGON], 'wasm')).toBe(true); // the polygon colliders have kernels (contacts/polygon-wasm.ts)
  });

  it('takes the geometric schemes\' contact-record form, its row not being centred', () => {
    const shape = Uint8Array.from([DISC, DISC, POLYGON, BLOB]);
    expect([centredContact(shape, 0, 1), centredContact(shape, -1, 1)]).toEqual([true, true]);
    expect([centredContact(shape, 1, 2), centredContact(shape, 1, 3), centredContact(shape, -1, 3)]).toEqual([false, false, false]);
  });

  it('is refused by the narrow phase, which has no colliders for it, before a step is taken', () => {
    expect(collidersMissing([DISC, POLYGON])).toBeNull();
    const bodies = new BodyState();
    bodies.add(0, 0, 0.01, 1, 1);
    bodies.add(0.05, 0, 0.01, 1, 1);
    bodies.shape[1] = BLOB;
    const params = paramsOfSpec(getBuiltIn('two-disc'));
    expect(() => new ForcePipeline(bodies, new WallSet(), new PeriodicX(false, 0, 0), new CollisionMonitor(), bodies.shapeKinds(), params, null))
      .toThrow('the narrow phase has no colliders for blobs (contacts/narrow-phase.ts)');
  });
});
