/**
 * `npm run content:check` (scripts/content-check.mjs) on a wrong site fact, in a copy of the
 * project: the check loads the site facts before anything else, so a wrong fact must still come
 * out as the editors' list of problems (file, field, what to write), never as a stack trace.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from './project-copy';

let site: ProjectCopy;

beforeAll(() => {
  site = copyProject('facts-check');
});

afterAll(() => site?.removeAll());

test('a wrong site fact is listed in plain words, with every other wrong fact', async () => {
  const facts = JSON.parse(site.read('content/site-facts.json'));
  facts.lessons.privateHourly = -5;
  facts.claims.cheaperThanSchoolsPercent = 120;
  site.write('content/site-facts.json', `${JSON.stringify(facts, null, 2)}\n`);

  const check = await site.node(['scripts/content-check.mjs']);
  expect(check.code).toBe(1);
  expect(check.output).toContain('The content has 2 problems to fix');
  expect(check.output).toContain(
    '✗ content/site-facts.json: lessons.privateHourly must be 0 or more (the file has -5)',
  );
  expect(check.output).toContain(
    '✗ content/site-facts.json: claims.cheaperThanSchoolsPercent must be from 0 to 100 (the file has 120)',
  );
  expect(check.output).not.toMatch(/\n\s+at |Error:|node:internal/);
});
