/**
 * The legal notice and the footer name the company behind the site from the configuration
 * (src/config.ts, `COMPANY_*`). Its registration and VAT numbers, address and phone have no
 * default, since an invented number on a legal notice is worse than none: a build without them
 * leaves those lines out and says so in a box, at the start and again at the end of its log.
 *
 * It warns and goes on, under CI too: the site may go live before the company has every number,
 * and CI's own builds (the configuration variants) build without them on purpose.
 */
import type { AstroIntegration } from 'astro';
import { missingCompanyFacts, type CompanyConfig } from '../config';
import { boxed } from './boxed';

/** The warning for what is missing; undefined when nothing is. */
export function companyFactsWarning(company: CompanyConfig): string | undefined {
  const missing = missingCompanyFacts(company);
  if (missing.length === 0) return undefined;
  return boxed([
    `The legal notice and the footer of ${company.name} lack facts the law expects:`,
    ...missing.map((name) => `  - ${name}`),
    'Those lines are left out of the pages. Set the variables for a deployment',
    '(.env.example, docs/configuration.md).',
  ]);
}

export function companyFactsGuard(company: CompanyConfig): AstroIntegration {
  const warning = companyFactsWarning(company);
  return {
    name: 'company-facts-guard',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command === 'build' && warning) logger.warn(`\n${warning}`);
      },
      'astro:build:done': ({ logger }) => {
        if (warning) logger.warn(`\n${warning}`);
      },
    },
  };
}
