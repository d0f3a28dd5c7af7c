/**
 * Fills `{{…}}` placeholders in short content that is not markdown (FAQ questions and answers in
 * YAML), the way markdown content is filled: `{{brand}}`, `{{contactEmail}}` and any site fact,
 * written as the locale writes it. One more form for money, `{{lessons.privateHourly:euros}}`,
 * gives "€29.90" in English and "29,90 €" (no-break space) in French. An unknown placeholder throws,
 * naming the file, so the build stops.
 */
import { fillPlaceholders } from '../../content/markdown-placeholders';
import { money } from '../../i18n/format';
import { factAt } from './cookie-lifetime';

const MONEY = /\{\{\s*([\w.]+):euros\s*\}\}/g;

export function fillFacts(text: string, locale: string, file: string): string {
  const withMoney = text.replace(MONEY, (_, path: string) => {
    const value = factAt(path);
    if (typeof value !== 'number') throw new Error(`${file}: {{${path}:euros}} is not an amount in content/site-facts.json`);
    return money(value, locale);
  });
  return fillPlaceholders(withMoney, locale, file);
}
