/**
 * The browser fuzz's cases (issue 8, item 6): malformed query strings and fragments for the page's URL
 * state (src/ui/url-state.ts), and malformed scenario files for the import control and the `#spec=`
 * fragment (src/ui/spec-fragment.ts). Every case comes from a seeded generator (../prng.ts): the same seed
 * gives the same cases. What a URL case should do is decided from the query the page actually saw
 * (oracle.ts); a file case carries its own expectation.
 */
import { deflateRawSync, gzipSync } from 'node:zlib';
import type { ParamInfo } from '../../../src/core/param-rows/param-info';
import { PARAMS } from '../../../src/core/config/param-table';
import { Rng } from '../prng';

/** Every HTML payload carries this attribute, so an injected element can be found in the DOM. */
export const MARK = 'data-fzpwn';

/** Payloads that try to set window.__pwned (or open a dialog) if they are ever parsed as HTML or evaluated. */
export const HTML_PAYLOADS = [
  `<img src=x ${MARK} onerror="window.__pwned='img'">`,
  `"><svg ${MARK} onload="window.__pwned='svg'">`,
  `'><script ${MARK}>window.__pwned='script'</script>`,
  `</li></ul><iframe ${MARK} srcdoc="<script>parent.__pwned='iframe'</script>"></iframe>`,
  `javascript:window.__pwned='js-url'`,
  `<a ${MARK} href="javascript:window.__pwned='href'">x</a>`,
  `<details ${MARK} open ontoggle="window.__pwned='details'">`,
  '${window.__pwned=\'template\'}',
  `{{constructor.constructor('window.__pwned=1')()}}`,
  `<style ${MARK}>*{display:none}</style>`,
  `<img src=x ${MARK} onerror=alert(1)>`,
  `<math><mi ${MARK} xlink:href="javascript:window.__pwned=1">m</mi></math>`,
  `<video ${MARK}><source onerror="window.__pwned='video'"></video>`,
  `<input ${MARK} autofocus onfocus="window.__pwned='focus'">`,
];

export const PROTOTYPE_KEYS = [
  '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf',
  'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupGetter__', '__proto__[mu]',
  'constructor[prototype][mu]', '__proto__.mu',
];

const UNICODE_CONTROLS = [
  '\u0000', '\u0001', '\u0007', '\u0008', '\t', '\n', '\u000b', '\r', '\u001b[31m', '\u007f', '\u0085', '\u00a0',
  '\u200b', '\u200e', '\u202e', '\u2066', '\u2028', '\u2029', '\ufeff', '\ufffd', '\u{1f600}',
];

const PERCENT_JUNK = [
  '%E0%A4%A', '%', '%%', '%zz', '%0', '%00', '%C0%80', '%ED%A0%80', '%FF%FE', '%F4%90%80%80', '%E2%80%AE',
  '%2', '%25', '%%32%35', '%u0041', '%E0%A4%A%E0%A4%A', '%C3', '%80%80',
];

/** A file above MAX_SCENARIO_BYTES (16 MiB) is refused before it is read, with its size and the limit */
const TOO_LARGE = /^the file could not be read \(it is [0-9.]+ MiB; the largest scenario file is 16 MiB\)$/;

export const UI_KEYS = ['scenario', 'speed', 'spf', 'color', 'network', 'logy', 'run', 'fps', 'threads'] as const;
export const PARAM_KEYS = Object.keys(PARAMS);
const NUMERIC = PARAM_KEYS.filter((k) => (PARAMS as Record<string, ParamInfo>)[k].kind === 'number');
const CHOICE = PARAM_KEYS.filter((k) => (PARAMS as Record<string, ParamInfo>)[k].kind === 'choice');
const BOOLEAN = PARAM_KEYS.filter((k) => (PARAMS as Record<string, ParamInfo>)[k].kind === 'boolean');

const NUMBER_JUNK = [
  '1e308', '-1e308', '1.8e308', '-0', '0', 'NaN', 'nan', 'Infinity', '-Infinity', 'inf', '0x10', '0X1A', '0b101',
  '0o17', '1_000', '1,5', '1.2.3', '1e', 'e5', '.', '-', '+', '+1', '  1  ', '\t0.5', '', ' ', '١٢', '１', '½',
  '1e-400', '-1e-400', '9'.repeat(400), `0.${'0'.repeat(500)}1`, 'true', 'null', '[]', '{}', '[1]', '1;2', '1 2',
  '0.5%', '5e-324', '2e14', '-5', '1e14', '100001', '1.', '.5', '-.5', '00001', '1E3', '1e+3', '0.1e-1',
];

