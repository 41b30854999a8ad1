/**
 * The block writer of the generated tables (src/cli/doc-block.ts): it replaces one block and leaves every other byte
 * of the file as it was, writes through a temporary, and refuses a missing, repeated or misplaced marker with a
 * message naming the file and the block.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { blockText, commandLine, listBlocks, parseDocTarget, writeDocBlock } from '../../src/cli/doc-block';

const start = (id: string, command = `npm run x -- --doc notes.md#${id}`) => `<!-- generated ${id} by: ${command} -->`;
const end = (id: string) => `<!-- end generated ${id} -->`;

const files: string[] = [];
afterAll(() => files.forEach((f) => rmSync(dirname(f), { recursive: true, force: true })));

/** A Markdown file in a fresh folder (removed after the tests); returns its path */
function markdown(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'doc-block-')), 'notes.md');
  writeFileSync(file, text);
  files.push(file);
  return file;
}

const BEFORE = '# Notes\r\n\nα · trailing spaces   \n| a | b |\n|---|---|\n| 1 | 2 |\n\n';
const AFTER = '\n\nText after, no newline at the end';
const OTHER = `${start('other')}\n\nkept\n\n${end('other')}`;

describe('writeDocBlock', () => {
  it('replaces only the named block: the rest of the file is byte-identical, no temporary is left', () => {
    const file = markdown(`${BEFORE}${start('t')}\nold table\n${end('t')}\n${OTHER}${AFTER}`);
    writeDocBlock({ file, block: 't' }, 'npm run x -- --doc notes.md#t', '| n |\n|---|\n| 3 |\n');
    const text = readFileSync(file, 'utf8');
    const block = blockText('t', 'npm run x -- --doc notes.md#t', '| n |\n|---|\n| 3 |');
    expect(text).toBe(`${BEFORE}${block}\n${OTHER}${AFTER}`);
    expect(readdirSync(join(file, '..'))).toEqual(['notes.md']);
  });

  it('the block names the command, and for a timing the date and machine', () => {
    expect(blockText('t', 'npm run x', 'body', '2026-01-02 (2 cores, Node v20.0.0, load average 0.10 at the start)')).toBe(
      '<!-- generated t by: npm run x -->\n\nWritten by `npm run x` on 2026-01-02 (2 cores, Node v20.0.0, load average 0.10 at the start).\n\nbody\n\n<!-- end generated t -->');
  });

  it('writing the same body twice gives the same file', () => {
    const file = markdown(`${BEFORE}${start('t')}\n${end('t')}${AFTER}`);
    writeDocBlock({ file, block: 't' }, 'npm run x', 'body');
    const once = readFileSync(file, 'utf8');
    writeDocBlock({ file, block: 't' }, 'npm run x', 'body');
    expect(readFileSync(file, 'utf8')).toBe(once);
    expect(listBlocks(once)).toEqual([{ block: 't', command: 'npm run x', line: 8 }]);
  });

  const refusals: [string, string, RegExp][] = [
    ['no start marker', `${BEFORE}${end('t')}`, /no start marker '<!-- generated t by: <command> -->'/],
    ['no end marker', `${start('t')}\nx\n`, /no end marker '<!-- end generated t -->'/],
    ['two start markers', `${start('t')}\n${end('t')}\n${start('t')}\n`, /2 start markers \(lines 1, 3\)/],
    ['two end markers', `${start('t')}\n${end('t')}\n${end('t')}\n`, /2 end markers \(lines 2, 3\)/],
    ['the end before the start', `${end('t')}\n${start('t')}\n`, /end marker \(line 1\) comes before the start marker \(line 2\)/],
    ['another block inside', `${start('t')}\n${OTHER}\n${end('t')}\n`, /another block's marker at line 2, inside this one/],
  ];
  for (const [what, text, message] of refusals) {
    it(`refuses ${what}, naming the file and the block, and leaves the file as it was`, () => {
      const file = markdown(text);
      expect(() => writeDocBlock({ file, block: 't' }, 'npm run x', 'body')).toThrow(message);
      expect(() => writeDocBlock({ file, block: 't' }, 'npm run x', 'body')).toThrow(`${file}, block 't'`);
      expect(readFileSync(file, 'utf8')).toBe(text);
    });
  }
});

describe('parseDocTarget (--doc FILE.md#BLOCK)', () => {
  it('takes a file and a block it holds', () => {
    const file = markdown(`${start('a-1')}\n${end('a-1')}\n`);
    expect(parseDocTarget(`${file}#a-1`)).toEqual({ file, block: 'a-1' });
  });

  it('refuses a malformed argument, a missing file and a missing block, naming the option', () => {
    const file = markdown(`${start('a')}\n${end('a')}\n`);
    for (const bad of [file, `${file}#`, `${file}#A`, `${file}#a--b`, 'notes.txt#a', '#a']) {
      expect(() => parseDocTarget(bad)).toThrow(/^--doc: '.*' is not FILE\.md#BLOCK/);
    }
    expect(() => parseDocTarget(`${file}x.md#a`)).toThrow(/^--doc: cannot rewrite '.*': no such file or directory \(ENOENT\)/);
    expect(() => parseDocTarget(`${file}#b`, '--doc')).toThrow(`--doc: ${file}, block 'b': no start marker`);
  });
});

describe('commandLine', () => {
  it('quotes for a shell only the arguments that need it', () => {
    expect(commandLine('npm run sim --', ['sweep', 'two-disc', '--set', 'tangential=a,b', '--doc', 'd.md#x', 'a b', "it's", '#c'])).toBe(
      "npm run sim -- sweep two-disc --set tangential=a,b --doc d.md#x 'a b' 'it'\\''s' '#c'");
  });
});
