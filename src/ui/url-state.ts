/**
 * Scenario and every live parameter in the query string, so that a URL reproduces a run.
 * Values are validated with the core's parameter table (the one pure module the page may import);
 * a bad value yields a message naming the field and range, and the default is used instead.
 * Nothing read from the URL is ever inserted as HTML or evaluated.
 */
import { PARAMS, checkParam, type LiveParams, type ParamName } from '../core/sim/params';
import { parseSpeed, speedText } from './controls/speed-control';

export const SPF_OPTIONS = ['max', '1', '3', '10', '30', '100', '300', '1000', '3000', '10000'] as const;
export const COLOR_OPTIONS = ['speed', 'contacts', 'none'] as const;
export type ColorOption = (typeof COLOR_OPTIONS)[number];

export interface UiState {
  /** steps per frame; 0 = as fast as possible */
  spf: number;
  color: ColorOption;
  network: boolean;
  logy: boolean;
  run: boolean;
  /** playback speed chosen by the user (simulated s per wall s; 0 = max); null = the scenario's default */
  speed: number | null;
}

export const DEFAULT_UI: UiState = { spf: 0, color: 'speed', network: false, logy: false, run: true, speed: null };
export const DEFAULT_SCENARIO = 'pile';

export interface UrlState {
  scenario: string | null;
  overrides: Partial<Record<ParamName, unknown>>;
  ui: UiState;
  problems: string[];
  /**
   * A `scenario` value that is not a scenario name, kept apart from `problems`: it matters only when the
   * page loads a built-in; a file's scene in the fragment (`#spec=…`) carries its own name, which may be
   * any text (the page writes it into `scenario` as a label).
   */
  scenarioProblem: string | null;
}

const UI_KEYS = ['scenario', 'speed', 'spf', 'color', 'network', 'logy', 'run'];

function bool(v: string): boolean | null {
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return null;
}

export function parseUrl(search: string): UrlState {
  const q = new URLSearchParams(search);
  const out: UrlState = { scenario: null, overrides: {}, ui: { ...DEFAULT_UI }, problems: [], scenarioProblem: null };
  const seen = new Set<string>();
  for (const [key, raw] of q) {
    if (seen.has(key)) {
      out.problems.push(`${key.slice(0, 40)}: given more than once; the first value was used`);
      continue;
    }
    seen.add(key);
    if (key === 'scenario') {
      if (/^[A-Za-z0-9_.-]{1,100}$/.test(raw)) out.scenario = raw;
      else out.scenarioProblem = `scenario: must be a scenario name (letters, digits, '-', '_', '.'), got ${JSON.stringify(raw.slice(0, 60))}`;
    } else if (key === 'speed') {
      try {
        out.ui.speed = parseSpeed(raw);
      } catch (e) {
        out.problems.push(e instanceof Error ? e.message : String(e));
      }
    } else if (key === 'spf') {
      if ((SPF_OPTIONS as readonly string[]).includes(raw)) out.ui.spf = raw === 'max' ? 0 : Number(raw);
      else out.problems.push(`spf: must be one of ${SPF_OPTIONS.join(', ')}, got ${JSON.stringify(raw.slice(0, 60))}`);
    } else if (key === 'color') {
      if ((COLOR_OPTIONS as readonly string[]).includes(raw)) out.ui.color = raw as ColorOption;
      else out.problems.push(`color: must be one of ${COLOR_OPTIONS.join(', ')}, got ${JSON.stringify(raw.slice(0, 60))}`);
    } else if (key === 'network' || key === 'logy' || key === 'run') {
      const b = bool(raw);
      if (b === null) out.problems.push(`${key}: must be 0 or 1, got ${JSON.stringify(raw.slice(0, 60))}`);
      else out.ui[key] = b;
    } else if (Object.hasOwn(PARAMS, key)) {
      // own keys only: 'toString', 'constructor', '__proto__'… are inherited by every object, not parameters
      try {
        out.overrides[key as ParamName] = checkParam(key, raw);
      } catch (e) {
        out.problems.push(e instanceof Error ? e.message : String(e));
      }
    } else {
      out.problems.push(`${key.slice(0, 40)}: unknown URL parameter; known: ${[...UI_KEYS, ...Object.keys(PARAMS)].join(', ')}`);
    }
  }
  return out;
}

function fmtValue(v: unknown): string {
  // shortest round-trip form, so reopening the URL gives bit-identical parameters
  return String(v);
}

export function buildQuery(scenario: string, params: LiveParams | null, ui: UiState): string {
  const q = new URLSearchParams();
  q.set('scenario', scenario);
  if (params) for (const k of Object.keys(PARAMS) as ParamName[]) q.set(k, fmtValue(params[k]));
  if (ui.speed !== null) q.set('speed', speedText(ui.speed));
  q.set('spf', ui.spf === 0 ? 'max' : String(ui.spf));
  q.set('color', ui.color);
  q.set('network', ui.network ? '1' : '0');
  q.set('logy', ui.logy ? '1' : '0');
  return '?' + q.toString();
}

/** Writes the query (scenario, parameters, view) and the fragment (a loaded file's scenario, or none). */
export function writeUrl(scenario: string, params: LiveParams | null, ui: UiState, fragment: string): void {
  const qs = buildQuery(scenario, params, ui);
  const hash = fragment ? `#${fragment}` : '';
  if (qs !== location.search || hash !== location.hash) history.replaceState(null, '', qs + hash);
}
