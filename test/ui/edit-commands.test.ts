/**
 * Build mode's commands (src/ui/edit/edit-commands.ts) against a stand-in worker: edits go one after another in the
 * order given (walls and bodies are named by index, so an edit must see the one before it applied); a refusal's
 * lines go to the banner under their title, count as a refusal and leave the editor's state as it was; an applied
 * edit clears the banner and writes the saved scene into the address's #spec= fragment, which decodes to it.
 */
import { describe, expect, it } from 'vitest';
import type { Checked, EditState } from '../../src/protocol/api';
import type { MessageBanner } from '../../src/ui/message-banner';
import type { PageState } from '../../src/ui/page-state';
import type { SimRemote } from '../../src/ui/sim-client';
import { EditCommands } from '../../src/ui/edit/edit-commands';
import { decodeSpecFragment } from '../../src/ui/spec-fragment';

function worker() {
  const edits: { op: string }[] = [];
  const seen: string[] = [];
  const state = (): EditState => ({ edits: [...edits] as EditState['edits'], scheduled: [], canUndo: edits.length > 0, canRedo: false, problems: [], params: {} as EditState['params'] });
  const api = {
    async applyEdit(e: { op: string }): Promise<Checked<EditState>> {
      await new Promise((r) => setTimeout(r, e.op === 'slow' ? 20 : 0)); // a slow edit must still come first
      seen.push(e.op);
      if (e.op === 'bad') return { ok: false, problems: ['op: no such edit'] };
      edits.push(e);
      return { ok: true, value: state() };
    },
    async undoEdit(): Promise<Checked<EditState>> {
      return edits.pop() ? { ok: true, value: state() } : { ok: false, problems: ['undo: nothing to undo; the scene is as it was loaded'] };
    },
    async saveScene(): Promise<Checked<unknown>> { return { ok: true, value: { name: 'my scene', edits } }; },
  };
  return { api: api as unknown as SimRemote, seen };
}

describe('build mode commands', () => {
  it('sends edits in order, says refusals in the banner, saves each applied edit into the fragment', async () => {
    const { api, seen } = worker();
    const shown: { lines: string[]; title?: string }[] = [];
    const banner = { show: (lines: string[], title?: string) => shown.push({ lines, title }) } as unknown as MessageBanner;
    const state = { specFragment: '' } as PageState;
    let urls = 0;
    const c = new EditCommands({ api, state, banner, updateUrl: () => { urls++; }, poll: async () => undefined });

    const done = await Promise.all([c.apply({ op: 'slow' } as never), c.apply({ op: 'bad' } as never), c.apply({ op: 'fast' } as never)]);
    expect(seen).toEqual(['slow', 'bad', 'fast']);
    expect(done).toEqual([true, false, true]);
    expect(c.refusals).toBe(1);
    expect(shown).toContainEqual({ lines: ['op: no such edit'], title: 'That edit was refused; the scene is unchanged:' });
    expect(shown.at(-1)).toEqual({ lines: [], title: undefined }); // the applied edit after it cleared the banner
    expect(c.state?.edits.map((e) => e.op)).toEqual(['slow', 'fast']);
    expect(urls).toBe(2);
    expect(JSON.parse((await decodeSpecFragment(state.specFragment))!)).toEqual({ name: 'my scene', edits: [{ op: 'slow' }, { op: 'fast' }] });

    // a quiet refusal (a brush dragged over nothing) is not shown; undo past the start is
    await c.apply({ op: 'bad' } as never, true);
    expect(c.refusals).toBe(1);
    await c.undo();
    await c.undo();
    expect(await c.undo()).toBe(false);
    expect(shown.at(-1)).toEqual({ lines: ['undo: nothing to undo; the scene is as it was loaded'], title: 'Undo refused:' });
    expect(c.state?.edits).toEqual([]);
  });
});
