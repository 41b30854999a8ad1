/**
 * What the page's parts share about the run: the user's view and playback settings, the worker's latest status
 * and what is loaded. One object, which the loaders, the settings, the status poll and the pointer read and write.
 */
import type { SimStatus } from '../protocol/api';
import type { UiState } from './url-state';

export interface PageState {
  /** the view and playback settings: the URL's, then the user's */
  ui: UiState;
  /** the worker's status as last loaded or polled (null before the first) */
  status: SimStatus | null;
  /** the loaded scenario: a built-in's name, or the name a loaded file gives itself */
  scenario: string;
  /** a recording cadence the user typed: kept through Reset, dropped with another scenario */
  chosenRecordEvery: number | null;
  /** a loaded file's scenario in the URL fragment ('' for a built-in, or a file too large to share) */
  specFragment: string;
  /**
   * Bumped when a click changes the selection here: a status asked for before that carries the worker's older
   * selection and must not undo the click (a quick second, shift-click would then find nothing selected).
   */
  selectionEdits: number;
}
