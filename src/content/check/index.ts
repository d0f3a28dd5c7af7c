/**
 * The editors' check: reads every file of content/ as written and lists every problem at once,
 * in plain words, with the file, the line and the field (docs/content.md explains each message).
 * `npm run content:check` prints them; the build and `npm run dev` stop on them (integration.ts).
 *
 * It validates with the collections' own schemas (../schemas.ts), then checks what a schema
 * cannot see: ids and uuids unique across files, references between files, every posting and
 * page written in English, closed lists (teams, packs, resorts), placeholders, files the site
 * would ignore.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as v from 'valibot';
import { z } from 'astro/zod';
import { allLocales, defaultLocale } from '../../i18n/locales';
import { SiteFactsSchema } from '../../site-facts';
import { placeholderProblems } from '../markdown-placeholders';
import { contentCollections, isListPlace, type ListPlace } from '../collections';
import { BOUNDS, SHARED_JOB_FACTS, jobTranslationSchema, teamsSchema } from '../schemas';
import { TEAMS_FILE, teamNames, type Teams } from '../teams';
import { validate } from './issues';
import { isPhotoFile, photoIn } from './photos';
import { didYouMean, nearest, type Problem } from './problems';
import { isProblem, readJson, readMarkdown, readYaml, type Parsed } from './read';
import { foldAccents, slugify } from '../../lib/slug';
import { isoDay, seasonIsOver } from '../../resorts/season';

export { formatProblem, formatProblems, formatWarnings, type Problem } from './problems';

/**
 * The collections as the check reads them: a reference to another entry is a plain id here, and
 * a photo is checked against the files next to the content file that names it (./photos.ts).
 */
const collectionsWith = (photo: z.ZodType) =>
  contentCollections({ resort: z.string(), pack: z.string(), photo });
/** Their places, and the schemas of entries that name no photo. */
const COLLECTIONS = collectionsWith(z.string());
type CollectionName = keyof typeof COLLECTIONS;

/** The list files of content/ (rental-packs.yaml…), by file name. */
const LIST_FILES = new Map(
  (Object.keys(COLLECTIONS) as CollectionName[]).flatMap((name) => {
    const { place } = COLLECTIONS[name];
    return isListPlace(place) ? [[place.file, { place, name }] as const] : [];
  }),
);
const PACKS_FILE = COLLECTIONS.rentalPacks.place.file;
/** The list files whose entries name a resort. */
const RESORT_NAMERS = new Set([COLLECTIONS.reviews.place.file, COLLECTIONS.instructors.place.file]);

/** The fields a translated posting writes. */
const TRANSLATED_JOB_FIELDS = Object.keys(jobTranslationSchema.shape);

/** Folders holding one markdown file per page and language. */
const MARKDOWN_FOLDERS = { jobs: COLLECTIONS.jobs, articles: COLLECTIONS.articles };
/** How a markdown file is read: an English posting holds every fact, a translation only words. */
const markdownSchema = (folder: keyof typeof MARKDOWN_FOLDERS, locale: string) =>
  folder === 'jobs' && locale !== defaultLocale
    ? COLLECTIONS.jobTranslations.schema
    : MARKDOWN_FOLDERS[folder].schema;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;

/** Every file under a folder, relative to it, hidden files (.DS_Store) left out. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => !path.split(/[\\/]/).some((part) => part.startsWith('.')))
    .filter((path) => statSync(join(folder, path)).isFile())
    .map((path) => path.split('\\').join('/'))
    .sort();
}

function statSafe(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** What a file's name should be instead, when the site would not read it. */
function renameHint(path: string): string {
  if (path.endsWith('.yml')) return `rename it to ${path.replace(/\.yml$/, '.yaml')} (the site reads only .yaml)`;
  if (/\.(markdown|mdx|txt)$/.test(path)) return `rename it to ${path.replace(/\.\w+$/, '.md')} (the site reads only .md)`;
  return 'move it to the folder it belongs in with the right extension (docs/content.md lists them), or delete it';
}

/**
 * What the check warns of without stopping the build: the content is right as written, but a
 * visitor would see something to update (a season that has ended). `today` is the build's day.
 */
