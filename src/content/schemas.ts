/**
 * The shape of every content file, in one place: the content collections (src/content.config.ts)
 * and the editors' check (src/content/check, `npm run content:check`) use these same schemas, so
 * what the check accepts is what the site builds.
 *
 * Every object is strict: a field the site does not know (often a misspelled optional one, which
 * would otherwise be ignored without a word) is an error, and the check suggests the near name.
 *
 * Text that differs per language is a `localized` object, one key per locale of
 * src/i18n/locales.ts: required for the indexed locales (en, fr, es), optional for the others
 * (pt, not indexed yet), which fall back to English.
 */
import { z } from 'astro/zod';
import { parseLifetime } from '../consent/cookie-lifetime';
import { allLocales, locales, type Locale } from '../i18n/locales';
import countryList from 'country-list/data.json' with { type: 'json' };
import { BOUNDS } from './bounds.ts';

export { BOUNDS };


const tooLong = (max: number) => `is longer than ${max.toLocaleString('en')} characters: shorten it`;
/** Text of at most `max` characters, not empty once trimmed. */
const textUpTo = (max: number) => z.string().trim().min(1, 'is empty: write the text').max(max, tooLong(max));
const text = textUpTo(BOUNDS.paragraph);
const title = textUpTo(BOUNDS.title);
const shortLine = textUpTo(BOUNDS.line);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a locale is indexed (src/i18n/locales.ts), as a type. */
type Indexed<L extends Locale> = (typeof locales)[L]['indexed'];

/**
 * One value per locale: required for every indexed locale, optional (falls back to English) for
 * a locale not launched yet. Launching a language (`indexed: true`) thus asks for its content.
 */
function perLocale<T extends z.ZodType>(value: T) {
  const shape = Object.fromEntries(
    allLocales.map((l) => [l, locales[l].indexed ? value : z.preprocess(emptyIsNone, value.optional())]),
  );
  // Object.fromEntries loses the keys; the shape is exactly the one typed here.
  return z.strictObject(
    shape as {
      [L in Locale]: Indexed<L> extends true ? T : z.ZodPipe<z.ZodTransform<unknown, unknown>, z.ZodOptional<T>>;
    },
  );
}

/** A list saved empty (as the editing UI saves a language left out) is no list. */
function emptyIsNone(value: unknown): unknown {
  return Array.isArray(value) && value.length === 0 ? undefined : value;
}

export const localized = perLocale(text);
/** A name in every language (a team's): a title's length. */
const localizedTitle = perLocale(title);
const localizedLine = perLocale(shortLine);
const localizedList = perLocale(z.array(shortLine).min(1));
/** A locale, by its code (`en`, `fr`…). */
const localeCode = z.enum(allLocales);
const metres = z.number().int().min(0).max(9000);
/** An amount in euros, up to `max`: beyond it, most often a price typed with a decimal comma. */
const eurosUpTo = (max: number) =>
  z
    .number()
    .min(0)
    .max(max, `must be at most ${max} euros (cents after a point: 29.90)`);
const euros = eurosUpTo(BOUNDS.dayEuros);
const count = (max: number) => z.number().int().min(0).max(max);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time: write it as hours:minutes, e.g. 09:00');

/**
 * The `id` of an entry in a list file (rental-packs.yaml, prices.yaml…): other files and addresses
 * use it, so it is written like a file name. The editors' check keeps ids unique.
 */
const entryId = z
  .string()
  .regex(/^[a-z0-9_][a-z0-9_-]*$/, 'may only hold lowercase letters, digits, dashes and underscores, e.g. day-pack');

// A day, optionally with a time of day (2026-11-21T07:30:00Z), as YAML writes dates.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A real calendar date written year-month-day (2026-11-23). Astro's YAML reader turns such a
 * value into a Date and silently rolls 2026-02-30 over to 2 March, so the editors' check (which
 * reads the text as written) is where an impossible date is caught; here a Date is accepted.
 */
