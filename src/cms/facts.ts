/**
 * The site facts' form in the editing UI (content/site-facts.json: prices, group sizes, the free
 * change window, stats, legal periods, cookie lifetimes). The form is built from the schema the
 * site checks the file with (SiteFactsSchema, src/site-facts.ts): the same groups in the same
 * order, and each number's limits (whole or not, smallest, largest), each text's pattern read from
 * it, so the UI refuses what the build would. What the schema cannot say in words is here: every
 * fact's label and the help an editor reads under it (what it changes on the site, its unit).
 * A fact added to the schema without its words here stops the UI from starting, and
 * tests/unit/cms-fields.test.ts proves the form and the schema accept the same values.
 */
import { fields, singleton } from '@keystatic/core';
import { SiteFactsSchema } from '../site-facts';

type Words = { label: string; help?: string };

/**
 * A range's words (the schema's `range`, two numbers `min` and `max`): its label, its help ending
 * with the rule the schema checks, said with the ends' own labels, and those labels.
 */
function rangeWords(path: string, label: string, help: string, [low, high]: [string, string]) {
  return {
    [path]: { label, help: `${help} ${low} must not be above ${high}.` },
    [`${path}.min`]: { label: low },
    [`${path}.max`]: { label: high },
  };
}

/** Label and help of every group and fact, by its path in the file. */
export const FACT_WORDS: Record<string, Words> = {
  currency: {
    label: 'Currency',
    help: 'Every price on the site is in euros; this cannot be changed here.',
  },
  lessons: {
    label: 'Lessons',
    help: 'Prices and sizes of lessons, used wherever a lesson is sold.',
  },
  'lessons.privateHourly': {
    label: 'Private lesson, per hour (euros)',
    help: 'What one hour of private lesson costs for one learner, e.g. 29.9 for €29.90. Shown on the home page, the prices page, the resort pages, deals, the FAQ and used by the lesson search.',
  },
  'lessons.extraPersonHourly': {
    label: 'Each extra learner, per hour (euros)',
    help: 'Added to the private lesson’s hourly price for each learner after the first (prices page, resort pages, FAQ, search results).',
  },
  'lessons.maxPrivateGroup': {
    label: 'Largest private lesson (learners)',
    help: 'How many people at most may share one private lesson (prices page, search form).',
  },
  ...rangeWords(
    'lessons.group',
    'Group lesson size (learners)',
    'A group lesson runs once “Fewest” learners have joined, and takes “Most” at most.',
    ['Fewest', 'Most'],
  ),
  'lessons.freeChangeHours': {
    label: 'Free change or cancellation (hours before)',
    help: 'Up to how many hours before the lesson a learner may change its date or instructor, or cancel, free of charge. Quoted on the home page, prices, about, COVID-19, the FAQ and job postings.',
  },
  ...rangeWords(
    'lessons.durationHours',
    'Length of one lesson (hours)',
    'The shortest and longest lesson a learner can book (search and request forms).',
    ['Shortest', 'Longest'],
  ),
  claims: { label: 'Claims', help: 'Figures the pages’ sentences promise.' },
  'claims.cheaperThanSchoolsPercent': {
    label: 'Cheaper than ski schools (percent)',
    help: 'The “up to 40 % cheaper than a ski school” figure: home page, about, deals, resort pages. 0 to 100.',
  },
  stats: {
    label: 'Stats',
    help: 'The figures of the home page’s stats band. The number of resorts is not here: it is counted from the resorts.',
  },
  'stats.users': {
    label: 'Users',
    help: 'Running total of learners who used the app; shown as “1,500+”.',
  },
  'stats.instructors': {
    label: 'Instructors',
    help: 'Instructors on the marketplace today; shown as it is.',
  },
  'stats.lessons': {
    label: 'Lessons given',
    help: 'Running total of lessons given; shown as “2,000+”.',
  },
  clubPass: { label: 'Club pass', help: 'The monthly pass shown on the home and deals pages.' },
  'clubPass.monthlyFrom': {
    label: 'Price from, per month (euros)',
    help: 'The lowest monthly price of the club pass.',
  },
  'clubPass.comingSoon': {
    label: 'Coming soon',
    help: 'Ticked: the pass is shown with a “coming soon” badge and is not sold.',
  },
  instructors: {
    label: 'Instructors',
    help: 'What the instructors’ page and its FAQ promise instructors.',
  },
  'instructors.referralBonus': {
    label: 'Referral bonus (euros)',
    help: 'Paid to an instructor who brings another instructor (instructors page, deals, FAQ).',
  },
  'instructors.rentalCommissionPercent': {
    label: 'Rental commission (percent)',
    help: 'What an instructor earns on the equipment rented by their learners. 0 to 100.',
  },
  'instructors.earnings': {
    label: 'Earnings compared with schools (percent)',
    help: 'How much more an instructor earns with us than in a school, in the instructors page’s country list.',
  },
  'instructors.earnings.francePercent': {
    label: 'France (percent)',
    help: 'Shown when an instructor picks France.',
  },
  ...rangeWords('instructors.earnings.spainPercent', 'Spain (percent)', 'A range, e.g. 15 to 20.', [
    'From',
    'To',
  ]),
  'instructors.earnings.upToPercent': {
    label: 'Up to (percent)',
    help: 'The headline “earn up to 30 % more”.',
  },
  'instructors.groupMarketSharePercent': {
    label: 'Group lessons’ share of the market (percent)',
    help: 'Quoted in the instructors page’s earnings section. 0 to 100.',
  },
  'instructors.applicationSeason': {
    label: 'Season applications are open for',
    help: 'Written year/two digits, e.g. 2026/27 (instructors page, job postings, FAQ).',
  },
  'instructors.minimumAge': {
    label: 'Minimum age of instructors (years)',
    help: 'Quoted in the instructors’ FAQ.',
  },
  legal: {
    label: 'Legal',
    help: 'The company and the periods the privacy policy and legal notice quote. Change the policy’s texts with them.',
  },
  'legal.legalForm': {
    label: 'Legal form',
    help: 'Written after the brand in the company’s name, e.g. B.V. (legal notice, footer, policies).',
  },
  'legal.city': {
    label: 'Registered in (city)',
    help: 'The city where the company is registered (legal notice, privacy policy).',
  },
  'legal.supervisoryAuthority': {
    label: 'Data protection authority',
    help: 'Named in the privacy policy as the authority visitors may complain to.',
  },
  'legal.supervisoryAuthorityUrl': {
    label: 'Data protection authority’s website',
    help: 'Its address, https://…',
  },
  'legal.policiesPublished': {
    label: 'Policies first published on',
    help: 'The privacy and cookie policies show “Published on” this day. A later change is dated in the policy’s own page (Policy pages).',
  },
  'legal.cvRetentionMonths': {
    label: 'Applications kept (months)',
    help: 'Job applications, with their CV, are deleted after this many months at most (privacy policy, job pages; the server deletes them).',
  },
  'legal.contactRetentionMonths': {
    label: 'Contact messages kept (months)',
    help: 'Contact messages are deleted this many months after the conversation ends (privacy policy; the server deletes them).',
  },
  'legal.serverLogRetentionDays': {
    label: 'Server logs kept (days)',
    help: 'How long the hosting provider keeps its access logs (privacy policy).',
  },
  'legal.analyticsRetentionMonths': {
    label: 'Analytics data kept (months)',
    help: 'The retention set in Google Analytics (privacy policy). Change it there too.',
  },
  'legal.minimumAge': {
    label: 'Minimum age to use the site alone (years)',
    help: 'Quoted in the privacy policy and the learners’ FAQ.',
  },
  cookies: { label: 'Cookies', help: 'How long the site’s own cookies last (cookie policy).' },
  'cookies.consentDays': {
    label: 'Cookie choice kept (days)',
    help: 'After this many days the cookie banner asks again.',
  },
  'cookies.visitorIdSeconds': {
    label: 'Visitor id kept (seconds)',
    help: 'The analytics visitor id’s lifetime, in seconds: 31536000 is one year (shown so in the cookie policy).',
  },
};