export function contentWarnings(root: string = process.cwd(), today: Date = new Date()): Problem[] {
  const folder = join(root, 'content/resorts');
  const warnings: Problem[] = [];
  for (const path of readdirSync(folder).filter((name) => name.endsWith('.yaml')).sort()) {
    const file = `content/resorts/${path}`;
    const parsed = readYaml(file, readFileSync(join(folder, path), 'utf8'));
    if (isProblem(parsed)) continue; // an error of checkContent's
    const closes = (parsed.data as { season?: { closes?: unknown } } | null)?.season?.closes;
    if (typeof closes !== 'string' || !seasonIsOver(closes, today)) continue;
    warnings.push({
      file,
      line: parsed.lineOf(['season', 'closes']),
      field: 'season',
      message: `ended on ${isoDay(closes)}: the resort's pages say the next season's dates are to be announced until you write them in season.opens and season.closes`,
    });
  }
  return warnings;
}

export function checkContent(root: string = process.cwd()): Problem[] {
  const content = join(root, 'content');
  const problems: Problem[] = [];
  const name = (path: string) => relative(root, join(content, path)).split('\\').join('/');
  const read = (path: string) => readFileSync(join(content, path), 'utf8');

  const resorts = new Map<string, { file: string; data: Record<string, unknown>; parsed: Parsed }>();
  const markdown: { folder: keyof typeof MARKDOWN_FOLDERS; locale: string; slug: string; file: string }[] = [];
  const teams: { team: string; file: string; line?: number }[] = [];
  const sharedFacts: { slug: string; file: string; fields: { field: string; line?: number }[] }[] = [];
  const listIds: Record<string, Set<string>> = {};
  const resortNamers: { data: unknown[]; file: string; parsed: Parsed; key: string; what: string }[] = [];
  let teamList: Teams | undefined;
  const resortPacks: { file: string; packs: unknown; parsed: Parsed }[] = [];
  // Photo files under content/, and those an entry names (./photos.ts).
  const photoFiles: string[] = [];
  const namedPhotos = new Set<string>();

  const checkText = (file: string, text: string, lineOf: (index: number) => number | undefined) => {
    for (const match of text.matchAll(/(?:\{\{|%7B%7B)\s*[\w.]+(?::euros)?\s*(?:\}\}|%7D%7D)/gi)) {
      for (const found of placeholderProblems(match[0])) {
        problems.push({ file, line: lineOf(match.index), field: found.placeholder, message: found.message });
      }
    }
  };

  for (const path of filesUnder(content)) {
    const file = name(path);
    const parts = path.split('/');
    const [folder, second, third] = parts;

    if (path === 'site-facts.json') {
      const parsed = readJson(file, read(path));
      if (isProblem(parsed)) problems.push(parsed);
      else checkSiteFacts(file, parsed.data, problems);
    } else if (path === 'teams.yaml') {
      const parsed = readYaml(file, read(path));
      if (isProblem(parsed)) problems.push(parsed);
      else {
        const result = validate(teamsSchema, parsed.data, file, parsed);
        problems.push(...result.problems);
        if (!result.problems.length) teamList = parsed.data as Teams;
      }
    } else if (parts.length === 2 && folder === 'translations' && second?.endsWith('.json')) {
      // Checked together below (each language against the English file).
    } else if (parts.length === 1 && LIST_FILES.has(path)) {
      const { place, name } = LIST_FILES.get(path)!;
      const { key, what } = place;
      const schema = collectionsWith(photoIn(root, file, namedPhotos))[name].schema;
      const parsed = readYaml(file, read(path));
      if (isProblem(parsed)) {
        problems.push(parsed);
        continue;
      }
      const entries = listIn(file, place, parsed, problems);
      if (!entries) continue;
      const ids = new Map<string, number>();
      listIds[path] = new Set();
      entries.forEach((item: unknown, index: number) => {
        const id = (item as { id?: unknown } | null)?.id;
        const label = typeof id === 'string' ? `${what} "${id}": ` : `${what} number ${index + 1}: `;
        if (typeof id === 'string') {
          const lower = id.toLowerCase();
          const first = ids.get(lower);
          if (first !== undefined) {
            problems.push({
              file,
              line: parsed.lineOf([key, index, 'id']),
              field: `${label}id`,
              message: `is already used by the ${what} on line ${parsed.lineOf([key, first, 'id'])} (letter case does not count): give each ${what} its own id`,
            });
          } else ids.set(lower, index);
          listIds[path]!.add(id);
        }
        problems.push(...validate(schema, item, file, parsed, [key, index], label).problems);
      });
      if (RESORT_NAMERS.has(path)) resortNamers.push({ data: entries, file, parsed, key, what });
    } else if (parts.length === 2 && folder === 'resorts' && second?.endsWith('.yaml')) {
      const id = second.replace(/\.yaml$/, '');
      const parsed = readYaml(file, read(path));
      if (isProblem(parsed)) {
        // Still a resort: references to it are right, only the file needs mending.
        if (!resorts.has(id.toLowerCase())) resorts.set(id.toLowerCase(), { file, data: {}, parsed: { data: {}, lineOf: () => undefined } });
        problems.push(parsed);
        continue;
      }
      if (!SLUG.test(id)) {
        problems.push({
          file,
          message: `has a name the resort's address cannot use: name it in lowercase letters, digits and dashes, e.g. ${slugify(id)}.yaml`,
        });
      }
      const same = resorts.get(id.toLowerCase());
      if (same) {
        problems.push({
          file,
          message: `is the same resort as ${same.file} (letter case does not count in addresses): keep one of the two files`,
        });
        continue;
      }
      const result = validate(collectionsWith(photoIn(root, file, namedPhotos)).resorts.schema, parsed.data, file, parsed);
      problems.push(...result.problems);
      resorts.set(id.toLowerCase(), { file, data: (parsed.data ?? {}) as Record<string, unknown>, parsed });
      const rental = (parsed.data as { rental?: { packs?: unknown } } | null)?.rental;
      if (rental?.packs) resortPacks.push({ file, packs: rental.packs, parsed });
    } else if (parts.length === 2 && folder === 'faq' && second?.endsWith('.yaml')) {
      const text = read(path);
      const parsed = readYaml(file, text);
      if (isProblem(parsed)) {
        problems.push(parsed);
        continue;
      }
      problems.push(...validate(COLLECTIONS.faq.schema, parsed.data, file, parsed).problems);
      const questions = (parsed.data as { questions?: unknown } | null)?.questions;
      const seen = new Map<string, number>();
      if (Array.isArray(questions)) {
        questions.forEach((question: unknown, index) => {
          const id = (question as { id?: unknown } | null)?.id;
          if (typeof id !== 'string') return;
          const first = seen.get(id.toLowerCase());
          if (first !== undefined) {
            problems.push({
              file,
              line: parsed.lineOf(['questions', index, 'id']),
              field: `questions.${index}.id`,
              message: `"${id}" is already the id of the question on line ${parsed.lineOf(['questions', first, 'id'])}: give each question its own id`,
            });
          } else seen.set(id.toLowerCase(), index);
        });
      }
      checkText(file, text, (index) => text.slice(0, index).split('\n').length);
    } else if (parts.length === 3 && (folder === 'jobs' || folder === 'articles') && third?.endsWith('.md')) {
      const { place: { what } } = MARKDOWN_FOLDERS[folder];
      const locale = second!;
      const slug = third.replace(/\.md$/, '');
      if (!(allLocales as string[]).includes(locale)) {
        problems.push({
          file,
          message: `is in a folder named "${locale}", which is not a language of the site: move it to one of ${allLocales.map((l) => `content/${folder}/${l}/`).join(', ')}`,
        });
        continue;
      }
      if (!SLUG.test(slug)) {
        problems.push({
          file,
          message: `has a name the ${what}'s address cannot use: name it in lowercase letters, digits and dashes, e.g. ${slugify(slug)}.md`,
        });
      }
      const text = read(path);
      const page = readMarkdown(file, text);
      if (isProblem(page)) {
        problems.push(page);
        continue;
      }
      const duplicate = markdown.find((m) => m.folder === folder && m.locale === locale && m.slug.toLowerCase() === slug.toLowerCase());
      if (duplicate) {
        problems.push({ file, message: `is the same ${what} as ${duplicate.file} (letter case does not count in addresses): keep one of the two files` });
        continue;
      }
      markdown.push({ folder, locale, slug, file });
      const fields = (page.parsed.data ?? {}) as Record<string, unknown>;
      if (folder === 'jobs' && locale !== defaultLocale) {
        // A fact written in a translation is reported against its English posting (below), once.
        const shared = Object.keys(fields).filter((field) => (SHARED_JOB_FACTS as string[]).includes(field));
        sharedFacts.push({ slug, file, fields: shared.map((field) => ({ field, line: page.parsed.lineOf([field], true) })) });
        for (const field of shared) delete fields[field];
      }
      problems.push(...validate(markdownSchema(folder, locale), fields, file, page.parsed).problems);
      if (folder === 'jobs') {
        const length = page.body.trim().length;
        if (length === 0) {
          problems.push({ file, line: page.bodyLine, message: 'has no text below its fields: write the posting’s description' });
        } else if (length > BOUNDS.body) {
          problems.push({
            file,
            line: page.bodyLine,
            message: `has a description of ${length.toLocaleString('en')} characters: shorten it to ${BOUNDS.body.toLocaleString('en')} at most (was it pasted twice?)`,
          });
        }
      }
      const team = fields.team;
      if (folder === 'jobs' && locale === defaultLocale && typeof team === 'string') {
        teams.push({ team: team.trim(), file, line: page.parsed.lineOf(['team']) });
      }
      checkText(file, text, (index) => text.slice(0, index).split('\n').length);
    } else if (isPhotoFile(path)) {
      photoFiles.push(file);
    } else {
      problems.push({ file, message: `is not read by the site: ${renameHint(file)}` });
    }
  }

  // A photo no entry names would never be shown: most often its name is misspelled in the entry
  // (reported there too) or the entry was removed.
  for (const file of photoFiles) {
    if (namedPhotos.has(file)) continue;
    problems.push({
      file,
      message:
        'is a photo no entry names: write its file name in the photo field of the entry it shows (docs/content.md, "Photos"), or delete it',
    });
  }

  // Every posting and page exists in English: the other languages translate it, and a language
  // without its file shows the English one. A file only in French would never be listed.
  for (const page of markdown) {
    if (page.locale === defaultLocale) continue;
    const english = markdown.some((m) => m.folder === page.folder && m.locale === defaultLocale && m.slug === page.slug);
    if (!english) {
      const what = MARKDOWN_FOLDERS[page.folder].place.what;
      const near = nearest(page.slug, markdown.filter((m) => m.folder === page.folder && m.locale === defaultLocale).map((m) => m.slug));
      problems.push({
        file: page.file,
        message: near
          ? `has no English ${what} of the same name: did you mean ${page.file.replace(/[^/]+\.md$/, `${near}.md`)}? (the file names are the same in every language)`
          : `has no English ${what}: write content/${page.folder}/en/${page.slug}.md first (the site lists only ${what}s that exist in English)`,
      });
    }
  }

  if (!statSafe(join(content, 'teams.yaml'))) {
    problems.push({ file: TEAMS_FILE, message: 'is missing: it lists the teams postings may name (docs/content.md)' });
  }
  checkTeams(teams, teamList, problems);

  checkResortCopies(root, [...resorts.values()], problems);
  checkSharedFacts(sharedFacts, problems);

  // References between files: a resort's packs, a review's resort.
  const packs = listIds[PACKS_FILE];
  if (packs) {
    for (const { file, packs: listed, parsed } of resortPacks) {
      if (!Array.isArray(listed)) continue;
      listed.forEach((id: unknown, index) => {
        if (typeof id === 'string' && !packs.has(id)) {
          problems.push({
            file,
            line: parsed.lineOf(['rental', 'packs', index]),
            field: 'rental.packs',
            message: `lists "${id}", which is not a pack of content/${PACKS_FILE}${didYouMean(id, packs)}`,
          });
        }
      });
    }
  }
  for (const { data, file, parsed, key, what } of resortNamers) {
    const ids = [...resorts.keys()];
    data.forEach((item, index) => {
      const named = item as { id?: unknown; resort?: unknown } | null;
      const resort = named?.resort;
      if (typeof resort === 'string' && !resorts.has(resort)) {
        problems.push({
          file,
          line: parsed.lineOf([key, index, 'resort']),
          field: `${what} "${String(named?.id)}": resort`,
          message: `is "${resort}", which is not a resort of content/resorts${didYouMean(resort, ids)} (write the resort's file name without .yaml)`,
        });
      }
    });
  }

  checkTranslations(root, problems);
  return problems;
}

