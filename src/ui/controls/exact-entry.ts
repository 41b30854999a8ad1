/**
 * A typed entry beside a numeric slider: the value is taken exactly as typed (no rounding to the
 * slider's step, no clamping to its range) when the core's parameter table allows it, and refused
 * with the allowed range otherwise. It replaces lil-gui's own number box, which rounds and clamps.
 */
import type { Controller } from 'lil-gui';

export interface ExactEntry {
  /** Shows the current value (not while the user is typing in the box). */
  set(v: number): void;
}

/** Shortest round-trip text of a number: what the worker holds, exactly (1e+6 rather than 1000000). */
export function exactText(v: number): string {
  const a = Math.abs(v);
  return a !== 0 && (a >= 1e5 || a < 1e-4) ? v.toExponential() : String(v);
}

export interface EntryRules {
  /** the typed text as a value; throws an Error whose message names the field and the allowed range */
  parse(text: string): number;
  /** the value as text (default exactText) */
  format?(v: number): string;
}

export function attachExactEntry(
  ctrl: Controller, name: string, rules: EntryRules, onValue: (v: number) => void, onRefused: (message: string) => void,
): ExactEntry {
  const format = rules.format ?? exactText;
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
      const v = rules.parse(text);
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
      shown = format(v);
      if (document.activeElement !== input) {
        input.value = shown;
        input.classList.remove('refused');
        input.title = '';
      }
    },
  };
}
