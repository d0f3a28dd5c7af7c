/**
 * Zod's findings about one file, in an editor's words: "elevation.base should be a number, not
 * "high"", "stauts is not a field the site knows: did you mean status?".
 */
import type { z } from 'astro/zod';
import { didYouMean, type Problem } from './problems';
import type { Parsed } from './read';

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  in?: unknown;
};

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } })._zod?.def;

/** The field names the schema allows at a path of the data (for "did you mean"). */
function knownFieldsAt(schema: unknown, path: readonly PropertyKey[]): string[] {
  let def = defOf(schema);
  let rest = [...path];
  for (;;) {
    if (!def) return [];
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else if (rest.length === 0) return def.shape ? Object.keys(def.shape) : [];
    else if (def.type === 'array') [def, rest] = [defOf(def.element), rest.slice(1)];
    else if (def.shape) [def, rest] = [defOf(def.shape[String(rest[0])]), rest.slice(1)];
    else return [];
  }
}

const KINDS: Record<string, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields, one per line below it',
  date: 'a date written year-month-day, e.g. 2026-11-23',
};

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of fields';
  return JSON.stringify(value);
}

function describe(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return 'is missing';
      // 29,90: cents after a comma, the French and Spanish way. Written with a point, it is read.
      if (issue.expected === 'number' && typeof input === 'string' && /^\s*\d+,\d+\s*$/.test(input))
        return `is written with a comma (${input.trim()}): write ${input.trim().replace(',', '.')}, cents after a point`;
      return `should be ${KINDS[issue.expected] ?? issue.expected}, not ${shown(input)}`;
    case 'invalid_value':
      if (input === undefined) return `is missing: write one of ${issue.values.map((v) => String(v)).join(', ')}`;
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')} (not ${shown(input)})`;
    case 'too_small':
      if (issue.origin === 'array') return `needs at least ${String(issue.minimum)} item(s)`;
      if (issue.origin === 'string') return issue.message.startsWith('Too') ? 'is empty: write the text' : issue.message;
      return `must be at least ${String(issue.minimum)}${issue.inclusive === false ? ' (and not equal)' : ''}, not ${shown(input)}`;
    case 'too_big':
      if (issue.origin === 'array') return `has too many items: at most ${String(issue.maximum)}`;
      // A text's own message says how long it may be; its length, not its whole text, is shown.
      if (issue.origin === 'string') return `${issue.message} (it has ${String(input).trim().length.toLocaleString('en')})`;
      if (!issue.message.startsWith('Too')) return `${issue.message}, not ${shown(input)}`;
      return `must be at most ${String(issue.maximum)}, not ${shown(input)}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return issue.message;
  }
}

/** A dotted field name as the editor sees it: questions.2.answer.fr. */
const dotted = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * Validates data against a schema; every finding becomes a Problem with its line. `prefix` is
 * the path of the data inside the file (an entry of a list file) and `label` how the message
 * names that entry (`pack "economy":`).
 */
export function validate(
  schema: z.ZodType,
  data: unknown,
  file: string,
  parsed: Parsed,
  prefix: readonly PropertyKey[] = [],
  label = '',
): { problems: Problem[]; output?: unknown } {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return { problems: [], output: result.data };
  const problems = result.error.issues.flatMap((issue): Problem[] => {
    const input = (issue as { input?: unknown }).input;
    if (issue.code === 'unrecognized_keys') {
      const known = knownFieldsAt(schema, issue.path);
      return issue.keys.map((key) => ({
        file,
        line: parsed.lineOf([...prefix, ...issue.path, key], true),
        field: `${label}${dotted([...issue.path, key])}`,
        message: `is not a field the site knows${didYouMean(key, known)}` + (near(key, known) ? '' : ` (the fields here are ${known.join(', ')})`),
      }));
    }
    const missing = input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value');
    // A misspelled field is reported once, as the unknown name with "did you mean" the missing one.
    if (missing && misspelled(result.error.issues, issue.path, schema)) return [];
    const full = [...prefix, ...issue.path];
    return [
      {
        file,
        // A missing field has no line; its group's line helps, the top of the file does not.
        line: missing && full.length <= 1 ? undefined : parsed.lineOf(full),
        field: issue.path.length ? `${label}${dotted(issue.path)}` : label.replace(/ $/, '') || undefined,
        message: describe(issue, input),
      },
    ];
  });
  return { problems };
}

const near = (key: string, known: string[]) => didYouMean(key, known) !== '';

/** Whether a missing field's name was written misspelled beside it (an unknown near name). */
function misspelled(issues: readonly z.core.$ZodIssue[], path: readonly PropertyKey[], schema: z.ZodType): boolean {
  const name = String(path.at(-1));
  const parent = path.slice(0, -1);
  return issues.some(
    (other) =>
      other.code === 'unrecognized_keys' &&
      dotted(other.path) === dotted(parent) &&
      other.keys.some((key) => didYouMean(key, knownFieldsAt(schema, parent)) === `: did you mean ${name}?`),
  );
}
