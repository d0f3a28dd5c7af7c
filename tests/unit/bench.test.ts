/**
 * The build benchmark (scripts/bench.mjs): its synthetic content must be content the site accepts,
 * or the benchmark would time a failing build, and its tables must read right.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  contentSetLabel,
  floorTable,
  phasesTable,
  resultsTable,
} from '../../scripts/bench/report.mjs';
import { ownersTable, profileOwners } from '../../scripts/bench/profile.mjs';
import {
  resortName,
  slugify,
  writeSyntheticContent,
} from '../../scripts/bench/synthetic-content.mjs';

const root = resolve(import.meta.dirname, '../..');

describe('synthetic content', () => {
  // More entries than there are real ones, so every template is used more than once.
  const size = { resorts: 14, jobs: 40 };
  const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of ['src', 'content', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    cpSync(join(root, name), join(dir, name), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const { resortIds, jobSlugs } = writeSyntheticContent(join(dir, 'content'), size);
  const content = (path: string) => join(dir, 'content', path);

  it('has the resorts and postings asked for, each in every language the real postings have', () => {
    expect(readdirSync(content('resorts'))).toHaveLength(size.resorts);
    for (const locale of readdirSync(join(root, 'content/jobs'))) {
      expect(readdirSync(content(`jobs/${locale}`)).sort()).toEqual(
        jobSlugs.map((slug) => `${slug}.md`).sort(),
      );
    }
    expect(new Set(jobSlugs).size).toBe(size.jobs);
  });

  it('gives every resort its own name, address and backend uuid', () => {
    const resorts = resortIds.map(
      (id) =>
        parse(readFileSync(content(`resorts/${id}.yaml`), 'utf8')) as {
          name: string;
          uuid: string;
        },
    );
    expect(new Set(resorts.map((r) => r.name)).size).toBe(size.resorts);
    expect(new Set(resorts.map((r) => r.uuid)).size).toBe(size.resorts);
    expect(resortIds.every((id) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id))).toBe(true);
  });

  it('points the reviews at resorts that exist', () => {
    const { reviews } = parse(readFileSync(content('reviews.yaml'), 'utf8')) as {
      reviews: { resort: string }[];
    };
    expect(reviews.length).toBeGreaterThan(0);
    expect(reviews.every((review) => resortIds.includes(review.resort))).toBe(true);
  });

  it('passes the collections’ schemas (astro sync, as the build runs it)', async () => {
    const result = join(dir, 'sync-result.json');
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(root, 'scripts/bench/astro-build.mjs'), result, 'sync'],
      {
        cwd: dir,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
      },
    );
    expect(stdout + stderr).toContain('Synced content');
    expect(stdout + stderr).not.toMatch(/error|warn/i);
    expect(JSON.parse(readFileSync(result, 'utf8')).maxRssBytes).toBeGreaterThan(0);
  }, 60_000);
});

it('names resorts uniquely past the name pairs, with an address-safe slug', () => {
  const names = Array.from({ length: 1200 }, (_, i) => resortName(i));
  expect(new Set(names).size).toBe(names.length);
  expect(new Set(names.map(slugify)).size).toBe(names.length);
  expect(slugify('Coll d’Aran 1550')).toBe('coll-d-aran-1550');
  expect(slugify('Tuca de Boí')).toBe('tuca-de-boi');
});

describe('report', () => {
  const runs = [
    {
      label: 'real content (6 resorts, 13 jobs)',
      pages: 205,
      seconds: 5.04,
      cpuSeconds: 6.26,
      maxRssBytes: 800 * 2 ** 20,
      marks: {
        configSetup: 1.02,
        configDone: 1.03,
        buildStart: 2.1,
        bundled: 3.4,
        generated: 5,
        end: 5.01,
      },
    },
    {
      label: 'synthetic (1,000 resorts, 500 jobs)',
      pages: 14081,
      seconds: 250.5,
      cpuSeconds: 240,
      maxRssBytes: 2.5 * 2 ** 30,
      marks: { configSetup: 1, buildStart: 9 },
    },
  ];

  it('prints pages, seconds, pages per second, CPU seconds and peak memory as a Markdown table', () => {
    expect(resultsTable(runs)).toBe(
      [
        '| content set | pages | seconds | pages/s | CPU seconds | peak memory MB |',
        '|---|--:|--:|--:|--:|--:|',
        '| real content (6 resorts, 13 jobs) | 205 | 5.0 | 40.7 | 6.3 | 800 |',
        '| synthetic (1,000 resorts, 500 jobs) | 14,081 | 250.5 | 56.2 | 240.0 | 2,560 |',
      ].join('\n'),
    );
  });

  it('splits each build into its phases, with a dash where a mark is missing', () => {
    expect(phasesTable(runs).split('\n').slice(2)).toEqual([
      '| real content (6 resorts, 13 jobs) | 1.0 | 1.1 | 1.3 | 1.6 | 0.0 |',
      '| synthetic (1,000 resorts, 500 jobs) | 1.0 | – | – | – | – |',
    ]);
  });

  it('compares the site with the bare Astro site per page, the warm builds’ median last', () => {
    const build = (pages: number, seconds: number, cpuSeconds: number, drawn = 0) => ({
      label: '',
      pages,
      seconds,
      cpuSeconds,
      maxRssBytes: 0,
      marks: {},
      drawn,
    });
    const pairs = [
      { site: build(1000, 100, 60, 900), bare: build(1000, 2, 1.5), cold: true },
      { site: build(1000, 6, 4.5), bare: build(1000, 2, 1.5), cold: false },
      { site: build(1000, 8, 4.5), bare: build(1000, 2, 1.5), cold: false },
    ];
    expect(
      floorTable([{ label: 'synthetic', pairs }])
        .split('\n')
        .slice(2),
    ).toEqual([
      '| synthetic, build 1 (share images drawn: 900) | 100.00 | 2.00 | 50.0× | 60.00 | 1.50 | 40.0× |',
      '| synthetic, build 2 (share images from the cache) | 6.00 | 2.00 | 3.0× | 4.50 | 1.50 | 3.0× |',
      '| synthetic, build 3 (share images from the cache) | 8.00 | 2.00 | 4.0× | 4.50 | 1.50 | 3.0× |',
      '| **synthetic: median of the warm builds** |  |  | **3.5×** |  |  | **3.0×** |',
    ]);
  });

  it('names a content set by its size', () => {
    expect(contentSetLabel('synthetic', { resorts: 1000, jobs: 1 })).toBe(
      'synthetic (1,000 resorts, 1 job)',
    );
  });
});

describe('CPU profile by owner', () => {
  // A profile as `--cpu-prof` writes it: a tree of frames, and which one ran at each sample.
  const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
    id,
    callFrame: { functionName, url },
    children,
  });
  const profile = {
    nodes: [
      frame(1, '(root)', '', [2, 3, 6, 7]),
      // Astro's renderer calling Node's encoder: Astro's time.
      frame(2, 'renderStreaming', 'file:///p/dist/server/.prerender/chunks/server_a.mjs', [4]),
      // The critical CSS calling a library: ours.
      frame(
        3,
        'splitPageStyles',
        'file:///p/dist/server/.prerender/chunks/rewrite-page_b.mjs',
        [5],
      ),
      frame(4, 'encode', 'node:internal/encoding'),
      frame(5, 'parse', 'file:///p/node_modules/postcss/lib/parser.js'),
      frame(6, '(garbage collector)', ''),
      frame(7, '(idle)', ''),
    ],
    samples: [4, 4, 5, 6, 7],
    // Microseconds before each sample; each sample's own time is the next one's delta.
    timeDeltas: [0, 1_000_000, 1_000_000, 500_000, 500_000, 2_000_000],
  };

  it('gives Node’s and the libraries’ time to their caller, and leaves idle time out', () => {
    const owners = profileOwners(profile);
    expect(Object.fromEntries(owners)).toEqual({
      'Astro: rendering': 2,
      'ours: critical CSS (rewrite)': 0.5,
      'garbage collection': 0.5,
      idle: 2,
    });
    expect(ownersTable(owners).split('\n').slice(2)).toEqual([
      '| Astro: rendering | 2.00 | 66.7 % |',
      '| ours: critical CSS (rewrite) | 0.50 | 16.7 % |',
      '| garbage collection | 0.50 | 16.7 % |',
      '| **busy** (idle: 2.0 s) | **3.00** | |',
    ]);
  });
});
