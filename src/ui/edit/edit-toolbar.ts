/**
 * Build mode's toolbar under the canvas (in #stage-foot, on its own row, so it covers nothing): the Build button
 * that turns the mode on and off (key e), and while on, the tools (keys 1–8), Undo and Redo (Ctrl+Z,
 * Ctrl+Shift+Z), Open gate (key o: the last gate named), Save (the scenario file), New (an empty box to build in),
 * the gravity dial and the chosen tool's settings.
 */
import { GravityDial } from './gravity-dial';
import { showToolOptions, TOOL_INFO, TOOLS, type ToolName, type ToolSettings } from './tool-options';

export interface ToolbarActions {
  toggle(): void;
  tool(t: ToolName): void;
  undo(): void;
  redo(): void;
  openGate(): void;
  save(): void;
  fresh(): void;
  gravity(magnitude: number, degrees: number): void;
}

export class EditToolbar {
  readonly toggleButton: HTMLButtonElement;
  readonly bar = document.createElement('div');
  readonly dial: GravityDial;
  private readonly tools = new Map<ToolName, HTMLButtonElement>();
  private readonly options = document.createElement('span');
  readonly undoButton: HTMLButtonElement;
  readonly redoButton: HTMLButtonElement;

  constructor(foot: HTMLElement, private readonly settings: ToolSettings, a: ToolbarActions) {
    this.toggleButton = button('Build', 'edit-toggle', 'build mode: draw walls, pour grains, erase, pin, gates, gravity (key e)', a.toggle);
    this.toggleButton.setAttribute('aria-pressed', 'false');
    this.toggleButton.className = 'edit-toggle';
    foot.appendChild(this.toggleButton);
    this.bar.className = 'edit-bar';
    this.bar.setAttribute('role', 'toolbar');
    this.bar.setAttribute('aria-label', 'build tools');
    this.bar.dataset.testid = 'edit-bar';
    this.bar.hidden = true;
    for (const t of TOOLS) {
      const info = TOOL_INFO[t];
      const b = button(info.label, `tool-${t}`, `${info.help} (key ${info.key})`, () => a.tool(t));
      b.setAttribute('aria-pressed', 'false');
      b.setAttribute('aria-keyshortcuts', info.key);
      this.tools.set(t, b);
      this.bar.appendChild(b);
    }
    this.undoButton = button('Undo', 'edit-undo', 'take the last edit back (Ctrl+Z)', a.undo);
    this.redoButton = button('Redo', 'edit-redo', 'apply the edit undone again (Ctrl+Shift+Z)', a.redo);
    this.bar.append(
      this.undoButton, this.redoButton,
      button('Open gate', 'edit-open-gate', 'remove the last gate named (key o)', a.openGate),
      button('Save', 'edit-save', 'download the scene as a scenario file (npm run sim -- run file.json runs it)', a.save),
      button('New', 'edit-new', 'an empty box to build in', a.fresh),
    );
    this.dial = new GravityDial(a.gravity);
    this.options.className = 'edit-options';
    this.bar.append(this.dial.root, this.options);
    foot.appendChild(this.bar);
  }

  show(on: boolean): void {
    this.bar.hidden = !on;
    this.toggleButton.setAttribute('aria-pressed', String(on));
  }

  select(tool: ToolName): void {
    for (const [t, b] of this.tools) b.setAttribute('aria-pressed', String(t === tool));
    showToolOptions(this.options, tool, this.settings);
  }

  canUndo(undo: boolean, redo: boolean): void {
    this.undoButton.setAttribute('aria-disabled', String(!undo));
    this.redoButton.setAttribute('aria-disabled', String(!redo));
  }
}

function button(text: string, testid: string, title: string, click: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.title = title;
  b.dataset.testid = testid;
  b.addEventListener('click', click);
  return b;
}
