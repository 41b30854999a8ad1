/**
 * The page's keys (the list shown to the user: lecture/shortcuts.ts): lecture mode's own first (l, n/p,
 * PageDown/PageUp, ?, Esc), then space (run / pause), s (single step), r (reset), f (fit the view) and i (the key
 * numbers, said in the live region); none while typing in a field, except PageDown/PageUp, which go to the next or
 * previous lesson from the lesson menu too. A key a focused control acts on itself (space on a button, a link, a
 * lil-gui folder title) is left to it, so it never also runs or pauses. Rewind's [ and ] are the rewind strip's
 * (rewind/rewind-strip.ts); the canvas's own keys, while it has focus, are a11y/keyboard-hand.ts's.
 */

export interface ShortcutActions {
  /** lecture mode's keys: true when the key was one of them */
  lecture(e: KeyboardEvent): boolean;
  toggleRun(): void;
  step(): void;
  reset(): void;
  fit(): void;
  /** says the key numbers */
  numbers(): void;
}

export function installKeyboardShortcuts(a: ShortcutActions): void {
  window.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement | null;
    const field = t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA');
    if (field && !(t.tagName === 'SELECT' && (e.key === 'PageDown' || e.key === 'PageUp'))) return;
    if (a.lecture(e)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === ' ') { if (!pressable(t)) { e.preventDefault(); a.toggleRun(); } }
    else if (e.key === 's') a.step();
    else if (e.key === 'r') a.reset();
    else if (e.key === 'f') a.fit();
    else if (e.key === 'i') a.numbers();
  });
}

/** An element that acts on space itself (a button, a link, a summary, an ARIA button). */
function pressable(t: HTMLElement | null): boolean {
  return !!t && (t.tagName === 'BUTTON' || t.tagName === 'A' || t.tagName === 'SUMMARY' || t.getAttribute('role') === 'button');
}
