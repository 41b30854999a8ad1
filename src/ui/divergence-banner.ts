/**
 * The divergence banner over the canvas (#divergence): when a run diverged, the worker's message, a line of what
 * to change before going back, and the button back to the last good state.
 */
import type { SimStatus } from '../protocol/api';
import { fmtInt, fmtNum, tcText } from './controls/format';
import { $, setText } from './dom';

export class DivergenceBanner {
  private readonly box = $('divergence');
  private readonly text = $('divergence-text');
  private readonly detail = $('divergence-detail');

  /** `restore`: the "back to last good state" button */
  constructor(restore: () => void) {
    $('restore-good').addEventListener('click', restore);
  }

  /** Shown while status `s` says the run diverged; `cd`: its solver is contact dynamics. */
  show(s: SimStatus, cd: boolean): void {
    const diverged = s.health.status === 'diverged';
    this.box.hidden = !diverged;
    if (diverged) {
      setText(this.text, s.health.message || 'The simulation diverged.');
      setText(this.detail, divergenceAdvice(s, cd));
    }
  }
}

/** The line under the divergence message: what to change before going back. */
function divergenceAdvice(s: SimStatus, cd: boolean): string {
  const ts = s.timeScales;
  const p = s.params;
  if (!ts || !p) return 'The run is paused.';
  if (cd) {
    return `Contact dynamics with N_I = ${fmtInt(p.iterations)} ${p.sweep} sweeps and Δt = ${fmtNum(s.dt)} s. The run is paused: raise N_I (Contact dynamics folder) or lower Δt, then go back to the last good state.`;
  }
  // short: the message above already says which limit binds and why (diagnostics/divergence.ts); a longer line
  // here pushed the banner's button out of the stage at 1280×720
  const change = ts.stableLimit === 'dashpot-rate' ? 'lower Δt/tc or raise εn' : 'lower Δt/tc';
  return `${tcText(ts.tc, ts.hertzSpeed)}. The run is paused: ${change}, then go back to the last good state.`;
}
