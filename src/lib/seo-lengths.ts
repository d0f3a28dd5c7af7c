/**
 * How long a page's title and description may be, as rendered (placeholders filled, brand
 * included), so that search results show them whole. Google cuts a title by width (about 600
 * pixels; the usual advice is 60 to 70 characters) and a description past about 160 characters;
 * a description shorter than about 50 says too little, and search engines tend to show a snippet
 * of the page instead.
 *
 * Checked on every built page by tests/e2e/pages.spec.ts, and on the translations of the fixed
 * pages by tests/unit/seo-lengths.test.ts. Editors: docs/translations.md.
 */
export const seoLengths = {
  title: { max: 65 },
  description: { min: 50, max: 160 },
} as const;

/** What is wrong with a page's title and description, in words; none when both fit. */
export function seoLengthProblems({
  title,
  description,
}: {
  title: string;
  description: string;
}): string[] {
  const problems: string[] = [];
  // Characters as a reader counts them (code points), not UTF-16 units.
  const length = (text: string) => [...text].length;
  if (length(title) > seoLengths.title.max) {
    problems.push(
      `title has ${length(title)} characters, more than ${seoLengths.title.max}: ${title}`,
    );
  }
  const { min, max } = seoLengths.description;
  if (length(description) < min || length(description) > max) {
    problems.push(
      `description has ${length(description)} characters, not ${min} to ${max}: ${description}`,
    );
  }
  return problems;
}
