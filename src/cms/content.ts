/**
 * What the editing UI edits (`npm run cms`, keystatic.config.ts): each form mirrors a schema of
 * src/content/schemas.ts field by field, with the schema's own closed lists, and the help an
 * editor reads under each field. tests/unit/cms-fields.test.ts proves the forms and the schemas
 * agree (same fields, same required ones, same choices), so what the UI saves, the site builds.
 */
import { collection, fields, singleton } from '@keystatic/core';
import { parse } from 'yaml';
import { defaultLocale, type Locale } from '../i18n/locales';
import {
  jobSchema,
  jobTranslationSchema,
  resortSchema,
  salaryBand,
  teamsSchema,
} from '../content/schemas';
import { BOUNDS } from '../content/bounds';
import { teamNames, type Teams } from '../content/teams';
import { z } from 'astro/zod';
import teamsFile from '../../content/teams.yaml?raw';
import packsFile from '../../content/rental-packs.yaml?raw';
import english from '../../content/translations/en.json';
import { listSingletons } from './lists';
import {
  perLocale,
  choice,
  country,
  countryList,
  day,
  euros,
  languageName,
  line,
  localized,
  optionalLine,
  optionalLocalized,
  order,
  whole,
} from './fields';
import { factSingletons } from './facts';
import { articleCollections, seoTextField } from './articles';
import { ENGLISH_POSTING, englishPosting } from './translated-posting';

const job = jobSchema.shape;
const resort = resortSchema(z.string()).shape;
const teams = parse(teamsFile) as Teams;
const { packs } = parse(packsFile) as { packs: { id: string; name: { en: string } }[] };

/** The team as a choice of content/teams.yaml, by its English name (the other languages show theirs). */
function team() {
  const names = teamNames(teams, defaultLocale);
  return choice(
    'Team',
    names,
    'The team the posting is listed under on the jobs page, in every language. A new team is added in Jobs › Teams first.',
  );
}

/**
 * One collection per language: content/jobs/<locale>/<file name>.md. The English posting holds
 * every fact; a translation only its words (src/content/schemas.ts, jobTranslationSchema).
 */
function jobs(locale: Locale) {
  return locale === defaultLocale ? englishJobs() : translatedJobs(locale);
}

/** Job postings (English): the posting's words and all its facts. */
function englishJobs() {
  return collection({
    label: `Job postings (${languageName(defaultLocale)})`,
    path: `content/jobs/${defaultLocale}/*`,
    slugField: 'title',
    entryLayout: 'content',
    format: { contentField: 'body' },
    columns: ['title'],
    schema: {
      title: fields.slug({
        name: {
          label: 'Title',
          description: `The job title, as the jobs page shows it (at most ${BOUNDS.title} characters).`,
          validation: { length: { min: 1, max: BOUNDS.title } },
        },
        slug: {
          label: 'File name (address)',
          description:
            'The posting’s address: /en/jobs/<file name>, the same in every language. Lowercase letters, digits and dashes.',
        },
      }),
      team: team(),
      location: line(
        'Location',
        'How the location reads on the page, in English: “Remote (Europe)”, “Barcelona”.',
      ),
      country: country('Country', 'Where the job is based (search engines’ job listings).', 'ES'),
      city: optionalLine(
        'City',
        'The town the job is based in. Required unless the job is remote.',
      ),
      applicantCountries: countryList(
        'Countries candidates may live in',
        'For a remote job (then required): the countries where we can hire. Leave empty otherwise.',
      ),
      type: choice('Contract', job.type.options, 'The kind of contract.', {
        'full-time': 'Full time',
        'part-time': 'Part time',
        seasonal: 'Seasonal',
        contract: 'Contract (freelance)',
        internship: 'Internship',
      }),
      workplace: choice(
        'Workplace',
        job.workplace.options,
        'Remote asks for the countries candidates may live in; on-site and hybrid ask for a city.',
        { remote: 'Remote', hybrid: 'Hybrid', 'on-site': 'On site' },
        'on-site',
      ),
      salary: fields.object(
        {
          min: fields.integer({
            label: 'From (euros)',
            description: 'Whole euros. Leave both amounts empty to show no salary band.',
            validation: { min: 1, max: BOUNDS.salary.year },
          }),
          max: fields.integer({
            label: 'To (euros)',
            description: `Not below “From”; at most ${BOUNDS.salary.month.toLocaleString('en')} a month.`,
            validation: { min: 1, max: BOUNDS.salary.year },
          }),
          per: choice('Per', salaryBand.shape.per.options, 'Year, or month for seasonal jobs.', {
            year: 'Year',
            month: 'Month',
          }),
        },
        { label: 'Salary (gross)', description: 'Optional pay band.' },
      ),
      posted: day('Posted on', 'The day the posting was published.'),
      validThrough: fields.date({
        label: 'Apply until',
        description: 'Optional last day to apply: after it the posting shows as closed.',
      }),
      order: order(
        'Position on the jobs page: smaller numbers first (teams follow their first posting).',
      ),
      body: description(),
    },
  });
}

