/**
 * One edit on a world: a draft of its scene (scene-draft.ts) is changed by the edit's function, and the edited
 * world is built from it with the state carried over. The world itself is left as it was: an edit refused
 * (EditError, naming the field) changes nothing, and the world before an edit is what undo gives back.
 */
import type { KernelPool } from '../columns/kernel-pool';
import type { World } from '../sim/world';
import { erase, pin, place, unpin } from './body-edits';
import type { SceneEdit } from '../scenarios/edit-schema';
import { markGate, openGate } from './gate-edits';
import { gravity } from './gravity-edit';
import { pour } from './pour';
import { SceneDraft } from './scene-draft';
import { addBox, addPolyline, addSegment, moveWall, removeWall, rotateWall, wallVelocity } from './wall-edits';

/** What an edit is checked against besides the scene */
export interface EditRules {
  /** Most bodies the scene may hold */
  maxBodies: number;
  /** Gates opened so far, with the time each was opened [s] */
  opened: ReadonlyMap<string, number>;
  /** The worker pool the world steps on, if any */
  pool?: KernelPool;
}

/** The world the edit makes of `world` (a new one; `world` is unchanged) */
export function applyEdit(world: World, e: SceneEdit, rules: EditRules): World {
  const d = new SceneDraft(world);
  switch (e.op) {
    case 'add-segment': addSegment(d, e); break;
    case 'add-polyline': addPolyline(d, e); break;
    case 'add-box': addBox(d, e); break;
    case 'remove-wall': removeWall(d, e); break;
    case 'move-wall': moveWall(d, e); break;
    case 'rotate-wall': rotateWall(d, e); break;
    case 'wall-velocity': wallVelocity(d, e); break;
    case 'mark-gate': markGate(d, e, rules.opened); break;
    case 'open-gate': openGate(d, e, rules.opened); break;
    case 'place': place(d, e, rules.maxBodies); break;
    case 'pour': pour(d, e, rules.maxBodies); break;
    case 'erase': erase(d, e); break;
    case 'pin': pin(d, e); break;
    case 'unpin': unpin(d, e); break;
    case 'gravity': gravity(d, e); break;
  }
  return d.build(rules.pool);
}
