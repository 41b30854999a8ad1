/**
 * Checking live-parameter values from input (a URL, `--set`, a schedule, a slider's typed entry) against their
 * row of the table (param-table.ts): a bad value is refused with the field and its allowed range.
 */
import { PARAMS, type LiveParams, type ParamName, type ParamPatch } from './param-table';
import type { ParamInfo } from '../param-rows/param-info';

/** Bad input: names the field and the allowed range. */
export class ParamError extends Error {
  constructor(public readonly field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'ParamError';
  }
}

export function describeRange(info: ParamInfo): string {
  if (info.kind === 'number') return `${info.integer ? 'a whole number' : 'a number'} from ${info.min} to ${info.max}`;
  if (info.kind === 'choice') return `one of ${info.options.map((o) => `'${o}'`).join(', ')}`;
  return 'true or false';
}

/** Checks one value against its parameter's range; returns it typed, or throws ParamError. */
export function checkParam(name: string, value: unknown): LiveParams[ParamName] {
  const info = Object.hasOwn(PARAMS, name) ? (PARAMS as Record<string, ParamInfo>)[name] : undefined; // 'toString' is not a parameter
  if (!info) {
    throw new ParamError(name, `unknown parameter; known: ${Object.keys(PARAMS).join(', ')}`);
  }
  if (info.kind === 'number') {
    // text must be a plain decimal number ('0x1', '1_000', '' are not)
    const v = typeof value === 'string' ? parseDecimal(value) : value;
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new ParamError(name, `must be ${describeRange(info)}, got ${shown(value)}`);
    }
    if (v < info.min || v > info.max || (info.integer && !Number.isInteger(v))) {
      throw new ParamError(name, `must be ${describeRange(info)}, got ${v}`);
    }
    return v;
  }
  if (info.kind === 'choice') {
    if (typeof value !== 'string' || !info.options.includes(value)) {
      throw new ParamError(name, `must be ${describeRange(info)}, got ${shown(value)}`);
    }
    return value as LiveParams[ParamName];
  }
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new ParamError(name, `must be ${describeRange(info)}, got ${shown(value)}`);
}

/** A plain decimal number, optionally signed, with an optional exponent. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The number a plain decimal text says ('0.1', '-2.5e6', spaces around allowed); NaN for anything else ('0x1', '1_0', ''). */
export function parseDecimal(text: string): number {
  return strictDecimal(text.trim());
}

/** The number a plain decimal text says exactly as written; NaN for anything else, spaces included (' 1'). */
export function strictDecimal(text: string): number {
  return DECIMAL.test(text) ? Number(text) : NaN;
}

/** A bad value as quoted in a message, cut to 60 characters so it cannot run off a banner. */
function shown(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** Validates a whole patch; throws on the first bad field, changing nothing. */
export function checkPatch(patch: Record<string, unknown>): ParamPatch {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) out[k] = checkParam(k, v);
  return out as ParamPatch;
}
