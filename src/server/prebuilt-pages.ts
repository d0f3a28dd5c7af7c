/**
 * Addresses of the prebuilt pages for the Node server (server.mjs).
 *
 * The build writes each page as a file (`build.format: 'file'` in astro.config.mjs, for static
 * hosts): `/en/instructors` is `en/instructors.html`, beside a folder `en/instructors/` that holds
 * its sub-pages (`join-us.html`). The Node adapter's static handler sees the folder, looks for
 * `en/instructors/index.html` and answers 404: every page with sub-pages (each locale's home,
 * instructors, jobs, resorts) would be lost. So the server hands the adapter the page's file name
 * for those addresses itself, and sends `/en/instructors.html` to `/en/instructors` (301), as
 * static hosts do (308), so that each page has one address.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export type PageAnswer = { rewrite: string } | { redirect: string } | undefined;

/** Every page address of a built `dist/client` folder: `en/instructors.html` → `/en/instructors`. */
export function pageAddresses(clientDir: string): Set<string> {
  const files = readdirSync(clientDir, { recursive: true, withFileTypes: true });
  return new Set(
    files
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map(
        (entry) =>
          '/' +
          relative(clientDir, join(entry.parentPath, entry.name))
            .split(sep)
            .join('/')
            .slice(0, -'.html'.length),
      ),
  );
}

/**
 * What the server does with a request's URL (path and query) before the adapter sees it: serve a
 * page's file, redirect a `.html` address to the page's, or nothing (the adapter decides).
 */
export function prebuiltPages(clientDir: string): (url: string) => PageAnswer {
  const pages = pageAddresses(clientDir);
  return (url) => {
    const queryStart = url.search(/[?#]/);
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const query = queryStart === -1 ? '' : url.slice(queryStart);
    let decoded: string;
    try {
      decoded = decodeURI(path);
    } catch {
      return undefined;
    }
    if (pages.has(decoded)) return { rewrite: `${path}.html${query}` };
    if (decoded.endsWith('.html') && pages.has(decoded.slice(0, -'.html'.length))) {
      return { redirect: `${path.slice(0, -'.html'.length)}${query}` };
    }
    return undefined;
  };
}
