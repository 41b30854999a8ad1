/**
 * The page's saved session (issue 39): the page's own address (the scenario, its parameters and the view, as
 * the URL keeps them) and the world's state as a scenario file (what Export → scenario JSON writes), in the
 * browser's localStorage under one key, at most MAX_SESSION_CHARS (a larger state is left out; the address
 * is kept). What is read back is untrusted input: anything malformed is no session. Which address restores it
 * is sessionAction's rule: the URL always wins.
 */

export const SESSION_KEY = 'granular-sandbox/session/v1';
/** The most characters the saved session takes (localStorage holds about 5 million per site) */
export const MAX_SESSION_CHARS = 2_000_000;
/** The page's address is kept only up to this length (a file's scene in the fragment is at most 16,000) */
const MAX_ADDRESS_CHARS = 40_000;

/** The world's state then, as a scenario file, and its simulated time [s] */
export interface SavedState {
  t: number;
  spec: Record<string, unknown>;
}

export interface SessionMeta {
  /** the page's address then: location.search + location.hash */
  address: string;
  /** the scenario's name as the page showed it */
  scenario: string;
  /** whether the run was going */
  running: boolean;
  /** when it was saved [ms since 1970] */
  savedAt: number;
}

export interface SavedSession extends SessionMeta {
  /** null: too large to keep, or not taken yet */
  state: SavedState | null;
}

export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What a save did */
export type SaveResult = 'saved' | 'saved without the state' | 'failed';

/** The browser's localStorage, or null where the page may not use it (storage disabled, a sandboxed frame) */
export function browserStorage(): SessionStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Saves `meta` and the state (`stateJson`: a SavedState as JSON text, or null); a state that does not fit is left out. */
export function writeSession(storage: SessionStorage | null, meta: SessionMeta, stateJson: string | null): SaveResult {
  if (!storage) return 'failed';
  const head = JSON.stringify({ ...meta, address: meta.address.length <= MAX_ADDRESS_CHARS ? meta.address : '' }).slice(0, -1);
  const attempts: [string, SaveResult][] = [[`${head},"state":null}`, stateJson === null ? 'saved' : 'saved without the state']];
  if (stateJson !== null) attempts.unshift([`${head},"state":${stateJson}}`, 'saved']);
  for (const [text, result] of attempts) {
    if (text.length > MAX_SESSION_CHARS) continue;
    try {
      storage.setItem(SESSION_KEY, text);
      return result;
    } catch {
      // the browser's quota (other data of this site): try without the state
    }
  }
  return 'failed';
}

export function removeSession(storage: SessionStorage | null): void {
  try {
    storage?.removeItem(SESSION_KEY);
  } catch {
    // nothing saved, nothing to remove
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The saved session, or null when there is none or what is there is not one. */
export function readSession(storage: SessionStorage | null): SavedSession | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(SESSION_KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null || text.length > MAX_SESSION_CHARS) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(v)) return null;
  const { address, scenario, running, savedAt, state } = v;
  if (typeof address !== 'string' || address.length > MAX_ADDRESS_CHARS || !/^([?#]|$)/.test(address)) return null;
  if (typeof scenario !== 'string' || scenario.length > 200 || typeof running !== 'boolean') return null;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null;
  let saved: SavedState | null = null;
  if (state !== null) {
    if (!isRecord(state) || typeof state.t !== 'number' || !Number.isFinite(state.t) || !isRecord(state.spec)) return null;
    saved = { t: state.t, spec: state.spec };
  }
  return { address, scenario, running, savedAt, state: saved };
}

/**
 * What a page opened at `address` (location.search + location.hash) does with the saved session: 'resume' it
 * when the address is the one it was saved with (a reload, a crash, the browser reopening its tabs, Restart
 * after a worker fault), 'offer' it when the address is bare (the app's home page), and 'ignore' it for any
 * other address: an explicit URL wins over a saved session.
 */
export function sessionAction(saved: SavedSession | null, address: string): 'resume' | 'offer' | 'ignore' {
  if (!saved) return 'ignore';
  if (address === saved.address) return 'resume';
  return address === '' ? 'offer' : 'ignore';
}