/**
 * Two resorts with the same backend id would show each other's snow report; two with the same
 * name, two cards of it. Most often one is a copy ("Duplicate entry" in the editing UI): the
 * message names the copy, not the original, which is the file named after the resort
 * (astun.yaml for Astún), else the older file.
 */
function checkResortCopies(
  root: string,
  resorts: { file: string; data: Record<string, unknown>; parsed: Parsed }[],
  problems: Problem[],
) {
  const isOriginal = (r: (typeof resorts)[number]) =>
    typeof r.data.name === 'string' && r.file.endsWith(`/${slugify(r.data.name)}.yaml`);
  const age = (file: string) => statSync(join(root, file)).mtimeMs;
  const copiesBy = (field: 'uuid' | 'name', key: (value: string) => string, say: (original: string, value: string) => string) => {
    const groups = new Map<string, typeof resorts>();
    for (const resort of resorts) {
      const value = resort.data[field];
      if (typeof value !== 'string' || !value.trim()) continue;
      const group = groups.get(key(value)) ?? [];
      group.push(resort);
      groups.set(key(value), group);
    }
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      const [original, ...copies] = [...group].sort(
        (a, b) => Number(isOriginal(b)) - Number(isOriginal(a)) || age(a.file) - age(b.file) || a.file.localeCompare(b.file),
      );
      for (const copy of copies) {
        problems.push({
          file: copy.file,
          line: copy.parsed.lineOf([field]),
          field,
          message: say(original!.file, String(copy.data[field])),
        });
      }
    }
  };
  copiesBy(
    'uuid',
    (uuid) => uuid.toLowerCase(),
    (original) => `is the same as in ${original}: copy this resort's own id from the backend (or delete this file if it is a copy)`,
  );
  copiesBy(
    'name',
    (name) => foldAccents(name).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim(),
    (original, name) => `"${name}" is already the name of the resort of ${original}: give this resort its own name (or delete this file if it is a copy)`,
  );
}

