/**
 * A FAQ file's questions ready to show in one locale: placeholders filled, English used (and
 * marked) where the locale has no translation, and the FAQPage structured data built from the
 * very same text so search engines read what visitors read.
 */
import type { Locale } from '../i18n/locales';
import type { Localized } from '../i18n/localized';
import { fillPlaceholders } from './markdown-placeholders';
export type FaqEntry = { id?: string | undefined; question: Localized; answer: Localized };

export type FaqItem = {
  id: string;
  /** The language the question is written in (English when the locale has no translation). */
  lang: Locale;
  question: string;
  /** The answer's paragraphs (a blank line in the YAML starts a new one). */
  paragraphs: string[];
};

export function faqItems(entries: readonly FaqEntry[], locale: Locale, file: string): FaqItem[] {
  return entries.map((entry, index) => {
    const translated = entry.question[locale] !== undefined && entry.answer[locale] !== undefined;
    const lang: Locale = translated ? locale : 'en';
    const fill = (text: string) => fillPlaceholders(text, lang, file);
    return {
      id: entry.id ?? `question-${index + 1}`,
      lang,
      question: fill(entry.question[lang] as string),
      paragraphs: fill(entry.answer[lang] as string)
        .split(/\n\s*\n/)
        // Line breaks inside a paragraph are spaces; no-break spaces (French punctuation) stay.
        .map((p) => p.replace(/[ \t\r\n]+/g, ' ').trim())
        .filter(Boolean),
    };
  });
}

/** schema.org FAQPage: one Question per item, its accepted Answer the visible answer's text. */
export function faqPageData(items: readonly FaqItem[], locale: Locale) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: locale,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.paragraphs.join('\n\n') },
    })),
  };
}
