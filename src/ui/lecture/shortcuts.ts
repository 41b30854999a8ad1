/** The page's keyboard shortcuts, as the shortcut list and the lecture-mode hint show them. */
export const SHORTCUTS: readonly (readonly [keys: string, what: string])[] = [
  ['space', 'run / pause'],
  ['s', 'single step'],
  ['r', 'reset'],
  ['f', 'fit the view'],
  ['[ / ]', 'rewind: previous / next snapshot'],
  ['l', 'lecture mode on / off'],
  ['PageDown / PageUp (or n / p)', 'next / previous lesson (a presentation clicker sends these)'],
  ['?', 'this list'],
  ['Esc', 'close this list or the lesson menu'],
];