// The parts of valibot's schema objects this form reads (their public shape).
type Action = { type: string; requirement?: unknown; message?: unknown };
type Schema = {
  type: string;
  entries?: Record<string, Schema>;
  literal?: unknown;
  pipe?: readonly (Schema | Action)[];
};

/** The schema's own type and its checks, whether it is piped or not. */
function parts(schema: Schema): { base: Schema; actions: Action[] } {
  if (!schema.pipe) return { base: schema, actions: [] };
  const [base, ...actions] = schema.pipe as [Schema, ...Action[]];
  const inner = parts(base);
  return { base: inner.base, actions: [...inner.actions, ...actions] };
}

const requirement = (actions: Action[], type: string) =>
  actions.find((action) => action.type === type)?.requirement;

function wordsAt(path: string): Words {
  const words = FACT_WORDS[path];
  if (!words) throw new Error(`src/cms/facts.ts: no label for the site fact ${path}`);
  return words;
}

/**
 * Keystatic's date field keeps a day that is not in the calendar (2021-02-30) when the file has
 * one; the schema refuses it, so this one does too, with the error class Keystatic shows in words
 * (it does not export it: taken from the field's own error for an empty value).
 */
function calendarDay(label: string, description?: string) {
  const field = fields.date({ label, description, validation: { isRequired: true } });
  let FieldError: new (message: string) => Error = Error;
  try {
    field.validate(null);
  } catch (error) {
    FieldError = (error as Error).constructor as typeof FieldError;
  }
  return {
    ...field,
    validate(value: string | null) {
      const date = new Date(`${value}T00:00:00Z`);
      if (value && (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)))
        throw new FieldError(`${label}: ${value} is not a date in the calendar`);
      return field.validate(value);
    },
  } as typeof field;
}

