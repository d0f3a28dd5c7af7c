/**
 * The README and the guides in docs/ link to each other, to sections and to the code. A page
 * moved or a heading renamed breaks those links silently on GitHub: here every relative link must
 * name a file that exists and, with a `#section`, a heading of that page.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const pages = ['README.md', ...readdirSync('docs').map((name) => join('docs', name))].filter(
  (path) => path.endsWith('.md'),
);

/** The text outside fenced code blocks, where a `[x](y)` is an example, not a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(path: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading = ''] of prose(readFileSync(path, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** Every relative link of a page: where it points, and the section if it names one. */
function linksOf(path: string) {
  return [...prose(readFileSync(path, 'utf8')).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => {
      const [file = '', section] = target.split('#');
      return { target, file: file ? join(dirname(path), file) : path, section };
    });
}

describe.each(pages)('%s', (page) => {
  it('links only to files that exist', () => {
    const missing = linksOf(page)
      .filter(({ file }) => !existsSync(file))
      .map(({ target }) => target);
    expect(missing).toEqual([]);
  });

  it('links to sections that exist', () => {
    const missing = linksOf(page)
      .filter(({ file, section }) => section && existsSync(file) && statSync(file).isFile())
      .filter(({ file }) => file.endsWith('.md'))
      .filter(({ file, section }) => !anchorsOf(file).has(section!))
      .map(({ target }) => target);
    expect(missing).toEqual([]);
  });
});