/**
 * Job postings (French, Spanish…): the title, the English posting it translates (chosen from the
 * list; it gives the file name and every fact), the location and the description.
 */
function translatedJobs(locale: Locale) {
  const language = languageName(locale);
  return collection({
    label: `Job postings (${language})`,
    path: `content/jobs/${locale}/*`,
    slugField: ENGLISH_POSTING,
    entryLayout: 'content',
    format: { contentField: 'body' },
    columns: ['title'],
    schema: {
      title: line(
        'Title',
        `The job title in ${language}, as the jobs page shows it (at most ${BOUNDS.title} characters).`,
        false,
        BOUNDS.title,
      ),
      [ENGLISH_POSTING]: englishPosting(`jobs-${defaultLocale}`, language),
      location: line(
        'Location',
        `How the location reads on the page, in ${language}: “Télétravail (Europe)”, “Barcelone”.`,
      ),
      body: description(),
    },
  });
}

/** A posting's text, below its fields. */
function description() {
  return fields.markdoc({
    label: 'Description',
    extension: 'md',
    description:
      'The posting’s text. {{brand}} and site facts such as {{lessons.freeChangeHours}} are replaced on the page.',
  });
}

const resorts = collection({
  label: 'Resorts',
  path: 'content/resorts/*',
  slugField: 'name',
  format: 'yaml',
  columns: ['name'],
  schema: {
    name: fields.slug({
      name: {
        label: 'Name',
        description: 'The resort’s name, as every page writes it. No two resorts share a name.',
        validation: { length: { min: 1, max: BOUNDS.title } },
      },
      slug: {
        label: 'File name (address)',
        description: 'The resort’s address: /en/resorts/<file name>/ski-lessons.',
      },
    }),
    aliases: fields.array(line('Other name', undefined, false, BOUNDS.title), {
      label: 'Other names',
      description: 'Names people search the resort by (local name, village, old name). Optional.',
      itemLabel: (props) => props.value || 'New name',
    }),
    uuid: fields.text({
      label: 'Backend id (uuid)',
      description:
        'The marketplace backend’s id of the resort: copy it from the backend. Live status, snow report and booking use it.',
      validation: {
        isRequired: true,
        pattern: {
          regex: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
          message: 'A uuid such as 0b6f…-…',
        },
      },
    }),
    country: country('Country', 'The country the resort is in.'),
    region: localized(
      'Region',
      'Administrative region (Aragon, Catalonia…), as each language writes it.',
    ),
    range: localized(
      'Mountain range',
      'Pyrenees, Sierra Nevada…: the destinations page groups resorts by it.',
    ),
    website: fields.url({
      label: 'Website',
      description: 'The resort’s own site, where lift passes are sold (https://…).',
      validation: { isRequired: true },
    }),
    elevation: fields.object(
      {
        base: whole('Base (m)', undefined, 0, 9000),
        top: whole('Top (m)', 'Above the base.', 0, 9000),
      },
      { label: 'Elevation', description: 'In metres.' },
    ),
    slopes: fields.object(
      {
        km: fields.number({
          label: 'Kilometres of slopes',
          validation: { isRequired: true, min: 0, max: BOUNDS.km },
        }),
        green: whole('Green runs', undefined, 0, BOUNDS.runs),
        blue: whole('Blue runs', undefined, 0, BOUNDS.runs),
        red: whole('Red runs', undefined, 0, BOUNDS.runs),
        black: whole('Black runs', undefined, 0, BOUNDS.runs),
      },
      { label: 'Slopes' },
    ),
    status: choice('Lifts today', resort.status.options, 'Whether the lifts are running today.', {
      open: 'Open',
      closed: 'Closed',
    }),
    liftPrices: fields.object(
      { adult: euros('Adult'), youth: euros('Youth'), child: euros('Child') },
      {
        label: 'Day lift pass (euros)',
        description: 'High season, indicative: the resort sets and sells them.',
      },
    ),
    ageBands: fields.object(
      { youth: line('Youth ages', 'e.g. 12–17'), child: line('Child ages', 'e.g. 6–11') },
      { label: 'Age bands', description: 'Who counts as youth and child at this resort.' },
    ),
    season: fields.object(
      { opens: day('Opens'), closes: day('Closes', 'After the opening day.') },
      { label: 'Season' },
    ),
    hours: fields.object(
      {
        opens: fields.text({
          label: 'Lifts open',
          description: 'hours:minutes, e.g. 09:00',
          validation: {
            isRequired: true,
            pattern: { regex: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'hours:minutes, e.g. 09:00' },
          },
        }),
        closes: fields.text({
          label: 'Lifts close',
          description: 'hours:minutes, e.g. 17:00',
          validation: {
            isRequired: true,
            pattern: { regex: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'hours:minutes, e.g. 17:00' },
          },
        }),
      },
      { label: 'Lift hours' },
    ),
    snowReport: fields.object(
      {
        baseCm: whole('Snow at the base (cm)', undefined, 0, BOUNDS.snowCm),
        summitCm: whole('Snow at the top (cm)', undefined, 0, BOUNDS.snowCm),
        lastSnowfall: day('Last snowfall'),
        updatedAt: fields.datetime({
          label: 'Updated at',
          description: 'When the figures were read.',
          validation: { isRequired: true },
        }),
        sample: fields.checkbox({
          label: 'Example figures',
          description:
            'Ticked while the figures are an example rather than a live feed: the page says so.',
        }),
      },
      { label: 'Snow report' },
    ),
    rental: fields.object(
      {
        offered: fields.checkbox({
          label: 'Rental offered',
          description: 'Unticked: no partner shop yet, the rental page says rental is coming soon.',
        }),
        packs: fields.multiselect({
          label: 'Packs',
          description:
            'The rental packs the resort’s partner shop offers. Rental offered with none: “No equipment is available at this time.”',
          options: packs.map((pack) => ({ value: pack.id, label: `${pack.name.en} (${pack.id})` })),
        }),
      },
      { label: 'Equipment rental' },
    ),
    photo: fields.image({
      label: 'Photo',
      description:
        'Optional: the photo at the top of the resort’s pages, in place of the illustration. A landscape photo (JPEG, PNG, WebP or AVIF), at least 1600 pixels wide; the site makes the small versions. Give its description below.',
      // Saved as content/resorts/<file name>/photo.jpg, named in the file as ./<file name>/photo.jpg
      // (relative to the resort's file, as the schema reads it).
      directory: 'content/resorts',
      publicPath: './',
    }),
    photoAlt: optionalLocalized(
      'Photo description',
      'Required with a photo, in each language: what the photo shows, read aloud to visitors who cannot see it (“The slopes above Astún under fresh snow”).',
    ),
    description: localized(
      'Description',
      `A short paragraph about the resort, in each language (at most ${BOUNDS.paragraph.toLocaleString('en')} characters).`,
      true,
    ),
  },
});

