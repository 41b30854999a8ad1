/** A world's whole state as named columns, compared bit for bit (the scene-edit tests: undo, the scenario round trip). */
import { WallSet } from '../../src/core/boundaries/walls';
import type { ScenarioInput } from '../../src/core/scenarios/schema';
import { F64_FIELDS } from '../../src/core/state/body-state';
import { HISTORY_FIELDS } from '../../src/core/state/contact-list';
import type { World } from '../../src/core/sim/world';

/** A box of 40 discs settling under gravity (line walls: polygons may be poured into it) */
export const BOX: ScenarioInput = {
  name: 'edit-box',
  gravity: [0, -9.81],
  material: { kn: 1e5, en: 0.5, mu: 0.5 },
  walls: [{ type: 'box', xmin: 0, xmax: 0.2, ymin: 0, ymax: 0.3 }],
  generators: [{ type: 'random', count: 40, region: [0.005, 0.0, 0.195, 0.07], rMin: 0.005, rMax: 0.008, seed: 3 }],
};

const WALL_COLUMNS = ['kind', 'ax', 'ay', 'bx', 'by', 'nx', 'ny', 'vx', 'vy', 'ox', 'oy', 'invMass', 'fx', 'fy'] as const satisfies readonly (keyof WallSet)[];
const CONTACT_COLUMNS = ['i', 'j', 'feature', 'planeChoice', 'nx', 'ny', ...HISTORY_FIELDS] as const;

/** Every column of the bodies (all of them, the scratch too), the contact record's keys and histories (completed: world.contacts), the walls, the integrator's arrays, and the numbers */
export function stateColumns(w: World): Map<string, ArrayLike<number>> {
  const b = w.bodies, c = w.contacts, W = w.walls, out = new Map<string, ArrayLike<number>>();
  for (const f of [...F64_FIELDS, 'flags', 'shape', 'vertexStart', 'vertexCount'] as const) out.set(`body.${f}`, Array.from(b[f].subarray(0, b.n)));
  out.set('body.vertices', Array.from(b.vertices.subarray(0, 2 * b.vertexUsed)));
  for (const f of CONTACT_COLUMNS) out.set(`contact.${f}`, Array.from(c[f].subarray(0, c.count)));
  out.set('contact.pairContacts', [c.pairContacts]);
  for (const f of WALL_COLUMNS) out.set(`wall.${f}`, Array.from(W[f].subarray(0, W.count)));
  w.snapshotParts().integrator.forEach((a, k) => out.set(`integrator.${k}`, Array.from(a)));
  out.set('time', [w.t, w.stepCount, w.dt]);
  out.set('params', Object.values(w.params).map((v) => (typeof v === 'number' ? v : String(v).length)));
  return out;
}

/** The columns that differ (any bit, NaN and −0 told apart) */
export function sameState(a: Map<string, ArrayLike<number>>, b: Map<string, ArrayLike<number>>): string[] {
  const out: string[] = [];
  for (const [name, x] of a) {
    const y = b.get(name);
    if (!y || y.length !== x.length) { out.push(`${name}: length ${x.length} vs ${y?.length}`); continue; }
    for (let k = 0; k < x.length; k++) if (!Object.is(x[k], y[k])) { out.push(`${name}[${k}]: ${x[k]} vs ${y[k]}`); break; }
  }
  return out;
}
