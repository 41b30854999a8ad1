/**
 * The page's keys (the list shown to the user: lecture/shortcuts.ts): lecture mode's own first (l, n/p,
 * PageDown/PageUp, ?, Esc), then space (run / pause), s (single step), r (reset) and f (fit the view); none while
 * typing in a field. Rewind's [ and ] are the rewind strip's (rewind/rewind-strip.ts).
 */

export interface ShortcutActions {
  /** lecture mode's keys: true when the key was one of them */
  lecture(e: KeyboardEvent): boolean;
  toggleRun(): void;
  step(): void;
  reset(): void;
  fit(): void;
}

export function installKeyboardShortcuts(a: ShortcutActions): void {
  window.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (a.lecture(e)) return;
    if (e.key === ' ') { e.preventDefault(); a.toggleRun(); }
    else if (e.key === 's') a.step();
    else if (e.key === 'r') a.reset();
    else if (e.key === 'f') a.fit();
  });
}
