/**
 * Lets markdown content (policies, job postings…) say `{{brand}}`, `{{contactEmail}}` or any site
 * fact such as `{{lessons.freeChangeHours}}` or `{{legal.policiesPublished}}` instead of repeating
 * them, so a changed brand, address or number changes every page. Numbers and dates are written
 * the way the file's locale writes them (content/<collection>/<locale>/<file>.md). An unknown
 * placeholder fails the build, naming the file.
 *
 * A Sätteri (Astro's Markdown processor) mdast plugin, built per document to know its locale.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { defineMdastPlugin, type MdastPluginEntry } from 'satteri';
import { config } from '../config';
import { day, intlLocale } from '../i18n/format';
import { facts } from '../site-facts';

// `{{name}}`, also as the markdown parser percent-encodes it inside link URLs.
const PLACEHOLDER = /(?:\{\{|%7B%7B)\s*([\w.]+)\s*(?:\}\}|%7D%7D)/gi;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every fact as a dotted path: { 'lessons.group.min': 4, … }. */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object') return { [prefix]: value };
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) => Object.entries(flatten(inner, prefix ? `${prefix}.${key}` : key))),
  );
}

const values: Record<string, unknown> = { ...flatten(facts), brand: config.brand, contactEmail: config.contactEmail };

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

export function fillPlaceholders(text: string, locale: string, file: string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    if (!(name in values)) {
      const problem = `${file}: unknown placeholder {{${name}}}`;
      problems.add(problem);
      throw new Error(problem);
    }
    return formatPlaceholder(values[name], locale);
  });
}

export const markdownPlaceholders: MdastPluginEntry = ({ fileURL }) => {
  const file = fileURL ? fileURLToPath(fileURL) : '(markdown)';
  const locale = /\/(en|fr|es|pt)\/[^/]+\.md$/.exec(file)?.[1] ?? 'en';
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
