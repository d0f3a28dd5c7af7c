// `npm run content:check`: checks every file of content/ in a few seconds, without building the
// site, and prints every problem at once in plain words (src/content/check). Exits 1 on any;
// warnings are printed and do not fail it.
import { runnerImport } from 'vite';

const root = new URL('..', import.meta.url).pathname;
// The check loads the site facts first (every placeholder reads them), and that stops at a wrong
// fact with the problems already written for editors: print them, not a stack trace.
const { module } = await runnerImport('/src/content/check/index.ts', {
  root,
  configFile: false,
  logLevel: 'silent',
}).catch((error) => {
  if (!String(error?.message).startsWith('The content has')) throw error;
  process.stderr.write(error.message);
  process.exit(1);
});
const problems = module.checkContent(root);
// `--json`: the report the editing screen's panel shows (src/editors/http.ts), one line each.
if (process.argv.includes('--json')) {
  const lines = (list) => list.map(module.formatProblem);
  process.stdout.write(
    JSON.stringify({ problems: lines(problems), warnings: lines(module.contentWarnings(root)) }),
  );
  process.exit(0);
}
// Warnings (a season that has ended) never fail the check: the site builds, and says so.
const warnings = module.contentWarnings(root);
if (warnings.length) process.stdout.write(module.formatWarnings(warnings));
if (problems.length) {
  process.stderr.write(module.formatProblems(problems));
  process.exit(1);
}
process.stdout.write('The content is ready: no problems found.\n');
