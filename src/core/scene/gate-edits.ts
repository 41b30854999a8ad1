/**
 * Gates: a wall given a name (mark-gate) that open-gate removes, by a click, a key or at a scheduled time (the
 * edit's `at`). A gate opens once: the editor remembers when each was opened (scene-editor.ts).
 */
import { num, refuse } from './edit-error';
import type { EditOf } from '../scenarios/edit-schema';
import type { SceneDraft } from './scene-draft';
import { wallIndex } from './wall-edits';

export function markGate(d: SceneDraft, e: EditOf<'mark-gate'>, opened: ReadonlyMap<string, number>): void {
  const k = wallIndex(d, e.wall), named = d.gates().get(e.gate);
  if (named !== undefined && named !== k) refuse(`gate: '${e.gate}' already names wall ${named}; give this gate another name`);
  if (opened.has(e.gate)) refuse(`gate: '${e.gate}' named a gate opened at t = ${num(opened.get(e.gate)!)} s; give this gate another name`);
  d.walls[k] = { ...d.walls[k], spec: { ...d.walls[k].spec, gate: e.gate } };
}

export function openGate(d: SceneDraft, e: EditOf<'open-gate'>, opened: ReadonlyMap<string, number>): void {
  const when = opened.get(e.gate);
  if (when !== undefined) refuse(`gate: '${e.gate}' is open already (opened at t = ${num(when)} s); a gate opens once`);
  const gates = d.gates(), k = gates.get(e.gate);
  if (k === undefined) {
    refuse(`gate: no gate named '${e.gate}'; ${gates.size ? `the gates are ${[...gates.keys()].map((g) => `'${g}'`).join(', ')}` : 'the scene has none (mark a wall as a gate first)'}`);
  }
  d.walls.splice(k, 1);
}
