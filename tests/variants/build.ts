/**
 * Builds the real site with a configuration of its own, into a temporary folder, as Starlight's
 * test fixtures do: one small build per configuration the tests compare. Each build runs in a copy
 * of the project with its own output and cache (a wrapper config around astro.config.mjs), so builds
 * can run side by side, and next to the developer's own `dist/`, without touching either: Astro
 * writes its generated `.astro/` folder into the project's root whatever the config says, and two
 * builds sharing one root race on its files. A build with its own content (`editContent`) edits
 * its copy's content/ first.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');

/** Every variable the variants differ on: each build sets them all, so a local `.env` cannot. */
export type VariantEnv = {
  BOOKING_APP_URL: string;
  CAREERS_URL: string;
  GTM_ID: string;
  GA_MEASUREMENT_ID: string;
  GA_SECONDARY_MEASUREMENT_ID: string;
} & Partial<Record<CompanyVariable, string>>;

/** The company's facts: unset ('') in a build unless it gives them. */
type CompanyVariable =
  | 'COMPANY_NAME'
  | 'COMPANY_REGISTRATION'
  | 'COMPANY_VAT'
  | 'COMPANY_ADDRESS'
  | 'COMPANY_POSTAL_CODE'
  | 'COMPANY_CITY'
  | 'COMPANY_PHONE';
const noCompanyFacts: Record<CompanyVariable, string> = {
  COMPANY_NAME: '',
  COMPANY_REGISTRATION: '',
  COMPANY_VAT: '',
  COMPANY_ADDRESS: '',
  COMPANY_POSTAL_CODE: '',
  COMPANY_CITY: '',
  COMPANY_PHONE: '',
};

export type Variant = {
  /** The built site's folder (dist/client): its files by their address. */
  client: string;
  /** A built page's HTML, by its path (`/en/jobs`). */
  page: (path: string) => string;
  remove: () => void;
};

/** What a copy of the project needs to build: the rest (tests, docs, scripts) stays out. */
const PROJECT_FILES = [
  'src',
  'content',
  'public',
  'astro.config.mjs',
  'tsconfig.json',
  'package.json',
];

export async function buildVariant(
  name: string,
  env: VariantEnv,
  /** Edits a copy of content/ (given the copy's project folder) before the build. */
  editContent?: (project: string) => void | Promise<void>,
): Promise<Variant> {
  const dir = mkdtempSync(join(tmpdir(), `site-${name}-`));
  // The build runs its own output to prerender the pages: it must find the packages from there.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const project = join(dir, 'project');
  for (const file of PROJECT_FILES)
    cpSync(join(root, file), join(project, file), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
  await editContent?.(project);
  const config = join(dir, 'astro.config.mjs');
  writeFileSync(
    config,
    [
      `import config from ${JSON.stringify(join(project, 'astro.config.mjs'))};`,
      `export default { ...config, root: ${JSON.stringify(project)}, outDir: ${JSON.stringify(join(dir, 'dist'))},`,
      `  cacheDir: ${JSON.stringify(join(dir, 'cache'))} };`,
    ].join('\n'),
  );
  const astro = join(root, 'node_modules/astro/bin/astro.mjs');
  try {
    // Astro reads `--config` relative to the project's root, even a path outside it.
    await promisify(execFile)(
      process.execPath,
      [astro, 'build', '--config', relative(project, config)],
      {
        cwd: project,
        // A test build, never deployed: it says so with an explicit SITE_URL (a build under CI
        // without one stops, src/integrations/site-url-guard.ts).
        env: {
          ...process.env,
          SITE_URL: 'http://localhost:4321',
          ...noCompanyFacts,
          ...env,
          ASTRO_TELEMETRY_DISABLED: '1',
          NO_COLOR: '1',
        },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`The ${name} build failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`, {
      cause: error,
    });
  }
  const client = join(dir, 'dist/client');
  return {
    client,
    // Pages are files (`build.format: 'file'`): /en/jobs is dist/client/en/jobs.html.
    page: (path) => readFileSync(join(client, `${path}.html`), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
