/**
 * The editing UI's forms (src/cms/content.ts) and the site's schemas (src/content/schemas.ts)
 * agree: every form has exactly the schema's fields, a field the schema requires cannot be left
 * empty in the form (and an optional one can), and every choice offers exactly the schema's
 * closed list. A field added to a schema and not to its form, or the reverse, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import * as v from 'valibot';
import { collections, singletons } from '../../src/cms/content';
import { listSchemas } from '../../src/cms/lists';
import { ENGLISH_POSTING } from '../../src/cms/translated-posting';
import { parseLifetime } from '../../src/consent/cookie-lifetime';
import { parse } from 'yaml';
import { seoLengths } from '../../src/lib/seo-lengths';
import {
  articleSchema,
  faqSchema,
  jobSchema,
  jobTranslationSchema,
  resortSchema,
  teamsSchema,
} from '../../src/content/schemas';
import { SiteFactsSchema } from '../../src/site-facts';
import { BOUNDS } from '../../src/content/bounds';
import { FACT_WORDS } from '../../src/cms/facts';
import { allLocales, defaultLocale } from '../../src/i18n/locales';

type Field = {
  kind: 'form' | 'object' | 'array' | 'child' | 'conditional';
  formKind?: string;
  fields?: Record<string, Field>;
  element?: Field;
  options?: readonly { value: string }[];
  validate?: (value: unknown) => unknown;
  defaultValue?: () => unknown;
};

/** The schema under optional, default and preprocessing wrappers, and whether it may be absent. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
      optional = true;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe && !(inner.out instanceof z.ZodTransform)) {
      inner = inner.out as z.ZodType;
    } else return { inner, optional };
  }
}

/** Whether the form refuses the field left as a new entry has it (empty). */
function refusesEmpty(field: Field): boolean {
  try {
    field.validate!(field.defaultValue!());
    return false;
  } catch {
    return true;
  }
}

/** Every disagreement between a form and its schema, as `path: what`. */
function compare(form: Field, schema: z.ZodType, path: string, problems: string[]) {
  const { inner, optional } = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    if (form.kind !== 'object') return void problems.push(`${path}: the schema has an object`);
    const keys = Object.keys(inner.shape);
    const formKeys = Object.keys(form.fields!);
    for (const key of keys.filter((k) => !formKeys.includes(k)))
      problems.push(`${path}.${key}: missing in the form`);
    for (const key of formKeys.filter((k) => !keys.includes(k)))
      problems.push(`${path}.${key}: not in the schema`);
    for (const key of keys.filter((k) => formKeys.includes(k))) {
      // An optional object (the salary band) has optional amounts in the form: the schema drops
      // a band saved empty.
      const child = inner.shape[key] as z.ZodType;
      compare(form.fields![key]!, optional ? child.optional() : child, `${path}.${key}`, problems);
    }
    return;
  }
  if (inner instanceof z.ZodArray) {
    const element = unwrap(inner.element as z.ZodType).inner;
    if (form.kind === 'array') return compare(form.element!, element, `${path}[]`, problems);
    if (!form.options) return void problems.push(`${path}: the schema has a list`);
    if (element instanceof z.ZodEnum)
      expectOptions(form, element.options as string[], path, problems);
    return;
  }
  if (form.kind !== 'form') return void problems.push(`${path}: the schema has a single value`);
  if (inner instanceof z.ZodEnum) expectOptions(form, inner.options as string[], path, problems);
  // A field with a default (order) is filled in the form; the others must match.
  const hasDefault = schema instanceof z.ZodDefault;
  // A ticked-or-not box always has a value.
  const alwaysSet = inner instanceof z.ZodBoolean || form.options;
  if (!hasDefault && !alwaysSet && refusesEmpty(form) === optional) {
    problems.push(
      `${path}: ${optional ? 'optional in the schema, required in the form' : 'required in the schema, optional in the form'}`,
    );
  }
}

