// `npm run content:check`: checks every file of content/ in a few seconds, without building the
// site, and prints every problem at once in plain words (src/content/check). Exits 1 on any.
import { runnerImport } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const { module } = await runnerImport('/src/content/check/index.ts', {
  root,
  configFile: false,
  logLevel: 'silent',
});
const problems = module.checkContent(root);
if (problems.length) {
  process.stderr.write(module.formatProblems(problems));
  process.exit(1);
}
process.stdout.write('The content is ready: no problems found.\n');
