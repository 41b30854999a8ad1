/**
 * Generated blocks of the docs: a command that measures a table writes it into its Markdown file itself
 * (`--doc FILE.md#BLOCK`), between two marker lines
 *
 *   <!-- generated BLOCK by: <the command> -->
 *   <!-- end generated BLOCK -->
 *
 * The block is rewritten whole: its markers, a line naming the command (for timings also the date and the machine),
 * and the table. The rest of the file is kept byte for byte, and the file is replaced atomically (a temporary beside
 * it, renamed). A missing or repeated marker is refused, naming the file and the block.
 */
import { accessSync, constants, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fsMessage, UsageError } from './errors';

/** Where a generated block goes: a Markdown file and the block's id in it */
export interface DocTarget {
  file: string;
  block: string;
}

/** A generated block's start marker in a Markdown file (line counted from 1) */
export interface DocBlock {
  block: string;
  command: string;
  line: number;
}

const ID = '[a-z0-9]+(?:-[a-z0-9]+)*';
const START = new RegExp(`^<!-- generated (${ID}) by: (.+) -->$`);
const END = new RegExp(`^<!-- end generated (${ID}) -->$`);

/** `--doc FILE.md#BLOCK`, checked: the file exists and is writable, and holds the block exactly once. */
export function parseDocTarget(arg: string, option = '--doc'): DocTarget {
  const m = new RegExp(`^(.+\\.md)#(${ID})$`).exec(arg);
  if (!m) throw new UsageError(`${option}: '${arg}' is not FILE.md#BLOCK (a Markdown file, '#', and a block id of lower-case letters, digits and single hyphens)`);
  const target = { file: m[1], block: m[2] };
  try {
    if (!statSync(target.file).isFile()) throw new UsageError(`${option}: '${target.file}' is not a file`);
    accessSync(target.file, constants.R_OK | constants.W_OK);
    accessSync(dirname(target.file), constants.W_OK); // the temporary is made beside it
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${option}: cannot rewrite '${target.file}': ${fsMessage(e)}`);
  }
  findBlock(readFileSync(target.file, 'utf8'), target, option);
  return target;
}

/** The start markers of a Markdown text, in order (whether each block is well formed is findBlock's check). */
export function listBlocks(text: string): DocBlock[] {
  return text.split('\n').flatMap((line, k) => {
    const m = START.exec(line);
    return m ? [{ block: m[1], command: m[2], line: k + 1 }] : [];
  });
}

/** The block's character range in `text`, from its start marker to the end of its end marker; refuses bad markers. */
export function findBlock(text: string, target: DocTarget, option = '--doc'): { from: number; to: number } {
  const where = `${option}: ${target.file}, block '${target.block}'`;
  const lines = text.split('\n');
  const starts: number[] = [], ends: number[] = [];
  lines.forEach((line, k) => {
    if (START.exec(line)?.[1] === target.block) starts.push(k);
    if (END.exec(line)?.[1] === target.block) ends.push(k);
  });
  const at = (ks: number[]) => ks.map((k) => k + 1).join(', ');
  if (starts.length === 0) throw new UsageError(`${where}: no start marker '<!-- generated ${target.block} by: <command> -->'`);
  if (starts.length > 1) throw new UsageError(`${where}: ${starts.length} start markers (lines ${at(starts)}); a block id must be unique in its file`);
  if (ends.length === 0) throw new UsageError(`${where}: no end marker '<!-- end generated ${target.block} -->'`);
  if (ends.length > 1) throw new UsageError(`${where}: ${ends.length} end markers (lines ${at(ends)})`);
  const [s] = starts, [e] = ends;
  if (e < s) throw new UsageError(`${where}: the end marker (line ${e + 1}) comes before the start marker (line ${s + 1})`);
  const inner = lines.slice(s + 1, e).findIndex((l) => START.test(l) || END.test(l));
  if (inner >= 0) throw new UsageError(`${where}: another block's marker at line ${s + inner + 2}, inside this one (lines ${s + 1}-${e + 1})`);
  const offset = (k: number) => lines.slice(0, k).reduce((n, l) => n + l.length + 1, 0);
  return { from: offset(s), to: offset(e) + lines[e].length };
}

/** `text` with the block replaced by `block` (its markers included); everything else unchanged. */
export function replaceBlock(text: string, target: DocTarget, block: string): string {
  const { from, to } = findBlock(text, target);
  return text.slice(0, from) + block + text.slice(to);
}

/** A generated block: the markers, the line naming the command (and `stamp`: when and where it was measured), the body. */
export function blockText(id: string, command: string, body: string, stamp?: string): string {
  const made = stamp ? ` on ${stamp}` : '';
  return `<!-- generated ${id} by: ${command} -->\n\nWritten by \`${command}\`${made}.\n\n${body.trimEnd()}\n\n<!-- end generated ${id} -->`;
}

/** Replaces the target's block with `body`, through a temporary renamed over the file. */
export function writeDocBlock(target: DocTarget, command: string, body: string, stamp?: string): void {
  const cannot = (e: unknown) => new UsageError(`--doc: cannot rewrite '${target.file}': ${fsMessage(e)}`);
  let text: string;
  try {
    text = readFileSync(target.file, 'utf8');
  } catch (e) {
    throw cannot(e);
  }
  const next = replaceBlock(text, target, blockText(target.block, command, body, stamp));
  const tmp = join(dirname(target.file), `.${basename(target.file)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, next);
    renameSync(tmp, target.file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw cannot(e);
  }
}

/** The command line as typed: `prefix` and the arguments, quoted for a POSIX shell where needed. */
export function commandLine(prefix: string, args: string[]): string {
  const quote = (a: string) => (/^[\w@%+=:,./-][\w@%+=:,./#-]*$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  return [prefix, ...args.map(quote)].join(' ');
}

/** When and where a timing was measured: the date, the cores, Node's version and the load average (1 min), read at the start. */
export function machineStamp(): string {
  const date = new Date().toISOString().slice(0, 10);
  return `${date} (${availableParallelism()} cores, Node ${process.version}, load average ${loadavg()[0].toFixed(2)} at the start)`;
}
