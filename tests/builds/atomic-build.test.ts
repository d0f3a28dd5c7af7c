/**
 * A failed build never reaches visitors (scripts/build.mjs): in a copy of the project served by
 * its own `npm start`, a build that fails after writing every page leaves `dist` and the running
 * server as they were. A complete build moves `dist`, and the running server switches to it, whole,
 * without a restart: publish.test.ts (one build fewer here).
 */
import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageAddresses } from '../../src/server/prebuilt-pages';
import { startNodeServer } from '../../scripts/budgets/as-sent.mjs';
import { copyProject, type ProjectCopy } from './project-copy';

let site: ProjectCopy;
let server: Awaited<ReturnType<typeof startNodeServer>> | undefined;

beforeAll(async () => {
  site = copyProject('atomic');
  const first = await site.build();
  expect(first.code, first.output).toBe(0);
  server = await startNodeServer(site.dir);
});

afterAll(async () => {
  await server?.stop();
  site?.removeAll();
});

const dist = () => join(site.dir, 'dist');
/** Every page of the build `dist` names now, as its address (`/en/jobs`). */
const pagesOfDist = () => [...pageAddresses(join(realpathSync(dist()), 'client'))];

/** Every page's HTML as the server answers it, by address. */
async function bodies(url: string, paths: string[]) {
  return Object.fromEntries(
    await Promise.all(
      paths.map(async (path) => [path, await (await fetch(url + encodeURI(path))).text()] as const),
    ),
  );
}

async function statuses(url: string, paths: string[]) {
  const answers = await Promise.all(
    paths.map(async (path) => [path, (await fetch(url + encodeURI(path))).status] as const),
  );
  return answers.filter(([, status]) => status !== 200);
}

/** An English posting (the first by file name), its title as the file says it. */
function aPosting() {
  const file = `content/jobs/en/${readdirSync(join(site.dir, 'content/jobs/en')).sort()[0]}`;
  const title = /^title: (.*)$/m.exec(site.read(file))?.[1];
  if (!title) throw new Error(`${file} has no title`);
  return { file, title, slug: file.split('/').pop()!.replace(/\.md$/, '') };
}

describe('npm run build', () => {
  test('a build that fails partway leaves dist and the served site as they were', async () => {
    const served = realpathSync(dist());
    const pages = pagesOfDist();
    const before = await bodies(server!.url, pages);
    const posting = aPosting();
    // An unknown placeholder stops the build partway: built in place, the pages not written yet
    // answered 500 (docs/decisions.md).
    site.edit(posting.file, (text) => `${text}\n{{noSuchFact}}\n`);

    const failed = await site.build();
    site.edit(posting.file, (text) => text.replace('\n{{noSuchFact}}\n', ''));

    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain('noSuchFact');
    expect(pages.length).toBeGreaterThan(50);
    expect(await statuses(server!.url, pages)).toEqual([]);
    // Not a page of the failed build: what was served before, byte for byte.
    const after = await bodies(server!.url, pages);
    expect(pages.filter((path) => after[path] !== before[path])).toEqual([]);
    expect(pagesOfDist()).toEqual(pages);
    expect(realpathSync(dist())).toBe(served);
    expect(failed.output).toContain('dist/ is unchanged');
    // The half-done build is gone: only the served one is kept.
    expect(readdirSync(join(site.dir, '.builds'))).toEqual([readlinkSync(dist()).split('/').pop()]);
  });
});
