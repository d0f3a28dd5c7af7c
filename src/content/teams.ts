/**
 * The teams of the jobs page (content/teams.yaml), the one list of them: the editors' check holds
 * every posting's `team` to it, the editing UI offers it as a choice.
 */
import { defaultLocale, type Locale } from '../i18n/locales';

export const TEAMS_FILE = 'content/teams.yaml';

export type Teams = { teams: { name: Partial<Record<Locale, string>> }[] };

/**
 * The team names a posting in `locale` may use: each team's name in that language, or its English
 * name where the language has none (a language not launched yet).
 */
export function teamNames(data: Teams, locale: Locale): string[] {
  return data.teams
    .map(({ name }) => (name[locale] ?? name[defaultLocale])?.trim())
    .filter((name): name is string => Boolean(name));
}

/**
 * The name in `locale` of the team a posting names in English (its `team`), as the pages in that
 * language show it: the language's name, else the English one (a language not launched yet).
 */
export function teamIn(data: Teams, englishName: string, locale: Locale): string {
  const team = data.teams.find(({ name }) => name[defaultLocale]?.trim() === englishName.trim());
  return (team?.name[locale] ?? englishName).trim();
}
