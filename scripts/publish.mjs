/**
 * `npm run publish`: the content check, one build, the atomic switch to it (a running `npm start`
 * serves it within a second, no restart), and a git commit of content/ recording who and what.
 * `npm run publish -- --rollback`: the build before the one served, back, the same way.
 * The editing screen's Publish and Roll back buttons run the same code (src/publish/publish.ts).
 *
 *   usage: npm run publish [-- --rollback] [--by "Name <email>"]
 *
 * Who publishes: `--by`, else git's user.name and user.email, else the system user.
 */
import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { publish, rollback } from '../src/publish/publish.ts';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const byAt = args.indexOf('--by');

function gitConfig(key) {
  try {
    return execFileSync('git', ['config', key], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function editor() {
  if (byAt !== -1) {
    const match = /^(.+?)\s*<([^>]+)>$/.exec(args[byAt + 1] ?? '');
    if (!match) throw new Error('--by takes "Name <email>"');
    return { name: match[1], email: match[2] };
  }
  const user = userInfo().username;
  return {
    name: gitConfig('user.name') || user,
    email: gitConfig('user.email') || `${user}@localhost`,
  };
}

const by = editor();
const outcome = args.includes('--rollback')
  ? await rollback(root, { by })
  : await publish(root, { by, onOutput: (text) => process.stdout.write(text) });
if (args.includes('--rollback') && outcome.log) console.log(outcome.log);
console.log(`\n${outcome.summary} (${outcome.seconds} s)`);
process.exit(outcome.ok ? 0 : 1);