const SCENARIO_JUNK = [
  'PILE', 'pile ', ' pile', '../../etc/passwd', 'pile/../heap', 'nonexistent', '', 'a'.repeat(101), 'constructor',
  '__proto__', 'toString', 'hasOwnProperty', 'pile\u0000', 'pile.json', 'https://example.com/x.json', 'pile;heap',
];
const SPEED_VALUES = ['max', 'MAX', '0', '1e-9', '1e-10', '1e6', '1e7', '-1', 'Infinity', 'NaN', '0x1', '1_0', '', '0.5', '١', ' max', '2.5e-3'];
const SPF_VALUES = ['max', '1', '3', '10', '10000', '5', '0', '-1', 'max ', '1e3', 'Infinity', '3.0', ''];
const COLOR_VALUES = ['speed', 'contacts', 'none', 'SPEED', 'red', '', 'speed\u0000', '<b>speed</b>'];
const FPS_VALUES = ['display', '30', '15', '5', '60', '0', '-5', '15.0', 'Display', '', '<b>5</b>', 'Infinity'];
/** threads: the good ones start a pool of at most the cores (64 asks for more than any CI machine has) */
const THREADS_VALUES = ['auto', '1', '2', '02', '3', '64', '65', '0', '-1', '1.5', 'AUTO', '', 'two', '1e1', '0x2', '\u0662'];
const BOOL_VALUES = ['0', '1', 'true', 'false', 'TRUE', 'yes', 'on', '', 'true ', '2', '-0', '1.0'];

export interface UrlCase {
  kind: 'url';
  family: string;
  id: string;
  /** '' or '?…', as typed into the address bar (Chromium may encode it further) */
  query: string;
  /** '' or '#…' (never a `#spec=` scenario: those are file cases) */
  hash: string;
  note: string;
}

/** What a scenario-file case should do. */
export type FileExpect =
  | { accepted: true; name: string; /** the text the description line must show, exactly */ shows: string }
  | { accepted: false; /** some problem line must match */ problem: RegExp }
  /** a fragment that is not a scenario: the query's built-in loads, with no message */
  | { accepted: 'ignored' };

export interface FileCase {
  kind: 'file';
  family: string;
  id: string;
  /** through the import control, or as `#spec=` in the address bar */
  via: 'import' | 'fragment';
  note: string;
  /** only in the full run (large files) */
  heavy?: boolean;
  /** how long the page may take to read it (default BOUNDS.fileMs); it must keep answering meanwhile */
  boundMs?: number;
  /** the file's bytes (import), or the fragment without '#' (fragment) */
  content(): Uint8Array | string;
  expect: FileExpect;
}

export type FuzzCase = UrlCase | FileCase;

// ---------------------------------------------------------------- URL cases

