/**
 * Astro's floor for the build benchmark (docs/benchmark.md): a bare Astro site that renders a
 * given number of pages from a content collection, nothing else (no integration, no adapter, no
 * middleware, one layout). Each page is a real job posting's Markdown (cycled), so it has a real
 * page's text. The benchmark builds it beside the site, with the same number of pages, in the
 * same run: the site's seconds per page over this one's say what the site adds to Astro's own work.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CONFIG = `import { defineConfig } from 'astro/config';
export default defineConfig({});
`;

const COLLECTIONS = `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
export const collections = {
  pages: defineCollection({
    loader: glob({ pattern: '*.md', base: './content/pages' }),
    schema: z.object({ title: z.string() }),
  }),
};
`;

const PAGE = `---
import { getCollection, render } from 'astro:content';
export async function getStaticPaths() {
  const pages = await getCollection('pages');
  return pages.map((page) => ({ params: { slug: page.id }, props: { page } }));
}
const { page } = Astro.props;
const { Content } = await render(page);
---
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{page.data.title}</title>
  </head>
  <body>
    <main>
      <h1>{page.data.title}</h1>
      <Content />
    </main>
  </body>
</html>
`;

/** Writes the bare site into `dir` (which has a node_modules link): `pages` pages. */
export function writeBareSite(dir, pages, projectRoot) {
  const jobs = join(projectRoot, 'content/jobs/en');
  const bodies = readdirSync(jobs)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => readFileSync(join(jobs, name), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  mkdirSync(join(dir, 'content/pages'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFileSync(join(dir, 'astro.config.mjs'), CONFIG);
  writeFileSync(join(dir, 'src/content.config.ts'), COLLECTIONS);
  writeFileSync(join(dir, 'src/pages/[slug].astro'), PAGE);
  for (let i = 0; i < pages; i++) {
    writeFileSync(
      join(dir, `content/pages/page-${i + 1}.md`),
      `---\ntitle: Page ${i + 1}\n---\n${bodies[i % bodies.length]}`,
    );
  }
}
