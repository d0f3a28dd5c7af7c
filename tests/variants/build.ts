/**
 * Builds the real site with a configuration of its own, as Starlight's test fixtures do: one small
 * build per configuration the tests compare, each in a copy of the project (tests/builds/
 * project-copy.ts), so builds run side by side, and next to the developer's own `dist/`, without
 * touching either (Astro writes its `.astro/` folder into the project it builds, and two builds
 * sharing one project race on its files). A build with its own content (`editContent`) edits its
 * copy's content/ first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyProject } from '../builds/project-copy';

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

export async function buildVariant(
  name: string,
  env: VariantEnv,
  /** Edits a copy of content/ (given the copy's project folder) before the build. */
  editContent?: (project: string) => void | Promise<void>,
): Promise<Variant> {
  const project = copyProject(name);
  await editContent?.(project.dir);
  // Astro's caches are in the copy (astro.config.mjs), not in the node_modules it shares.
  const built = await project.node(['node_modules/astro/bin/astro.mjs', 'build'], {
    ...noCompanyFacts,
    ...env,
  });
  if (built.code !== 0) {
    project.removeAll();
    throw new Error(`The ${name} build failed:\n${built.output}`);
  }
  const client = join(project.dir, 'dist/client');
  return {
    client,
    // Pages are files (`build.format: 'file'`): /en/jobs is dist/client/en/jobs.html.
    page: (path) => readFileSync(join(client, `${path}.html`), 'utf8'),
    remove: project.removeAll,
  };
}
