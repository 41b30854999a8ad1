/**
 * Nothing lost in the page (issue 39): the session is saved as the user works — the page's address whenever it
 * changes (the scenario, the parameters, the view), the world's state every few seconds while it changes
 * (session-store.ts, bounded) — and resumed when the page opens again at the same address (a reload, a crash,
 * Restart after a worker fault); at the bare address it is offered. The last state taken is the last good
 * state the page has when its worker fails. Start fresh forgets it (docs/user-guide.md#nothing-lost).
 */
import type { SimStatus } from '../protocol/api';
import type { PageState } from './page-state';
import type { SessionNotice } from './session-notice';
import {
  readSession, removeSession, sessionAction, writeSession, type SaveResult, type SavedSession, type SessionStorage,
} from './session-store';
import type { SimRemote } from './sim-client';
import type { WorkerWatch } from './worker-watch';

/** How often the keeper looks whether there is something to save [ms] */
const TICK_MS = 1000;
/** The world's state is taken again after this long while it changes [ms] */
export const STATE_EVERY_MS = 5000;
/** A change of address is saved this long after it (a slider's drag writes it many times) [ms] */
const ADDRESS_DELAY_MS = 300;
/** Larger scenes keep their address only: their state would take more than about a megabyte */
export const MAX_SAVED_BODIES = 5000;

export interface SessionKeeperDeps {
  api: SimRemote;
  state: PageState;
  watch: WorkerWatch;
  storage: SessionStorage | null;
  notice: SessionNotice;
}

/** The page's address as the session keeps it */
const currentAddress = (): string => location.search + location.hash;
/** A scene as loaded: another load, Reset or comparison is another one */
const sceneKey = (s: SimStatus): string => `${s.staticVersion} ${s.scenario}`;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class SessionKeeper {
  /** what the page does with the session saved before it opened (session-store.ts sessionAction) */
  readonly action: 'resume' | 'offer' | 'ignore';
  private readonly saved: SavedSession | null;
  /** the last state taken (a SavedState as JSON): the last good state the page has */
  private stateJson: string | null = null;
  /** its simulated time, the scene and step it is of, and when it was taken */
  private stateT = NaN;
  private stateScene = '';
  private stateStep = -1;
  private stateAt = -Infinity;
  private taking: Promise<void> | null = null;
  private addressTimer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  /** Start fresh: nothing is saved any more from this page */
  private discarded = false;
  /** what the last save did */
  result: SaveResult | 'nothing saved yet' = 'nothing saved yet';

  constructor(private readonly d: SessionKeeperDeps) {
    this.saved = readSession(d.storage);
    this.action = sessionAction(this.saved, currentAddress());
    // before the fault banner hears of a fault: it says what was kept
    d.watch.onFault(() => this.save());
  }

  /** The saved session the first load resumes, or null */
  get toResume(): SavedSession | null {
    return this.action === 'resume' ? this.saved : null;
  }

  /** The simulated time of the last state saved, or null: none (Restart then begins the scene again) */
  keptTime(): number | null {
    const s = this.d.state.status;
    if (this.stateJson === null || !s || this.stateScene !== sceneKey(s) || this.result !== 'saved') return null;
    return this.stateT;
  }

  /** After the first load: says what became of the saved session and starts saving this one. `resumed`: its state was loaded. */
  start(resumed: boolean): void {
    const s = this.saved, status = this.d.state.status;
    if (s && this.action === 'resume') {
      if (resumed && s.state && status) {
        this.stateJson = JSON.stringify(s.state);
        this.stateT = s.state.t;
        this.stateScene = sceneKey(status);
        this.stateStep = status.step;
        this.stateAt = performance.now();
      }
      if (resumed || !s.state) this.d.notice.restored(s, () => this.startFresh());
    } else if (s && this.action === 'offer') {
      this.d.notice.offer(s, () => this.restore(s));
    }
    this.started = true;
    setInterval(() => { void this.takeState(false); }, TICK_MS);
    window.addEventListener('pagehide', () => this.save());
    document.addEventListener('visibilitychange', () => { if (document.hidden) this.save(); });
  }

  /** The page wrote its address: saved shortly. */
  addressChanged(): void {
    if (!this.started || this.addressTimer !== null) return;
    this.addressTimer = setTimeout(() => { this.save(); }, ADDRESS_DELAY_MS);
  }

  /** After a worker fault: the page opens again at its address, which resumes the session saved (paused). */
  restart(): void {
    this.save();
    location.reload();
  }

  /** Forgets the saved session and opens the page afresh at its bare address. */
  startFresh(): void {
    this.discarded = true;
    removeSession(this.d.storage);
    location.assign(location.pathname);
  }

  /** The offered session (the page opened at its bare address): saved again and resumed at its address. */
  private restore(s: SavedSession): void {
    this.discarded = true;
    writeSession(this.d.storage, s, s.state ? JSON.stringify(s.state) : null);
    location.assign(location.pathname + s.address);
  }

  /**
   * Takes the world's state when there is a new scene, or the run has stepped and STATE_EVERY_MS has passed
   * (`now`: whenever it stepped), and saves. A diverged run keeps the last good state; a comparison and a scene
   * of more than MAX_SAVED_BODIES bodies keep their address only.
   */
  private async takeState(now: boolean): Promise<void> {
    if (this.taking) { await this.taking; if (!now) return; }
    if (this.discarded || !this.started || !this.d.watch.alive) return;
    const taking = this.take(now).catch(() => { /* the worker is gone: the last state taken stays */ });
    this.taking = taking;
    await taking;
    if (this.taking === taking) this.taking = null;
  }

  private async take(now: boolean): Promise<void> {
    const s = await this.d.api.getStatus();
    const key = sceneKey(s), newScene = key !== this.stateScene;
    if (!newScene && (s.step === this.stateStep || (!now && performance.now() - this.stateAt < STATE_EVERY_MS))) return;
    if (s.health.status === 'diverged' || s.comparison || s.n > MAX_SAVED_BODIES) {
      if (newScene) { this.stateJson = null; this.stateScene = key; this.stateStep = s.step; this.save(key); }
      return;
    }
    const spec = await this.d.api.exportSpec();
    if (!isRecord(spec)) return;
    this.stateJson = JSON.stringify({ t: s.t, spec });
    this.stateT = s.t;
    this.stateScene = key;
    this.stateStep = s.step;
    this.stateAt = performance.now();
    this.save(key);
  }

  /** Writes the session now: this page's address, and the last state taken if it is of the scene shown (`scene`: its key). */
  private save(scene = this.d.state.status ? sceneKey(this.d.state.status) : ''): void {
    if (this.addressTimer !== null) { clearTimeout(this.addressTimer); this.addressTimer = null; }
    if (this.discarded || !this.started) return;
    this.result = writeSession(this.d.storage, {
      address: currentAddress(), scenario: this.d.state.scenario, running: this.d.watch.alive && (this.d.state.status?.running ?? false), savedAt: Date.now(),
    }, this.stateScene === scene ? this.stateJson : null);
  }

  /** For the test hook: a save now (with the state if it changed), what became of the session saved before, the note shown */
  hook(): { saveNow(): Promise<string>; action(): string; notice(): string } {
    return {
      saveNow: async () => {
        await this.takeState(true);
        if (this.addressTimer !== null) this.save();
        return this.result;
      },
      action: () => this.action,
      notice: () => this.d.notice.shown,
    };
  }
}
