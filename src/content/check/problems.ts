/**
 * A problem in the content, as an editor reads it: the file (and line), the field, what is wrong
 * and what to write instead. No stack trace, no internal names.
 */
export type Problem = {
  /** Path from the project's root: content/resorts/astun.yaml. */
  file: string;
  line?: number;
  /** The field as written in the file, dotted for nested ones: elevation.base. */
  field?: string;
  /** Reads after the field: "is missing", "should be a number, not "high"". */
  message: string;
};

export function formatProblem({ file, line, field, message }: Problem): string {
  const where = line ? `${file}, line ${line}` : file;
  return field ? `${where}: ${field} ${message}` : `${where}: ${message}`;
}

export function formatProblems(problems: readonly Problem[]): string {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return `The content has ${count} to fix (docs/content.md explains each message):\n\n${problems
    .map((problem) => `  ✗ ${formatProblem(problem)}`)
    .join('\n')}\n`;
}

/** Things to update that do not stop the build (a season that has ended). */
export function formatWarnings(warnings: readonly Problem[]): string {
  const count = warnings.length === 1 ? '1 thing' : `${warnings.length} things`;
  return `The content has ${count} to update (the site still builds):\n\n${warnings
    .map((warning) => `  ⚠ ${formatProblem(warning)}`)
    .join('\n')}\n`;
}

/** Number of single-letter edits from one word to another (for "did you mean"). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The known name closest to a misspelled one, if it is close enough to be the one meant. */
export function nearest(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

export function didYouMean(word: string, known: Iterable<string>): string {
  const near = nearest(word, known);
  return near ? `: did you mean ${near}?` : '';
}
