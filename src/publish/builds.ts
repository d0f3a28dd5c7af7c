/**
 * The builds under `.builds/` and the link that names the one served (`dist`), shared by
 * `npm run build` (scripts/build.mjs) and `npm run publish` (publish.ts): moving the link is the
 * atomic switch, and the clean-up never deletes a build a running server may still be reading.
 *
 * Plain Node TypeScript (run by scripts as by the server): imports name their `.ts` files.
 */
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { basename, join } from 'node:path';

/** The builds kept of each output: the one served and the two before it (rollback's steps). */
export const KEEP = 3;

/** `dist-2026-11-26T21-40-00-000Z` and the like: the output's name, then the build's time. */
const ofOutput = (out: string) => new RegExp(`^${out.replace(/[.]/g, '\\.')}-\\d{4}-`);

/** The kept builds of `out`, oldest first (their names sort by time). */
export function buildsOf(root: string, out = 'dist'): string[] {
  const builds = join(root, '.builds');
  if (!existsSync(builds)) return [];
  return readdirSync(builds)
    .filter((entry) => ofOutput(out).test(entry))
    .sort();
}

/** The build `out` names now (`dist-…`), or undefined when it is not a link to one. */
export function servedBuild(root: string, out = 'dist'): string | undefined {
  const link = join(root, out);
  if (!existsSync(link) || !lstatSync(link).isSymbolicLink()) return undefined;
  return basename(readlinkSync(link));
}

/**
 * Points `out` at `.builds/<name>`: a new link beside the old one, then renamed over it. rename(2)
 * replaces it in one step, so a reader sees the old build or the new one, never none. An
 * `astro build` run by hand leaves a real folder: it is moved into .builds/ first (a moment
 * without `dist`, once).
 */
export function switchTo(root: string, name: string, out = 'dist') {
  const link = join(root, out);
  const nextLink = `${link}.next`;
  rmSync(nextLink, { force: true });
  symlinkSync(join('.builds', name), nextLink, 'dir');
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) {
    const replaced = join(root, '.builds', `${out}-0000-folder-built-by-hand`); // sorts oldest
    rmSync(replaced, { recursive: true, force: true });
    renameSync(link, replaced);
  }
  renameSync(nextLink, link);
}

/**
 * Deletes the builds of `out` older than the newest KEEP, but never the one served now nor
 * `alsoKeep` (the one served until a moment ago: a running server finishes its requests under
 * way from it and switches within a second, src/server/live-build.ts).
 */
export function removeOldBuilds(root: string, out = 'dist', alsoKeep?: string) {
  const all = buildsOf(root, out);
  const kept = new Set([...all.slice(-KEEP), servedBuild(root, out), alsoKeep]);
  for (const entry of all)
    if (!kept.has(entry)) rmSync(join(root, '.builds', entry), { recursive: true, force: true });
}

/**
 * `to`, a new folder with every file of `from` hard-linked (no byte copied: a fraction of a
 * second for a whole build). Builds are never written once made, so sharing their files is safe.
 */
export function linkCopy(from: string, to: string) {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkCopy(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkSync(source, target);
  }
}