/** Query-string form of one text: percent-encoded (usually), or raw for Chromium to encode. */
function enc(rng: Rng, s: string): string {
  if (rng.chance(0.3) && !/[&#%+\u0000-\u001f\u007f]|[\ud800-\udfff]/.test(s)) return s;
  return encodeURIComponent(s);
}

function numberValue(rng: Rng, key: string): string {
  const info = (PARAMS as Record<string, ParamInfo>)[key];
  if (info.kind !== 'number') return rng.pick(NUMBER_JUNK);
  const r = rng.int(10);
  if (r < 5) return rng.pick(NUMBER_JUNK);
  if (r === 5) return String(info.min);
  if (r === 6) return String(info.max);
  if (r === 7) return String(info.max === 0 ? 1e-9 : info.max * (1 + 1e-12));
  if (r === 8) return String(info.min - (info.min === 0 ? 1e-300 : Math.abs(info.min) * 1e-9));
  // a valid value, log-uniform when the range is wide
  const lo = Math.max(info.min, 1e-6), hi = info.max;
  const v = info.log ? 10 ** (Math.log10(lo) + rng.next() * (Math.log10(hi) - Math.log10(lo))) : info.min + rng.next() * (info.max - info.min);
  return info.integer ? String(Math.round(v)) : Number(v.toPrecision(6)).toString();
}

function choiceValue(rng: Rng, key: string): string {
  const info = (PARAMS as Record<string, ParamInfo>)[key];
  const options = info.kind === 'choice' ? info.options : ['x'];
  const o = rng.pick(options);
  return rng.pick([o, o, o.toUpperCase(), `${o} `, ` ${o}`, `${o}\u0000`, `${o}${o}`, '', '1', o.replace(/e/, '\u0435'), 'gear6', 'null', '[]']);
}

function pair(rng: Rng, k: string, v: string): string {
  return `${enc(rng, k)}=${enc(rng, v)}`;
}

/** A random pair from any family (for the mixed family). */
function anyPair(rng: Rng): string {
  const r = rng.int(8);
  if (r === 0) { const k = rng.pick(NUMERIC); return pair(rng, k, numberValue(rng, k)); }
  if (r === 1) { const k = rng.pick(CHOICE); return pair(rng, k, choiceValue(rng, k)); }
  if (r === 2) return pair(rng, rng.pick(BOOLEAN), rng.pick(BOOL_VALUES));
  if (r === 3) return pair(rng, rng.pick(PROTOTYPE_KEYS), rng.pick(['true', 'false', '1', 'x']));
  if (r === 4) return pair(rng, rng.pick([...PARAM_KEYS, 'foo']), rng.pick(HTML_PAYLOADS));
  if (r === 5) return `${rng.pick(PARAM_KEYS)}=${rng.pick(PERCENT_JUNK)}`;
  if (r === 6) return pair(rng, 'speed', rng.pick(SPEED_VALUES));
  return pair(rng, rng.pick(['network', 'logy', 'run']), rng.pick(BOOL_VALUES));
}

type UrlFamily = { family: string; make(rng: Rng, k: number): { query: string; hash?: string; note: string } };

const URL_FAMILIES: UrlFamily[] = [
  {
    family: 'numbers',
    make(rng) {
      const k = rng.pick(NUMERIC), v = numberValue(rng, k);
      return { query: `?scenario=pile&${pair(rng, k, v)}`, note: `${k}=${JSON.stringify(v.slice(0, 30))}` };
    },
  },
  {
    family: 'choices-booleans',
    make(rng) {
      const bool = rng.chance(0.35);
      const k = bool ? rng.pick(BOOLEAN) : rng.pick(CHOICE);
      const v = bool ? rng.pick(BOOL_VALUES) : choiceValue(rng, k);
      return { query: `?${pair(rng, k, v)}`, note: `${k}=${JSON.stringify(v)}` };
    },
  },
  {
    family: 'ui-keys',
    make(rng) {
      const key = rng.pick(UI_KEYS);
      const v = key === 'scenario' ? rng.pick([...SCENARIO_JUNK, 'two-disc', 'head-on', 'cd-chain', 'incline'])
        : key === 'speed' ? rng.pick(SPEED_VALUES) : key === 'spf' ? rng.pick(SPF_VALUES)
          : key === 'color' ? rng.pick(COLOR_VALUES) : key === 'fps' ? rng.pick(FPS_VALUES) : key === 'threads' ? rng.pick(THREADS_VALUES) : rng.pick(BOOL_VALUES);
      return { query: `?${pair(rng, key, v)}${rng.chance(0.5) ? '&run=0' : ''}`, note: `${key}=${JSON.stringify(v.slice(0, 30))}` };
    },
  },
  {
    family: 'unknown-keys',
    make(rng) {
      const keys = ['MU', 'Mu', 'mu ', ' mu', 'mu[]', 'mu[0]', 'material.mu', 'solver.dtOverTc', '', 'x', 'utm_source', 'fbclid', 'a'.repeat(200), 'kn\u0000', 'dtovertc'];
      const k = rng.pick(keys);
      const raw = rng.pick([`${enc(rng, k)}=1`, `${enc(rng, k)}`, `${enc(rng, k)}=`, '=', '&&&', '=1', '==', '&=&']);
      return { query: `?scenario=pile&${raw}`, note: JSON.stringify(raw.slice(0, 40)) };
    },
  },
  {
    family: 'prototype-keys',
    make(rng) {
      const k = rng.pick(PROTOTYPE_KEYS), v = rng.pick(['true', 'false', '1', '0', 'x', '{"mu":0}', '']);
      return { query: `?${pair(rng, k, v)}&scenario=pile`, note: `${k}=${v}` };
    },
  },
  {
    family: 'html-payloads',
    make(rng) {
      const p = rng.pick(HTML_PAYLOADS);
      const where = rng.int(4);
      if (where === 0) return { query: `?${pair(rng, rng.pick([...PARAM_KEYS, ...UI_KEYS]), p)}`, note: `value ${p.slice(0, 30)}` };
      if (where === 1) return { query: `?${enc(rng, p)}=1`, note: `key ${p.slice(0, 30)}` };
      if (where === 2) return { query: '?scenario=pile', hash: `#${encodeURIComponent(p)}`, note: `fragment ${p.slice(0, 30)}` };
      return { query: `?scenario=${encodeURIComponent(p)}`, note: `scenario ${p.slice(0, 30)}` };
    },
  },
  {
    family: 'long-values',
    make(rng) {
      const r = rng.int(7);
      const n = 100_000;
      if (r === 0) { const k = rng.pick(NUMERIC); return { query: `?${k}=${'1'.repeat(n)}`, note: `${k}=1×${n}` }; }
      if (r === 1) return { query: `?mu=0.${'0'.repeat(n)}1`, note: `mu=0.000…1 (${n} digits)` };
      if (r === 2) return { query: `?scenario=${'a'.repeat(n)}`, note: `scenario=a×${n}` };
      if (r === 3) return { query: `?${'k'.repeat(n)}=1`, note: `key k×${n}` };
      if (r === 4) return { query: `?${Array.from({ length: 5000 }, (_, j) => `k${j}=1`).join('&')}`, note: '5000 unknown keys' };
      if (r === 5) return { query: `?${'mu=0.1&'.repeat(5000)}scenario=pile`, note: 'mu 5000 times' };
      return { query: `?color=${encodeURIComponent(rng.pick(HTML_PAYLOADS).repeat(Math.ceil(n / 40)))}`, note: `payload ×${Math.ceil(n / 40)}`, hash: `#${'x'.repeat(n)}` };
    },
  },
  {
    family: 'repeated-keys',
    make(rng) {
      const k = rng.pick([...PARAM_KEYS, ...UI_KEYS]);
      const times = rng.range(2, 40);
      const vals = Array.from({ length: times }, () => (NUMERIC.includes(k) ? numberValue(rng, k) : CHOICE.includes(k) ? choiceValue(rng, k) : rng.pick(BOOL_VALUES)));
      return { query: `?${vals.map((v) => pair(rng, k, v)).join('&')}`, note: `${k} ×${times}` };
    },
  },
  {
    family: 'percent-junk',
    make(rng) {
      const j = rng.pick(PERCENT_JUNK);
      const k = rng.pick([...PARAM_KEYS, ...UI_KEYS]);
      const r = rng.int(3);
      if (r === 0) return { query: `?${k}=${j}`, note: `${k}=${j}` };
      if (r === 1) return { query: `?${j}=1&scenario=pile`, note: `key ${j}` };
      return { query: `?${k}=0.${j}5`, note: `${k}=0.${j}5` };
    },
  },
  {
    family: 'unicode-controls',
    make(rng) {
      const c = rng.pick(UNICODE_CONTROLS);
      const k = rng.pick([...NUMERIC, 'scenario', 'speed', 'color']);
      const base = k === 'scenario' ? 'pile' : k === 'color' ? 'none' : k === 'speed' ? '0.5' : numberValue(rng, k);
      const r = rng.int(3);
      const v = r === 0 ? `${c}${base}` : r === 1 ? `${base}${c}` : c;
      return rng.chance(0.25)
        ? { query: `?${encodeURIComponent(`${k}${c}`)}=${encodeURIComponent(base)}`, note: `key ${JSON.stringify(k + c)}` }
        : { query: `?${k}=${encodeURIComponent(v)}`, note: `${k}=${JSON.stringify(v)}` };
    },
  },
  {
    family: 'mixed',
    make(rng) {
      const pairs = Array.from({ length: rng.range(3, 8) }, () => anyPair(rng));
      if (rng.chance(0.5)) pairs.splice(rng.int(pairs.length), 0, `scenario=${rng.pick(['pile', 'two-disc', 'cd-chain', 'head-on', 'nope'])}`);
      return { query: `?${pairs.join('&')}`, note: `${pairs.length} pairs` };
    },
  },
];

export function urlCases(seed: number, perFamily: number): UrlCase[] {
  const out: UrlCase[] = [];
  const root = new Rng(seed);
  for (const f of URL_FAMILIES) {
    const rng = root.fork(f.family);
    for (let k = 0; k < perFamily; k++) {
      const c = f.make(rng, k);
      out.push({ kind: 'url', family: `url/${f.family}`, id: `url/${f.family}/${k}`, query: c.query, hash: c.hash ?? '', note: c.note });
    }
  }
  return out;
}

// ---------------------------------------------------------------- file cases

/** A small valid scene: two discs in a box. */
export function baseSpec(name = 'fuzz-base'): Record<string, unknown> {
  return {
    name,
    title: 'Fuzz base',
    description: 'two discs in a box',
    material: { kn: 1e5, en: 0.5, mu: 0.5 },
    solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
    gravity: [0, -9.81],
    walls: [{ type: 'box', xmin: 0, xmax: 0.4, ymin: 0, ymax: 0.4 }],
    particles: [{ x: 0.1, y: 0.2, r: 0.02 }, { x: 0.3, y: 0.25, r: 0.02, vx: -0.5 }],
    run: { duration: 1000 },
  };
}

const te = new TextEncoder();
const utf8 = (s: string) => te.encode(s);
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** a problem line that starts with this field path */
const field = (path: string) => new RegExp(`^${esc(path)}(:|\\.)`);

/** `#spec=` of a text, as the page writes it (deflate-raw, base64url) */
export function specFragment(text: string | Uint8Array): string {
  const bytes = typeof text === 'string' ? utf8(text) : text;
  return `spec=${deflateRawSync(bytes).toString('base64url')}`;
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let o: Record<string, unknown> = obj;
  for (const p of parts.slice(0, -1)) o = o[p] as Record<string, unknown>;
  o[parts[parts.length - 1]] = value;
}

/** Fields of the base scene by type, for wrong-type mutations. */
const TYPED_PATHS: [string, 'string' | 'number' | 'boolean' | 'choice' | 'array' | 'object'][] = [
  ['name', 'string'], ['title', 'string'], ['description', 'string'], ['material.kn', 'number'], ['material.en', 'number'],
  ['material.mu', 'number'], ['material.capMode', 'choice'], ['material.clampNormal', 'boolean'], ['solver.integrator', 'choice'],
  ['solver.dtOverTc', 'number'], ['solver.rotation', 'boolean'], ['gravity', 'array'], ['gravity.0', 'number'], ['walls', 'array'],
  ['walls.0', 'object'], ['walls.0.xmin', 'number'], ['particles.0.x', 'number'], ['particles.0.r', 'number'], ['particles.1.vx', 'number'],
  ['run', 'object'], ['run.duration', 'number'], ['run.track', 'array'], ['material', 'object'],
];
const WRONG: Record<string, unknown[]> = {
  string: [1, null, [], {}, true, ['a']],
  number: ['1', null, true, [], {}, 'NaN', 'Infinity', '1e308', [1]],
  boolean: ['true', 1, 0, null, 'false'],
  choice: [1, 'GEAR5', '', null, ['gear5'], 'gear5 '],
  array: [{}, '[]', 1, null, 'x'],
  object: [[], 'x', 1, null, true],
};
/** Out-of-range numbers for fields with a range (in JSON text: 1e999 parses to Infinity). */
const RANGED: [string, string, boolean][] = [
  ['material.kn', '1e308', false], ['material.kn', '1e999', false], ['material.kn', '0', false], ['material.kn', '-1', false],
  ['material.en', '0', false], ['material.en', '1.5', false], ['material.mu', '-0.1', false], ['material.mu', '1001', false],
  ['material.mu', '-0', true], ['solver.dtOverTc', '0', false], ['solver.dtOverTc', '11', false], ['solver.dtOverTc', '1e-7', false],
  ['solver.dtOverTc', '-1e999', false], ['material.ktOverKn', '10.000001', false], ['material.ktOverKn', '10', true],
];

type FileFamily = { family: string; count: number; make(rng: Rng, k: number): Omit<FileCase, 'kind' | 'family' | 'id'> };

const DEEP = 100_000;

const FILE_FAMILIES: FileFamily[] = [
  {
    family: 'invalid-json',
    count: 20,
    make(rng, k) {
      const good = JSON.stringify(baseSpec());
      const texts: [string, string][] = [
        ['', 'empty file'], [' \n\t ', 'whitespace'], ['{', 'one brace'], ['{"name":', 'cut after a key'],
        [good.slice(0, rng.range(5, good.length - 2)), 'truncated'], [good.replace(/}$/, ',}'), 'trailing comma'],
        [good.replace(/"/g, "'"), 'single quotes'], ['{"name":"a","gravity":[NaN,0]}', 'NaN literal'],
        [`// comment\n${good}`, 'comment'], [`${good}${good}`, 'two objects'], ['{"name":"a\u0001b"}', 'raw control character in a string'],
        ['{"name":"a\nb"}', 'raw newline in a string'], ['undefined', 'undefined'], ['{"name":"a",}', 'trailing comma 2'],
        ['{"name":"\\u12"}', 'bad escape'], ['{"name":"a"', 'unclosed'], ['\u0000', 'NUL'], [`{"name":"a","x":${'1'.repeat(1000)}e}`, 'bad number'],
        ['{name:"a"}', 'unquoted key'], ['\ufeff\ufeff{"name":"a"}', 'two BOMs'],
      ];
      const [text, note] = texts[k % texts.length];
      return { via: 'import', note, content: () => utf8(text), expect: { accepted: false, problem: /JSON/ } };
    },
  },
  {
    family: 'json-not-a-scenario',
    count: 8,
    make(_rng, k) {
      const texts = ['null', 'true', '42', '"pile"', '[]', '[{"name":"a"}]', '{}', `{"name":${JSON.stringify('x'.repeat(101))}}`];
      const problems = [/^\(scenario\)/, /^\(scenario\)/, /^\(scenario\)/, /^\(scenario\)/, /^\(scenario\)/, /^\(scenario\)/, field('name'), field('name')];
      return { via: 'import', note: texts[k].slice(0, 30), content: () => utf8(texts[k]), expect: { accepted: false, problem: problems[k] } };
    },
  },
  {
    family: 'binary',
    count: 8,
    make(rng, k) {
      const good = JSON.stringify(baseSpec('bom'));
      if (k === 0) return { via: 'import', note: 'UTF-8 BOM before a good file', content: () => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(good)]), expect: { accepted: true, name: 'bom', shows: 'two discs in a box' } };
      if (k === 1) return { via: 'import', note: 'gzip of a good file', content: () => new Uint8Array(gzipSync(good)), expect: { accepted: false, problem: /JSON/ } };
      if (k === 2) {
        return {
          // the browser reads a file with a UTF-16 byte-order mark as UTF-16
          via: 'import', note: 'UTF-16LE with BOM', expect: { accepted: true, name: 'bom', shows: 'two discs in a box' },
          content: () => new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(good, 'utf16le'))]),
        };
      }
      if (k === 3) {
        // invalid UTF-8 inside a string: read with U+FFFD, shown as such
        const spec = JSON.stringify({ ...baseSpec('bad-utf8'), description: 'AB' }).replace('"AB"', '"A\u0001B"');
        const bytes = utf8(spec);
        const at = bytes.indexOf(1);
        const out = new Uint8Array([...bytes.slice(0, at), 0xff, 0xfe, ...bytes.slice(at + 1)]);
        return { via: 'import', note: 'invalid UTF-8 in the description', content: () => out, expect: { accepted: true, name: 'bad-utf8', shows: 'A\ufffd\ufffdB' } };
      }
      if (k === 4) return { via: 'import', note: 'PNG header and junk', content: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...rng.bytes(4096)]), expect: { accepted: false, problem: /JSON/ } };
      const n = [1, 1000, 262_144][k - 5];
      const bytes = rng.bytes(n);
      if (bytes[0] === 0x7b || bytes[0] === 0x5b) bytes[0] = 0; // not accidentally starting like JSON
      return { via: 'import', note: `${n} random bytes`, content: () => bytes, expect: { accepted: false, problem: /JSON/ } };
    },
  },
  {
    family: 'deep-nesting',
    count: 7,
    make(_rng, k) {
      const arr = '['.repeat(DEEP) + ']'.repeat(DEEP);
      const obj = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);
      const cases: [string, string, RegExp][] = [
        [arr, `${DEEP} nested arrays`, /^\(scenario\)/],
        [obj, `${DEEP} nested objects`, /^\(scenario\): unknown field/],
        [`{"name":"d","particles":${arr}}`, 'nested arrays as particles', field('particles.0')],
        [`{"name":"d","material":{"x":${obj}}}`, 'nested objects under an unknown key', field('material')],
        [`{"name":"d","run":{"schedule":[{"at":0,"set":{"mu":${obj}}}]}}`, 'nested objects as a scheduled value', field('run.schedule.0.set.mu')],
        [`{"name":"d","run":{"schedule":[{"at":0,"set":{"mu":${arr}}}]}}`, 'nested arrays as a scheduled value', field('run.schedule.0.set.mu')],
        ['['.repeat(DEEP), `${DEEP} unclosed brackets`, /JSON/],
      ];
      const [text, note, problem] = cases[k];
      return { via: 'import', note, content: () => utf8(text), expect: { accepted: false, problem } };
    },
  },
  {
    family: 'huge',
    count: 11,
    make(_rng, k) {
      const b = baseSpec('huge');
      const json = (o: unknown) => () => utf8(JSON.stringify(o));
      switch (k) {
        case 0: return { via: 'import', note: 'random generator, count 10⁷', content: json({ ...b, generators: [{ type: 'random', count: 1e7, region: [0, 0, 1, 1], rMin: 0.001, rMax: 0.001 }] }), expect: { accepted: false, problem: field('generators.0.count') } };
        case 1: return { via: 'import', note: 'lattice 3163 × 3163 (10⁷ discs)', content: json({ ...b, generators: [{ type: 'lattice', origin: [0, 0], nx: 3163, ny: 3163, spacing: 0.02, r: 0.01 }] }), expect: { accepted: false, problem: /particles in all.*allowed at most 1,000,000/ } };
        case 2: return { via: 'import', note: '200,000 numbers as particles', content: () => utf8(`{"name":"h","particles":[${'1,'.repeat(199_999)}1]}`), expect: { accepted: false, problem: field('particles.0') } };
        case 3: return { via: 'import', note: 'a polygon of 100,000 vertices', content: json({ ...b, particles: [{ x: 0, y: 0, vertices: Array.from({ length: 100_000 }, (_, j) => [Math.cos(j), Math.sin(j)]) }] }), expect: { accepted: false, problem: field('particles.0.vertices') } };
        case 4: return { via: 'import', note: 'a name of 10⁶ characters', content: json({ ...b, name: 'n'.repeat(1e6) }), expect: { accepted: false, problem: field('name') } };
        case 5: return { via: 'import', note: 'a description of 5001 characters', content: json({ ...b, description: 'd'.repeat(5001) }), expect: { accepted: false, problem: field('description') } };
        case 6: return { via: 'import', note: '1001 generators', content: json({ ...b, generators: Array.from({ length: 1001 }, () => ({ type: 'lattice', origin: [0, 0], nx: 1, ny: 1, spacing: 0.1, r: 0.01 })) }), expect: { accepted: false, problem: field('generators') } };
        case 7: return { via: 'import', note: '100,000 bad walls', content: () => utf8(`{"name":"h","walls":[${'{"type":"box"},'.repeat(99_999)}{"type":"box"}]}`), expect: { accepted: false, problem: /^walls(\.0)?:/ } };
        case 8: return { via: 'import', heavy: true, note: '1,000,001 explicit discs (21 MB)', content: () => utf8(`{"name":"h","particles":[${'{"x":0,"y":0,"r":1},'.repeat(1_000_000)}{"x":0,"y":0,"r":1}]}`), expect: { accepted: false, problem: TOO_LARGE } };
        case 9: return { via: 'import', heavy: true, note: '3,000,000 explicit discs (63 MB)', content: () => utf8(`{"name":"h","particles":[${'{"x":0,"y":0,"r":1},'.repeat(2_999_999)}{"x":0,"y":0,"r":1}]}`), expect: { accepted: false, problem: TOO_LARGE } };
        default: return { via: 'import', heavy: true, boundMs: 120_000, note: '10⁷ explicit discs (200 MB)', content: () => utf8(`{"name":"h","particles":[${'{"x":0,"y":0,"r":1},'.repeat(9_999_999)}{"x":0,"y":0,"r":1}]}`), expect: { accepted: false, problem: TOO_LARGE } };
      }
    },
  },
  {
    family: 'wrong-types',
    count: 24,
    make(rng) {
      const spec = baseSpec('wrong');
      if (rng.chance(0.4)) {
        const [path, value, ok] = rng.pick(RANGED);
        setPath(spec, path, '@VALUE@');
        const out = JSON.stringify(spec).replace('"@VALUE@"', value);
        return {
          via: 'import', note: `${path} = ${value}`, content: () => utf8(out),
          expect: ok ? { accepted: true, name: 'wrong', shows: 'two discs in a box' } : { accepted: false, problem: field(path) },
        };
      }
      const [path, type] = rng.pick(TYPED_PATHS);
      const value = rng.pick(WRONG[type]);
      setPath(spec, path, value);
      // a wrong element of an array or a union (walls) may be named at the element or its parent
      const parent = path.split('.').slice(0, -1).join('.');
      const problem = /^walls\.0/.test(path) ? field('walls.0') : parent && /^\d+$/.test(path.split('.').pop()!) ? field(parent) : field(path);
      return { via: 'import', note: `${path} = ${JSON.stringify(value)}`, content: () => utf8(JSON.stringify(spec)), expect: { accepted: false, problem } };
    },
  },
  {
    family: 'prototype-keys',
    count: 10,
    make(_rng, k) {
      const b = JSON.stringify(baseSpec('proto'));
      const cases: [string, string, RegExp][] = [
        [b.replace(/^{/, '{"__proto__":{"polluted":1},'), '__proto__ at the top', /^\(scenario\): unknown field.*__proto__/],
        [b.replace(/^{/, '{"constructor":{"prototype":{"polluted":1}},'), 'constructor at the top', /^\(scenario\): unknown field.*constructor/],
        [b.replace(/^{/, '{"toString":"x",'), 'toString at the top', /^\(scenario\): unknown field.*toString/],
        [b.replace('"material":{', '"material":{"__proto__":{"kn":1},'), '__proto__ in material', /^material: unknown field.*__proto__/],
        [b.replace('"run":{', '"run":{"schedule":[{"at":0,"set":{"toString":true}}],'), 'schedule sets toString', /^run\.schedule\.0\.set(\.toString)?:.*toString/],
        [b.replace('"run":{', '"run":{"schedule":[{"at":0,"set":{"constructor":true}}],'), 'schedule sets constructor', /^run\.schedule\.0\.set(\.constructor)?:.*constructor/],
        [b.replace('"run":{', '"run":{"schedule":[{"at":0,"set":{"hasOwnProperty":false}}],'), 'schedule sets hasOwnProperty', /^run\.schedule\.0\.set(\.hasOwnProperty)?:.*hasOwnProperty/],
        [b.replace('"run":{', '"run":{"schedule":[{"at":0,"set":{"valueOf":"x"}}],'), 'schedule sets valueOf', /^run\.schedule\.0\.set(\.valueOf)?:.*valueOf/],
        [b.replace('"particles":[{', '"particles":[{"__proto__":{"fixed":true},'), '__proto__ in a particle', /^particles\.0: unknown field.*__proto__/],
        [b.replace('"walls":[{', '"walls":[{"constructor":1,'), 'constructor in a wall', /^walls\.0/],
      ];
      const [text, note, problem] = cases[k];
      return { via: 'import', note, content: () => utf8(text), expect: { accepted: false, problem } };
    },
  },
  {
    family: 'html-text',
    count: 14,
    make(rng, k) {
      const p = HTML_PAYLOADS[k % HTML_PAYLOADS.length];
      const r = rng.int(3);
      const spec = baseSpec(r === 0 ? p.slice(0, 100) : `html-${k}`);
      // the page shows the description, or the title when there is none
      if (r === 1) { spec.title = p; delete spec.description; return { via: 'import', note: `title ${p.slice(0, 30)}`, content: () => utf8(JSON.stringify(spec)), expect: { accepted: true, name: spec.name as string, shows: p } }; }
      spec.description = `${p} ${p}`;
      return { via: 'import', note: `${r === 0 ? 'name and ' : ''}description ${p.slice(0, 30)}`, content: () => utf8(JSON.stringify(spec)), expect: { accepted: true, name: spec.name as string, shows: `${p} ${p}` } };
    },
  },
  {
    family: 'control-characters',
    count: 10,
    make(rng, k) {
      const c = UNICODE_CONTROLS[(k * 3) % UNICODE_CONTROLS.length] + rng.pick(UNICODE_CONTROLS);
      // a name or title prints on one line (C0, DEL and C1 refused); format characters (U+200B, U+202E…) are text
      const format = rng.pick(['\u200b', '\u200e', '\u202e', '\u2066', '\ufeff', '\u2028', '\u{1f600}', '\u00a0']);
      const spec = baseSpec(`ctl-${k}${format}`);
      spec.description = `before${c}after`;
      if (k === 7) {
        // a raw control character inside a JSON string is not JSON
        const text = JSON.stringify(spec).replace('before', 'be\u0002fore');
        return { via: 'import', note: 'raw U+0002 in a string', content: () => utf8(text), expect: { accepted: false, problem: /JSON/ } };
      }
      if (k === 8 || k === 9) {
        const key = k === 8 ? 'name' : 'title';
        spec[key] = `a${rng.pick(['\u0000', '\u0007', '\u001b[2J', '\n', '\u007f', '\u0085'])}b`;
        return { via: 'import', note: `control character in ${key}`, content: () => utf8(JSON.stringify(spec)), expect: { accepted: false, problem: field(key) } };
      }
      return { via: 'import', note: `description ${JSON.stringify(c)}, name ${JSON.stringify(format)}`, content: () => utf8(JSON.stringify(spec)), expect: { accepted: true, name: spec.name as string, shows: `before${c}after` } };
    },
  },
  {
    family: 'fragment',
    count: 14,
    make(rng, k) {
      const good = JSON.stringify(baseSpec('frag'));
      const html = { ...baseSpec('frag-html'), description: HTML_PAYLOADS[rng.int(HTML_PAYLOADS.length)] };
      const cases: [string, string, FileExpect][] = [
        ['spec=', 'empty', { accepted: false, problem: /the scenario in the URL/ }],
        [`spec=${Array.from({ length: 400 }, () => 'ABCDEFGHabcdefgh0123456789-_'[rng.int(28)]).join('')}`, 'random base64url', { accepted: false, problem: /the scenario in the URL could not be read/ }],
        [`spec=${encodeURIComponent(HTML_PAYLOADS[0])}`, 'HTML, percent-encoded', { accepted: false, problem: /not base64url/ }],
        ['spec=%E0%A4%A', 'broken percent-encoding', { accepted: false, problem: /not base64url/ }],
        [`spec=${'A'.repeat(16_001)}`, 'too long', { accepted: false, problem: /longer than/ }],
        [specFragment(good).slice(0, 40), 'truncated', { accepted: false, problem: /the scenario in the URL could not be read/ }],
        [specFragment(rng.bytes(2000)), 'deflated random bytes', { accepted: false, problem: /the scenario in the URL/ }],
        [specFragment('not json at all'), 'deflated text', { accepted: false, problem: /^the scenario in the URL: .*JSON/ }],
        [specFragment(JSON.stringify(html)), 'HTML description', { accepted: true, name: 'frag-html', shows: html.description }],
        [specFragment('['.repeat(DEEP) + ']'.repeat(DEEP)), `${DEEP} nested arrays`, { accepted: false, problem: /^the scenario in the URL: \(scenario\)/ }],
        [specFragment(' '.repeat(5_000_000) + good), '5 MB of spaces before a good file', { accepted: true, name: 'frag', shows: 'two discs in a box' }],
        [specFragment(JSON.stringify({ ...baseSpec('frag'), material: { kn: 'stiff' } })), 'wrong type', { accepted: false, problem: /^the scenario in the URL: material\.kn:/ }],
        [`spec=${specFragment(good).slice(5)}${'%00'}`, 'NUL appended', { accepted: false, problem: /not base64url/ }],
        [`SPEC=${specFragment(good).slice(5)}`, 'upper-case key (not a scenario)', { accepted: 'ignored' }],
      ];
      const [frag, note, expect] = cases[k];
      return { via: 'fragment', note, content: () => frag, expect };
    },
  },
];

export function fileCases(seed: number): FileCase[] {
  const out: FileCase[] = [];
  const root = new Rng(seed);
  for (const f of FILE_FAMILIES) {
    const rng = root.fork(f.family);
    for (let k = 0; k < f.count; k++) {
      const c = f.make(rng, k);
      out.push({ kind: 'file', family: `file/${f.family}`, id: `file/${f.family}/${k}`, ...c });
    }
  }
  return out;
}

/** Every case of the full run: `perFamily` URL cases of each URL family, and every file case. */
export function allCases(seed: number, perFamily: number): FuzzCase[] {
  return [...urlCases(seed, perFamily), ...fileCases(seed)];
}

/**
 * The fixed sample of the normal test suite: the first `perUrlFamily` cases of each URL family and the
 * first `perFileFamily` (light) cases of each file family.
 */
export function sampleCases(seed: number, perUrlFamily: number, perFileFamily: number): FuzzCase[] {
  const files = fileCases(seed).filter((c) => !c.heavy);
  const byFamily = new Map<string, FileCase[]>();
  for (const c of files) byFamily.set(c.family, [...(byFamily.get(c.family) ?? []), c]);
  return [...urlCases(seed, perUrlFamily), ...[...byFamily.values()].flatMap((l) => l.slice(0, perFileFamily))];
}