type FactField =
  | ReturnType<typeof fields.object>
  | ReturnType<typeof fields.integer>
  | ReturnType<typeof fields.number>
  | ReturnType<typeof fields.checkbox>
  | ReturnType<typeof fields.text>
  | ReturnType<typeof fields.date>
  | ReturnType<typeof fields.select>;

/** The form field of one fact (or group of facts), from its schema. */
function factField(schema: Schema, path: string): FactField {
  const { label, help: description } = wordsAt(path);
  const { base, actions } = parts(schema);
  const has = (type: string) => actions.some((action) => action.type === type);
  switch (base.type) {
    case 'strict_object':
    case 'object':
      return fields.object(factFields(base.entries!, path), { label, description });
    case 'number': {
      const validation = {
        isRequired: true as const,
        min: requirement(actions, 'min_value') as number | undefined,
        max: requirement(actions, 'max_value') as number | undefined,
      };
      return has('integer')
        ? fields.integer({ label, description, validation })
        : fields.number({ label, description, validation });
    }
    case 'boolean':
      return fields.checkbox({ label, description });
    case 'literal': {
      const value = String(base.literal);
      return fields.select({
        label,
        description,
        options: [{ value, label: value }],
        defaultValue: value,
      });
    }
    case 'string': {
      if (has('iso_date')) return calendarDay(label, description);
      // Keystatic's url field lets any text through; the schema wants an address.
      const pattern = has('url')
        ? /^https?:\/\/[^\s/?#]+\.[^\s]+$/
        : (requirement(actions, 'regex') as RegExp | undefined);
      const message = actions.find((a) => a.type === 'url' || a.type === 'regex')?.message;
      return fields.text({
        label,
        description,
        validation: {
          isRequired: true,
          length: { min: 1 },
          pattern: pattern && {
            regex: pattern,
            message: typeof message === 'string' ? `${label} ${message}` : undefined,
          },
        },
      });
    }
    default:
      throw new Error(`src/cms/facts.ts: the site fact ${path} has a kind the form does not know`);
  }
}

function factFields(entries: Record<string, Schema>, path = ''): Record<string, FactField> {
  return Object.fromEntries(
    Object.entries(entries).map(([key, schema]) => {
      const at = path ? `${path}.${key}` : key;
      return [key, factField(schema, at)];
    }),
  );
}

const schema = factFields((SiteFactsSchema as unknown as Schema).entries!);

export const factSingletons = {
  'site-facts': singleton({
    label: 'Site facts (prices, numbers, legal periods)',
    path: 'content/site-facts',
    format: { data: 'json' },
    schema,
  }),
};
