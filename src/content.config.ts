/**
 * The typed content collections, read from `content/` (see docs/content.md). A wrong or missing
 * field fails `astro build` with the collection, the entry and the field named.
 *
 * Text that differs per language is a `localized` object: en, fr and es are required; pt is
 * optional and falls back to English (Portuguese pages are not indexed yet).
 *
 * The business numbers (prices, group sizes, stats…) are not here but in `content/site-facts.json`
 * (`src/site-facts.ts`), because islands and the form receiver need them outside Astro.
 */
import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { parseLifetime } from './consent/cookie-lifetime';

const text = z.string().trim().min(1);
export const localized = z.object({ en: text, fr: text, es: text, pt: text.optional() });
const localizedList = z.object({
  en: z.array(text).min(1),
  fr: z.array(text).min(1),
  es: z.array(text).min(1),
  pt: z.array(text).min(1).optional(),
});
const metres = z.number().int().min(0).max(9000);
const euros = z.number().min(0);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time such as 09:00');

const resorts = defineCollection({
  // One file per resort: content/resorts/baqueira-beret.yaml → id "baqueira-beret" (used in URLs).
  // Editors' guide: docs/content-resorts.md.
  loader: glob({ pattern: '*.yaml', base: './content/resorts' }),
  schema: z
    .object({
      name: text,
      /**
       * Other names people search the resort by (a local-language name, the village, an old
       * name): the lesson search finds the resort by them too. Optional.
       */
      aliases: z.array(text).optional(),
      /**
       * The marketplace backend's id of the resort: resort pages ask the backend for its live
       * status and snow report with it, and the Book button hands it to the booking app.
       */
      uuid: z.uuid(),
      country: z.string().length(2).toUpperCase(), // ISO 3166-1 alpha-2
      /** Administrative region (Aragon, Catalonia…), as each language writes it. */
      region: localized,
      /** Mountain range (Pyrenees, Sierra Nevada): the destinations page groups resorts by it. */
      range: localized,
      /** The resort's own site, where lift passes are sold. */
      website: z.url(),
      elevation: z.object({ base: metres, top: metres }),
      slopes: z.object({
        km: z.number().min(0),
        green: z.number().int().min(0),
        blue: z.number().int().min(0),
        red: z.number().int().min(0),
        black: z.number().int().min(0),
      }),
      /** Whether the lifts are running today; a later live feed will override it. */
      status: z.enum(['open', 'closed']),
      /** Day lift pass in high season, in euros (indicative: the resort sets and sells them). */
      liftPrices: z.object({ adult: euros, youth: euros, child: euros }),
      /** Who counts as youth and child at this resort, e.g. "6–11". */
      ageBands: z.object({ youth: text, child: text }),
      season: z.object({ opens: z.coerce.date(), closes: z.coerce.date() }),
      hours: z.object({ opens: time, closes: time }),
      snowReport: z.object({
        baseCm: z.number().int().min(0),
        summitCm: z.number().int().min(0),
        lastSnowfall: z.coerce.date(),
        updatedAt: z.coerce.date(),
        /** True while the figures are an example rather than a live feed: the page says so. */
        sample: z.boolean(),
      }),
      /**
       * `offered: false`: no partner shop yet, the rental page says rental is coming soon.
       * `offered: true` with no packs: "No equipment is available at this time."
       */
      rental: z.object({
        offered: z.boolean(),
        packs: z.array(reference('rentalPacks')).default([]),
      }),
      description: localized,
    })
    .refine((r) => r.elevation.top > r.elevation.base, {
      message: 'elevation.top must be above elevation.base',
      path: ['elevation', 'top'],
    })
    .refine((r) => r.season.closes > r.season.opens, {
      message: 'season.closes must be after season.opens',
      path: ['season', 'closes'],
    })
    .refine((r) => r.rental.offered || r.rental.packs.length === 0, {
      message: 'rental.packs must be empty when rental.offered is false',
      path: ['rental', 'packs'],
    }),
});

const country = z.string().length(2).toUpperCase(); // ISO 3166-1 alpha-2

