/**
 * The list files in the editing UI: rental packs, the prices page's other rows, learners' reviews,
 * the cookie catalogue and the instructors shown on the instructors page. Each file holds its entries under a top-level key (`packs:`…, see
 * src/content/collections.ts), so each is one Keystatic singleton: a list of forms, in file order.
 * The fields mirror the schemas of src/content/schemas.ts, whose closed lists they take;
 * tests/unit/cms-fields.test.ts proves the two agree.
 */
import { fields, singleton, type ComponentSchema } from '@keystatic/core';
import { z } from 'astro/zod';
import { contentCollections, type ListPlace } from '../content/collections';
import { lifetimeUnits } from '../consent/cookie-lifetime';
import { allLocales, type Locale } from '../i18n/locales';
import { BOUNDS } from '../content/bounds';
import {
  choice,
  day,
  entryId,
  euros,
  languageName,
  line,
  localized,
  localizedList,
  optionalLine,
  optionalLocalized,
  order,
  whole,
} from './fields';

/** The list files' schemas and places, as the editors' check reads them. */
const lists = contentCollections({ resort: z.string(), pack: z.string(), photo: z.string() });
const pack = lists.rentalPacks.schema.shape;
const price = lists.prices.schema.shape;
const cookie = lists.cookies.schema.shape;
const review = lists.reviews.schema.shape;

const languageLabels = Object.fromEntries(
  allLocales.map((locale) => [locale, languageName(locale)]),
) as Record<Locale, string>;

const sports = { ski: 'Ski', snowboard: 'Snowboard' } as const;

/**
 * A photo of a list's entry: uploaded into content/photos/ and named in the file relative to it
 * (`photos/economy.jpg`), as the schemas read it (relative to the list file, docs/content.md#photos).
 */
const photoField = (label: string, description: string) =>
  fields.image({ label, description, directory: 'content/photos', publicPath: './photos/' });

/**
 * A singleton editing one list file: `content/<file>` with its entries under the file's key.
 * `itemLabel` names an entry in the list (its English name and id).
 */
type ItemFields = Record<string, { value?: unknown; fields?: Record<string, { value?: unknown }> }>;

function listFile(
  { file, key }: ListPlace,
  label: string,
  description: string,
  entry: Record<string, ComponentSchema>,
  itemLabel: (entry: ItemFields) => string,
) {
  return singleton({
    label,
    path: `content/${file.replace(/\.yaml$/, '')}`,
    format: 'yaml',
    schema: {
      [key]: fields.array(fields.object(entry), {
        label,
        description,
        itemLabel: (props) => itemLabel(props.fields as ItemFields) || 'New entry',
      }),
    },
  });
}

/** "Economy pack (economy)": an entry's English name and its id, as the list shows it. */
const named = (english: unknown, id: unknown) =>
  [english, id ? `(${String(id)})` : ''].filter(Boolean).join(' ');

/** Optional text of a few lines: left empty, the file does not get the field. */
const optionalText = (label: string) => fields.text({ label, multiline: true });

/**
 * Paragraphs per language that may be left out altogether (a price's detail): every language
 * optional here, and the schema drops a group saved with no text at all.
 */
function optionalParagraphs(label: string, description: string) {
  return fields.object(
    Object.fromEntries(allLocales.map((locale) => [locale, optionalText(languageLabels[locale])])),
    { label, description },
  );
}

const rentalPacks = listFile(
  lists.rentalPacks.place,
  'Rental packs',
  'The partner shops’ packs, as the rental and prices pages show them. A resort offers a pack by ticking it in its own page (Resorts › Equipment rental).',
  {
    id: entryId(
      'How resorts name the pack (Resorts › Equipment rental) and the reservation form sends it: lowercase letters, digits and dashes. Change it only with the resorts that offer the pack: the check names any resort still using the old id.',
    ),
    sport: choice('Sport', pack.sport.options, 'What the pack is for.', sports),
    kind: choice(
      'Kind',
      pack.kind.options,
      'A full pack has skis or a board with boots (and poles); boots only is for your own skis.',
      { full: 'Full pack', boots: 'Boots only' },
    ),
    name: localized('Name', 'The pack’s name, in each language.', false, BOUNDS.title),
    level: choice('Level', pack.level.options, 'Who the pack suits.', {
      beginner: 'Beginner',
      intermediate: 'Intermediate',
      advanced: 'Advanced',
      all: 'All levels',
    }),
    contents: localizedList(
      'Contents',
      'What the pack holds, one item per line, in each language.',
    ),
    dayPrice: euros('Price for one day (euros)', 'The rental and prices pages show it per day.'),
    photo: photoField(
      'Photo',
      'Optional: shown at the top of the pack’s card. Landscape (JPEG, PNG, WebP or AVIF), at least 1000 pixels wide; the site makes the small versions. Give its description below.',
    ),
    photoAlt: optionalLocalized(
      'Photo description',
      'Required with a photo, in each language: what the photo shows, read aloud to visitors who cannot see it (“Skis, poles and boots of the Evolution pack”).',
    ),
    order: order('Position in the list of packs: smaller numbers first.'),
  },
  ({ name, id }) => named(name?.fields?.en?.value, id?.value),
);

