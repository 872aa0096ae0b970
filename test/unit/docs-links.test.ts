/**
 * README.md and docs/*.md point only at what is in the repository: every relative link reaches a file
 * or folder of it (and a heading of the file, for an anchor), and every backticked path that starts with
 * one of the repository's top-level folders or names a top-level file exists. A moved or renamed file
 * therefore fails here until the documents follow it. Links to the web (http, https, mailto) are not
 * checked; a relative link that leaves the repository is dead by definition.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
/**
 * Built or written at run time, not in a clone: named in the documents, never checked. `.local` is the local
 * app's data folder: absent in a clone, present once the app or a test has run, never a repository path.
 */
const GENERATED = ['web/dist', 'test-results', 'test/bench/results.json', '.local'];

/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (outside code blocks), with GitHub's -1, -2 … for repeats. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of withoutCodeBlocks(markdown).split('\n')) {
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Fenced code blocks (the Mermaid diagrams, shell commands) hold no links or paths to check. */
const withoutCodeBlocks = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

const topLevel = (root: string) => new Set(readdirSync(root).filter((name) => name !== 'node_modules' && name !== '.git'));

/** A code span that names a repository path: no spaces or placeholders, and its first segment is a top-level entry. */
function repositoryPath(span: string, names: Set<string>): string | undefined {
  const path = span.replace(/:\d+$/, '');
  if (!/^[\w.@/-]+$/.test(path) || path.includes('//')) return undefined;
  const first = path.split('/')[0]!;
  if (!names.has(first) || (first === path && !/\.\w+$/.test(path))) return undefined;
  return path.replace(/\/$/, '');
}

/** The dead links and paths of one Markdown file's text, as `target: why`. */
export function deadLinks(markdown: string, file: string, root = ROOT): string[] {
  const dead: string[] = [];
  const text = withoutCodeBlocks(markdown);
  const names = topLevel(root);
  for (const [, target] of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    if (/^(https?|mailto):/.test(target!)) continue;
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    if (path === '') {
      if (!anchors(markdown).has(anchor!)) dead.push(`${target}: no such heading`);
      continue;
    }
    const resolved = resolve(dirname(file), decodeURI(path));
    if (relative(root, resolved).startsWith('..')) dead.push(`${target}: outside the repository`);
    else if (!existsSync(resolved)) dead.push(`${target}: no such file`);
    else if (anchor !== undefined && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchors(readFileSync(resolved, 'utf8')).has(anchor)) {
      dead.push(`${target}: no such heading`);
    }
  }
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    const path = repositoryPath(span!, names);
    if (path && !GENERATED.some((generated) => path === generated || path.startsWith(`${generated}/`)) && !existsSync(join(root, path))) {
      dead.push(`\`${span}\`: no such path`);
    }
  }
  if (/\.\.\/shared\//.test(text)) dead.push('../shared/: outside the repository');
  return dead;
}

const DOCUMENTS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

it.each(DOCUMENTS)('%s has no dead link or path', (document) => {
  const file = join(ROOT, document);
  expect(deadLinks(readFileSync(file, 'utf8'), file)).toEqual([]);
});

it('finds a planted dead link, anchor, path and a pointer out of the repository', () => {
  const file = join(ROOT, 'docs/planted.md');
  const planted = [
    '# Planted',
    '[ok](../README.md#two-commands) [ok](#planted) `functions/contract/routes.ts` `web/dist` `contract/routes.ts`',
    '[gone](local-mode.md) [bad anchor](operations.md#no-such-part) [out](../../shared/SPEC.md)',
    '`functions/domain/no-such-file.ts` and `../shared/DESIGN.md`',
    '```sh\nnpm start   # `functions/inside-a-code-block.ts` is not checked\n```',
  ].join('\n');
  expect(deadLinks(planted, file)).toEqual([
    'local-mode.md: no such file',
    'operations.md#no-such-part: no such heading',
    '../../shared/SPEC.md: outside the repository',
    '`functions/domain/no-such-file.ts`: no such path',
    '../shared/: outside the repository',
  ]);
});

it('takes `.local/` paths for the local app\'s data folder, made at run time, whether or not it exists yet', () => {
  const root = mkdtempSync(join(tmpdir(), 'docs-links-'));
  mkdirSync(join(root, '.local'));
  const text = 'The outbox is `.local/mail/`, the key `.local/storage-secret`.';
  expect(deadLinks(text, join(root, 'README.md'), root)).toEqual([]);
  rmSync(root, { recursive: true });
});

it('makes anchors as GitHub does', () => {
  expect([...anchors('## What is kept, and how long\n## `npm start` & more\n## Tests\n## Tests')]).toEqual([
    'what-is-kept-and-how-long',
    'npm-start--more',
    'tests',
    'tests-1',
  ]);
});