const jobs = defineCollection({
  // One markdown file per posting and locale: content/jobs/fr/backend-engineer.md → id
  // "fr/backend-engineer". The file name is the posting's slug, the same in every locale, and
  // every posting exists in English (the site map takes the slugs from content/jobs/en).
  // A locale without the file shows the English posting, marked as such (see docs/content-jobs.md).
  loader: glob({ pattern: '*/*.md', base: './content/jobs' }),
  schema: z
    .object({
      title: text,
      team: text,
      /** How the location reads on the page, in the file's language: "Remote (Europe)". */
      location: text,
      /** Where the job is based (JobPosting structured data): the country, and the town unless remote. */
      country,
      city: text.optional(),
      /** Countries a remote employee may live and work in (the employer must be able to hire there). */
      applicantCountries: z.array(country).min(1).optional(),
      type: z.enum(['full-time', 'part-time', 'seasonal', 'contract', 'internship']),
      workplace: z.enum(['remote', 'hybrid', 'on-site']),
      /** Gross pay band in euros, per year (or per month for seasonal jobs). */
      salary: z
        .object({ min: z.number().int().positive(), max: z.number().int().positive(), per: z.enum(['year', 'month']) })
        .refine((s) => s.max >= s.min, { message: 'salary.max must not be below salary.min', path: ['max'] })
        .optional(),
      posted: z.coerce.date(),
      /** Last day to apply; after it the posting shows as closed (until its files are removed). */
      validThrough: z.coerce.date().optional(),
      /** Listing order on the jobs page (smallest first); teams follow their first posting. */
      order: z.number().int().default(100),
    })
    .refine((j) => j.workplace !== 'remote' || j.applicantCountries, {
      message: 'a remote posting needs applicantCountries (where candidates may live)',
      path: ['applicantCountries'],
    })
    .refine((j) => j.workplace === 'remote' || j.city, {
      message: 'an on-site or hybrid posting needs the city it is based in',
      path: ['city'],
    })
    .refine((j) => !j.validThrough || j.validThrough >= j.posted, {
      message: 'validThrough must not be before posted',
      path: ['validThrough'],
    }),
});

const rentalPacks = defineCollection({
  // Partner shops' packs; resorts list the ones they offer by id. Editors' guide: docs/content-resorts.md.
  loader: file('./content/rental-packs.yaml'),
  schema: z.object({
    sport: z.enum(['ski', 'snowboard']),
    /** `full`: skis or board with boots (and poles); `boots`: boots only, for your own skis. */
    kind: z.enum(['full', 'boots']),
    name: localized,
    level: z.enum(['beginner', 'intermediate', 'advanced', 'all']),
    /** What the pack contains, one item per line. */
    contents: localizedList,
    /** Price for one day, in euros. */
    dayPrice: euros,
    order: z.number().int().default(100),
  }),
});

const prices = defineCollection({
  // Rows of the prices page besides lessons (site facts) and rental packs (their collection), one
  // tab per `tab`. Editors' guide: docs/content-resorts.md.
  loader: file('./content/prices.yaml'),
  schema: z.object({
    tab: z.enum(['ski', 'snowboard', 'accessories']),
    label: localized,
    detail: localized.optional(),
    amount: euros,
    unit: z.enum(['day', 'week', 'service']),
    /** Shown as "from …". */
    from: z.boolean().default(false),
    order: z.number().int().default(100),
  }),
});

const faq = defineCollection({
  // One file per audience: content/faq/learners.yaml (the FAQ page), content/faq/instructors.yaml
  // (the instructors page). Questions show in the order written. Questions and answers may use
  // {{brand}}, {{contactEmail}}, site facts and {{fact:euros}} (src/content/markdown-placeholders.ts).
  loader: glob({ pattern: '*.yaml', base: './content/faq' }),
  schema: z.object({
    questions: z
      .array(
        z.object({
          /** Anchor of the question (`/en/faq#cancel`), the same in every locale; optional. */
          id: z
            .string()
            .regex(/^[a-z0-9-]+$/, 'expected lowercase letters, digits and dashes, e.g. cancel-or-change')
            .optional(),
          question: localized,
          answer: localized,
        }),
      )
      .min(1)
      .refine((questions) => new Set(questions.map((q) => q.id).filter(Boolean)).size === questions.filter((q) => q.id).length, {
        message: 'two questions have the same id',
      }),
  }),
});

const cookies = defineCollection({
  // Every cookie the site can set: the cookies policy's tables and the consent banner's categories.
  loader: file('./content/cookies.yaml'),
  schema: z
    .object({
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
      message: 'a third-party cookie needs its provider',
      path: ['provider'],
    }),
});

const reviews = defineCollection({
  // Learners' reviews for the home page (docs/content-home.md), each in its author's language.
  loader: file('./content/reviews.yaml'),
  schema: z
    .object({
      author: text,
      from: text,
      sport: z.enum(['ski', 'snowboard']),
      resort: reference('resorts'),
      rating: z.number().int().min(1).max(5),
      date: z.coerce.date(),
      /** The review as written, and the language it was written in. */
      language: z.enum(['en', 'fr', 'es', 'pt']),
      text,
      /** Translations shown on other locales' pages, marked as translated. */
      translations: z.object({ en: text, fr: text, es: text, pt: text }).partial().default({}),
    })
    // A "translation" into the review's own language would hide what the author really wrote.
    .refine((r) => !(r.language in r.translations), {
      message: 'translations must not repeat the review’s own language',
      path: ['translations'],
    }),
});

const articles = defineCollection({
  // Long-form pages written as prose, one markdown file per page and locale:
  // content/articles/fr/privacy.md → id "fr/privacy" (policies, covid-19…). See docs/content-legal.md.
  loader: glob({ pattern: '*/*.md', base: './content/articles' }),
  schema: z.object({
    /** Shown as "last updated" when the text changed after it was first published. */
    updated: z.coerce.date().optional(),
  }),
});

export const collections = { resorts, jobs, rentalPacks, prices, faq, cookies, reviews, articles };