export const calendarDate = z.unknown().transform((value, ctx): Date => {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value;
  const written = typeof value === 'string' ? value.trim() : undefined;
  const match = written === undefined ? null : ISO_DATE.exec(written);
  if (match) {
    const [year, month, dayOfMonth] = match.slice(1, 4).map(Number) as [number, number, number];
    const day = new Date(Date.UTC(year, month - 1, dayOfMonth));
    if (day.getUTCMonth() === month - 1 && day.getUTCDate() === dayOfMonth) {
      return match[4] ? new Date(written!) : day;
    }
    ctx.addIssue({ code: 'custom', message: `${written} is not a date in the calendar: check the day and the month` });
    return z.NEVER;
  }
  const shown = value === undefined || value === null ? 'nothing' : JSON.stringify(value);
  ctx.addIssue({ code: 'custom', message: `${shown} is not a date: write year-month-day, e.g. 2026-11-23` });
  return z.NEVER;
});

/**
 * The countries of ISO 3166-1 alpha-2, from the `country-list` package: 249 codes, and none of the
 * codes Intl.DisplayNames also names (EU, the European Union; ZZ, "Unknown Region"; XA and the
 * other private-use codes), which are no country a resort or a job can be in.
 */
const COUNTRY_CODES = new Set(countryList.map(({ code }) => code));

/** Whether a two-letter code (uppercase) is a country's (the editing UI lists exactly these). */
export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

/** A country as its two-letter ISO 3166-1 code (ES, FR), checked against the list of countries. */
export const country = z
  .string()
  .transform((code) => code.trim().toUpperCase())
  .refine(isCountryCode, {
    message: 'is not a country code: write the two-letter code, e.g. ES for Spain or FR for France',
  });

/**
 * A photo of an entry (the optional `photo` and `portrait` fields): the image file's path relative
 * to the content file that names it, usually just its name (`astun.jpg` beside
 * content/resorts/astun.yaml). The collections pass Astro's `image()` (src/content.config.ts), which
 * makes the file part of the build; the editors' check passes its own (check/photos.ts), which
 * names a missing or unsupported file. Read without either, the path is text.
 */
const photoPath = z.string();
/** The image files a photo may be: what the site's image pipeline turns into AVIF and WebP. */
export const photoExtensions = ['jpg', 'jpeg', 'png', 'webp', 'avif'] as const;
/**
 * Text read aloud in place of a photo, for those who cannot see it. Optional: languages left empty
 * (as the editing UI saves them) are no text, and no language at all is no text.
 */
const photoAlt = z.preprocess((alt) => {
  if (!isObject(alt)) return alt;
  const written = Object.entries(alt).filter(([, text]) => text !== '' && text !== null);
  return written.length ? Object.fromEntries(written) : undefined;
}, localized.optional());
const altWithPhoto = {
  message:
    'has no description: add photoAlt, saying in each language what the photo shows (read aloud to those who cannot see it)',
  path: ['photo'],
};

/**
 * A resort. `packRef` is how the resort names a rental pack: Astro's `reference('rentalPacks')`
 * in the collection, a plain id in the editors' check (which checks the ids itself).
 */
