/**
 * Build mode's keys (listed in lecture/shortcuts.ts): e turns it on and off; while on, 1–8 choose a tool, Enter ends a
 * polyline, Esc drops what is being drawn (or closes the wall's actions), o opens the last gate named, Delete removes
 * the selected wall, Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes. None while typing in a field. They are taken
 * before the page's other keys (capture), and only those build mode uses are (Enter, Esc and Delete only when it has
 * a polyline, a drawing or a selected wall to act on).
 */
import { TOOL_INFO, TOOLS, type ToolName } from './tool-options';

export interface EditKeyActions {
  active(): boolean;
  toggle(): void;
  tool(t: ToolName): void;
  /** false: no polyline being drawn (Enter is left to the page) */
  finish(): boolean;
  /** false: nothing to drop (Esc is left to the page) */
  cancel(): boolean;
  /** false: no wall selected (the key is left to the page) */
  deleteWall(): boolean;
  openGate(): void;
  undo(): void;
  redo(): void;
}

export function installEditKeys(a: EditKeyActions): void {
  window.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    const ctrl = e.ctrlKey || e.metaKey;
    let done = true;
    if (!ctrl && !e.altKey && e.key === 'e') a.toggle();
    else if (!a.active()) done = false;
    else if (ctrl && (e.key === 'z' || e.key === 'Z')) { if (e.shiftKey) a.redo(); else a.undo(); }
    else if (ctrl && e.key === 'y') a.redo();
    else if (ctrl || e.altKey) done = false;
    else if (e.key === 'Enter') done = a.finish();
    else if (e.key === 'Escape') done = a.cancel();
    else if (e.key === 'Delete' || e.key === 'Backspace') done = a.deleteWall();
    else if (e.key === 'o') a.openGate();
    else {
      const tool = TOOLS.find((k) => TOOL_INFO[k].key === e.key);
      if (tool) a.tool(tool);
      else done = false;
    }
    if (done) { e.preventDefault(); e.stopPropagation(); }
  }, { capture: true });
}
