/**
 * The field of a translated posting's form (Job postings (French), (Spanish)…) that names the
 * English posting it translates, chosen from the list of English postings. The site pairs a
 * translation with its English posting by file name (content/jobs/fr/<name>.md translates
 * content/jobs/en/<name>.md), so the chosen posting's file name is the translation's: nothing is
 * typed, and the name never comes from the translated title.
 *
 * Keystatic names an entry's file after its `slugField`, a field of the "slug" kind. This one is
 * Keystatic's own relationship input (a combobox of the English postings' file names, which the
 * editing UI reads from the folder: nothing of content/jobs is imported, which would reload the
 * screen mid-save) whose value is the file name, and which writes nothing in the file: the
 * translation's front matter stays its words (src/content/schemas.ts, jobTranslationSchema).
 */
import { fields, type FormFieldInputProps, type SlugFormField } from '@keystatic/core';

/** The form's key of the field (never written in the file). */
export const ENGLISH_POSTING = 'englishPosting';

/**
 * `englishCollection` is the key of the English postings' collection (jobs-en); `language` names
 * the translation's language in the help ("French").
 */
export function englishPosting(
  englishCollection: string,
  language: string,
): SlugFormField<string, string, string, string> {
  const english = fields.relationship({
    label: 'English posting',
    collection: englishCollection,
    description: `The English posting this page translates: the ${language} file takes its file name, and the ${language} page shows its facts (team, contract, salary, dates…). Each English posting has one ${language} page: to change one, open it from the list.`,
    validation: { isRequired: true },
  });
  /** The file names of this language's pages, the entry's own left out (Keystatic gives them). */
  type Others = { slugField: { slugs: Set<string> } };
  const validate = (slug: string, others?: Others): string => {
    if (!slug) throw new Error('English posting is required');
    if (others?.slugField.slugs.has(slug)) {
      throw new Error(`${slug} already has a ${language} page: open it from the list`);
    }
    return slug;
  };
  return {
    kind: 'form',
    formKind: 'slug',
    label: 'English posting',
    Input: ({ value, onChange, autoFocus, forceValidation }: FormFieldInputProps<string>) => (
      <english.Input
        value={value || null}
        onChange={(slug) => onChange(slug ?? '')}
        // Keystatic gives the focus (to a new entry's first field), as to its own fields.
        // eslint-disable-next-line jsx-a11y-x/no-autofocus
        autoFocus={autoFocus}
        forceValidation={forceValidation}
      />
    ),
    defaultValue: () => '',
    // The file name is the value; the file itself holds nothing of it.
    parse: (_stored, extra) => extra?.slug ?? '',
    serialize: () => ({ value: undefined }),
    serializeWithSlug: (slug) => ({ value: undefined, slug }),
    validate,
    reader: {
      parse: () => '',
      parseWithSlug: (_stored, { slug }) => slug,
    },
  };
}