/**
 * A translation writes only words: every fact is its English posting's, which every language
 * shows (src/content/postings.ts). A fact still written in a translation would be silently
 * ignored, and an editor changing it would see nothing change: it is a mistake to mend.
 */
function checkSharedFacts(
  translations: { slug: string; file: string; fields: { field: string; line?: number }[] }[],
  problems: Problem[],
) {
  for (const { slug, file, fields } of translations) {
    const english = `content/jobs/${defaultLocale}/${slug}.md`;
    for (const { field, line } of fields) {
      problems.push({
        file,
        line,
        field,
        message: `is the English posting's to give: remove it from this file (every language shows the ${field} of ${english}; a translation writes only its ${TRANSLATED_JOB_FIELDS.join(', ')} and description)`,
      });
    }
  }
}

/**
 * The entries of a list file, held under its key (`packs:`), or undefined after saying what is
 * wrong with the file's shape: the list written without its key line, the key misspelled or
 * missing, something else beside it.
 */
function listIn(file: string, { key, what }: ListPlace, parsed: Parsed, problems: Problem[]): unknown[] | undefined {
  const shape = `"${key}:" on a line of its own, then the ${what}s below it, each starting with "- id:" indented by two spaces`;
  const data = parsed.data;
  if (Array.isArray(data)) {
    problems.push({ file, line: parsed.lineOf([0]), message: `has its ${what}s without the line "${key}:" above them: write ${shape}` });
    return undefined;
  }
  if (data === null || typeof data !== 'object') {
    problems.push({ file, message: `should hold ${shape}` });
    return undefined;
  }
  const others = Object.keys(data).filter((name) => name !== key);
  for (const name of others) {
    problems.push({
      file,
      line: parsed.lineOf([name], true),
      field: name,
      message: nearest(name, [key])
        ? `is not what the site reads here: did you mean ${key}?`
        : `is not what the site reads here: the file holds only "${key}:", the list of ${what}s`,
    });
  }
  const entries = (data as Record<string, unknown>)[key];
  if (entries === undefined) {
    if (!others.some((name) => nearest(name, [key]))) problems.push({ file, field: key, message: `is missing: write ${shape}` });
    return undefined;
  }
  if (!Array.isArray(entries)) {
    problems.push({ file, line: parsed.lineOf([key]), field: key, message: `should be a list of ${what}s, each starting with "- id:"` });
    return undefined;
  }
  return entries;
}

