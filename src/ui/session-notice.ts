/**
 * The note under the status line (#session-note) that says what became of the session saved before the page
 * opened (session-keeper.ts): resumed, with Start fresh to forget it, or offered at the bare address, with
 * Restore it. Set as text, never HTML: the scenario's name comes from a file.
 */
import { fmtNum } from './controls/format';
import { $ } from './dom';
import type { SavedSession } from './session-store';

export class SessionNotice {
  /** what the note shows now, for the tests */
  shown: 'none' | 'restored' | 'offer' = 'none';
  private readonly box = $('session-note');
  private readonly text = $('session-note-text');
  private readonly action = $('session-note-action');
  private act: () => void = () => undefined;

  constructor() {
    $('session-note-close').addEventListener('click', () => { this.box.hidden = true; this.shown = 'none'; });
    this.action.addEventListener('click', () => this.act());
  }

  /** The saved session `s` was resumed (its state, or its address alone when it kept none). */
  restored(s: SavedSession, startFresh: () => void): void {
    const what = s.state
      ? `‘${s.scenario}’ as it was at t = ${fmtNum(s.state.t)} s (its clock starts again from 0)`
      : `‘${s.scenario}’ with its parameters, from its start (its state was too large to keep)`;
    this.show('restored', `Your last session is back, saved ${when(s.savedAt)}: ${what}.`, 'Start fresh', startFresh);
  }

  /** The page opened at its bare address: the saved session `s` can be resumed. */
  offer(s: SavedSession, restore: () => void): void {
    const at = s.state ? ` at t = ${fmtNum(s.state.t)} s` : '';
    this.show('offer', `Your last session was saved ${when(s.savedAt)}: ‘${s.scenario}’${at}.`, 'Restore it', restore);
  }

  private show(kind: 'restored' | 'offer', text: string, action: string, act: () => void): void {
    this.text.textContent = text;
    this.action.textContent = action;
    this.act = act;
    this.box.hidden = false;
    this.shown = kind;
  }
}

function when(savedAt: number): string {
  return new Date(savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
