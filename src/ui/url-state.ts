/**
 * Scenario and every live parameter in the query string, so that a URL reproduces a run.
 * Values are validated with the core's parameter table (the one pure module the page may import);
 * a bad value yields a message naming the field and range, and the default is used instead.
 * Nothing read from the URL is ever inserted as HTML or evaluated.
 */
import { checkParam } from '../core/config/param-check';
import { PARAMS, type LiveParams, type ParamName } from '../core/config/param-table';
import { MAX_THREADS } from '../core/parallel/max-threads';
import { parseSpeed, speedText } from './controls/speed-control';
import { COMPARE_PRESETS, presetNamed } from './compare/presets';
import { LESSONS, lessonById } from './lecture/lessons';

export const SPF_OPTIONS = ['max', '1', '3', '10', '30', '100', '300', '1000', '3000', '10000'] as const;
/** Most frames drawn per second: the display's rate, or fewer (software WebGL takes CPU from the worker per frame) */
export const FPS_OPTIONS = ['display', '30', '15', '10', '5'] as const;
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
  /** lecture mode: larger type, advanced controls hidden (lecture/lecture-mode.ts) */
  lecture: boolean;
  /** the lesson open (lecture/lessons.ts id), or null */
  lesson: string | null;
  /** a comparison's layout: each variant in its own pane, side by side (compare/pane-view.ts), or overlaid */
  panes: boolean;
  /** threads the worker steps on (its worker pool), or null: automatic (one thread) */
  threads: number | null;
  /** most frames drawn per second; 0 = the display's rate */
  fps: number;
  /** "let it blow up": runs go past the divergence detector for a bounded time (SimApi.setBlowUp) */
  blowUp: boolean;
}

export const DEFAULT_UI: UiState = { spf: 0, color: 'speed', network: false, logy: false, run: true, speed: null, lecture: false, lesson: null, panes: false, threads: null, fps: 0, blowUp: false };
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
  /** A lockstep comparison (`compare=<preset>` or `variant=k=v,k=v` repeated 2–4 times), or null */
  comparison: UrlComparison | null;
}

/** A comparison as the URL gives it: a preset's name and its variants, or the variants alone (preset null). */
export interface UrlComparison {
  preset: string | null;
  variants: Record<string, unknown>[];
}

const UI_KEYS = ['scenario', 'speed', 'spf', 'color', 'network', 'logy', 'run', 'compare', 'variant', 'panes', 'lesson', 'lecture', 'threads', 'fps', 'blowUp'];

function bool(v: string): boolean | null {
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return null;
}

/** `raw` if it is one of a key's options; otherwise null, and the key's message with the options */
function option<T extends string>(out: UrlState, key: string, options: readonly T[], raw: string): T | null {
  if ((options as readonly string[]).includes(raw)) return raw as T;
  out.problems.push(`${key}: must be one of ${options.join(', ')}, got ${JSON.stringify(raw.slice(0, 60))}`);
  return null;
}

