// What a build wrote for the browser (dist/client), as site paths ("/en/about.html"),
// without the library Partytown copies in under /~partytown/ (its sandbox .html is not a page).
// Shared by the weight report and the benchmark, so both count the same pages.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export function builtFiles(client) {
  return readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(client, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .filter((path) => !path.startsWith('/~partytown/'))
    .sort();
}

export const builtPages = (client) => builtFiles(client).filter((path) => path.endsWith('.html'));
