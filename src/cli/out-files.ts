/**
 * Writing outputs safely (issue 8): every file is written to a new temporary file in its folder (created
 * with O_EXCL, so an existing file or symlink of that name is never opened, let alone followed) and renamed
 * over the final name when complete — a symlink named series.csv is replaced, its target never touched, and
 * a failed run leaves neither a partial file nor a temporary behind. The output folder is made one level at
 * a time (Node's recursive mkdir loops forever on ENOENT under /proc), and the folders made are removed
 * again when the command fails. Every file-system error becomes one `error: --out: …` line (exit 2).
 */
import { accessSync, closeSync, constants, lstatSync, mkdirSync, openSync, renameSync, rmdirSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError, fsMessage } from './errors';

/** Temporaries not yet renamed or removed, and folders made by this process: cleaned up on a failed exit. */
const openTemps = new Set<OutputFile>();
const madeDirs: string[] = [];
let committed = false;

process.on('exit', () => {
  for (const f of [...openTemps]) f.abort();
  if (!committed) removeMadeDirs();
});

/** Removes the folders this process made (deepest first) if they are empty. */
export function removeMadeDirs(): void {
  while (madeDirs.length) {
    try {
      rmdirSync(madeDirs.pop()!);
    } catch {
      // not empty or already gone: leave it
    }
  }
}

/** Marks the outputs as complete: the folders made stay even if the process exits with an error later. */
export function commitOutputs(): void {
  committed = true;
}

/**
 * Makes `dir` and any missing parents, one level at a time. Throws UsageError naming `field` when a
 * component exists but is not a folder or cannot be made.
 */
export function makeOutputDir(dir: string, field = '--out'): void {
  if (dir === '') throw new UsageError(`${field}: must not be empty`);
  const todo: string[] = [];
  let cur = resolve(dir);
  for (let guard = 0; guard < 4096; guard++) {
    let st;
    try {
      st = statSync(cur);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new UsageError(`${field}: cannot create folder '${cur}': ${fsMessage(e)}`);
    }
    if (st) {
      if (!st.isDirectory()) throw new UsageError(`${field}: '${cur}' exists and is not a folder`);
      break;
    }
    todo.push(cur);
    const parent = dirname(cur);
    if (parent === cur) break;
    cur = parent;
  }
  for (const d of todo.reverse()) {
    try {
      mkdirSync(d);
      madeDirs.push(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && isDir(d)) continue;
      throw new UsageError(`${field}: cannot create folder '${d}': ${fsMessage(e)}`);
    }
  }
}

/**
 * Checks that makeOutputDir(dir) could succeed, making nothing: every existing component is a folder and the
 * deepest existing one is writable. For commands that compute for long before they write (delta-ek), so bad
 * paths fail at once and an interrupted computation leaves no empty folder.
 */
export function probeOutputDir(dir: string, field = '--out'): void {
  if (dir === '') throw new UsageError(`${field}: must not be empty`);
  let cur = resolve(dir), missing: string | null = null;
  for (let guard = 0; guard < 4096; guard++) {
    let st;
    try {
      st = statSync(cur);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new UsageError(`${field}: cannot create folder '${cur}': ${fsMessage(e)}`);
    }
    if (st) {
      if (!st.isDirectory()) throw new UsageError(`${field}: '${cur}' exists and is not a folder`);
      try {
        accessSync(cur, constants.W_OK);
      } catch (e) {
        throw new UsageError(missing ? `${field}: cannot create folder '${missing}': ${fsMessage(e)}` : `${field}: cannot write in '${cur}': ${fsMessage(e)}`);
      }
      return;
    }
    missing = cur;
    const parent = dirname(cur);
    if (parent === cur) return;
    cur = parent;
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Refuses a folder (or anything but a file or symlink) standing where an output file goes. */
export function checkOutputPath(path: string, field = '--out'): void {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return;
  }
  if (st.isDirectory()) throw new UsageError(`${field}: '${path}' is a folder; remove it or choose another ${field}`);
  if (!st.isFile() && !st.isSymbolicLink()) throw new UsageError(`${field}: '${path}' is not a regular file; remove it or choose another ${field}`);
}

/** One output file: written to `.<name>.<pid>.<n>.tmp` beside it, renamed into place by close(). */
export class OutputFile {
  private static serial = 0;
  readonly tmp: string;
  private fd: number | null;

  constructor(readonly path: string, private readonly field = '--out') {
    checkOutputPath(path, field);
    this.tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${OutputFile.serial++}.tmp`);
    try {
      this.fd = openSync(this.tmp, 'wx', 0o644);
    } catch (e) {
      throw new UsageError(`${field}: cannot write in '${dirname(path)}': ${fsMessage(e)}`);
    }
    openTemps.add(this);
  }

  write(text: string | Uint8Array): void {
    if (this.fd === null) throw new Error(`${this.path}: written after close`);
    try {
      if (typeof text === 'string') writeSync(this.fd, text);
      else {
        let off = 0;
        while (off < text.length) off += writeSync(this.fd, text, off);
      }
    } catch (e) {
      throw new UsageError(`${this.field}: cannot write '${this.path}': ${fsMessage(e)}`);
    }
  }

  /** Closes the temporary and renames it over the final name (a symlink there is replaced, not followed). */
  close(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
      this.fd = null;
      renameSync(this.tmp, this.path);
    } catch (e) {
      this.abort();
      throw new UsageError(`${this.field}: cannot write '${this.path}': ${fsMessage(e)}`);
    }
    openTemps.delete(this);
  }

  /** Closes and removes the temporary; the final name is left as it was. */
  abort(): void {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        // already closed
      }
      this.fd = null;
    }
    try {
      unlinkSync(this.tmp);
    } catch {
      // already renamed or removed
    }
    openTemps.delete(this);
  }
}

/** Writes whole files atomically: all temporaries first, then all renames; on any error none is left. */
export function writeOutputs(files: [path: string, content: string | Uint8Array][], field = '--out'): void {
  const out: OutputFile[] = [];
  try {
    for (const [path] of files) checkOutputPath(path, field);
    for (const [path, content] of files) {
      const f = new OutputFile(path, field);
      out.push(f);
      f.write(content);
    }
    for (const f of out) f.close();
  } catch (e) {
    for (const f of out) f.abort();
    throw e;
  }
}
