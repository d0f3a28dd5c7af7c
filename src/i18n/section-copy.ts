/**
 * A page section's header texts, read from the translations by the section's key: `home.how`
 * gives the heading `home.how.heading`, with the eyebrow `home.how.eyebrow` and the lead
 * `home.how.intro` when the English file has them, and the heading's id `how-heading` (what
 * labels the section, and what a link to it names). Spread on a PageSection:
 * `<PageSection {...sectionCopy(t, 'home.how')}>`; a prop written after the spread replaces one.
 * A section with markup of its own reads the same fields (`copy.heading`, `copy.lead`…). Some keep
 * the heading id they had before their key was named (`lp-heading`, `apply-heading`…), so the pages
 * stay as they were.
 */
import en from '../../content/translations/en.json' with { type: 'json' };
import type { Translate, TranslationKey } from './translate';

/** The keys of the sections whose texts stand together: every `….heading` without its `.heading`. */
export type SectionKey = TranslationKey extends infer Key
  ? Key extends `${infer Section}.heading`
    ? Section
    : never
  : never;

export function sectionCopy(
  t: Translate,
  section: SectionKey,
  /** The `{{placeholders}}` of the section's texts. */
  values?: Record<string, string | number>,
) {
  const text = (part: 'eyebrow' | 'intro') => {
    const key = `${section}.${part}`;
    // English is the reference: a text it has falls back to English in the other languages.
    return isText(key) ? t(key as TranslationKey, values) : undefined;
  };
  return {
    headingId: `${section.split('.').at(-1)}-heading`,
    heading: t(`${section}.heading`, values),
    eyebrow: text('eyebrow'),
    lead: text('intro'),
  };
}

function isText(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string';
}
