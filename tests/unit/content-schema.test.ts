/**
 * A wrong or missing field in resort, rental pack or price content must stop the build and say
 * which file and which field. Each case copies the content and its schema into a temporary
 * project, breaks one thing, and runs `astro sync` (the step of `astro build` that validates
 * content) there: the real tool on the real schema, not a re-implementation of it.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseDocument, type Document } from 'yaml';
import { resortIds } from '../e2e/site';

const root = resolve(import.meta.dirname, '../..');
const temporaryDirs: string[] = [];

type Sync = { code: number; output: string };

/** A throwaway project holding the content, the sources and a link to node_modules. */
function projectWith(
  edit: (file: (path: string, change: (text: string) => string) => void) => void,
): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-schema-'));
  temporaryDirs.push(dir);
  // The schema imports helpers from src/ (cookie lifetimes, site facts): copy the sources whole.
  cpSync(join(root, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  // Caches in the copy: in the linked node_modules (Astro's and Vite's default) the copies,
  // synced at once, emptied each other's Vite cache ("ENOTEMPTY … .vite/deps").
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    "export default { cacheDir: './.cache/astro', vite: { cacheDir: './.cache/vite' } };\n",
  );
  edit((path, change) => {
    const before = readFileSync(join(dir, path), 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`The test's edit changed nothing in ${path}`);
    writeFileSync(join(dir, path), after);
  });
  return dir;
}

async function sync(dir: string): Promise<Sync> {
  const astro = join(root, 'node_modules/astro/bin/astro.mjs');
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [astro, 'sync'], {
      cwd: dir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Resorts taken from the content as it is (an editor may rename or remove any of them). */
const [resort, otherResort] = resortIds.map((id) => `content/resorts/${id}.yaml`) as [
  string,
  string,
];
const pack = (
  parse(readFileSync(join(root, 'content/rental-packs.yaml'), 'utf8')) as {
    packs: { id: string }[];
  }
).packs[0]!.id;

/** A YAML file changed as data, whatever its layout (flow or block, as the editing UI writes). */
const yamlEdit = (change: (doc: Document) => void) => (text: string) => {
  const doc = parseDocument(text);
  change(doc);
  return doc.toString();
};

// The projects are independent: sync them all at once to keep the file at a few seconds.
const cases = {
  valid: projectWith(() => {}),
  wrongType: projectWith((file) =>
    file(
      resort,
      yamlEdit((doc) => doc.setIn(['elevation', 'base'], 'high')),
    ),
  ),
  missingField: projectWith((file) =>
    file(
      otherResort,
      yamlEdit((doc) => doc.deleteIn(['status'])),
    ),
  ),
  packsWithoutRental: projectWith((file) =>
    file(
      resort,
      yamlEdit((doc) => doc.setIn(['rental'], doc.createNode({ offered: false, packs: [pack] }))),
    ),
  ),
  packMissingLocale: projectWith((file) =>
    file(
      'content/rental-packs.yaml',
      yamlEdit((doc) => doc.deleteIn(['packs', 0, 'contents', 'fr'])),
    ),
  ),
};
const results = Object.fromEntries(
  await Promise.all(
    Object.entries(cases).map(async ([name, dir]) => [name, await sync(dir)] as const),
  ),
) as Record<keyof typeof cases, Sync>;

// A minute to remove the copies: at a load of 20 on 2 cores it took past the default 10 s and
// failed the file (a fresh-clone rehearsal), though every test had passed.
afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('content schema', () => {
  it('accepts the content as it is', () => {
    expect(results.valid.output).toContain('Synced content');
    expect(results.valid.code).toBe(0);
  });

  it.each([
    ['wrongType', resort, 'elevation.base'],
    ['missingField', otherResort, 'status'],
    ['packsWithoutRental', resort, 'rental.packs'],
    ['packMissingLocale', 'content/rental-packs.yaml', 'contents.fr'],
  ] as const)('%s fails, naming %s and the field %s', (name, file, field) => {
    const { code, output } = results[name];
    expect(code, output).not.toBe(0);
    expect(output).toContain(file);
    expect(output).toMatch(new RegExp(`\\b${field.replace('.', '\\.')}\\b`));
  });
});
