/** The page's keyboard shortcuts, as the shortcut list and the lecture-mode hint show them. */
export const SHORTCUTS: readonly (readonly [keys: string, what: string])[] = [
  ['space', 'run / pause'],
  ['s', 'single step'],
  ['r', 'reset'],
  ['f', 'fit the view'],
  ['[ / ]', 'rewind: previous / next snapshot'],
  ['i', 'say the key numbers (t, Δt/tc, Ek, contacts, warnings, the lesson’s headline) to a screen reader'],
  ['b / Shift+b', 'on the canvas: select the next / previous body'],
  ['g, arrows, Enter', 'on the canvas: grab the selected body, move it, throw it (g again drops it)'],
  ['c', 'on the canvas: select the selected body’s contacts in turn'],
  ['arrows, + / −', 'on the canvas: pan, zoom'],
  ['e', 'build mode on / off; in it 1–8 choose a tool, Enter ends a polyline, Esc drops it, o opens the last gate, Delete removes the selected wall'],
  ['Ctrl+Z / Ctrl+Shift+Z', 'in build mode: undo / redo an edit'],
  ['l', 'lecture mode on / off'],
  ['PageDown / PageUp (or n / p)', 'next / previous lesson (a presentation clicker sends these)'],
  ['?', 'this list'],
  ['Esc', 'close this list (focus goes back where it was) or the lesson menu'],
];
