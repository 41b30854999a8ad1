/**
 * Build mode's commands to the worker: every edit, undo and redo goes through the worker's scene editor
 * (protocol/api.ts applyEdit, undoEdit, redoEdit; core/scene/), one at a time; a refusal's lines go to the page's
 * message banner and change nothing. After each change the edited scene is saved (saveScene) into the URL fragment,
 * as a loaded file's scene travels (spec-fragment.ts), and Save downloads it as a scenario file.
 */
import type { SceneEditInput } from '../../core/scenarios/edit-schema';
import type { Checked, EditState } from '../../protocol/api';
import { downloadText } from '../export';
import type { MessageBanner } from '../message-banner';
import type { PageState } from '../page-state';
import type { SimRemote } from '../sim-client';
import { encodeSpecFragment } from '../spec-fragment';

export interface EditCommandDeps {
  api: SimRemote;
  state: PageState;
  banner: MessageBanner;
  updateUrl(): void;
  poll(): Promise<void>;
}

export class EditCommands {
  /** the editor's state after the last answer (null before any) */
  state: EditState | null = null;
  /** refusals so far (the tests read the last one) */
  refusals = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** called after every answer, accepted or refused */
  onChange: (s: EditState | null) => void = () => undefined;

  constructor(private readonly d: EditCommandDeps) {}

  /** Applies one edit; true when it was applied. `quiet`: a refusal is not shown (a brush dragged over nothing) */
  apply(edit: SceneEditInput, quiet = false): Promise<boolean> {
    return this.send(() => this.d.api.applyEdit(edit), quiet ? null : 'That edit was refused; the scene is unchanged:');
  }

  undo(): Promise<boolean> {
    return this.send(() => this.d.api.undoEdit(), 'Undo refused:');
  }

  redo(): Promise<boolean> {
    return this.send(() => this.d.api.redoEdit(), 'Redo refused:');
  }

  /** The edited scene as a scenario file (the same schema the CLI reads), downloaded */
  async save(): Promise<unknown> {
    const r = await this.d.api.saveScene();
    if (!r.ok) { this.refused(r.problems, 'Nothing to save:'); return null; }
    downloadText(`${fileName(r.value)}.json`, `${JSON.stringify(r.value, null, 2)}\n`, 'application/json');
    return r.value;
  }

  /** The editor's state as the worker has it now (after a load: no edits) */
  async refresh(): Promise<void> {
    this.state = await this.d.api.editState();
    this.onChange(this.state);
  }

  /** The last gate named (opened or not): the gate key opens it */
  lastGate(): string | null {
    const marked = (this.state?.edits ?? []).flatMap((e) => (e.op === 'mark-gate' ? [e.gate] : []));
    return marked.length ? marked[marked.length - 1] : null;
  }

  /** One command after another: an edit waits for the one before (walls and bodies are named by index) */
  private send(call: () => Promise<Checked<EditState>>, title: string | null): Promise<boolean> {
    const next = this.queue.then(async () => {
      const r = await call();
      if (!r.ok) { if (title !== null) this.refused(r.problems, title); this.onChange(this.state); return false; }
      this.state = r.value;
      this.d.banner.show([]);
      await this.toFragment();
      await this.d.poll();
      this.onChange(this.state);
      return true;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private refused(problems: string[], title: string): void {
    this.refusals++;
    this.d.banner.show(problems, title);
  }

  /** The edited scene into the URL fragment, as a loaded file's (too large a scene: the fragment is cleared) */
  private async toFragment(): Promise<void> {
    const r = await this.d.api.saveScene();
    if (!r.ok) return;
    this.d.state.specFragment = (await encodeSpecFragment(JSON.stringify(r.value))) ?? '';
    this.d.updateUrl();
  }
}

function fileName(spec: unknown): string {
  const name = (spec as { name?: unknown }).name;
  return (typeof name === 'string' && name ? name : 'scene').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60);
}
