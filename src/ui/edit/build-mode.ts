/**
 * Build mode (issue 37): the page-side editor. The toolbar under the canvas, the tools on the canvas, the wall's
 * actions, the gravity dial and the keys, each sending its edits to the worker's scene editor (edit-commands.ts),
 * which checks them and says why when it refuses one. Outside build mode the canvas is the page's as before (drag,
 * throw, pick, pan). It also draws the discharge chart once a gate has opened (charts/discharge-chart.ts). main.ts installs
 * it with one call; window.__sandbox.edit is its hook for the tests.
 */
import './edit.css';
import type { SceneEditInput } from '../../core/scenarios/edit-schema';
import { DischargeChart } from '../charts/discharge-chart';
import type { SeriesStore } from '../charts/series-store';
import type { MessageBanner } from '../message-banner';
import type { PageState } from '../page-state';
import type { Scene } from '../render/scene';
import type { SimRemote } from '../sim-client';
import { EditCommands } from './edit-commands';
import { installEditKeys } from './edit-keys';
import { EditOverlay } from './edit-overlay';
import { EditPointer } from './edit-pointer';
import { EditToolbar } from './edit-toolbar';
import { EMPTY_SCENE } from './empty-scene';
import { defaultSettings, type ToolName } from './tool-options';
import { WallMenu } from './wall-menu';

export interface BuildModeDeps {
  api: SimRemote;
  scene: Scene;
  state: PageState;
  banner: MessageBanner;
  host: HTMLElement;
  foot: HTMLElement;
  /** the page's rows (the hook's rows(): what a test compares with the CLI's series.csv) */
  store: SeriesStore;
  updateUrl(): void;
  poll(): Promise<void>;
  /** loads a scenario file's text (scenario-loader.ts); resolves its problems */
  loadFile(text: string): Promise<string[]>;
}

export function installBuildMode(d: BuildModeDeps): Record<string, unknown> {
  const settings = defaultSettings();
  const commands = new EditCommands(d);
  let on = false;
  let tool: ToolName = 'segment';
  let seed = 0;
  let gates = 0;
  const edit = (e: SceneEditInput, quiet = false): Promise<boolean> => commands.apply(e, quiet);
  const overlay = new EditOverlay(d.host, () => d.scene.view);
  overlay.show(false);
  const menu = new WallMenu(d.host, (e) => { void edit(e); }, () => `gate ${++gates}`, () => overlay.setWall(null));
  const pointer = new EditPointer({
    host: d.host, canvas: d.scene.app.canvas, overlay, menu, settings,
    view: () => d.scene.view,
    toWorld: (sx, sy) => d.scene.toWorld(sx, sy),
    zoomAt: (sx, sy, f) => d.scene.zoomAt(sx, sy, f),
    panBy: (dx, dy) => d.scene.panBy(dx, dy),
    walls: () => d.scene.drawnWalls(),
    pick: (x, y, tol) => d.api.pick(x, y, tol, false),
    edit,
    refuse: (line) => d.banner.show([line], 'That edit was refused; the scene is unchanged:'),
    active: () => on,
    tool: () => tool,
    nextSeed: () => (commands.state?.edits.length ?? 0) + 1 + seed++,
  });
  const actions = {
    toggle: () => setOn(!on),
    tool: (t: ToolName) => { tool = t; pointer.cancel(); menu.close(); bar.select(t); },
    undo: () => { void commands.undo(); },
    redo: () => { void commands.redo(); },
    openGate: () => {
      // the editor's state as the worker has it (another scene may have been loaded since the last edit)
      void commands.refresh().then(() => {
        const g = commands.lastGate();
        if (g === null) d.banner.show(['open-gate: no gate is named yet; select a wall and choose Make gate'], 'That edit was refused; the scene is unchanged:');
        else void edit({ op: 'open-gate', gate: g });
      });
    },
    save: () => { void commands.save(); },
    fresh: () => { void d.loadFile(JSON.stringify(EMPTY_SCENE)).then((p) => { if (p.length) d.banner.show(p, 'The empty scene was refused:'); return commands.refresh(); }); },
    gravity: (magnitude: number, degrees: number) => { void edit({ op: 'gravity', magnitude, degrees }); },
  };
  const bar = new EditToolbar(d.foot, settings, actions);
  bar.select(tool);
  commands.onChange = (s) => {
    bar.canUndo(s?.canUndo ?? false, s?.canRedo ?? false);
    if (s) bar.dial.set(s.params.gravityX, s.params.gravityY);
  };
  installEditKeys({
    ...actions,
    active: () => on,
    finish: () => pointer.finishPolyline(),
    cancel: () => {
      const any = pointer.corners.length > 0 || menu.open;
      pointer.cancel();
      menu.close();
      return any;
    },
    deleteWall: () => {
      if (!menu.open) return false;
      menu.close();
      void edit({ op: 'remove-wall', wall: menu.wall });
      return true;
    },
  });
  // the discharge once a gate has opened (in build mode or not: a saved scene's gate opens at its time)
  const discharge = new DischargeChart(document.getElementById('chart-discharge')!, d.store);
  d.scene.app.ticker.add(() => { if (on) overlay.draw(); discharge.update(); });

  function setOn(v: boolean): void {
    on = v;
    bar.show(v);
    overlay.show(v);
    d.host.classList.toggle('editing', v);
    if (!v) { pointer.cancel(); menu.close(); } else void commands.refresh();
  }

  return {
    on: () => on,
    tool: () => tool,
    state: () => commands.state,
    refusals: () => commands.refusals,
    save: () => d.api.saveScene(),
    discharge: () => discharge.snapshot(),
    rows: () => {
      const n = d.store.length, c = d.store.cols;
      return { t: Array.from(c.t.subarray(0, n)), ek: Array.from(c.ek.subarray(0, n)), contacts: Array.from(c.contacts.subarray(0, n)) };
    },
  };
}
