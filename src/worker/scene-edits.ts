/**
 * Build mode in the worker: the page's scene edits on the loaded scene's editor (core/scene/scene-editor.ts), undo,
 * redo and the scenario file that reproduces the run. An edit replaces the scene's world between steps: the frames'
 * static version moves on, the rewind's snapshots (of the world before) go, and an undo that goes back in time drops
 * the chart rows after it. Edits are refused while a comparison runs in lockstep: its variants were built from the
 * scenario, and an edit applied to one would leave the others comparing another scene (stop the comparison, edit, and
 * start it again from the file saved).
 */
import type { Checked, EditState } from '../protocol/api';
import { describeError } from './core-adapter';
import type { Scene } from './scene';

const IN_LOCKSTEP = 'edit: scene edits are refused while a comparison runs in lockstep (its variants would no longer run one scene); stop the comparison first';
const VARIANT = "edit: this run is a comparison's variant 1 going on alone; Reset to edit its scene";

export function editState(s: Scene): EditState {
  const e = s.editor;
  return {
    edits: e ? [...e.edits] : [], scheduled: e ? [...e.scheduled] : [], canUndo: e?.canUndo ?? false, canRedo: e?.canRedo ?? false,
    problems: [...s.editProblems], params: { ...s.world.params },
  };
}

/** `change` on the scene's editor, its world made the scene's; refused with its problems, changing nothing */
function edit(s: Scene, change: (e: NonNullable<Scene['editor']>) => unknown): Checked<EditState> {
  const e = s.editor;
  if (!e || s.comparison) return { ok: false, problems: [s.comparison ? IN_LOCKSTEP : VARIANT] };
  const t = s.world.t;
  try {
    change(e);
  } catch (err) {
    return { ok: false, problems: describeError(err) };
  }
  if (e.world !== s.world) {
    s.world = e.world;
    const back = s.world.t < t;
    if (back) s.schedule.rewind(s.world.t, s.world.dt); // the parameter changes after it apply again
    s.worldChanged(back);
  }
  return { ok: true, value: editState(s) };
}

export function applyEdit(s: Scene, input: unknown): Checked<EditState> {
  return edit(s, (e) => e.apply(input));
}

export function undoEdit(s: Scene): Checked<EditState> {
  return edit(s, (e) => e.undo());
}

export function redoEdit(s: Scene): Checked<EditState> {
  return edit(s, (e) => e.redo());
}

export function saveScene(s: Scene): Checked<unknown> {
  return s.editor ? { ok: true, value: s.editor.save() } : { ok: false, problems: [s.comparison ? IN_LOCKSTEP : VARIANT] };
}
