// The documentation's relative links lead somewhere: every link in README.md, docs/ and the
// emulator's READMEs names a file or folder that exists, and a #fragment names a heading of the
// page it points at (as GitHub makes anchors of headings). Moving a section or renaming a file
// then fails here, not in a newcomer's browser.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The text without fenced code blocks, whose lines are neither links nor headings. */
const withoutCodeBlocks = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** The text without code blocks and code spans, whose brackets are not links. */
const withoutCode = (markdown: string) => withoutCodeBlocks(markdown).replace(/(`+)[^`]*?\1/g, '');

/** Every link target of a page: inline links and images, and reference definitions. */
function linksOf(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$/gm)].map((m) => m[1]);
  return [...inline, ...references];
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutCodeBlocks(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

const root = resolve(import.meta.dirname, '../..');

const docsPages = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .map((f) => join('docs', f));
const pages = ['README.md', ...docsPages, 'emulator/README.md', 'emulator/src/rules/README.md'];

/** Why a link does not lead anywhere, or null when it does. */
function brokenLink(page: string, target: string): string | null {
  const [path, fragment] = target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? join(root, page) : path.startsWith('/') ? join(root, path) : resolve(root, dirname(page), decodeURI(path));
  if (!file.startsWith(root)) return `${target} leaves the repository`;
  if (!existsSync(file)) return `${target}: ${relative(root, file)} does not exist`;
  if (fragment !== undefined && file.endsWith('.md') && statSync(file).isFile() && !anchorsOf(readFileSync(file, 'utf8')).has(fragment)) {
    return `${target}: ${relative(root, file)} has no heading #${fragment}`;
  }
  return null;
}

describe('markdown links', () => {
  it('finds the pages it checks', () => {
    expect(docsPages).toContain('docs/CONTEXT.md');
    for (const page of pages) expect(existsSync(join(root, page)), page).toBe(true);
  });

  it.each(pages)('every relative link in %s resolves', (page) => {
    const broken = linksOf(readFileSync(join(root, page), 'utf8'))
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
      .map((target) => brokenLink(page, target))
      .filter(Boolean);
    expect(broken).toEqual([]);
  });
});

describe('linksOf and anchorsOf', () => {
  it('reads inline links, images and reference definitions, not code', () => {
    const text = [
      'See [a](docs/a.md) and ![b](img/b.png "title"), [c][ref] and <https://example.org>.',
      '`[not](a-link.md)` and',
      '```',
      '[nor](this.md)',
      '```',
      '[ref]: docs/c.md#part',
    ].join('\n');
    expect(linksOf(text)).toEqual(['docs/a.md', 'img/b.png', 'docs/c.md#part']);
  });

  it('makes anchors as GitHub does', () => {
    const anchors = anchorsOf(
      [
        '# The boundary',
        '## The rules budget: what passes here passes on Cloud Firestore',
        '### Where this departs from `DESIGN.md`, and why',
        '## Notes',
        '## Notes',
      ].join('\n'),
    );
    expect([...anchors]).toEqual([
      'the-boundary',
      'the-rules-budget-what-passes-here-passes-on-cloud-firestore',
      'where-this-departs-from-designmd-and-why',
      'notes',
      'notes-1',
    ]);
  });
});
