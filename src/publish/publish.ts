/**
 * Publishing: what `npm run publish` runs (scripts/publish.mjs), and its `--rollback`.
 *
 * A publish is the content check, then one build into a new folder of `.builds/` (scripts/build.mjs),
 * then the atomic switch (the `dist` link moved in one rename: builds.ts). A running `npm start`
 * serves the new build within a second, without a restart and without a failed request
 * (src/server/live-build.ts). Nothing else: not the test suite, which a content change cannot
 * break when the check passes (docs/deploy.md).
 *
 * Every publish and rollback is a git commit of `content/` alone, by the editor who ran it: who,
 * when and which files changed, the history of what visitors were shown. The build keeps the
 * commit it was made from (`publish.json` in its folder), so a rollback brings back the build and
 * the content it was made from, and the editing screen shows what visitors see. With
 * `PUBLISH_GIT_REMOTE` set (e.g. `origin`), each commit is pushed there; a push that fails is said
 * and does not undo the publish.
 *
 * One publish, preview or rollback at a time (a lock folder in `.builds/`): a second one is
 * refused at once with who holds it, rather than queued behind a build.
 *
 * A preview is the same check and build, into `.builds/preview-…` behind the `preview` link, which
 * `npm start` serves to signed-in editors who open it (src/editors/preview.ts), never to
 * visitors. It records what it was built from (the content's files and the code's commit): a
 * publish of exactly that is the previewed build itself, put live without building it again
 * (its files linked into a new `dist-…` folder), seconds instead of a build; any change since
 * makes the publish build as usual.
 *
 * Plain Node TypeScript (run by the script as by the server): imports name their `.ts` files.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildsOf, linkCopy, removeOldBuilds, servedBuild, switchTo } from './builds.ts';

export type Editor = { name: string; email: string };

export type Outcome = {
  ok: boolean;
  /** One line for the editor: what happened, or what stopped it and what to do. */
  summary: string;
  /** What the check, the build and git printed. */
  log: string;
  seconds: number;
  /** The build served afterwards (`dist-…`). */
  build?: string;
  commit?: string;
};

/**
 * What a build folder keeps of the publish that made it, and the build it replaced: a rollback
 * goes back to that one (after a rollback and a new publish, the build before it by time is the
 * one rolled back from).
 */
type Published = { by: Editor; at: string; commit: string; replaced?: string };

type Run = { code: number; output: string };

const run = (
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
  onOutput?: (text: string) => void,
) =>
  new Promise<Run>((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput?.(chunk.toString());
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => resolve({ code: 1, output: output + String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });

async function git(root: string, args: string[], env?: NodeJS.ProcessEnv): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)('git', args, {
      cwd: root,
      env: env ?? process.env,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { code: 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Commits every change of `content/` (even none: the publish is recorded all the same). */
async function commitContent(root: string, by: Editor, subject: string, log: string[]) {
  await git(root, ['add', '--all', '--', 'content']);
  const changed = (await git(root, ['diff', '--cached', '--name-status', '--', 'content'])).output
    .trim()
    .split('\n')
    .filter(Boolean);
  const body = changed.length ? changed.join('\n') : 'No file of content/ changed.';
  // The editor is the author; the server's own git identity, when it has one, the committer.
  const hasIdentity = (await git(root, ['config', 'user.email'])).code === 0;
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: by.name,
    GIT_AUTHOR_EMAIL: by.email,
    ...(hasIdentity ? {} : { GIT_COMMITTER_NAME: by.name, GIT_COMMITTER_EMAIL: by.email }),
  };
  const commit = await git(
    root,
    ['commit', '--allow-empty', '--no-verify', '-m', subject, '-m', body, '--', 'content'],
    env,
  );
  log.push(commit.output);
  if (commit.code !== 0) throw new Error(`git could not record it:\n${commit.output}`);
  const id = (await git(root, ['rev-parse', 'HEAD'])).output.trim();
  const remote = process.env.PUBLISH_GIT_REMOTE;
  if (remote) {
    const push = await git(root, ['push', remote, 'HEAD']);
    log.push(push.output);
    if (push.code !== 0) log.push(`Not pushed to ${remote} (the publish stands): ${push.output}`);
  }
  return { id, files: changed.length };
}

const LOCK = '.builds/publish.lock';

/** Takes the publish lock, or says who holds it. A holder that has stopped (a crash) is ignored. */
function lock(root: string, by: Editor): string | undefined {
  const dir = join(root, LOCK);
  mkdirSync(join(root, '.builds'), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'owner.json'),
        JSON.stringify({ pid: process.pid, by, at: new Date().toISOString() }),
      );
      return undefined;
    } catch {
      let owner: { pid: number; by: Editor; at: string } | undefined;
      try {
        owner = JSON.parse(readFileSync(join(dir, 'owner.json'), 'utf8'));
      } catch {
        // Being written this very moment: held.
      }
      if (owner && !isRunning(owner.pid)) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      return owner
        ? `${owner.by.name} started a publish at ${owner.at}; try again once it is done.`
        : 'Another publish is under way; try again once it is done.';
    }
  }
  return 'Another publish is under way; try again once it is done.';
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const unlock = (root: string) => rmSync(join(root, LOCK), { recursive: true, force: true });

async function locked(
  root: string,
  by: Editor,
  work: (log: string[]) => Promise<Omit<Outcome, 'log' | 'seconds'>>,
): Promise<Outcome> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  const held = lock(root, by);
  if (held) return { ok: false, summary: held, log: '', seconds: seconds() };
  const log: string[] = [];
  try {
    if ((await git(root, ['rev-parse', '--is-inside-work-tree'])).code !== 0)
      return {
        ok: false,
        summary:
          'Not published: the project is not a git repository, so the publish could not be ' +
          'recorded. Run `git init && git add -A && git commit -m "Site as deployed"` once in it ' +
          '(docs/deploy.md).',
        log: '',
        seconds: seconds(),
      };
    const outcome = await work(log);
    return { ...outcome, log: log.join('\n'), seconds: seconds() };
  } catch (error) {
    return {
      ok: false,
      summary: (error as Error).message,
      log: log.join('\n'),
      seconds: seconds(),
    };
  } finally {
    unlock(root);
  }
}

