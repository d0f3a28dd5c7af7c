/**
 * Lets markdown content (policies, job postings…) say `{{brand}}`, `{{contactEmail}}` or any site
 * fact such as `{{lessons.freeChangeHours}}` (and `{{companyName}}`, the legal entity's) or `{{legal.policiesPublished}}` instead of repeating
 * them, so a changed brand, address or number changes every page. Numbers and dates are written
 * the way the file's locale writes them (content/<collection>/<locale>/<file>.md); an amount
 * followed by `:euros` (`{{lessons.privateHourly:euros}}`) is written as a price, `€29.90` or
 * `29,90 €`. An unknown placeholder fails the build, naming the file. The same filling serves
 * short YAML content (FAQ answers) through `fillPlaceholders`.
 *
 * A Sätteri (Astro's Markdown processor) mdast plugin, built per document to know its locale.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { defineMdastPlugin, type MdastPluginEntry } from 'satteri';
import { config } from '../config';
import { day, intlLocale, money } from '../i18n/format';
import { defaultLocale, isLocale } from '../i18n/locales';
import { factAt, facts } from '../site-facts';
import { didYouMean } from './check/problems';
import { countedFacts } from './counts';

// `{{name}}` or `{{name:euros}}`, also as the markdown parser percent-encodes it inside link URLs.
const PLACEHOLDER = /(?:\{\{|%7B%7B)\s*([\w.]+)(:euros)?\s*(?:\}\}|%7D%7D)/gi;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A placeholder's value: the brand, the contact address, or a single site fact (not a section). */
function valueOf(name: string): unknown {
  if (name === 'brand') return config.brand;
  if (name === 'contactEmail') return config.contactEmail;
  if (name === 'companyName') return config.company.name;
  const counted = countedFacts()[name];
  if (counted !== undefined) return counted;
  const value = factAt(name);
  return value !== null && typeof value === 'object' ? undefined : value;
}

/** A value as the locale writes it: `29,90` and `30 novembre 2021` in French, `30 November 2021` in English. */
export function formatPlaceholder(value: unknown, locale: string): string {
  if (typeof value === 'number') {
    const fraction = Number.isInteger(value) ? 0 : 2;
    return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: fraction, maximumFractionDigits: fraction }).format(value);
  }
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    return day(value, locale);
  }
  return String(value);
}

/**
 * Astro's content loader logs a document that fails to render and carries on with an empty page,
 * so problems are also collected here and `failOnPlaceholderProblems` stops the build.
 */
const problems = new Set<string>();

/** The placeholders a text uses that have no value, each with what is wrong (the editors' check). */
export function placeholderProblems(text: string): { placeholder: string; message: string }[] {
  return [...text.matchAll(PLACEHOLDER)].flatMap(([, name = '', euros]) => {
    const value = valueOf(name);
    const placeholder = `{{${name}${euros ?? ''}}}`;
    if (value === undefined) {
      return [{ placeholder, message: `is not a placeholder the site knows${didYouMean(name, placeholderNames())}` }];
    }
    if (euros && typeof value !== 'number') {
      return [{ placeholder, message: `cannot be written as a price: ${name} is not an amount in content/site-facts.json` }];
    }
    return [];
  });
}

/** Every placeholder name markdown may use: brand, contactEmail and each single site fact. */
function placeholderNames(): string[] {
  const names = ['brand', 'contactEmail', ...Object.keys(countedFacts())];
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    } else names.push(path);
  };
  walk(facts, '');
  return names;
}

export function fillPlaceholders(text: string, locale: string, file: string): string {
  return text.replace(PLACEHOLDER, (_, name: string, euros: string | undefined) => {
    const value = valueOf(name);
    const problem =
      value === undefined
        ? `${file}: unknown placeholder {{${name}}}`
        : euros && typeof value !== 'number'
          ? `${file}: {{${name}:euros}} is not an amount in content/site-facts.json`
          : undefined;
    if (problem) {
      problems.add(problem);
      throw new Error(problem);
    }
    return euros ? money(value as number, locale) : formatPlaceholder(value, locale);
  });
}

export const markdownPlaceholders: MdastPluginEntry = ({ fileURL }) => {
  const file = fileURL ? fileURLToPath(fileURL) : '(markdown)';
  // content/<collection>/<locale>/<file>.md: the folder names the locale.
  const folder = /\/([^/]+)\/[^/]+\.md$/.exec(file)?.[1];
  const locale = isLocale(folder) ? folder : defaultLocale;
  const fill = (text: string) => fillPlaceholders(text, locale, file);
  return defineMdastPlugin({
    name: 'placeholders',
    text: (node, ctx) => {
      if (PLACEHOLDER.test(node.value)) ctx.setProperty(node, 'value', fill(node.value));
      PLACEHOLDER.lastIndex = 0;
    },
    link: (node, ctx) => {
      if (PLACEHOLDER.test(node.url)) ctx.setProperty(node, 'url', fill(node.url));
      PLACEHOLDER.lastIndex = 0;
    },
  });
};

/** An integration that fails `astro build` when a markdown file used an unknown placeholder. */
export function failOnPlaceholderProblems(): AstroIntegration {
  return {
    name: 'fail-on-placeholder-problems',
    hooks: {
      'astro:build:done': () => {
        if (problems.size) throw new Error(`Unknown placeholders in content:\n${[...problems].join('\n')}`);
      },
    },
  };
}