export function resortSchema<Ref extends z.ZodType, Photo extends z.ZodType = typeof photoPath>(
  packRef: Ref,
  photo: Photo = photoPath as z.ZodType as Photo,
) {
  return z
    .strictObject({
      name: title,
      /**
       * Other names people search the resort by (a local-language name, the village, an old
       * name): the lesson search finds the resort by them too. Optional.
       */
      aliases: z.array(title).optional(),
      /**
       * The marketplace backend's id of the resort: resort pages ask the backend for its live
       * status and snow report with it, and the Book button hands it to the booking app.
       */
      uuid: z.uuid('is not a uuid: copy the resort’s id from the backend, e.g. 0b6f…-…'),
      country,
      /** Administrative region (Aragon, Catalonia…), as each language writes it. */
      region: localizedLine,
      /** Mountain range (Pyrenees, Sierra Nevada): the destinations page groups resorts by it. */
      range: localizedLine,
      /** The resort's own site, where lift passes are sold. */
      website: z.url('is not a web address: write it whole, starting with https://'),
      elevation: z.strictObject({ base: metres, top: metres }),
      slopes: z.strictObject({
        km: z.number().min(0).max(BOUNDS.km),
        green: count(BOUNDS.runs),
        blue: count(BOUNDS.runs),
        red: count(BOUNDS.runs),
        black: count(BOUNDS.runs),
      }),
      /** Whether the lifts are running today; a later live feed will override it. */
      status: z.enum(['open', 'closed']),
      /** Day lift pass in high season, in euros (indicative: the resort sets and sells them). */
      liftPrices: z.strictObject({ adult: euros, youth: euros, child: euros }),
      /** Who counts as youth and child at this resort, e.g. "6–11". */
      ageBands: z.strictObject({ youth: shortLine, child: shortLine }),
      season: z.strictObject({ opens: calendarDate, closes: calendarDate }),
      hours: z.strictObject({ opens: time, closes: time }),
      snowReport: z.strictObject({
        baseCm: count(BOUNDS.snowCm),
        summitCm: count(BOUNDS.snowCm),
        lastSnowfall: calendarDate,
        updatedAt: calendarDate,
        /** True while the figures are an example rather than a live feed: the page says so. */
        sample: z.boolean(),
      }),
      /**
       * `offered: false`: no partner shop yet, the rental page says rental is coming soon.
       * `offered: true` with no packs: "No equipment is available at this time."
       */
      rental: z.strictObject({
        offered: z.boolean(),
        packs: z.array(packRef).default([]),
      }),
      description: localized,
      /** The resort pages' hero photo (optional): without one, the brand's illustration. */
      photo: photo.optional(),
      photoAlt,
    })
    .refine((r) => r.photo === undefined || r.photoAlt, altWithPhoto)
    .refine((r) => r.elevation.top > r.elevation.base, {
      message: 'must be above elevation.base',
      path: ['elevation', 'top'],
    })
    .refine((r) => r.season.closes > r.season.opens, {
      message: 'must be after season.opens',
      path: ['season', 'closes'],
    })
    .refine((r) => r.rental.offered || r.rental.packs.length === 0, {
      message: 'must be empty when rental.offered is false (or set offered: true)',
      path: ['rental', 'packs'],
    });
}


/** A posting's pay band. */
export const salaryBand = z
  .strictObject({
    min: z.number().int().positive(),
    max: z.number().int().positive(),
    per: z.enum(['year', 'month']),
  })
  .refine((s) => s.max >= s.min, { message: 'must not be below salary.min', path: ['max'] })
  .refine((s) => s.max <= BOUNDS.salary[s.per], {
    // Cents typed after a comma, or a yearly amount with `per: month`, land here.
    message: 'is too high for a gross salary: write whole euros, without cents',
    path: ['max'],
  });

