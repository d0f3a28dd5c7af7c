import { describe, expect, it } from 'vitest';
import { lessonPriceValues } from '../../src/lessons/price-values';
import { seoLengthProblems } from '../../src/lib/seo-lengths';
import { allLocales } from '../../src/i18n/locales';
import { messages, useTranslations } from '../../src/i18n/translate';

/**
 * The pages whose title and description are their translations alone (a resort's or a job's also
 * name the resort or the job: tests/e2e/pages.spec.ts checks those on the built pages).
 */
const fixedPages = Object.entries(messages.en.pages)
  .filter(
    ([, texts]) => !/\{\{(resort|job|location)\}\}/.test(`${texts.title} ${texts.description}`),
  )
  .map(([id]) => id as keyof typeof messages.en.pages);

describe('titles and descriptions fit in search results', () => {
  it('finds the fixed pages', () => expect(fixedPages).toContain('home'));

  it.each(allLocales)('%s: every fixed page', (locale) => {
    const t = useTranslations(locale);
    const values = lessonPriceValues(locale);
    const problems = fixedPages.flatMap((id) =>
      seoLengthProblems({
        title: t(`pages.${id}.title`, values),
        description: t(`pages.${id}.description`, values),
      }).map((problem) => `pages.${id}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('names what is wrong', () => {
    expect(seoLengthProblems({ title: 'Short title', description: 'Too short.' })).toEqual([
      'description has 10 characters, not 50 to 160: Too short.',
    ]);
    expect(seoLengthProblems({ title: 'x'.repeat(66), description: 'y'.repeat(50) })).toHaveLength(
      1,
    );
  });
});