/**
 * Teams: the jobs page groups postings by the team's name, so a misspelled name would make a team
 * of its own. Each English posting names one of the teams of content/teams.yaml by its English
 * name; the other languages show that team's name in their language.
 */
function checkTeams(teams: { team: string; file: string; line?: number }[], list: Teams | undefined, problems: Problem[]) {
  if (!list) return;
  const names = teamNames(list, defaultLocale);
  for (const t of teams) {
    if (names.includes(t.team)) continue;
    const near = nearest(t.team, names);
    problems.push({
      file: t.file,
      line: t.line,
      field: 'team',
      message: near
        ? `is "${t.team}", which is not a team of ${TEAMS_FILE}: did you mean "${near}"?`
        : `is "${t.team}", which is not a team of ${TEAMS_FILE}: write one of ${names.map((n) => `"${n}"`).join(', ')} (or add the team to ${TEAMS_FILE} first)`,
    });
  }
}

function checkSiteFacts(file: string, data: unknown, problems: Problem[]) {
  const result = v.safeParse(SiteFactsSchema, data);
  if (result.success) return;
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    // A missing fact is a strict object's issue too (its input undefined): tell it first.
    if (issue.input === undefined) {
      problems.push({ file, field: path, message: 'is missing' });
    } else if (issue.type === 'strict_object') {
      const key = path.split('.').at(-1) ?? path;
      problems.push({ file, field: path, message: `is not a fact the site knows (remove it, or check its spelling)${didYouMean(key, knownFacts(path))}` });
    } else {
      problems.push({ file, field: path, message: `is wrong: ${issue.message} (the file has ${JSON.stringify(issue.input)})` });
    }
  }
}

