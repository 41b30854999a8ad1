/**
 * The CLI's error lines: `error: <field>: <what is wrong, with the allowed range>`, one per problem, and
 * nothing else (no stack trace). Text from the input (a key, a path, a name) is quoted with its control
 * characters escaped, so a message is always one line and cannot drive the terminal.
 */
import { ScenarioError } from '../core/scenarios/schema';
import { ParamError } from '../core/config/param-check';

/** Problems printed for one bad input (the rest are counted) */
export const MAX_ERROR_LINES = 50;

/** Bad command-line input or an unusable file or folder (exit 2). */
export class UsageError extends Error {}

/** A Node file-system error as `permission denied (EACCES)`. */
export function fsMessage(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (!err || typeof err.code !== 'string') return String((e as Error)?.message ?? e);
  // "EACCES: permission denied, mkdir '/x'" → "permission denied"
  const m = /^[A-Z0-9_]+: ([^,]+)/.exec(err.message);
  return `${m ? m[1] : err.message} (${err.code})`;
}

/** Control characters (C0, DEL, C1, line and paragraph separators) shown as \u escapes. */
export function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The error lines of a refusal; null when `e` is not one (a bug: let it show its stack). */
export function errorLines(e: unknown): string[] | null {
  let problems: string[];
  if (e instanceof ScenarioError) problems = e.problems;
  else if (e instanceof ParamError || e instanceof UsageError) problems = e.message.split('\n');
  else return null;
  const shown = problems.slice(0, MAX_ERROR_LINES).map((p) => `error: ${printable(p)}`);
  if (problems.length > MAX_ERROR_LINES) shown.push(`error: … and ${(problems.length - MAX_ERROR_LINES).toLocaleString('en-US')} more problems`);
  return shown;
}

/** Prints a refusal (`error: …` lines) and exits 2; anything else is a bug and shows its stack. */
export function fail(e: unknown): never {
  const lines = errorLines(e);
  if (!lines) throw e;
  process.stderr.write(lines.join('\n') + '\n');
  process.exit(2);
}