function expectOptions(form: Field, options: readonly string[], path: string, problems: string[]) {
  const offered = (form.options ?? []).map((o) => o.value).sort();
  if (JSON.stringify(offered) !== JSON.stringify([...options].sort())) {
    problems.push(
      `${path}: the form offers ${offered.join(', ')}, the schema ${options.join(', ')}`,
    );
  }
}

/**
 * A collection's or singleton's form as one object field: its body (not front matter) left out,
 * and a translated posting's choice of its English posting, which names the file and writes
 * nothing in it.
 */
const formOf = (schema: Record<string, Field>): Field => ({
  kind: 'object',
  fields: Object.fromEntries(
    Object.entries(schema).filter(
      ([key, f]) => f.formKind !== 'content' && key !== ENGLISH_POSTING,
    ),
  ),
});
const schemaOfForm = (entry: unknown) =>
  formOf((entry as { schema: Record<string, Field> }).schema);

describe('the editing UI’s forms follow the content schemas', () => {
  const cases: [string, unknown, z.ZodType][] = [
    ['resorts', collections.resorts, resortSchema(z.string())],
    // An English posting holds every fact; a translation only its words.
    ...allLocales.map((l): [string, unknown, z.ZodType] => [
      `jobs-${l}`,
      collections[`jobs-${l}`],
      l === defaultLocale ? jobSchema : jobTranslationSchema,
    ]),
    ['teams', singletons.teams, teamsSchema],
    ['faq-learners', singletons['faq-learners'], faqSchema],
    ['faq-instructors', singletons['faq-instructors'], faqSchema],
    // A list file's form: its key, holding the list of entries the collection's schema reads.
    ...Object.entries(listSchemas).map(
      ([name, { place, schema }]): [string, unknown, z.ZodType] => [
        name,
        singletons[name as keyof typeof listSchemas],
        z.strictObject({ [place.key]: z.array(schema) }),
      ],
    ),
  ];

  it.each(cases)('%s', (_name, entry, schema) => {
    const problems: string[] = [];
    compare(schemaOfForm(entry), schema, '', problems);
    expect(problems).toEqual([]);
  });

  it('the resort form offers the country codes the schema accepts, and only those', () => {
    const country = (schemaOfForm(collections.resorts).fields!.country as Field).options!.map(
      (o) => o.value,
    );
    const accepted = country.filter(
      (code) => resortSchema(z.string()).shape.country.safeParse(code).success,
    );
    expect(accepted).toEqual(country);
    expect(resortSchema(z.string()).shape.country.safeParse('XX').success).toBe(
      country.includes('XX'),
    );
  });

  it('the cookie form accepts a lifetime exactly when the site can read it', () => {
    const cookies = schemaOfForm(singletons.cookies).fields!.cookies!.element!.fields!;
    const formAccepts = (lifetime: string) =>
      !refusesEmpty({ ...cookies.lifetime!, defaultValue: () => lifetime });
    const siteReads = (lifetime: string) => {
      try {
        parseLifetime(lifetime);
        return true;
      } catch {
        return false;
      }
    };
    const written = ['session', '30 days', '13 months', '1 year', '{{cookies.consentDays}} days'];
    const wrong = ['forever', '30', 'days', '30 weeks', '{{cookies.consentDays}}'];
    for (const lifetime of [...written, ...wrong]) {
      expect(formAccepts(lifetime), lifetime).toBe(siteReads(lifetime));
    }
  });

  it('what the forms save for a group or list left empty is what the schemas read as none', () => {
    // The UI saves a price's detail left empty as `detail: {}`, a language's list of a pack's
    // contents emptied as `pt: []`: both mean "none", not a detail or a list with its text missing.
    const read = (file: string, key: string) =>
      (parse(readFileSync(`content/${file}`, 'utf8')) as Record<string, Record<string, unknown>[]>)[
        key
      ]![0]!;
    const price = { ...read('prices.yaml', 'prices'), detail: {} };
    expect(listSchemas.prices.schema.safeParse(price).error?.issues).toBeUndefined();
    const pack = read('rental-packs.yaml', 'packs');
    const optional = allLocales.filter(
      (l) => !listSchemas['rental-packs'].schema.shape.contents.shape[l].safeParse(undefined).error,
    );
    const emptied = {
      ...pack,
      contents: {
        ...(pack.contents as object),
        ...Object.fromEntries(optional.map((l) => [l, []])),
      },
    };
    expect(listSchemas['rental-packs'].schema.safeParse(emptied).error?.issues).toBeUndefined();
  });
});