/** The site facts' field names beside a dotted path (for "did you mean"). */
function knownFacts(path: string): string[] {
  let schema: unknown = SiteFactsSchema;
  for (const key of path.split('.').slice(0, -1)) schema = (schema as { entries?: Record<string, unknown> }).entries?.[key];
  return Object.keys((schema as { entries?: Record<string, unknown> }).entries ?? {});
}

/** `a.b.c` → value, for the nested translation files. */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, value);
  return into;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Translations: each language's texts against the English file. A key English does not have is
 * never shown, and a `{{placeholder}}` English does not give is printed as is, braces and all.
 */
function checkTranslations(root: string, problems: Problem[]) {
  const files = new Map<string, Map<string, unknown>>();
  for (const locale of allLocales) {
    const file = `content/translations/${locale}.json`;
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      problems.push({ file, message: `is missing: the ${locale} pages take their words from it` });
      continue;
    }
    const parsed = readJson(file, text);
    if (isProblem(parsed)) problems.push(parsed);
    else files.set(locale, flatten(parsed.data));
  }
  const english = files.get(defaultLocale);
  if (!english) return;
  const englishKeys = [...english.keys()];
  // The key's line: each part of its path searched for after the one before (`seo`, then `title`).
  const lineOfKey = (locale: string, key: string) => {
    const text = readFileSync(join(root, `content/translations/${locale}.json`), 'utf8');
    let at = 0;
    for (const part of key.split('.')) {
      at = text.indexOf(`"${part}"`, at);
      if (at < 0) return undefined;
    }
    return text.slice(0, at).split('\n').length;
  };
  for (const [locale, texts] of files) {
    const file = `content/translations/${locale}.json`;
    for (const [key, value] of texts) {
      const base = key.replace(PLURAL, '');
      const source = english.get(key) ?? englishKeys.find((k) => k.replace(PLURAL, '') === base);
      if (source === undefined && locale !== defaultLocale) {
        problems.push({
          file,
          line: lineOfKey(locale, key),
          field: key,
          message: `is not a text of the English file, so no page shows it${didYouMean(key, englishKeys)}`,
        });
        continue;
      }
      if (typeof value !== 'string') continue;
      const given = new Set([...String(english.get(key) ?? englishVariants(english, base)).matchAll(PLACEHOLDER)].map((m) => m[1]!));
      given.add('brand');
      for (const match of value.matchAll(PLACEHOLDER)) {
        const placeholder = match[1]!;
        if (given.has(placeholder)) continue;
        if (locale === defaultLocale) continue;
        problems.push({
          file,
          line: lineOfKey(locale, key),
          field: key,
          message: nearest(placeholder, given)
            ? `uses {{${placeholder}}}, which the English text does not have: did you mean {{${nearest(placeholder, given)}}}?`
            : `uses {{${placeholder}}}, which the English text does not have: write one of ${[...given].map((p) => `{{${p}}}`).join(', ')}`,
        });
      }
      // A brace left open or closed alone shows on the page as typed.
      const stray = value.replace(PLACEHOLDER, '');
      if (/\{\{|\}\}/.test(stray)) {
        problems.push({
          file,
          line: lineOfKey(locale, key),
          field: key,
          message: 'has a placeholder with a missing brace: write it {{name}}, two braces on each side',
        });
      }
    }
  }
}

function englishVariants(english: Map<string, unknown>, base: string): string {
  return [...english].filter(([k]) => k.replace(PLURAL, '') === base).map(([, v]) => String(v)).join(' ');
}
