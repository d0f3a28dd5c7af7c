/**
 * Reads content files as written, keeping where each value is, so a problem can name its line.
 * YAML is read as YAML 1.2 (the `yaml` package): dates stay text, so 2026-02-30 is seen as
 * written instead of being rolled over to 2 March.
 */
import { LineCounter, parseDocument, isMap, isPair, isScalar, type Document, type Node } from 'yaml';
import type { Problem } from './problems';

export type Parsed = {
  data: unknown;
  /** The line of the value at a path (or of its nearest parent that exists). */
  lineOf: (path: readonly PropertyKey[], key?: boolean) => number | undefined;
};

const noLines = () => undefined;

/** A YAML file's data and lines, or the problem that stops it being read. */
export function readYaml(file: string, text: string, firstLine = 1): Parsed | Problem {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const line = lineCounter.linePos(error.pos[0]).line + firstLine - 1;
    const what =
      error.code === 'DUPLICATE_KEY'
        ? 'a field is written twice in the same place: keep one'
        : 'cannot be read as YAML: check the indentation, the colon after each field name and ' +
          'the quotes around text that holds a colon or starts with a special sign';
    return { file, line, message: what };
  }
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + firstLine - 1;
  return {
    data: doc.toJS(),
    lineOf: (path, key) => lineIn(doc, path, key, lineAt),
  };
}

function lineIn(
  doc: Document,
  path: readonly PropertyKey[],
  key: boolean | undefined,
  lineAt: (offset: number) => number,
): number | undefined {
  // The deepest node of the path that exists: a missing field is reported on its parent's line.
  for (let depth = path.length; depth >= 0; depth--) {
    const at = path.slice(0, depth) as unknown[];
    if (key && depth === path.length && depth > 0) {
      const parent = doc.getIn(at.slice(0, -1), true);
      if (isMap(parent)) {
        const pair = parent.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === at.at(-1));
        const range = (pair?.key as Node | undefined)?.range;
        if (range) return lineAt(range[0]);
      }
      continue;
    }
    const node = (depth === 0 ? doc.contents : doc.getIn(at, true)) as Node | null | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range) return lineAt(node.range[0]);
  }
  return undefined;
}

/** A JSON file's data, or the problem naming the line where it cannot be read. */
export function readJson(file: string, text: string): Parsed | Problem {
  try {
    return { data: JSON.parse(text), lineOf: noLines };
  } catch (error) {
    const message = (error as Error).message;
    const written = /line (\d+)/.exec(message)?.[1];
    const position = /position (\d+)/.exec(message)?.[1];
    const line = written
      ? Number(written)
      : position === undefined
        ? undefined
        : text.slice(0, Number(position)).split('\n').length;
    return {
      file,
      line,
      message:
        'cannot be read as JSON: look for a comma too many or missing (the last item of a list ' +
        'or group has none), a missing quote, or a missing closing } or ]',
    };
  }
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** A markdown file's front matter (the fields between the --- lines) and its text. */
export function readMarkdown(file: string, text: string): { parsed: Parsed; body: string; bodyLine: number } | Problem {
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    if (text.startsWith('---')) {
      return { file, line: 1, message: 'has fields that are not closed: end them with a line of three dashes (---)' };
    }
    return { parsed: { data: {}, lineOf: () => undefined }, body: text, bodyLine: 1 };
  }
  const parsed = readYaml(file, match[1]!, 2);
  if ('message' in parsed) return parsed;
  return { parsed, body: text.slice(match[0].length), bodyLine: match[0].split('\n').length };
}

export function isProblem(value: object): value is Problem {
  return 'message' in value && 'file' in value;
}