const prices = listFile(
  lists.prices.place,
  'Prices (services and accessories)',
  'The prices page’s rows besides lessons (site facts) and rental packs (their own list), one tab per sport and one for accessories.',
  {
    id: entryId('The row’s own name in the file: lowercase letters, digits and dashes.'),
    tab: choice('Tab', price.tab.options, 'The tab of the prices page the row is on.', {
      ...sports,
      accessories: 'Accessories',
    }),
    label: localized('Label', 'What the row is, in each language.'),
    detail: optionalParagraphs(
      'Detail',
      'Optional line under the label, in each language. Leave every language empty for none.',
    ),
    amount: euros('Amount (euros)', undefined, BOUNDS.priceEuros),
    unit: choice('Per', price.unit.options, 'What the amount is for.', {
      day: 'Day',
      week: 'Week',
      service: 'Service (once)',
    }),
    from: fields.checkbox({
      label: 'Starting price',
      description: 'Ticked: the page writes “from” before the amount.',
    }),
    order: order('Position in its tab: smaller numbers first.'),
  },
  ({ label, id }) => named(label?.fields?.en?.value, id?.value),
);

/** `session`, or a number or a site fact followed by a unit: what parseLifetime reads. */
const lifetimePattern = new RegExp(
  `^(session|(\\d+|\\{\\{\\s*[\\w.]+\\s*\\}\\})\\s+(${lifetimeUnits.join('|')})s?)$`,
);

const cookies = listFile(
  lists.cookies.place,
  'Cookies',
  'Every cookie the site can set: the cookies policy’s tables and the consent banner’s categories come from this list.',
  {
    id: entryId('The entry’s own name in the file, often the cookie’s name with underscores.'),
    name: line('Cookie name', 'As the browser shows it; _ga_* stands for a family of names.'),
    category: choice(
      'Category',
      cookie.category.options,
      'Which consent choice allows it. Necessary cookies are always set.',
      {
        necessary: 'Necessary',
        functionality: 'Functionality',
        tracking: 'Tracking (analytics)',
        targeting: 'Targeting (marketing)',
      },
    ),
    party: choice(
      'Set by',
      cookie.party.options,
      'The site itself, or a provider’s script (then name the provider).',
      { first: 'The site (first party)', third: 'A provider (third party)' },
    ),
    provider: optionalLine(
      'Provider',
      'Who sets a third-party cookie, e.g. Google. Required then.',
    ),
    purpose: localized('Purpose', 'What the cookie is for, in each language.', true),
    lifetime: fields.text({
      label: 'Lifetime',
      description:
        'session, or a number and a unit (30 days, 13 months, 24 hours), or a site fact and its unit: {{cookies.consentDays}} days.',
      validation: {
        isRequired: true,
        pattern: { regex: lifetimePattern, message: 'session, or e.g. 30 days' },
      },
    }),
  },
  ({ name }) => String(name?.value ?? ''),
);

const reviews = listFile(
  lists.reviews.place,
  'Reviews',
  'Learners’ reviews on the home page, shown in a random order. Write each as its author wrote it.',
  {
    id: entryId('The review’s own name in the file, e.g. claire-astun.'),
    author: line('Author', 'As the page shows it: first name and initial, e.g. Claire D.'),
    from: line('From', 'Where the author lives, e.g. Toulouse.'),
    sport: choice('Sport', review.sport.options, 'What the lesson was.', sports),
    resort: fields.relationship({
      label: 'Resort',
      description: 'The resort the lesson was at.',
      collection: 'resorts',
      validation: { isRequired: true },
    }),
    rating: whole('Rating', 'Stars, from 1 to 5.', 1, 5),
    date: day('Date', 'The day the review was written.'),
    example: fields.checkbox({
      label: 'Example',
      description:
        'Ticked for a review written for the launch, not by a learner: the page labels it “Example”.',
    }),
    language: choice(
      'Written in',
      review.language.options,
      'The language of the text below.',
      languageLabels,
    ),
    text: line('Review', 'Exactly as the author wrote it.', true),
    portrait: photoField(
      'Portrait',
      'Optional, only with the author’s consent: a small circle beside their name. Square, face centred, at least 200 pixels. No description needed: the name is beside it.',
    ),
    translations: optionalParagraphs(
      'Translations',
      'Shown on the other languages’ pages, marked “translated”; leave the review’s own language empty. Without one, the original shows.',
    ),
  },
  ({ author, id }) => named(author?.value, id?.value),
);

const instructor = lists.instructors.schema.shape;

const instructors = listFile(
  lists.instructors.place,
  'Instructors on the instructors page',
  'Instructors who teach through the platform and agreed to be shown, in their own words. The section “Instructors already on the platform” appears with the first one.',
  {
    id: entryId('The instructor’s own name in the file, e.g. jordi-p.'),
    name: line('Name', 'As they want to be named: first name and initial, e.g. Jordi P.'),
    sport: choice('Sport', instructor.sport.options, 'What they teach.', sports),
    resort: fields.relationship({
      label: 'Resort',
      description: 'Where they teach.',
      collection: 'resorts',
      validation: { isRequired: true },
    }),
    quote: localized('Quote', 'Why they teach with us, in their words, in each language.'),
    photo: photoField(
      'Photo',
      'Optional, with their consent: the top of their card. Landscape, at least 1000 pixels wide. No description needed: the name is below it. Without one, the card shows the brand’s illustration.',
    ),
    order: order('Position on the page: smaller numbers first.'),
  },
  ({ name, id }) => named(name?.value, id?.value),
);

export const listSingletons = {
  'rental-packs': rentalPacks,
  prices,
  reviews,
  cookies,
  instructors,
};

/** The schema each singleton's entries follow (for the agreement test). */
export const listSchemas = {
  'rental-packs': lists.rentalPacks,
  prices: lists.prices,
  reviews: lists.reviews,
  cookies: lists.cookies,
  instructors: lists.instructors,
};
