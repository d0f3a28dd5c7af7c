/**
 * The build `npm start` serves (server.mjs), switched without a restart when the `dist` link moves
 * (`npm run build`, `npm run publish` and its rollback: src/publish/builds.ts).
 *
 * Everything the server takes from a build (its pages and files, their ETags and policies, the
 * adapter's handler and the server code it loads on demand) is one `LoadedBuild`. A request takes
 * the current one when it arrives and is answered from it to the end; a new build is loaded whole
 * beside it and only then made current, in one assignment. So during a switch every request is
 * answered, from the old build or the new one, never a mix (tests/builds/publish.test.ts proves
 * it under load). The old build's folder is kept by the clean-up (removeOldBuilds).
 *
 * The link is looked at every half second (a readlink: nothing to measure), rather than watched,
 * so that it works the same on every file system (a container's volume, NFS).
 *
 * Each build's server code stays in memory once imported (ES modules are never unloaded): about
 * what one build's server chunks weigh per publish, given back at the next restart.
 */
import { existsSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtPagePolicies, headerPolicyFor } from '../security/header-policy.ts';
import { builtFiles } from './built-files.ts';
import { builtFileEtags } from './caching.ts';
import { prebuiltPages } from './prebuilt-pages.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export type LoadedBuild = {
  /** The build's folder, the link resolved. */
  dir: string;
  handler: AstroHandler;
  options: { port?: number; host?: string | boolean };
  headerPolicy: string;
  pageFor: ReturnType<typeof prebuiltPages>;
  etagOf: ReturnType<typeof builtFileEtags>;
  files: ReturnType<typeof builtFiles>;
};

async function load(dir: string): Promise<LoadedBuild> {
  const clientDir = join(dir, 'client');
  const headerPolicy = headerPolicyFor(builtPagePolicies(clientDir));
  const { handler, options } = await import(pathToFileURL(join(dir, 'server/entry.mjs')).href);
  return {
    dir,
    handler,
    options,
    headerPolicy,
    pageFor: prebuiltPages(clientDir),
    etagOf: builtFileEtags(clientDir),
    files: builtFiles(clientDir, headerPolicy),
  };
}

export const CHECK_EVERY_MS = 500;

/**
 * The build `link` names, loaded, and kept current as the link moves. `current()` is the one a
 * new request is to be answered from.
 */
export async function liveBuild(link: string) {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled'; // the server listens itself
  let current = await load(realpathSync(link));
  /** A build that failed to load is not tried again (the log says why once). */
  let failed: string | undefined;
  let loading = false;

  async function check() {
    if (loading) return;
    let dir: string;
    try {
      dir = realpathSync(link);
    } catch {
      return; // the link is being replaced: looked at again in half a second
    }
    if (dir === current.dir || dir === failed) return;
    loading = true;
    const started = performance.now();
    try {
      current = await load(dir);
      const ms = Math.round(performance.now() - started);
      console.log(`Now serving .builds/${basename(dir)} (loaded in ${ms} ms, no restart)`);
    } catch (error) {
      failed = dir;
      console.error(`Could not switch to .builds/${basename(dir)}; still serving the last:`, error);
    } finally {
      loading = false;
    }
  }
  setInterval(() => void check(), CHECK_EVERY_MS).unref();

  return { current: () => current };
}

/**
 * A build that may not exist yet (the editors' preview, `npm run publish`'s `preview` link): loaded
 * when the link appears and kept current as it moves, like the served one. Undefined until then.
 */
export function optionalLiveBuild(link: string) {
  let live: Awaited<ReturnType<typeof liveBuild>> | undefined;
  let starting = false;
  function look() {
    if (live || starting || !existsSync(link)) return;
    starting = true;
    liveBuild(link)
      .then((loaded) => (live = loaded))
      .catch((error) => console.error(`Could not load ${basename(link)}:`, error))
      .finally(() => (starting = false));
  }
  look();
  setInterval(look, CHECK_EVERY_MS).unref();
  return { current: () => live?.current() };
}