const teamList = singleton({
  label: 'Teams',
  path: 'content/teams',
  format: 'yaml',
  schema: {
    teams: fields.array(
      fields.object({
        name: localized(
          'Name',
          'The team’s name in each language: postings in that language use it.',
          false,
          BOUNDS.title,
        ),
      }),
      {
        label: 'Teams',
        description: 'The teams of the jobs page. A posting chooses one of them.',
        itemLabel: (props) => props.fields.name.fields.en.value || 'New team',
        validation: { length: { min: 1 } },
      },
    ),
  },
});

/** FAQ: one file per audience, a list of questions. */
function faq(audience: string, label: string) {
  return singleton({
    label,
    path: `content/faq/${audience}`,
    format: 'yaml',
    schema: {
      questions: fields.array(
        fields.object({
          id: fields.text({
            label: 'Anchor',
            description:
              'Optional: the question’s address on the page (/en/faq#cancel), the same in every language.',
            validation: {
              pattern: {
                regex: /^([a-z0-9-]+)?$/,
                message: 'Lowercase letters, digits and dashes only',
              },
            },
          }),
          question: localized('Question', 'The question, in each language.'),
          answer: localized(
            'Answer',
            'May use {{brand}}, {{contactEmail}}, site facts ({{lessons.freeChangeHours}}) and amounts ({{lessons.privateHourly:euros}}).',
            true,
          ),
        }),
        {
          label: 'Questions',
          description: 'In the order shown on the page.',
          itemLabel: (props) => props.fields.question.fields.en.value || 'New question',
          validation: { length: { min: 1 } },
        },
      ),
    },
  });
}

