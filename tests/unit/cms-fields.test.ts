/**
 * The editing UI's forms (src/cms/content.ts) and the site's schemas (src/content/schemas.ts)
 * agree: every form has exactly the schema's fields, a field the schema requires cannot be left
 * empty in the form (and an optional one can), and every choice offers exactly the schema's
 * closed list. A field added to a schema and not to its form, or the reverse, fails here.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { collections, singletons } from '../../src/cms/content';
import { faqSchema, jobSchema, resortSchema, teamsSchema } from '../../src/content/schemas';
import { allLocales } from '../../src/i18n/locales';

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

/** A collection's or singleton's form as one object field (its body, not frontmatter, left out). */
const formOf = (schema: Record<string, Field>): Field => ({
  kind: 'object',
  fields: Object.fromEntries(Object.entries(schema).filter(([, f]) => f.formKind !== 'content')),
});
const schemaOfForm = (entry: unknown) =>
  formOf((entry as { schema: Record<string, Field> }).schema);

describe('the editing UI’s forms follow the content schemas', () => {
  const cases: [string, unknown, z.ZodType][] = [
    ['resorts', collections.resorts, resortSchema(z.string())],
    ...allLocales.map((l): [string, unknown, z.ZodType] => [
      `jobs-${l}`,
      collections[`jobs-${l}`],
      jobSchema,
    ]),
    ['teams', singletons.teams, teamsSchema],
    ['faq-learners', singletons['faq-learners'], faqSchema],
    ['faq-instructors', singletons['faq-instructors'], faqSchema],
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
});
