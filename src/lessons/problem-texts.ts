/**
 * The lesson search's problems in words (namespace `search.errors` of content/translations), for
 * the search islands and the lesson request, whose search is checked by the same rules.
 */
import { oncePerLocale, textsUnder } from '../i18n/translate';
import { facts } from '../site-facts';
import { MAX_DATES, MAX_PEOPLE_FIELD } from './search';

/** Values the problem texts may use: the rule's bounds. */
function ruleValues() {
  const { lessons } = facts;
  return {
    min: lessons.durationHours.min,
    max: lessons.durationHours.max,
    groupMin: lessons.group.min,
    groupMax: lessons.group.max,
    privateMax: lessons.maxPrivateGroup,
    maxDates: MAX_DATES,
    maxPeople: MAX_PEOPLE_FIELD,
  };
}

/** Every problem code (from the English file, which has them all) → its text in `locale`. */
export const problemTexts = oncePerLocale((locale): Record<string, string> => {
  return textsUnder(locale, 'search.errors', ruleValues());
});