export function parseUrl(search: string): UrlState {
  const out: UrlState = { scenario: null, overrides: {}, ui: { ...DEFAULT_UI }, problems: [], scenarioProblem: null, comparison: null };
  const seen = new Set<string>();
  const variants: string[] = [];
  for (const [key, raw] of withLesson(new URLSearchParams(search), out)) {
    if (key === 'variant') { variants.push(raw); continue; } // repeated: one per variant
    if (seen.has(key)) {
      out.problems.push(`${key.slice(0, 40)}: given more than once; the first value was used`);
      continue;
    }
    seen.add(key);
    if (key === 'scenario') {
      if (/^[A-Za-z0-9_.-]{1,100}$/.test(raw)) out.scenario = raw;
      else out.scenarioProblem = `scenario: must be a scenario name (letters, digits, '-', '_', '.'), got ${JSON.stringify(raw.slice(0, 60))}`;
    } else if (key === 'compare') {
      const preset = presetNamed(raw);
      if (preset) out.comparison = { preset: preset.name, variants: preset.variants.map((v) => ({ ...v })) };
      else out.problems.push(`compare: must be one of ${COMPARE_PRESETS.map((p) => p.name).join(', ')}, got ${JSON.stringify(raw.slice(0, 60))}`);
    } else if (key === 'speed') {
      try {
        out.ui.speed = parseSpeed(raw);
      } catch (e) {
        out.problems.push(e instanceof Error ? e.message : String(e));
      }
    } else if (key === 'spf') {
      const v = option(out, key, SPF_OPTIONS, raw);
      if (v !== null) out.ui.spf = v === 'max' ? 0 : Number(v);
    } else if (key === 'fps') {
      const v = option(out, key, FPS_OPTIONS, raw);
      if (v !== null) out.ui.fps = v === 'display' ? 0 : Number(v);
    } else if (key === 'color') {
      const v = option(out, key, COLOR_OPTIONS, raw);
      if (v !== null) out.ui.color = v;
    } else if (key === 'threads') {
      const t = raw === 'auto' ? null : /^[0-9]{1,3}$/.test(raw) ? Number(raw) : NaN;
      if (t === null || (t >= 1 && t <= MAX_THREADS)) out.ui.threads = t;
      else out.problems.push(`threads: must be auto or an integer from 1 to ${MAX_THREADS}, got ${JSON.stringify(raw.slice(0, 60))}`);
    } else if (key === 'network' || key === 'logy' || key === 'run' || key === 'lecture' || key === 'panes' || key === 'blowUp') {
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
  if (variants.length) {
    if (out.comparison) out.problems.push(`variant: not used, compare=${out.comparison.preset} gives the variants`);
    else out.comparison = parseVariants(variants, out.problems);
  }
  // a preset brings its scenario and settings (e.g. Δt = 0.1 tc), unless the URL gives its own
  const preset = out.comparison?.preset ? presetNamed(out.comparison.preset) : undefined;
  if (preset) {
    if (out.scenario === null && out.scenarioProblem === null) out.scenario = preset.scenario;
    for (const [k, v] of Object.entries(preset.overrides)) if (!Object.hasOwn(out.overrides, k)) out.overrides[k as ParamName] = v;
  }
  return out;
}

/** `variant` values (`k=v,k=v`; empty: the scenario as loaded), each checked against the parameter table; null with a problem if any is bad. */
function parseVariants(texts: string[], problems: string[]): UrlComparison | null {
  if (texts.length < 2 || texts.length > 4) {
    problems.push(`variant: a comparison has 2 to 4 variants, got ${texts.length}; none was used`);
    return null;
  }
  const variants: Record<string, unknown>[] = [];
  for (const [index, text] of texts.entries()) {
    const v: Record<string, unknown> = {};
    for (const part of text.split(',').map((p) => p.trim()).filter((p) => p.length > 0)) {
      const eq = part.indexOf('=');
      const key = part.slice(0, eq).trim();
      if (eq <= 0) {
        problems.push(`variant ${index + 1}: expected key=value, got ${JSON.stringify(part.slice(0, 60))}; the comparison was not used`);
        return null;
      }
      if (Object.hasOwn(v, key)) {
        problems.push(`variant ${index + 1}.${key.slice(0, 40)}: given more than once; the comparison was not used`);
        return null;
      }
      try {
        v[key] = checkParam(key, part.slice(eq + 1).trim());
      } catch (e) {
        problems.push(`variant ${index + 1}.${e instanceof Error ? e.message : String(e)}; the comparison was not used`);
        return null;
      }
    }
    variants.push(v);
  }
  return { preset: null, variants };
}

/** A variant as a `variant` value: `k=v,k=v` (empty: the scenario as loaded). */
export function variantQuery(v: Record<string, unknown>): string {
  return Object.entries(v).map(([k, x]) => `${k}=${fmtValue(x)}`).join(',');
}

/**
 * The URL's parameters after those of its lesson (`lesson=<id>`): a lesson's settings are defaults that
 * the URL's own parameters override. An unknown lesson is a problem naming the lessons there are.
 */
function withLesson(q: URLSearchParams, out: UrlState): [string, string][] {
  const own = [...q].filter(([key]) => key !== 'lesson');
  const ids = q.getAll('lesson');
  if (!ids.length) return own;
  if (ids.length > 1) out.problems.push('lesson: given more than once; the first value was used');
  const lesson = lessonById(ids[0]);
  if (!lesson) {
    out.problems.push(`lesson: must be one of ${LESSONS.map((l) => l.id).join(', ')}, got ${JSON.stringify(ids[0].slice(0, 60))}`);
    return own;
  }
  out.ui.lesson = lesson.id;
  const given = new Set(own.map(([key]) => key));
  return [...[...new URLSearchParams(lesson.query)].filter(([key]) => !given.has(key)), ...own];
}

function fmtValue(v: unknown): string {
  // shortest round-trip form, so reopening the URL gives bit-identical parameters
  return String(v);
}

export function buildQuery(scenario: string, params: LiveParams | null, ui: UiState, comparison: UrlComparison | null = null): string {
  const q = new URLSearchParams();
  q.set('scenario', scenario);
  if (params) for (const k of Object.keys(PARAMS) as ParamName[]) q.set(k, fmtValue(params[k]));
  if (ui.speed !== null) q.set('speed', speedText(ui.speed));
  q.set('spf', ui.spf === 0 ? 'max' : String(ui.spf));
  q.set('color', ui.color);
  q.set('network', ui.network ? '1' : '0');
  q.set('logy', ui.logy ? '1' : '0');
  if (ui.lecture) q.set('lecture', '1');
  if (ui.lesson) q.set('lesson', ui.lesson);
  if (comparison?.preset) q.set('compare', comparison.preset);
  else if (comparison) for (const v of comparison.variants) q.append('variant', variantQuery(v));
  if (ui.panes) q.set('panes', '1');
  if (ui.threads !== null) q.set('threads', String(ui.threads));
  if (ui.fps !== 0) q.set('fps', String(ui.fps));
  if (ui.blowUp) q.set('blowUp', '1');
  return '?' + q.toString();
}

/** Writes the query (scenario, parameters, view) and the fragment (a loaded file's scenario, or none). */
export function writeUrl(scenario: string, params: LiveParams | null, ui: UiState, fragment: string, comparison: UrlComparison | null = null): void {
  const qs = buildQuery(scenario, params, ui, comparison);
  const hash = fragment ? `#${fragment}` : '';
  if (qs !== location.search || hash !== location.hash) history.replaceState(null, '', qs + hash);
}