/** An English job posting's front matter (content/jobs/en/<slug>.md): the words and every fact. */
export const jobSchema = z
  .strictObject({
    title,
    /**
     * The team's English name, one of content/teams.yaml (the editors' check keeps it to those
     * names): the pages in other languages show the team's name in their language from that list.
     */
    team: title,
    /** How the location reads on the page, in the file's language: "Remote (Europe)". */
    location: shortLine,
    /** Where the job is based (JobPosting structured data): the country, and the town unless remote. */
    country,
    city: shortLine.optional(),
    /** Countries a remote employee may live and work in (the employer must be able to hire there). */
    applicantCountries: z.preprocess(
      // An empty list (as the editing UI saves one) is no list.
      (list) => (Array.isArray(list) && list.length === 0 ? undefined : list),
      z.array(country).min(1).optional(),
    ),
    type: z.enum(['full-time', 'part-time', 'seasonal', 'contract', 'internship']),
    workplace: z.enum(['remote', 'hybrid', 'on-site']),
    /**
     * Gross pay band in euros, per year (or per month for seasonal jobs). Optional: a band with
     * neither amount (as the editing UI saves an empty one) is no band.
     */
    salary: z.preprocess(
      (band) => (isObject(band) && band.min == null && band.max == null ? undefined : band),
      salaryBand.optional(),
    ),
    posted: calendarDate,
    /** Last day to apply; after it the posting shows as closed (until its files are removed). */
    validThrough: calendarDate.optional(),
    /** Listing order on the jobs page (smallest first); teams follow their first posting. */
    order: z.number().int().default(100),
  })
  .refine((j) => j.workplace !== 'remote' || j.applicantCountries, {
    message: 'is missing: a remote posting lists the countries candidates may live in',
    path: ['applicantCountries'],
  })
  .refine((j) => j.workplace === 'remote' || j.city, {
    message: 'is missing: an on-site or hybrid posting names the city it is based in',
    path: ['city'],
  })
  .refine((j) => !j.validThrough || j.validThrough >= j.posted, {
    message: 'must not be before posted',
    path: ['validThrough'],
  });

/**
 * A translated posting's front matter (content/jobs/fr/<slug>.md, es, pt): only the words. Every
 * fact (team, country, city, applicant countries, contract, workplace, salary, dates, order) is
 * the English posting's of the same file name, which the pages merge in (src/content/postings.ts),
 * so no translation can pay another salary or sit elsewhere on the jobs page.
 */
export const jobTranslationSchema = z.strictObject({
  title,
  /** How the location reads on the page, in the file's language: "Télétravail (Europe)". */
  location: shortLine,
});

/** The English posting's fields a translation takes as they are and never writes. */
export const SHARED_JOB_FACTS = Object.keys(jobSchema.shape).filter(
  (field) => !(field in jobTranslationSchema.shape),
) as (keyof typeof jobSchema.shape)[];

/**
 * content/teams.yaml: the teams of the jobs page, each named in every language. The one list of
 * teams: the editors' check holds every posting's `team` to it and the editing UI offers it.
 */
export const teamsSchema = z.strictObject({
  teams: z.array(z.strictObject({ name: localizedTitle })).min(1),
});

/**
 * A rental pack of content/rental-packs.yaml (its `id` is the entry's id, not checked here).
 * `photo` as for `resortSchema`.
 */
export const rentalPackSchema = <Photo extends z.ZodType = typeof photoPath>(
  photo: Photo = photoPath as z.ZodType as Photo,
) =>
  z
    .strictObject({
  id: entryId,
  sport: z.enum(['ski', 'snowboard']),
  /** `full`: skis or board with boots (and poles); `boots`: boots only, for your own skis. */
  kind: z.enum(['full', 'boots']),
  name: localizedTitle,
  level: z.enum(['beginner', 'intermediate', 'advanced', 'all']),
  /** What the pack contains, one item per line. */
  contents: localizedList,
  /** Price for one day, in euros. */
  dayPrice: euros,
  order: z.number().int().default(100),
  /** A photo of the pack's equipment (optional): shown at the top of its card. */
  photo: photo.optional(),
  photoAlt,
})
    .refine((p) => p.photo === undefined || p.photoAlt, altWithPhoto);

/** A row of content/prices.yaml. */
export const priceSchema = z.strictObject({
  id: entryId,
  tab: z.enum(['ski', 'snowboard', 'accessories']),
  label: localizedLine,
  /** Optional. A detail with no text in any language (as the editing UI saves one left empty) is none. */
  detail: z.preprocess(
    (detail) => (isObject(detail) && Object.values(detail).every((text) => text == null) ? undefined : detail),
    localized.optional(),
  ),
  amount: eurosUpTo(BOUNDS.priceEuros),
  unit: z.enum(['day', 'week', 'service']),
  /** Shown as "from …". */
  from: z.boolean().default(false),
  order: z.number().int().default(100),
});

