/**
 * What the page must do with a query string, from docs/user-guide.md#url-parameters, written independently of
 * src/ui/url-state.ts: every key is optional; a value outside its type or range, an unknown key and a
 * repeated key are named in the message at the top (field first, then the rule), and the default is
 * used; the first of repeated keys counts; a good value is applied.
 */
import type { ParamInfo } from '../../../src/core/param-rows/param-info';
import { PARAMS } from '../../../src/core/config/param-table';

/** A plain decimal, optionally signed, with an optional exponent (no hex, no '_', no 'Infinity'). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SPF = ['max', '1', '3', '10', '30', '100', '300', '1000', '3000', '10000'];
const COLORS = ['speed', 'contacts', 'none'];
const FPS = ['display', '30', '15', '10', '5'];
const UI_BOOLS = ['0', '1', 'true', 'false'];

export interface UrlExpectation {
  /** the built-in that must be running */
  scenario: string;
  /** keys the message must name (the first 40 characters of the key, as the message shows it) */
  named: string[];
  /** parameters that must reach the worker (or be named, if the core refuses the combination) */
  applied: Record<string, number | string | boolean>;
  /** refused parameter values that must not reach the worker */
  refused: Record<string, number | string | boolean>;
  /** the playback speed the worker must have (0 = max), when the URL set a good one */
  speed: number | null;
  /** whether the run must be going */
  running: boolean;
  /** the threads the worker must step on: auto is one; a good count, at most the page's logical cores */
  threads: number;
  /** keys whose good value was cut to the machine, with a note saying so (threads above the cores) */
  noted: string[];
}

function decimal(text: string): number {
  const t = text.trim();
  return DECIMAL.test(t) ? Number(t) : NaN;
}

/** The value a URL text gives a live parameter, or undefined when the text is not allowed. */
export function paramValue(info: ParamInfo, raw: string): number | string | boolean | undefined {
  if (info.kind === 'number') {
    const v = decimal(raw);
    if (!Number.isFinite(v) || v < info.min || v > info.max || (info.integer && !Number.isInteger(v))) return undefined;
    return v;
  }
  if (info.kind === 'choice') return info.options.includes(raw) ? raw : undefined;
  return raw === 'true' ? true : raw === 'false' ? false : undefined;
}

/** `search` is the query the page saw (location.search at its start); `builtIns` the scenario names; `cores` the page's logical cores. */
export function expectUrl(search: string, builtIns: readonly string[], defaultScenario: string, cores: number): UrlExpectation {
  const out: UrlExpectation = { scenario: defaultScenario, named: [], applied: {}, refused: {}, speed: null, running: true, threads: 1, noted: [] };
  const seen = new Set<string>();
  const name = (k: string) => { const s = k.slice(0, 40); if (!out.named.includes(s)) out.named.push(s); };
  for (const [key, raw] of new URLSearchParams(search)) {
    if (seen.has(key)) { name(key); continue; }
    seen.add(key);
    if (key === 'scenario') {
      if (builtIns.includes(raw)) out.scenario = raw;
      else name(key);
    } else if (key === 'speed') {
      const t = raw.trim();
      const v = t === 'max' ? 0 : decimal(t);
      // 'max' is full speed; a number, 0 included, must lie in the range
      if (t === 'max' || (v >= 1e-9 && v <= 1e6)) out.speed = v;
      else name(key);
    } else if (key === 'spf') {
      if (!SPF.includes(raw)) name(key);
    } else if (key === 'color') {
      if (!COLORS.includes(raw)) name(key);
    } else if (key === 'fps') {
      if (!FPS.includes(raw)) name(key);
    } else if (key === 'threads') {
      // 'auto' (one thread) or 1 to 64 written in plain digits; more than the cores: the cores, with a note
      const n = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
      if (n >= 1 && n <= 64) {
        out.threads = Math.min(n, cores);
        if (n > cores) out.noted.push(key);
      } else if (raw !== 'auto') name(key);
    } else if (key === 'network' || key === 'logy' || key === 'run') {
      if (!UI_BOOLS.includes(raw)) name(key);
      else if (key === 'run') out.running = raw === '1' || raw === 'true';
    } else if (Object.prototype.hasOwnProperty.call(PARAMS, key)) {
      const info = (PARAMS as Record<string, ParamInfo>)[key];
      const v = paramValue(info, raw);
      if (v === undefined) {
        name(key);
        const n = decimal(raw);
        if (info.kind === 'number' && !Number.isNaN(n)) out.refused[key] = n;
        else if (info.kind !== 'number') out.refused[key] = raw;
      } else {
        out.applied[key] = v;
      }
    } else {
      name(key);
    }
  }
  return out;
}
