/** The benchmark's Markdown tables, from the measured runs. Pure, so it is unit-tested. */

/**
 * `seconds` is wall-clock time; `cpuSeconds` the processor time the build used (all threads).
 * @typedef {{ label: string, pages: number, seconds: number, cpuSeconds: number, maxRssBytes: number,
 *   marks: Partial<Record<'configSetup'|'configDone'|'buildStart'|'bundled'|'generated'|'done'|'end', number>> }} Run
 */

const MB = 1024 * 1024;
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const tenths = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i === 0 ? '---' : '--:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

/**
 * Pages, seconds, pages per second, CPU seconds and peak memory of each run. On a busy machine the
 * wall-clock seconds grow with the other work while the CPU seconds hardly move: compare those.
 */
export function resultsTable(/** @type {Run[]} */ runs) {
  return table(
    ['content set', 'pages', 'seconds', 'pages/s', 'CPU seconds', 'peak memory MB'],
    runs.map((run) => [
      run.label,
      whole.format(run.pages),
      tenths.format(run.seconds),
      tenths.format(run.pages / run.seconds),
      tenths.format(run.cpuSeconds),
      whole.format(run.maxRssBytes / MB),
    ]),
  );
}

/**
 * Where each run's time went, in seconds, from the integration hooks' marks: start-up (Node,
 * Astro, the config and integrations), content sync (collections loaded and validated, markdown
 * rendered, types), bundling (Vite's server, prerender and client builds), page generation
 * (every page rendered and written) and the rest (integrations' build:done, e.g. redirects).
 * A phase whose marks are missing shows a dash.
 */
export function phasesTable(/** @type {Run[]} */ runs) {
  const span = (from, to) =>
    from === undefined || to === undefined ? '–' : tenths.format(to - from);
  return table(
    ['content set', 'start-up', 'content sync', 'bundling', 'page generation', 'the rest'],
    runs.map(({ label, marks: m }) => [
      label,
      span(0, m.configSetup),
      span(m.configDone, m.buildStart),
      span(m.buildStart, m.bundled),
      span(m.bundled, m.generated),
      span(m.generated, m.end),
    ]),
  );
}

/** "real content (6 resorts, 13 jobs)" or "synthetic (1,000 resorts, 500 jobs)". */
export function contentSetLabel(kind, { resorts, jobs }) {
  return `${kind} (${whole.format(resorts)} resort${resorts === 1 ? '' : 's'}, ${whole.format(jobs)} job${jobs === 1 ? '' : 's'})`;
}