/** A form field as the site facts' and articles' checks below read it. */
type Leaf = Field & {
  parse: (value: unknown, extra?: { slug: string }) => unknown;
  serialize: (value: unknown) => { value: unknown };
  validate: (value: unknown, extra?: unknown) => unknown;
};

/** Whether the form accepts a value: parsed from the file as the UI reads it, then validated. */
function formAccepts(field: Leaf, stored: unknown): boolean {
  try {
    field.validate(field.parse(stored));
    return true;
  } catch {
    return false;
  }
}

/** Values of every kind a site fact may be written with, right and wrong. */
const probes = [
  -1,
  0,
  0.5,
  1,
  29.9,
  99,
  100,
  100.5,
  101,
  1_000_000,
  '',
  'abc',
  '2026/27',
  '2026/2027',
  '26/27',
  '2021-11-30',
  '2021-02-30',
  '30/11/2021',
  'https://example.org',
  'example.org',
  'EUR',
  'USD',
  true,
  false,
  undefined,
];

describe('the site facts’ form follows the site facts’ schema', () => {
  const form = schemaOfForm(singletons['site-facts']);
  const file = JSON.parse(readFileSync('content/site-facts.json', 'utf8')) as unknown;

  /** Every disagreement, as `path: what`, walking the schema and the form together. */
  function walk(formField: Field, schema: v.GenericSchema, value: unknown, path: string): string[] {
    const entries = (schema as { entries?: Record<string, v.GenericSchema> }).entries;
    const base = (schema as { pipe?: [v.GenericSchema] }).pipe?.[0] ?? schema;
    const objectEntries =
      entries ?? (base as { entries?: Record<string, v.GenericSchema> }).entries;
    if (objectEntries) {
      if (formField.kind !== 'object') return [`${path}: the schema has a group`];
      const keys = Object.keys(objectEntries);
      const formKeys = Object.keys(formField.fields!);
      // Same facts in the same order: the form writes the file in its own order.
      if (JSON.stringify(keys) !== JSON.stringify(formKeys))
        return [`${path}: the form has ${formKeys.join(', ')}; the schema ${keys.join(', ')}`];
      return keys.flatMap((key) =>
        walk(
          formField.fields![key]!,
          objectEntries[key]!,
          (value as Record<string, unknown>)[key],
          path ? `${path}.${key}` : key,
        ),
      );
    }
    const leaf = formField as Leaf;
    // The file's own value and every probe: what the schema accepts, the form accepts and keeps
    // as it is; what the form accepts (a missing value becomes its default) saves a valid fact.
    return [value, ...probes].flatMap((probe) => {
      const bySchema = v.safeParse(schema, probe).success;
      if (!formAccepts(leaf, probe))
        return bySchema ? [`${path}: ${JSON.stringify(probe)} is refused by the form`] : [];
      const saved = JSON.parse(JSON.stringify({ value: leaf.serialize(leaf.parse(probe)).value }))
        .value as unknown;
      if (bySchema && saved !== probe)
        return [`${path}: ${JSON.stringify(probe)} saved as ${saved}`];
      return v.safeParse(schema, saved).success
        ? []
        : [`${path}: ${JSON.stringify(probe)} is accepted by the form`];
    });
  }

  it('has every fact, in the file’s order, and accepts exactly what the schema accepts', () => {
    expect(walk(form, SiteFactsSchema, file, '')).toEqual([]);
  });

  it('saves the file it reads unchanged: the same facts, the same shape', () => {
    // As the UI writes a JSON file: the fields' values through JSON.stringify.
    const saved = (field: Field, value: unknown): unknown =>
      field.kind === 'object'
        ? Object.fromEntries(
            Object.entries(field.fields!).map(([key, inner]) => [
              key,
              saved(inner, (value as Record<string, unknown>)[key]),
            ]),
          )
        : (field as Leaf).serialize((field as Leaf).parse(value)).value;
    expect(JSON.parse(JSON.stringify(saved(form, file)))).toEqual(file);
  });

  it('has words for every fact, and none for a fact that is gone', () => {
    const paths: string[] = [];
    const visit = (schema: v.GenericSchema, path: string) => {
      paths.push(path);
      const base = (schema as { pipe?: [v.GenericSchema] }).pipe?.[0] ?? schema;
      const entries = (base as { entries?: Record<string, v.GenericSchema> }).entries ?? {};
      for (const [key, inner] of Object.entries(entries))
        visit(inner, path ? `${path}.${key}` : key);
    };
    visit(SiteFactsSchema, '');
    const facts = paths.filter(Boolean);
    expect(Object.keys(FACT_WORDS).sort()).toEqual([...facts].sort());
    // Help under every fact, but the two ends of a range, which their range explains.
    const withoutHelp = facts.filter(
      (path) => !FACT_WORDS[path]!.help && !/\.(min|max)$/.test(path),
    );
    expect(withoutHelp).toEqual([]);
  });
});