/** One audience's questions (content/faq/<audience>.yaml). */
export const faqSchema = z.strictObject({
  questions: z
    .array(
      z.strictObject({
        /** Anchor of the question (`/en/faq#cancel`), the same in every locale; optional. */
        id: z
          .string()
          .regex(/^[a-z0-9-]+$/, 'may only hold lowercase letters, digits and dashes, e.g. cancel-or-change')
          .optional(),
        question: localized,
        answer: localized,
      }),
    )
    .min(1),
});

/** A cookie of content/cookies.yaml. */
export const cookieSchema = z
  .strictObject({
    id: entryId,
    /** The cookie's name as the browser shows it (`_ga_*` for a family of names). */
    name: text,
    category: z.enum(['necessary', 'functionality', 'tracking', 'targeting']),
    /** Set by the site itself (first party) or by a third party's script. */
    party: z.enum(['first', 'third']),
    /** Who sets a third-party cookie, e.g. Google. First-party cookies are the brand's. */
    provider: text.optional(),
    purpose: localized,
    /**
     * `session`, `30 days`, `13 months`, `24 hours`, or a site fact and its unit:
     * `{{cookies.consentDays}} days`. Shown in words per locale.
     */
    lifetime: z.string().transform((value, ctx) => {
      try {
        return parseLifetime(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  })
  .refine((c) => c.party === 'first' || c.provider, {
    message: 'is missing: a third-party cookie names who sets it',
    path: ['provider'],
  });

/**
 * A learner's review (content/reviews.yaml). `resortRef` as for `resortSchema`, `photo` as for
 * its photo.
 */
export function reviewSchema<Ref extends z.ZodType, Photo extends z.ZodType = typeof photoPath>(
  resortRef: Ref,
  photo: Photo = photoPath as z.ZodType as Photo,
) {
  return (
    z
      .strictObject({
        id: entryId,
        author: text,
        from: text,
        sport: z.enum(['ski', 'snowboard']),
        resort: resortRef,
        rating: z.number().int().min(1).max(5),
        date: calendarDate,
        /** Written for the launch to show what a review looks like, not by a learner: marked as such. */
        example: z.boolean().default(false),
        /** The review as written, and the language it was written in. */
        language: localeCode,
        text,
        /** Translations shown on other locales' pages, marked as translated. */
        translations: z
          .strictObject(Object.fromEntries(allLocales.map((l) => [l, text])) as Record<Locale, typeof text>)
          .partial()
          .default({}),
        /**
         * The author's portrait (optional), beside their name: it needs no text of its own (the
         * name is written next to it). Without one, the author's initial.
         */
        portrait: photo.optional(),
      })
      // A "translation" into the review's own language would hide what the author really wrote.
      .refine((r) => !(r.language in r.translations), {
        message: 'must not repeat the review’s own language (it is in text)',
        path: ['translations'],
      })
  );
}

/** A long-form page's front matter (content/articles/<locale>/<page>.md). */
export const articleSchema = z.strictObject({
  /** Shown as "last updated" when the text changed after it was first published. */
  updated: calendarDate.optional(),
});

/**
 * An instructor who teaches through the platform, shown on the instructors page
 * (content/instructors.yaml): only real instructors who agreed to be shown, in their own words.
 * `resortRef` as for `reviewSchema`, `photo` as for the resort's.
 */
export function instructorSchema<Ref extends z.ZodType, Photo extends z.ZodType = typeof photoPath>(
  resortRef: Ref,
  photo: Photo = photoPath as z.ZodType as Photo,
) {
  return z.strictObject({
    id: entryId,
    /** As the instructor wants to be named: first name and initial, e.g. Jordi P. */
    name: text,
    sport: z.enum(['ski', 'snowboard']),
    /** Where they teach: a resort's file name, without .yaml. */
    resort: resortRef,
    /** Why they teach with us, in their words, in every language. */
    quote: localized,
    /**
     * Their photo (optional): beside their name, it needs no text of its own. Without one, the
     * brand's illustration.
     */
    photo: photo.optional(),
    order: z.number().int().default(100),
  });
}
