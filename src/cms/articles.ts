/**
 * The policy and long-form pages in the editing UI (content/articles/<locale>/<page>.md: privacy,
 * cookies, COVID-19): one list per language, like the job postings. A file holds the page's text
 * as markdown and, at its top, the optional day it was last updated (articleSchema,
 * src/content/schemas.ts); the page's title, description and heading are words of the
 * translations (Translations › pages), where their lengths are checked (seoTextField below).
 */
import { collection, fields } from '@keystatic/core';
import type { Locale } from '../i18n/locales';
import { seoLengths } from '../lib/seo-lengths';
import { languageName, perLocale } from './fields';

/**
 * The page's name is its file name, the same in every language, and the files hold no title:
 * Keystatic's entry name field made to read and write the file name only, so saving never adds a
 * field the site's schema refuses.
 */
function fileName(locale: Locale) {
  const field = fields.slug({
    name: {
      label: 'Page',
      description:
        locale === 'en'
          ? 'The page’s file name: privacy, cookies, covid-19. A new file becomes a page only once a developer adds its address.'
          : 'The English page’s file name (privacy, cookies, covid-19): this text is its translation.',
      validation: {
        isRequired: true,
        pattern: {
          regex: /^[a-z0-9]+(-[a-z0-9]+)*$/,
          message: 'Lowercase letters, digits and dashes, e.g. covid-19',
        },
      },
    },
    slug: { label: 'File name', description: 'Follows the page’s name.' },
  });
  return {
    ...field,
    parse: (_value: unknown, extra?: { slug: string }) => {
      const slug = extra?.slug ?? '';
      return { name: slug, slug };
    },
    serialize: () => ({ value: undefined }),
    serializeWithSlug: (value: { name: string; slug: string }) => ({
      value: undefined,
      slug: value.slug,
    }),
    reader: {
      ...field.reader,
      parseWithSlug: (_value: unknown, extra: { slug: string }) => extra.slug,
    },
  } as typeof field;
}

/** One collection per language: content/articles/<locale>/<page>.md. */
function articles(locale: Locale) {
  const language = languageName(locale);
  return collection({
    label: `Policy pages (${language})`,
    path: `content/articles/${locale}/*`,
    slugField: 'page',
    entryLayout: 'content',
    format: { contentField: 'body' },
    schema: {
      page: fileName(locale),
      updated: fields.date({
        label: 'Last updated on',
        description:
          'The day you last changed this text: the page shows “Last updated on …”. Leave it empty while the text is as first published.',
      }),
      body: fields.markdoc({
        label: 'Text',
        extension: 'md',
        description:
          'Each “## heading” becomes an entry of the page’s contents. Link to a page of the site as page:contact, page:preferences. {{companyName}}, {{contactEmail}} and site facts such as {{legal.cvRetentionMonths}} are replaced on the page. In the cookie policy keep the line <!-- cookie-catalogue -->: the cookie tables appear there.',
      }),
    },
  });
}

export const articleCollections = perLocale('articles', articles);

/**
 * A page title or description in the translations form, with the length search results show
 * whole (seoLengths, the rule tests/unit/seo-lengths.test.ts checks on the rendered text). The
 * form counts the text as written, so only texts whose one placeholder is {{brand}} (written as
 * long as the brand) are held to it; the others are checked on the built pages.
 */
export function seoTextField(
  key: 'title' | 'description',
  english: string,
  field: { label: string; description?: string; required: boolean },
) {
  const others = english.replaceAll('{{brand}}', '');
  const measured = !others.includes('{{');
  const { min = 0, max } = { ...seoLengths[key] } as { min?: number; max: number };
  const rule = key === 'title' ? `At most ${max} characters` : `${min} to ${max} characters`;
  return fields.text({
    label: field.label,
    description: measured ? `${rule}. ${field.description ?? ''}`.trim() : field.description,
    multiline: key === 'description',
    validation: {
      isRequired: field.required,
      length: field.required
        ? { min: measured ? Math.max(1, min) : 1, max: measured ? max : undefined }
        : undefined,
      pattern:
        measured && !field.required
          ? { regex: new RegExp(`^([^]{${min},${max}})?$`, 'u'), message: `${rule}.` }
          : undefined,
    },
  });
}
