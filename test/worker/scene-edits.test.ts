/**
 * Build mode's worker calls (issue 37; SimApi.applyEdit, undoEdit, redoEdit, editState, saveScene): edits between
 * steps, a gate opened on schedule as the run reaches it, undo back to the loaded scene with the frames' static
 * version moving on, the file saved reproducing the run when loaded again, and edits refused in lockstep.
 */
import { describe, expect, it } from 'vitest';
import { SimWorker } from '../../src/worker/api-impl';
import { BOX } from '../core/scene-state';

describe('scene edits through the worker', () => {
  it('edits, a scheduled gate, undo to the start, and the saved file gives the same run', () => {
    const api = new SimWorker();
    expect(api.loadSpec({ ...BOX, generators: [] }, { mu: 0.3 }).ok).toBe(true);
    const version = () => api.getStatus().staticVersion;
    const v0 = version(), start = api.diagnostics()!;
    expect(api.applyEdit({ op: 'add-segment', a: [0.05, 0.15], b: [0.15, 0.15] }).ok).toBe(true);
    expect(api.applyEdit({ op: 'mark-gate', wall: 3, gate: 'floor' }).ok).toBe(true);
    const poured = api.applyEdit({ op: 'pour', region: [0.06, 0.16, 0.14, 0.25], count: 20, rMin: 0.004, rMax: 0.005, seed: 2 });
    expect(poured.ok && poured.value.edits.length).toBe(3);
    expect(version()).toBeGreaterThan(v0);
    api.stepN(200);
    const t = api.getStatus().t, dt = api.getStatus().dt;
    const gate = api.applyEdit({ op: 'open-gate', gate: 'floor', at: t + 100 * dt });
    expect(gate.ok && gate.value.scheduled.length).toBe(1);
    api.stepN(150); // the run reaches the gate's time and opens it
    const state = api.editState()!;
    expect([state.edits.length, state.scheduled.length, state.problems]).toEqual([4, 0, []]);
    expect(api.saveScene().ok).toBe(true);
    const file = (api.saveScene() as { ok: true; value: unknown }).value;
    const { step } = api.getStatus(), end = api.diagnostics()!;
    expect(end.ek).toBeGreaterThan(0);

    const again = new SimWorker();
    expect(again.loadSpec(JSON.parse(JSON.stringify(file)), {}).ok).toBe(true);
    again.stepN(step);
    expect(again.diagnostics()).toEqual(end);

    // five levels: the gate's opening was scheduled, then applied as the run reached it
    for (let k = 0; k < 5; k++) expect(api.undoEdit().ok).toBe(true);
    const undone = api.undoEdit();
    expect(undone).toEqual({ ok: false, problems: ['undo: nothing to undo; the scene is as it was loaded'] });
    expect(api.diagnostics()).toEqual(start);
    expect(api.getStatus().params?.mu).toBe(0.3);
  });

  it('edits are refused while a comparison runs in lockstep, and a scene with edits is not compared', () => {
    const api = new SimWorker();
    expect(api.loadSpec(BOX, {}).ok).toBe(true);
    expect(api.setComparison([{ dtOverTc: 0.01 }, { dtOverTc: 0.02 }]).ok).toBe(true);
    expect(api.applyEdit({ op: 'gravity', magnitude: 1, degrees: -90 })).toEqual({
      ok: false, problems: ['edit: scene edits are refused while a comparison runs in lockstep (its variants would no longer run one scene); stop the comparison first'],
    });
    expect(api.loadSpec(BOX, {}).ok).toBe(true);
    expect(api.applyEdit({ op: 'gravity', magnitude: 1, degrees: -90 }).ok).toBe(true);
    const c = api.setComparison([{ dtOverTc: 0.01 }, { dtOverTc: 0.02 }]);
    expect(c.ok ? '' : c.problems[0]).toMatch(/^compare: the scene has edits/);
  });
});
