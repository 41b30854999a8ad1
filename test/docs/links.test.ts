/**
 * The documentation's links hold: every relative link and image in README.md and docs/*.md points at a file of
 * the repository, every #anchor at a heading of its target (GitHub's heading slugs), every docs/…#anchor a
 * source or test file cites resolves, and nothing cites a file outside the repository (the design notes and
 * papers the project was first written from are not part of a clone).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const THIS_FILE = fileURLToPath(import.meta.url);

/** README.md and every Markdown file under docs/ */
function markdownFiles(): string[] {
  const docs = join(ROOT, 'docs');
  const inDocs = existsSync(docs) ? readdirSync(docs).filter((f) => f.endsWith('.md')).map((f) => join(docs, f)) : [];
  return [join(ROOT, 'README.md'), ...inDocs];
}

/** Source files whose comments may cite the docs: src/ and test/ */
function codeFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (name === 'node_modules' || name === 'generated') continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|mts|mjs|js)$/.test(name)) out.push(p);
    }
  };
  for (const d of ['src', 'test']) if (existsSync(join(ROOT, d))) walk(join(ROOT, d));
  return out;
}

/** Markdown text outside fenced code blocks, line by line (the line numbers kept) */
function proseLines(text: string): [number, string][] {
  const lines: [number, string][] = [];
  let fenced = false;
  text.split('\n').forEach((line, k) => {
    if (/^\s*(```|~~~)/.test(line)) { fenced = !fenced; return; }
    if (!fenced) lines.push([k + 1, line]);
  });
  return lines;
}

/**
 * GitHub's heading anchors: the heading's text (Markdown links and code marks taken off) in lower case, every
 * character that is not a letter, a mark, a digit, an underscore, a hyphen or a space dropped, spaces turned into
 * hyphens; a repeated slug gets -1, -2, … in order.
 */
export function headingSlugs(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  for (const [, line] of proseLines(markdown)) {
    const m = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = m[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.add(n === 0 ? base : `${base}-${n}`);
  }
  return slugs;
}

/** The link targets of a Markdown file, outside code blocks and inline code: [text](target) and ![alt](target) */
function linkTargets(markdown: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  for (const [line, text] of proseLines(markdown)) {
    const noCode = text.replace(/`[^`]*`/g, '');
    for (const m of noCode.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ line, target: m[1] });
  }
  return out;
}

const slugCache = new Map<string, Set<string>>();
function slugsOf(file: string): Set<string> {
  let s = slugCache.get(file);
  if (!s) { s = headingSlugs(readFileSync(file, 'utf8')); slugCache.set(file, s); }
  return s;
}

/** Why a link from `fromFile` to `target` does not resolve, or null when it does. */
export function brokenLink(fromFile: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: …
  const hash = target.indexOf('#');
  const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const file = path === '' ? fromFile : resolve(dirname(fromFile), path);
  const rel = relative(ROOT, file);
  if (rel.startsWith('..')) return `points outside the repository (${rel})`;
  if (!existsSync(file)) return `no such file: ${rel}`;
  if (anchor !== null) {
    if (!file.endsWith('.md')) return `an anchor into a file that is not Markdown: ${rel}`;
    if (!slugsOf(file).has(anchor)) return `no heading '#${anchor}' in ${rel}`;
  }
  return null;
}

/**
 * The comment part of a line of TypeScript: the whole line inside a block comment (a line starting with `*`,
 * `/*` or `//`), else what follows ` //` or `/*` on it, else nothing. Good enough for this codebase's style.
 */
function commentOf(line: string): string {
  const s = line.trimStart();
  if (s.startsWith('*') || s.startsWith('/*') || s.startsWith('//')) return line;
  const k = [line.indexOf(' //'), line.indexOf('/*')].filter((i) => i >= 0);
  return k.length ? line.slice(Math.min(...k)) : '';
}

/** Citations of files that are not in a clone: the first design notes and the papers beside the checkout */
const OUTSIDE = /\.\.\/shared\b|\bdesign\/[\w.-]+\.md|\b(?:contact-laws|tangential-schemes|integrators|contact-plane|neighbour-search|experiments)\.md\b|\bdesign note\b|\bdocs\/readme-[\w-]+\.md/i;

describe('documentation links', () => {
  it('README.md and docs/ exist', () => {
    expect(existsSync(join(ROOT, 'README.md'))).toBe(true);
    expect(markdownFiles().length).toBeGreaterThan(1);
  });

  it('every relative link and #anchor in README.md and docs/*.md resolves', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const { line, target } of linkTargets(readFileSync(file, 'utf8'))) {
        const why = brokenLink(file, target);
        if (why) broken.push(`${relative(ROOT, file)}:${line}: (${target}) ${why}`);
      }
    }
    expect(broken, broken.join('\n')).toEqual([]);
  });

  it('every docs/…#anchor cited in src/ and test/ resolves', () => {
    const broken: string[] = [];
    let cited = 0;
    for (const file of codeFiles()) {
      if (file === THIS_FILE) continue;
      readFileSync(file, 'utf8').split('\n').forEach((text, k) => {
        for (const m of text.matchAll(/\bdocs\/[\w.-]+\.md(?:#[\p{L}\p{M}\p{N}\p{Pc}-]+)?/gu)) {
          cited++;
          const why = brokenLink(join(ROOT, 'README.md'), m[0]);
          if (why) broken.push(`${relative(ROOT, file)}:${k + 1}: ${m[0]}: ${why}`);
        }
      });
    }
    expect(broken, broken.join('\n')).toEqual([]);
    expect(cited).toBeGreaterThan(0);
  });

  it('no comment or doc cites a file outside the repository', () => {
    const found: string[] = [];
    for (const file of markdownFiles()) {
      readFileSync(file, 'utf8').split('\n').forEach((text, k) => {
        const m = OUTSIDE.exec(text);
        if (m) found.push(`${relative(ROOT, file)}:${k + 1}: ${m[0]}`);
      });
    }
    for (const file of codeFiles()) {
      if (file === THIS_FILE) continue;
      readFileSync(file, 'utf8').split('\n').forEach((text, k) => {
        const m = OUTSIDE.exec(commentOf(text));
        if (m) found.push(`${relative(ROOT, file)}:${k + 1}: ${m[0]}`);
      });
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('no string in the code cites a file outside the repository (help texts, messages, scenario references)', () => {
    const found: string[] = [];
    for (const file of codeFiles()) {
      if (file === THIS_FILE) continue;
      readFileSync(file, 'utf8').split('\n').forEach((text, k) => {
        const m = OUTSIDE.exec(text.replace(commentOf(text), ''));
        if (m) found.push(`${relative(ROOT, file)}:${k + 1}: ${m[0]}`);
      });
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe('heading slugs follow GitHub', () => {
  it('lower case, punctuation dropped, spaces to hyphens, repeats numbered', () => {
    const s = headingSlugs('# A B\n## Haff–Werner friction\n### 5×5 `mask`: it\n## A B\n```\n# not a heading\n```\n## t_R(Δt) panel');
    expect([...s]).toEqual(['a-b', 'haffwerner-friction', '55-mask-it', 'a-b-1', 't_rδt-panel']);
  });
});
