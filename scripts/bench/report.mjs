/** The benchmark's Markdown tables, from the measured runs. Pure, so it is unit-tested. */

/**
 * `seconds` is wall-clock time; `cpuSeconds` the processor time the build used (all threads);
 * `drawn` the share images the build drew (none: all came from the cache).
 * @typedef {{ label: string, pages: number, seconds: number, cpuSeconds: number, maxRssBytes: number, drawn?: number,
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

const ms = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The site against Astro's floor: for each pair of builds made in turn (the site, then the bare
 * site of the same number of pages), milliseconds per page of each, wall-clock and CPU, and the
 * site's over the bare site's; then, per content set, the medians of the pairs whose share images
 * were already drawn (warm), or of all pairs when there is none.
 * @param {{ label: string, pairs: { site: Run, bare: Run, cold: boolean }[] }[]} sets
 */
export function floorTable(sets) {
  const perPage = (run, value) => (value * 1000) / run.pages;
  const rows = [];
  for (const { label, pairs } of sets) {
    const ratios = (list) => ({
      wall: list.map(({ site, bare }) => perPage(site, site.seconds) / perPage(bare, bare.seconds)),
      cpu: list.map(
        ({ site, bare }) => perPage(site, site.cpuSeconds) / perPage(bare, bare.cpuSeconds),
      ),
    });
    for (const [i, pair] of pairs.entries()) {
      const { wall, cpu } = ratios([pair]);
      rows.push([
        `${label}, build ${i + 1} (share images ${pair.cold ? `drawn: ${pair.site.drawn}` : 'from the cache'})`,
        ms.format(perPage(pair.site, pair.site.seconds)),
        ms.format(perPage(pair.bare, pair.bare.seconds)),
        `${tenths.format(wall[0])}×`,
        ms.format(perPage(pair.site, pair.site.cpuSeconds)),
        ms.format(perPage(pair.bare, pair.bare.cpuSeconds)),
        `${tenths.format(cpu[0])}×`,
      ]);
    }
    const warm = pairs.filter((pair) => !pair.cold);
    const { wall, cpu } = ratios(warm.length ? warm : pairs);
    rows.push([
      `**${label}: median${warm.length ? ' of the warm builds' : ''}**`,
      '',
      '',
      `**${tenths.format(median(wall))}×**`,
      '',
      '',
      `**${tenths.format(median(cpu))}×**`,
    ]);
  }
  return table(
    [
      'builds in turn',
      'site ms/page',
      'bare ms/page',
      'site ÷ bare',
      'site CPU ms/page',
      'bare CPU ms/page',
      'site ÷ bare, CPU',
    ],
    rows,
  );
}

/** "real content (6 resorts, 13 jobs)" or "synthetic (1,000 resorts, 500 jobs)". */
export function contentSetLabel(kind, { resorts, jobs }) {
  return `${kind} (${whole.format(resorts)} resort${resorts === 1 ? '' : 's'}, ${whole.format(jobs)} job${jobs === 1 ? '' : 's'})`;
}