export type PublishOptions = {
  by: Editor;
  /** The check's and the build's output as it comes (the command prints it). */
  onOutput?: (text: string) => void;
};

/**
 * What a build is made from: every file of content/ and the commit of the code beside it (the
 * top-level trees of HEAD but content/'s). Equal for a preview and a publish when nothing changed.
 */
async function madeFrom(root: string): Promise<string> {
  const hash = createHash('sha256');
  const code = (await git(root, ['ls-tree', 'HEAD'])).output
    .split('\n')
    .filter((line) => !line.endsWith('\tcontent'));
  hash.update(code.join('\n'));
  const files = readdirSync(join(root, 'content'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash.update(`\0${file.slice(root.length)}\0`).update(readFileSync(file));
  return hash.digest('hex');
}

/** What a preview build keeps of how it was made (`preview.json` in its folder). */
type Previewed = { by: Editor; at: string; madeFrom: string };

const PREVIEW = 'preview';

/** The preview build, when it was made from exactly what is to be published now. */
async function previewOfNow(root: string): Promise<string | undefined> {
  const build = servedBuild(root, PREVIEW);
  const record = build ? join(root, '.builds', build, 'preview.json') : undefined;
  if (!record || !existsSync(record)) return undefined;
  const previewed = JSON.parse(readFileSync(record, 'utf8')) as Previewed;
  return previewed.madeFrom === (await madeFrom(root)) ? build : undefined;
}

async function checkContent(root: string, log: string[], onOutput?: (text: string) => void) {
  const check = await run(
    process.execPath,
    ['scripts/content-check.mjs'],
    root,
    process.env,
    onOutput,
  );
  log.push(check.output);
  return check.code === 0;
}

/** The content check, one build into the preview folder: nothing changes for visitors. */
export function preview(root: string, { by, onOutput }: PublishOptions): Promise<Outcome> {
  return locked(root, by, async (log) => {
    if (!(await checkContent(root, log, onOutput)))
      return {
        ok: false,
        summary:
          'No preview: the content check found problems (listed below). Correct them, save, and ' +
          'press Preview again.',
      };
    const from = await madeFrom(root);
    const built = await run(
      process.execPath,
      ['scripts/build.mjs', '--out', PREVIEW],
      root,
      process.env,
      onOutput,
    );
    log.push(built.output);
    const build = servedBuild(root, PREVIEW);
    if (built.code !== 0 || !build)
      return { ok: false, summary: 'No preview: the build stopped (its message is below).' };
    const record: Previewed = { by, at: new Date().toISOString(), madeFrom: from };
    writeFileSync(join(root, '.builds', build, 'preview.json'), JSON.stringify(record, null, 2));
    return {
      ok: true,
      summary:
        'Preview ready: open the site from this page to see it as it will be published. ' +
        'Visitors still see the last published site.',
      build,
    };
  });
}

/** The content check, one build (or the previewed one), the atomic switch, the commit. */
export function publish(root: string, { by, onOutput }: PublishOptions): Promise<Outcome> {
  return locked(root, by, async (log) => {
    const replaced = servedBuild(root);
    if (!(await checkContent(root, log, onOutput)))
      return {
        ok: false,
        summary:
          'Not published: the content check found problems (listed below). Correct them, save, ' +
          'and publish again. Visitors still see the last published site.',
      };
    const previewed = await previewOfNow(root);
    if (previewed) {
      // The previewed build, linked (not copied) into a folder of its own: the preview stays
      // whole for whoever is looking at it, and rollback finds this build among the others.
      const before = servedBuild(root);
      const name = `dist-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      linkCopy(join(root, '.builds', previewed), join(root, '.builds', name));
      rmSync(join(root, '.builds', name, 'preview.json'), { force: true });
      switchTo(root, name);
      removeOldBuilds(root, 'dist', before);
      log.push(
        `The previewed build .builds/${previewed} put live as .builds/${name}, not built again.`,
      );
    } else {
      const built = await run(process.execPath, ['scripts/build.mjs'], root, process.env, onOutput);
      log.push(built.output);
      if (built.code !== 0 || !servedBuild(root))
        return {
          ok: false,
          summary:
            'Not published: the build stopped (its message is below). Visitors still see the last ' +
            'published site.',
        };
    }
    const build = servedBuild(root)!;
    const at = new Date().toISOString();
    const { id, files } = await commitContent(root, by, `Publish by ${by.name}`, log);
    const record: Published = { by, at, commit: id, ...(replaced ? { replaced } : {}) };
    writeFileSync(join(root, '.builds', build, 'publish.json'), JSON.stringify(record, null, 2));
    return {
      ok: true,
      summary: `Published: ${files} changed file(s) of content/ are live (recorded as ${id.slice(0, 7)}).`,
      build,
      commit: id,
    };
  });
}

/**
 * The build before the one served, back (the same atomic switch), and `content/` as it was made
 * from. Changes saved but not published are committed first (nothing an editor typed is lost:
 * the history has them).
 */
export function rollback(root: string, { by }: PublishOptions): Promise<Outcome> {
  return locked(root, by, async (log) => {
    const builds = buildsOf(root);
    const served = servedBuild(root);
    const servedRecord = served ? join(root, '.builds', served, 'publish.json') : undefined;
    const replaced =
      servedRecord && existsSync(servedRecord)
        ? (JSON.parse(readFileSync(servedRecord, 'utf8')) as Published).replaced
        : undefined;
    const at = served ? builds.indexOf(served) : builds.length;
    const previous =
      replaced && builds.includes(replaced) ? replaced : at > 0 ? builds[at - 1] : undefined;
    if (!previous)
      return {
        ok: false,
        summary: 'Nothing to roll back to: no build older than the one visitors see is kept.',
      };
    switchTo(root, previous);
    const recordFile = join(root, '.builds', previous, 'publish.json');
    const record: Published | undefined = existsSync(recordFile)
      ? JSON.parse(readFileSync(recordFile, 'utf8'))
      : undefined;
    const when = record ? `the publish of ${record.at} by ${record.by.name}` : previous;
    let restored = false;
    if (record) {
      const pending = (await git(root, ['status', '--porcelain', '--', 'content'])).output.trim();
      if (pending)
        await commitContent(root, by, `Unpublished changes set aside by a rollback`, log);
      const restore = await git(root, [
        'restore',
        `--source=${record.commit}`,
        '--staged',
        '--worktree',
        '--',
        'content',
      ]);
      log.push(restore.output);
      restored = restore.code === 0;
    }
    const { id } = await commitContent(root, by, `Roll back to ${when}, by ${by.name}`, log);
    return {
      ok: true,
      summary:
        `Rolled back: visitors see ${when} again.` +
        (restored
          ? ' The content is back as it was then.'
          : ' That build was not made by a publish: content/ is unchanged.'),
      build: previous,
      commit: id,
    };
  });
}
