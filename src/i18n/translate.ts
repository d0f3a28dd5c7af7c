/**
 * Translations, resolved at build time with i18next: a missing key falls back to English, then to
 * the key itself; `{{placeholders}}` are replaced by the values given (the brand is always given).
 * Nothing of this ships to the browser: islands receive already-translated strings as props.
 */
import i18next, { type TOptions } from 'i18next';
import { config } from '../config';
import en from '../../content/translations/en.json' with { type: 'json' };
import es from '../../content/translations/es.json' with { type: 'json' };
import fr from '../../content/translations/fr.json' with { type: 'json' };
import pt from '../../content/translations/pt.json' with { type: 'json' };
import { defaultLocale, type Locale } from './locales';

/**
 * Every locale's file. Static imports, not a glob: Playwright and scripts load this module outside
 * Vite. A locale of locales.ts without its entry here fails `astro check`.
 */
export const messages = { en, fr, es, pt } satisfies Record<Locale, object>;

/**
 * Every text's key, derived from the English file (the reference): `'header.rental'`,
 * `'pages.deals.title'`… A key that is not in `en.json` fails `astro check`. A key built from a
 * variable (`pages.${page}.title`) is checked too, as long as the variable has a closed type
 * (a `PageId`, a `Sport`…) rather than `string`.
 */
export type TranslationKey = LeafKeys<typeof en>;

/**
 * The dot paths to the texts (the leaves) of a translation tree. A plural text (`packs_one`,
 * `packs_other`) is also reachable by its base (`packs`), which i18next resolves with `count`.
 */
type LeafKeys<Tree, Prefix extends string = ''> = {
  [K in keyof Tree & string]: Tree[K] extends string
    ? `${Prefix}${K}` | (K extends `${infer Base}_${PluralCategory}` ? `${Prefix}${Base}` : never)
    : LeafKeys<Tree[K], `${Prefix}${K}.`>;
}[keyof Tree & string];

type PluralCategory = Intl.LDMLPluralRule;

/** The keys under a namespace, without it: `KeysUnder<'forms.contact'>` → `'name' | 'email' | …`. */
export type KeysUnder<Namespace extends string> = TranslationKey extends infer Key
  ? Key extends `${Namespace}.${infer Rest}`
    ? Rest
    : never
  : never;

export type Translate<Key extends string = TranslationKey> = (
  key: Key,
  values?: Record<string, string | number>,
) => string;

/** Texts kept per locale (a few tens of MB at most): more than a 14,000-page build asks for. */
const MEMO_LIMIT = 100_000;

/**
 * Builds a translator; the resources are a parameter so tests can exercise the fallback rules.
 * Its keys are any string unless `Key` narrows them (the site's translator takes `TranslationKey`).
 */
export function createTranslator<Key extends string = string>(
  resources: Record<string, object>,
  defaults: Record<string, string> = {},
) {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(
      Object.entries(resources).map(([lng, tree]) => [lng, { translation: tree }]),
    ),
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    initAsync: false, // resources are in memory: initialise synchronously
    interpolation: { escapeValue: false }, // Astro and React escape on output
    returnNull: false,
  });
  // The resources never change during a build, so a text depends only on its locale, key and
  // values: each is resolved by i18next once and then reused. Every page asks for the same
  // hundreds of texts (header, footer, menus, the forms' strings): resolving them again for each
  // page was a fifth of the build's CPU. One translator per locale, one memo per translator.
  // The memo is bounded: texts filled with a page's own values (a resort's name) are kept too,
  // and the server renders on demand for as long as it runs.
  const translators = new Map<string, Translate<Key>>();
  return (locale: string): Translate<Key> => {
    let translator = translators.get(locale);
    if (translator) return translator;
    const t = instance.getFixedT(locale);
    const resolved = new Map<string, string>();
    translator = (key, values) => {
      const memoKey = values ? `${key}\u0000${JSON.stringify(values)}` : key;
      let text = resolved.get(memoKey);
      if (text === undefined) {
        // i18next's own key typing is not used: the keys are checked by `Key` instead.
        text = String(t(key as string, { ...defaults, ...values } as TOptions));
        if (resolved.size < MEMO_LIMIT) resolved.set(memoKey, text);
      }
      return text;
    };
    translators.set(locale, translator);
    return translator;
  };
}

const translatorFor = createTranslator<TranslationKey>(messages, { brand: config.brand });

/** `useTranslations('fr')('header.rental')` → "Location". */
export function useTranslations(locale: Locale): Translate {
  return translatorFor(locale);
}

/**
 * A bundle of texts that depends on the locale alone (the strings a form or search island gets
 * as props), built once per locale and then shared: the newsletter's is on every page, and the
 * texts never change during a build or a server's life. The shared result must not be changed.
 */
export function oncePerLocale<T>(build: (locale: Locale) => T): (locale: Locale) => T {
  const built = new Map<Locale, T>();
  return (locale) => {
    if (!built.has(locale)) built.set(locale, build(locale));
    return built.get(locale) as T;
  };
}

/**
 * The texts of a closed list, by value: `textsOf(t, 'search.levels', levels)` → `{ beginner: … }`.
 * The list's values are checked against the namespace's keys where the helper is called, so a
 * value without a text in `en.json` fails `astro check`.
 */
export function textsOf<Namespace extends string, const Value extends string>(
  t: NoInfer<(key: `${Namespace}.${Value}`, values?: Record<string, string | number>) => string>,
  namespace: Namespace,
  values: readonly Value[],
  extra: Record<string, string | number> = {},
): Record<Value, string> {
  const texts = {} as Record<Value, string>;
  for (const value of values) texts[value] = t(`${namespace}.${value}`, extra);
  return texts;
}

/** What the English file holds at a dotted path: a text, a subtree, or nothing. */
const englishAt = (path: string) =>
  path
    .split('.')
    .reduce<unknown>((tree, part) => (tree as Record<string, unknown> | undefined)?.[part], en);

/** Whether `key` names a text of the English file (a key built at run time, e.g. from a code). */
export function isTranslationKey(key: string): key is TranslationKey {
  return typeof englishAt(key) === 'string';
}

/**
 * Every text under a namespace, by its path below it, in `locale`: `textsUnder('fr',
 * 'search.errors')` → `{ 'where.missing': '…', … }`. The English file lists the keys (it has them
 * all); the other locales fall back to it like any text.
 */
export function textsUnder(
  locale: Locale,
  namespace: TranslationNamespace,
  values: Record<string, string | number> = {},
) {
  const t = useTranslations(locale);
  const paths = (tree: unknown, prefix: string): string[] =>
    typeof tree === 'string'
      ? [prefix]
      : Object.entries(tree as object).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k));
  const texts: Record<string, string> = {};
  for (const path of paths(englishAt(namespace), '')) {
    const key = `${namespace}.${path}`;
    if (isTranslationKey(key)) texts[path] = t(key, values);
  }
  return texts;
}

/** A key's namespaces (every proper prefix of a key): `'search'`, `'search.errors'`, … */
type TranslationNamespace = TranslationKey extends infer Key
  ? Key extends string
    ? Prefixes<Key>
    : never
  : never;
type Prefixes<Key extends string> = Key extends `${infer Head}.${infer Rest}`
  ? Head | `${Head}.${Prefixes<Rest>}`
  : never;
