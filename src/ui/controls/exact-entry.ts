/**
 * A typed entry beside a numeric slider: the value is taken exactly as typed (no rounding to the
 * slider's step, no clamping to its range) when the core's parameter table allows it, and refused
 * with the allowed range otherwise. It replaces lil-gui's own number box, which rounds and clamps.
 */
import type { Controller } from 'lil-gui';
import { checkParam, type ParamName } from '../../core/sim/params';

export interface ExactEntry {
  /** Shows the current value (not while the user is typing in the box). */
  set(v: number): void;
}

export function attachExactEntry(
  ctrl: Controller, name: ParamName, onValue: (v: number) => void, onRefused: (message: string) => void,
): ExactEntry {
  ctrl.domElement.classList.add('has-exact-entry');
  const input = document.createElement('input');
  input.type = 'text';
  input.inputMode = 'decimal';
  input.spellcheck = false;
  input.className = 'exact-entry';
  input.setAttribute('data-testid', `exact-${name}`);
  input.setAttribute('aria-label', `${name}: exact value`);
  ctrl.domElement.querySelector('.lil-widget')?.appendChild(input);
  let shown = '';
  /** the text last sent (Enter and the blur after it both end in 'commit': send once) */
  let sent = '';
  const commit = () => {
    const text = input.value.trim();
    if (text === shown || text === sent) return;
    try {
      const v = checkParam(name, text) as number;
      input.classList.remove('refused');
      input.title = '';
      sent = text;
      input.blur(); // the box then shows what the worker holds (it may still refuse a combination)
      onValue(v);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      input.classList.add('refused');
      input.title = message;
      onRefused(message);
    }
  };
  input.addEventListener('keydown', (e) => {
    e.stopPropagation(); // typing a value is not a keyboard shortcut (space, s, r, f)
    if (e.key === 'Enter') commit();
    else if (e.key === 'Escape') { input.value = shown; input.classList.remove('refused'); input.blur(); }
  });
  input.addEventListener('change', commit);
  return {
    set(v: number) {
      sent = '';
      // shortest round-trip form: what the worker holds, exactly (1e+6 rather than 1000000)
      const a = Math.abs(v);
      shown = a !== 0 && (a >= 1e5 || a < 1e-4) ? v.toExponential() : String(v);
      if (document.activeElement !== input) {
        input.value = shown;
        input.classList.remove('refused');
        input.title = '';
      }
    },
  };
}