/**
 * The translation namespaces the UI edits: the words of the pages editors change most. The others
 * are kept as they are when a language is saved (fields.ignored) and edited in the files.
 */
export const EDITED_TRANSLATIONS = [
  'site',
  'header',
  'footer',
  'home',
  'jobs',
  'prices',
  'rental',
  'about',
  'faq',
  'notFound',
  'pages',
] as const;

type Texts = { [key: string]: string | Texts };

/** The form of a translation file, from the English file's own keys (the one source of them). */
function translationFields(
  texts: Texts,
  locale: Locale,
  path = '',
): Record<string, ReturnType<typeof fields.text> | ReturnType<typeof fields.object>> {
  return Object.fromEntries(
    Object.entries(texts).map(([key, value]) => {
      const at = path ? `${path}.${key}` : key;
      if (typeof value !== 'string')
        return [key, fields.object(translationFields(value, locale, at), { label: key })];
      const help = locale === 'en' ? `${at}. Keep the {{placeholders}}.` : `English: ${value}`;
      // A page's title and description: the length search results show whole.
      if (/^pages\.[^.]+\.(title|description)$/.test(at))
        return [
          key,
          seoTextField(key as 'title' | 'description', value, {
            label: key,
            description: help,
            required: locale === 'en',
          }),
        ];
      return [key, locale === 'en' ? line(key, help, value.length > 80) : optionalLine(key, help)];
    }),
  );
}

function translations(locale: Locale) {
  const language = languageName(locale);
  const edited = new Set<string>(EDITED_TRANSLATIONS);
  return singleton({
    label: `Translations (${language})`,
    path: `content/translations/${locale}`,
    format: { data: 'json' },
    schema: Object.fromEntries(
      Object.entries(english as Texts).map(([namespace, texts]) => [
        namespace,
        edited.has(namespace) && typeof texts !== 'string'
          ? fields.object(translationFields(texts, locale, namespace), { label: namespace })
          : fields.ignored(),
      ]),
    ),
  });
}

export const collections = {
  resorts,
  ...perLocale('jobs', jobs),
  ...articleCollections,
};

export const singletons = {
  teams: teamList,
  'faq-learners': faq('learners', 'FAQ (learners)'),
  'faq-instructors': faq('instructors', 'FAQ (instructors page)'),
  ...perLocale('translations', translations),
  ...listSingletons,
  ...factSingletons,
};

// Kept for the agreement test: the schemas each form mirrors.
export const schemasOf = {
  jobs: jobSchema,
  jobTranslations: jobTranslationSchema,
  resorts: resortSchema(z.string()),
  teams: teamsSchema,
};
