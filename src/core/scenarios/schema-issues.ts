/**
 * A zod issue as one line naming the field (`material.mu: must be ≤ 1000 (allowed 0 to 1000)`), and the
 * '__proto__' keys a parsed input may hide. Shared by the scenario's schema and the scene edits' (edit-schema.ts).
 */
import type { z } from 'zod';
import { PARAM_NAMES, PARAMS as P, type ParamName } from '../config/param-table';

export function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length ? issue.path.map(String).join('.') : '(scenario)';
  switch (issue.code) {
    case 'too_small': {
      const i = issue as z.core.$ZodIssueTooSmall;
      return `${path}: must be ${i.inclusive ? '≥' : '>'} ${String(i.minimum)}${rangeHint(path)}`;
    }
    case 'too_big': {
      const i = issue as z.core.$ZodIssueTooBig;
      if (i.origin === 'array') return `${path}: must have at most ${String(i.maximum)} entries`;
      if (i.origin === 'string') return `${path}: must be at most ${String(i.maximum)} characters long`;
      return `${path}: must be ${i.inclusive ? '≤' : '<'} ${String(i.maximum)}${rangeHint(path)}`;
    }
    case 'unrecognized_keys':
      return `${path}: unknown field(s) ${(issue as z.core.$ZodIssueUnrecognizedKeys).keys.map((k) => `'${k}'`).join(', ')}`;
    default:
      return `${path}: ${issue.message}`;
  }
}

/** The live parameter set at each scenario path (`gravity.0` is gravityX) */
const PARAM_AT_PATH = new Map<string, ParamName>(PARAM_NAMES.map((name) => [P[name].path, name]));

function rangeHint(path: string): string {
  const name = PARAM_AT_PATH.get(path);
  const info = name === undefined ? undefined : P[name];
  return info?.kind === 'number' ? ` (allowed ${info.min} to ${info.max})` : '';
}

/**
 * Every object key '__proto__' in parsed input (JSON.parse makes it an own property; copied by plain
 * assignment it would set a prototype instead), reported like any unknown field. Iterative, so deep input
 * cannot overflow the stack.
 */
export function protoKeys(input: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, string][] = [[input, '']];
  for (let seen = 0; stack.length && seen < 10_000_000; seen++) {
    const [v, path] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (!Array.isArray(v) && Object.hasOwn(v, '__proto__')) found.push(`${path || '(scenario)'}: unknown field(s) '__proto__'`);
    for (const [k, c] of Object.entries(v)) if (typeof c === 'object' && c !== null) stack.push([c, path ? `${path}.${k}` : k]);
  }
  return found.reverse();
}