describe('the policy pages’ forms follow the articles’ schema', () => {
  it.each(allLocales)('%s: the date field matches, the page field writes nothing', (locale) => {
    const collection = collections[`articles-${locale}`] as unknown as {
      schema: Record<string, Leaf>;
      path: string;
    };
    expect(collection.path).toBe(`content/articles/${locale}/*`);
    const { page, ...fields } = collection.schema;
    // The file name is the page; the file keeps only what articleSchema allows.
    expect(page!.parse(undefined, { slug: 'privacy' })).toEqual({
      name: 'privacy',
      slug: 'privacy',
    });
    expect(page!.serialize({ name: 'privacy', slug: 'privacy' }).value).toBeUndefined();
    const problems: string[] = [];
    compare(formOf(fields), articleSchema, '', problems);
    expect(problems).toEqual([]);
  });

  it('keeps a page title and description to what search results show whole', () => {
    const pages = (translationsForm: unknown) =>
      schemaOfForm(translationsForm).fields!.pages!.fields!;
    const english = pages(singletons['translations-en']);
    const french = pages(singletons['translations-fr']);
    const { min, max } = seoLengths.description;
    const field = (form: Record<string, Field>, name: 'title' | 'description') =>
      form.privacy!.fields![name] as Leaf;
    for (const form of [english, french]) {
      expect(formAccepts(field(form, 'description'), 'x'.repeat(min))).toBe(true);
      expect(formAccepts(field(form, 'description'), 'x'.repeat(min - 1))).toBe(false);
      expect(formAccepts(field(form, 'description'), 'x'.repeat(max + 1))).toBe(false);
      expect(formAccepts(field(form, 'title'), 'x'.repeat(seoLengths.title.max + 1))).toBe(false);
    }
    // Left empty, a translation shows the English text: allowed in the other languages only.
    expect(formAccepts(field(english, 'description'), '')).toBe(false);
    expect(formAccepts(field(french, 'description'), '')).toBe(true);
  });
});

describe('the editing UI’s navigation', () => {
  it('lists every form once, each language’s from the locale list', async () => {
    const { default: cms } = await import('../../keystatic.config');
    const listed = Object.values(cms.ui?.navigation ?? {}).flat();
    expect([...listed].sort()).toEqual(
      [...Object.keys(collections), ...Object.keys(singletons)].sort(),
    );
    for (const locale of allLocales)
      expect(listed).toEqual(
        expect.arrayContaining([`jobs-${locale}`, `articles-${locale}`, `translations-${locale}`]),
      );
  });
});

