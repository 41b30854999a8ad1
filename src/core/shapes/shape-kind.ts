/**
 * The shape registry (docs/extending.md#a-shape): one row per kind of body shape, at its kind — the value a
 * body's BodyState.shape holds, the narrow-phase table's index (contacts/narrow-phase.ts) and the frame's shape
 * kind (protocol/frame.ts takes these ids). A row says what serves the shape: the tangential schemes that have a
 * form for it, the solvers whose colliders it has, and the passes written for it; the contact laws declare the
 * shapes they serve in their own files (laws/contact-law.ts). A scene takes only the models and passes that serve
 * every shape in it (models/combination.ts, sim/world.ts, sim/force-pipeline.ts), so a shape that no pass was
 * written for is refused by name or stepped on the general path, never taken for another. A pure leaf: the page
 * imports it through the frame protocol.
 */
import { TANGENTIAL_IDS, type TangentialId } from '../param-rows/param-ids';

/**
 * Passes written for some shapes only: a scene takes one when every shape in it names it. The general path (the
 * narrow phase's colliders, the laws' and schemes' batched stages) serves every shape its solvers list.
 */
export const PASSES = {
  'fused-disc': 'the fused disc pass (contacts/disc-force-pass.ts and its WebAssembly and worker-pool twins)',
  'fused-polygon': 'the fused polygon pass (contacts/polygon-force-pass.ts, in WebAssembly)',
  wasm: "the WebAssembly kernels over the state's columns in their arena (sim/force-pipeline.ts)",
  'collision-monitor': "the accuracy checks' binary-collision monitor (diagnostics/collision-monitor.ts)",
  'energy-account': 'the elastic-energy account in closed form (sim/energy-ledger.ts)',
} as const;
export type PassId = keyof typeof PASSES;

/** The solvers, by their integrators' kind: soft DEM's force integrators, contact dynamics' impulses */
export type SolverKind = 'force' | 'impulse';

export interface ShapeDeclaration {
  /** Its row: the value of BodyState.shape for such a body */
  kind: number;
  /** As messages name it ('disc'; plural with an s) */
  name: string;
  /**
   * A contact of two such bodies (or of one and a wall) lies along their line of centres, so a tangential
   * scheme may find its normal at t from the positions (discs); else from last step's contact record
   */
  centred: boolean;
  /** The tangential schemes with a form for its contacts */
  tangential: readonly TangentialId[];
  /** The solvers whose colliders it has (the narrow phase's soft and rigid tables) */
  solvers: readonly SolverKind[];
  /** The passes written for it (PASSES) */
  passes: readonly PassId[];
  /** What its contacts' normal law is, where the `normalLaw` choice does not act on them (the refusal quotes it) */
  lawNote?: string;
}

export const DISC = 0;
/** Convex polygon: vertices in the body frame about the centroid, in BodyState's vertex pool */
export const POLYGON = 1;
/** Kinds the narrow-phase table has colliders for: the size of each of its dimensions */
export const SHAPE_KINDS = 2;
/** Most kinds the `shape` column (a Uint8Array) and CENTRED can hold */
const MAX_SHAPES = 16;

const shapes: ShapeDeclaration[] = [];
export const SHAPES: readonly ShapeDeclaration[] = shapes;
/** 1 where the kind's row is `centred`, by kind (read per contact by the geometric schemes) */
export const CENTRED = new Uint8Array(MAX_SHAPES);

/** A shape joins the registry at its kind (the next row). */
export function registerShape(shape: ShapeDeclaration): void {
  const refuse = (why: string) => new Error(`shape '${shape.name}': ${why}`);
  if (shapes.some((s) => s.name === shape.name)) throw refuse('the name is taken');
  if (shape.kind !== shapes.length || shape.kind >= MAX_SHAPES) throw refuse(`its kind must be the next row, ${shapes.length} (at most ${MAX_SHAPES - 1})`);
  shapes.push(shape);
  CENTRED[shape.kind] = shape.centred ? 1 : 0;
}

registerShape({
  kind: DISC, name: 'disc', centred: true, tangential: TANGENTIAL_IDS, solvers: ['force', 'impulse'],
  passes: ['fused-disc', 'wasm', 'collision-monitor', 'energy-account'],
});
registerShape({
  kind: POLYGON, name: 'polygon', centred: false,
  // the schemes that read only the contact record; the others derive disc geometry
  tangential: ['cundall', 'geometric', 'geometric-paper', 'haff-werner'], solvers: ['force', 'impulse'], passes: ['wasm', 'fused-polygon'],
  lawNote: 'polygon contacts use the area law',
});

/** Whether pass `pass` serves every shape of `kinds` (a scene's shape kinds) */
export function servesAll(kinds: readonly number[], pass: PassId): boolean {
  return kinds.every((k) => SHAPES[k].passes.includes(pass));
}

/** Whether contact k between bodies i and j (i < 0: a wall) lies along a line of centres (both shapes `centred`) */
export function centredContact(shape: Uint8Array, i: number, j: number): boolean {
  return CENTRED[shape[j]] === 1 && (i < 0 || CENTRED[shape[i]] === 1);
}

/** The first shape of `kinds` that `serves` refuses, or null */
export function firstUnserved(kinds: readonly number[], serves: (shape: ShapeDeclaration) => boolean): ShapeDeclaration | null {
  for (const k of kinds) if (!serves(SHAPES[k])) return SHAPES[k];
  return null;
}
