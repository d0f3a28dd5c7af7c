/**
 * Building blocks of the editing UI's forms (keystatic.config.ts, `npm run cms`). Closed lists
 * (countries, locales, the options of every choice) come from the site's schemas
 * (src/content/schemas.ts, src/i18n/locales.ts), so the UI offers exactly what the build accepts;
 * tests/unit/cms-fields.test.ts walks every form and compares it with the schemas.
 */
import { fields } from '@keystatic/core';
import { allLocales, locales, type Locale } from '../i18n/locales';
import { isCountryCode } from '../content/schemas';
import { BOUNDS } from '../content/bounds';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The keys of an entry made once per language (src/i18n/locales.ts): jobs-en, jobs-fr… */
export const perLocaleKeys = <const P extends string>(prefix: P) =>
  allLocales.map((locale) => `${prefix}-${locale}` as const);

/** One entry per language, keyed `<prefix>-<locale>` (jobs-fr, translations-pt). */
export function perLocale<const P extends string, T>(prefix: P, make: (locale: Locale) => T) {
  return Object.fromEntries(
    allLocales.map((locale) => [`${prefix}-${locale}`, make(locale)]),
  ) as Record<`${P}-${Locale}`, T>;
}

/** A language's name in English, as every form of the editing UI labels it: "French". */
export const languageName = (locale: Locale): string => languageNames.of(locale) ?? locale;

/** "English", "French (optional: English is shown without it)". */
function localeLabel(locale: Locale): string {
  const name = languageName(locale);
  return locales[locale].indexed ? name : `${name} (optional: English shows without it)`;
}

/** A select of a schema's closed list; labels are the values themselves unless given. */
export function choice<const V extends string>(
  label: string,
  values: readonly V[],
  description: string,
  labels: Partial<Record<V, string>> = {},
  defaultValue: V = values[0]!,
) {
  return fields.select({
    label,
    description,
    options: values.map((value) => ({ value, label: labels[value] ?? value })),
    defaultValue,
  });
}

/**
 * A required line of text (the schemas' `text`: not empty once trimmed), of at most `max`
 * characters (src/content/bounds.ts): the form refuses a longer one beside the field.
 */
export function line(
  label: string,
  description?: string,
  multiline = false,
  max: number = multiline ? BOUNDS.paragraph : BOUNDS.line,
) {
  return fields.text({
    label,
    description,
    multiline,
    validation: { isRequired: true, length: { min: 1, max } },
  });
}

/** An optional line of text: left empty, the file does not get the field. */
export function optionalLine(label: string, description?: string, max: number = BOUNDS.line) {
  return fields.text({ label, description, validation: { length: { max } } });
}

/**
 * Text per language (the schemas' `localized`): required in every indexed language, optional in a
 * language not launched yet (its pages show English where it is missing).
 */
export function localized(
  label: string,
  description: string,
  multiline = false,
  max: number = multiline ? BOUNDS.paragraph : BOUNDS.line,
) {
  return fields.object(
    Object.fromEntries(
      allLocales.map((locale) => [
        locale,
        locales[locale].indexed
          ? line(localeLabel(locale), undefined, multiline, max)
          : optionalLine(localeLabel(locale), undefined, max),
      ]),
    ) as Record<Locale, ReturnType<typeof line>>,
    { label, description },
  );
}

/**
 * Text per language that may be left out altogether (a photo's description): every language
 * optional in the form; the schema drops the languages left empty and asks for the indexed ones
 * when the text is needed.
 */
export function optionalLocalized(label: string, description: string) {
  return fields.object(
    Object.fromEntries(
      allLocales.map((locale) => [locale, optionalLine(localeLabel(locale))]),
    ) as Record<Locale, ReturnType<typeof optionalLine>>,
    { label, description },
  );
}

/** A list of lines per language (the rental packs' contents). */
export function localizedList(label: string, description: string) {
  return fields.object(
    Object.fromEntries(
      allLocales.map((locale) => [
        locale,
        fields.array(line('Item'), {
          label: localeLabel(locale),
          itemLabel: (props) => props.value || 'New item',
          validation: locales[locale].indexed ? { length: { min: 1 } } : undefined,
        }),
      ]),
    ) as Record<Locale, ReturnType<typeof fields.array<ReturnType<typeof line>>>>,
    { label, description },
  );
}

/** Every country code the schemas accept, by its English name. */
export const countries: readonly { value: string; label: string }[] = (() => {
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  return letters
    .flatMap((a) => letters.map((b) => a + b))
    .filter(isCountryCode)
    .map((code) => ({ value: code, label: `${regionNames.of(code)} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
})();

export function country(label: string, description: string, defaultValue = 'ES') {
  return fields.select({ label, description, options: countries, defaultValue });
}

export function countryList(label: string, description: string) {
  return fields.multiselect({ label, description, options: countries });
}

/** A real calendar date, written year-month-day as the schemas expect. */
export function day(label: string, description?: string) {
  return fields.date({ label, description, validation: { isRequired: true } });
}

/**
 * An amount in euros, bounded (src/content/bounds.ts). The field reads the browser's English
 * number format, where a comma groups thousands: 29,90 typed the French way would be 2990, which
 * the bound refuses beside the field; the help says to put the cents after a point.
 */
export function euros(label: string, description?: string, max: number = BOUNDS.dayEuros) {
  const help = `Cents after a point: 29.90 (at most ${max} euros).`;
  return fields.number({
    label,
    description: description ? `${description} ${help}` : help,
    validation: { isRequired: true, min: 0, max },
  });
}

export function whole(label: string, description?: string, min = 0, max?: number) {
  return fields.integer({ label, description, validation: { isRequired: true, min, max } });
}

/** A list entry's `id` (rental packs, prices, reviews): how other files and addresses name it. */
export function entryId(description: string) {
  return fields.text({
    label: 'Id',
    description,
    validation: {
      isRequired: true,
      pattern: {
        regex: /^[a-z0-9_][a-z0-9_-]*$/,
        message: 'Lowercase letters, digits, dashes and underscores only, e.g. day-pack',
      },
    },
  });
}

/** Listing order (smallest first). */
export function order(description = 'Position in its list: smaller numbers come first.') {
  return fields.integer({
    label: 'Order',
    description,
    defaultValue: 100,
    validation: { isRequired: true },
  });
}
