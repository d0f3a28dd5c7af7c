/**
 * What the integrations that change the built pages share (critical-css.ts, island-runtime.ts):
 * every HTML file of the client build read, given to `rewrite`, written back when it changed, and
 * the asset files it asks for written once into `/_astro/` (the same file serves every page).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type Rewritten = { html: string; files: { name: string; text: string }[] } | undefined;

/** Rewrites the built pages under `client`; returns how many changed and how many files it wrote. */
export async function rewriteBuiltPages(
  client: string,
  rewrite: (html: string) => Rewritten,
): Promise<{ pages: number; files: number }> {
  const entries = await readdir(client, { withFileTypes: true, recursive: true });
  const written = new Set<string>();
  let pages = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const result = rewrite(await readFile(file, 'utf8'));
    if (!result) continue;
    pages++;
    await writeFile(file, result.html);
    for (const { name, text } of result.files) {
      if (written.has(name)) continue;
      written.add(name);
      await writeFile(join(client, '_astro', name), text);
    }
  }
  return { pages, files: written.size };
}