describe('the editing UI refuses beside the field what the content check refuses', () => {
  const resort = schemaOfForm(collections.resorts).fields!;
  const field = (form: Record<string, Field>, ...path: string[]) =>
    path.reduce<Field>((at, key) => at.fields![key]!, { kind: 'object', fields: form }) as Leaf;
  /** Whether the form accepts a value as typed in it (no file to parse). */
  const accepts = (leaf: Leaf, value: unknown) => {
    try {
      leaf.validate(value);
      return true;
    } catch {
      return false;
    }
  };

  it('a lift price typed the French way (62,50 read as 6250), and every amount above its bound', () => {
    const adult = field(resort, 'liftPrices', 'adult');
    expect(accepts(adult, 62.5)).toBe(true);
    expect(accepts(adult, BOUNDS.dayEuros)).toBe(true);
    expect(accepts(adult, 6250)).toBe(false);
    const { privateHourly } = SiteFactsSchema.entries.lessons.entries;
    expect(v.safeParse(privateHourly, 2990).success).toBe(false);
    const facts = schemaOfForm(singletons['site-facts']).fields!;
    expect(accepts(field(facts, 'lessons', 'privateHourly'), 2990)).toBe(false);
    expect(accepts(field(facts, 'lessons', 'privateHourly'), 29.9)).toBe(true);
  });

  it('a job title over 70 characters, and a description pasted many times', () => {
    const title = field(schemaOfForm(collections['jobs-en']).fields!, 'title');
    expect(accepts(title, { name: 'x'.repeat(BOUNDS.title), slug: 'x' })).toBe(true);
    expect(accepts(title, { name: 'x'.repeat(BOUNDS.title + 1), slug: 'x' })).toBe(false);
    const description = field(resort, 'description', 'en');
    expect(accepts(description, 'x'.repeat(BOUNDS.paragraph + 1))).toBe(false);
  });

  it('a translation’s file name is the English posting chosen, never made from its title', () => {
    const english = readdirSync(join(import.meta.dirname, '../../content/jobs/en')).map((file) =>
      file.replace(/\.md$/, ''),
    );
    const form = (collections['jobs-fr'] as unknown as { schema: Record<string, Field> }).schema;
    expect((collections['jobs-fr'] as unknown as { slugField: string }).slugField).toBe(
      ENGLISH_POSTING,
    );
    const chosen = form[ENGLISH_POSTING] as Leaf & {
      serializeWithSlug: (value: unknown) => { slug: string; value: unknown };
    };
    // A new translation starts with no English posting chosen, and cannot be saved so.
    expect(chosen.defaultValue!()).toBe('');
    expect(accepts(chosen, '')).toBe(false);
    expect(accepts(chosen, english[0])).toBe(true);
    // The file is named after the English posting, and nothing of the choice is written in it.
    expect(chosen.serializeWithSlug(english[0])).toEqual({ value: undefined, slug: english[0] });
    expect(chosen.parse(undefined, { slug: english[0]! })).toBe(english[0]);
    // One page per language: an English posting translated already is not saved over.
    const translated = { slugField: { slugs: new Set([english[0]]), glob: '*' } };
    expect(() => chosen.validate(english[0], translated)).toThrow('already has a French page');
    // The title is the translation's own, bounded like an English title.
    const title = field(schemaOfForm(collections['jobs-fr']).fields!, 'title');
    expect(accepts(title, 'x'.repeat(BOUNDS.title + 1))).toBe(false);
  });

  it('countries: ISO 3166-1 only, no EU, ZZ or XA', () => {
    const codes = (field(resort, 'country') as Field).options!.map((o) => o.value);
    expect(codes).toEqual(expect.arrayContaining(['ES', 'FR', 'AD', 'GB']));
    for (const code of ['EU', 'ZZ', 'XA', 'UN', 'QO']) expect(codes).not.toContain(code);
    expect(codes).toHaveLength(249);
  });
});
