/**
 * A synthetic but valid content set for the build benchmark: any number of resorts and job
 * postings, made from the real entries in `content/` as templates. The real files are cycled
 * through with a new name, id, uuid and slightly different numbers, so every generated entry has
 * the length and shape of a real one (descriptions in en, fr, es and pt, postings' full bodies in
 * every language the template is written in) and passes the collections' schemas.
 *
 * Only `resorts/` and `jobs/` are replaced; the reviews' resort references are pointed at the
 * generated resorts, since the real ids no longer exist. Everything else is the real content.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { v5 as uuidV5 } from 'uuid';
import { parse, stringify } from 'yaml';
// Product areas that tell apart postings made from the same template, in each posting language.
import AREAS from './product-areas.json' with { type: 'json' };
import { BOUNDS } from '../../src/content/bounds.ts';
import { slugify } from '../../src/lib/slug.ts';

/** Fixed, so a given size always yields the same uuids (v5 = a hash of the namespace and a name). */
const UUID_NAMESPACE = '5b1f3c2a-8d4e-4f6a-9b7c-0e1d2f3a4b5c';

// Resort names in the style of the Pyrenees' (Catalan, Aragonese, Occitan, Spanish): 20 × 20
// unique pairs, then the same pairs followed by an altitude, as stations often are ("… 1800").
const NAME_STARTS = [
  'Pic',
  'Port',
  'Coll',
  'Val',
  'Serra',
  'Pla',
  'Cerro',
  'Puerto',
  'Col',
  'Mont',
  'Tuca',
  'Estany',
  'Cap',
  'Prat',
  'Bosc',
  'Roca',
  'Font',
  'Lac',
  'Cima',
  'Canal',
];
const NAME_ENDS = [
  'Blanc',
  'de la Neu',
  'd’Aran',
  'del Sol',
  'Negre',
  'de Vaca',
  'Ample',
  'Roig',
  'de l’Orri',
  'Llarg',
  'de Boí',
  'Nevat',
  'de Gel',
  'Verd',
  'de Cerdanya',
  'del Cadí',
  'Alt',
  'de Pessons',
  'Gran',
  'del Vent',
];

export { slugify };

/** The i-th synthetic resort name; all different for any i. */
export function resortName(i) {
  const pairs = NAME_STARTS.length * NAME_ENDS.length;
  const pair = i % pairs;
  const name = `${NAME_STARTS[pair % NAME_STARTS.length]} ${NAME_ENDS[Math.floor(pair / NAME_STARTS.length)]}`;
  const round = Math.floor(i / pairs);
  return round === 0 ? name : `${name} ${1500 + 50 * round}`;
}

/** A whole number near `value`, varied by `i` within ± `spread` (deterministic, never negative). */
const vary = (value, i, spread) =>
  Math.max(0, Math.round(value + (((i * 7919) % (2 * spread + 1)) - spread)));

const shiftDays = (isoDate, days) => {
  const date = new Date(isoDate);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/** Reads `content/resorts/*.yaml` as parsed objects, sorted by file name. */
export function readResortTemplates(contentDir) {
  const dir = join(contentDir, 'resorts');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => parse(readFileSync(join(dir, name), 'utf8')));
}

/** The i-th synthetic resort, from the template `i mod n`: `{ id, data }` ready to be written as YAML. */
export function syntheticResort(template, i) {
  const name = resortName(i);
  const id = slugify(name);
  const base = vary(template.elevation.base, i, 200);
  const description = Object.fromEntries(
    Object.entries(template.description).map(([locale, text]) => [
      locale,
      text.replaceAll(template.name, name),
    ]),
  );
  const data = {
    ...template,
    name,
    uuid: uuidV5(`resort:${id}`, UUID_NAMESPACE),
    website: `https://www.${id}.example`,
    elevation: {
      base,
      top: base + vary(template.elevation.top - template.elevation.base, i, 150) + 1,
    },
    slopes: {
      km: vary(template.slopes.km, i, 20) + 1,
      green: vary(template.slopes.green, i, 3),
      blue: vary(template.slopes.blue, i, 5),
      red: vary(template.slopes.red, i, 5),
      black: vary(template.slopes.black, i, 3),
    },
    status: i % 3 === 0 ? 'open' : 'closed',
    liftPrices: {
      adult: vary(template.liftPrices.adult, i, 6),
      youth: vary(template.liftPrices.youth, i, 5),
      child: vary(template.liftPrices.child, i, 4),
    },
    snowReport: {
      ...template.snowReport,
      baseCm: vary(template.snowReport.baseCm, i, 15),
      summitCm: vary(template.snowReport.summitCm, i, 30),
    },
    description,
  };
  return { id, data };
}

/** Every `content/jobs/<locale>/<slug>.md` whose English file exists: `{ slug, files: { locale: { front, body } } }`. */
export function readJobTemplates(contentDir) {
  const dir = join(contentDir, 'jobs');
  const locales = readdirSync(dir).sort();
  return readdirSync(join(dir, 'en'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const files = {};
      for (const locale of locales) {
        let text;
        try {
          text = readFileSync(join(dir, locale, name), 'utf8');
        } catch {
          continue; // that language shows the English posting, as in the real content
        }
        const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
        if (front === undefined) throw new Error(`content/jobs/${locale}/${name}: no front matter`);
        files[locale] = { front: parse(front), body };
      }
      return { slug: name.slice(0, -'.md'.length), files };
    });
}

/**
 * A title with a product area, as each language would write it (French keeps "(F/H)" last), within
 * the content's bound for a title (the check refuses longer ones): a long title loses its last
 * words before the area.
 */
function titleWithArea(title, area, locale) {
  const suffix = locale === 'fr' && / \(F\/H\)$/.test(title) ? ' (F/H)' : '';
  let words = title.slice(0, title.length - suffix.length);
  const whole = () => `${words} – ${area}${suffix}`;
  while (whole().length > BOUNDS.title && words.includes(' '))
    words = words.slice(0, words.lastIndexOf(' '));
  return whole();
}

/** The i-th synthetic posting, from the template `i mod n`, in every language the template has. */
export function syntheticJob(template, i, templateCount) {
  const round = Math.floor(i / templateCount);
  const area = AREAS[round % AREAS.length];
  // The area tells postings apart; past the first 12 rounds a number keeps the slug unique.
  const slug = `${template.slug}-${slugify(area.en)}${round >= AREAS.length ? `-${Math.floor(round / AREAS.length) + 1}` : ''}`;
  const files = {};
  for (const [locale, { front, body }] of Object.entries(template.files)) {
    const title = titleWithArea(front.title, area[locale] ?? area.en, locale);
    // A translation writes only its words: the facts are the English posting's.
    if (locale !== 'en') {
      files[locale] = { front: { ...front, title }, body };
      continue;
    }
    const posted = shiftDays(front.posted, i % 60);
    const salary = front.salary && {
      ...front.salary,
      min: Math.round((front.salary.min * (1 + (i % 5) * 0.03)) / 100) * 100,
      max: Math.round((front.salary.max * (1 + (i % 5) * 0.03)) / 100) * 100,
    };
    files[locale] = {
      front: {
        ...front,
        title,
        ...(salary && { salary }),
        posted,
        ...(front.validThrough && { validThrough: shiftDays(front.validThrough, i % 60) }),
        order: (front.order ?? 100) + round,
      },
      body,
    };
  }
  return { slug, files };
}

/**
 * Replaces `<contentDir>/resorts` and `<contentDir>/jobs` with `resorts` and `jobs` synthetic
 * entries made from the templates already there, and points the reviews at the new resorts.
 * Returns the generated resort ids and job slugs.
 */
export function writeSyntheticContent(contentDir, { resorts, jobs }) {
  if (!(resorts >= 1 && jobs >= 1))
    throw new Error('a synthetic content set needs at least one resort and one job');
  const resortTemplates = readResortTemplates(contentDir);
  const jobTemplates = readJobTemplates(contentDir);

  const resortDir = join(contentDir, 'resorts');
  rmSync(resortDir, { recursive: true });
  mkdirSync(resortDir);
  const resortIds = [];
  for (let i = 0; i < resorts; i++) {
    const { id, data } = syntheticResort(resortTemplates[i % resortTemplates.length], i);
    writeFileSync(join(resortDir, `${id}.yaml`), stringify(data, { version: '1.1' }));
    resortIds.push(id);
  }

  const jobDir = join(contentDir, 'jobs');
  rmSync(jobDir, { recursive: true });
  const jobSlugs = [];
  for (let i = 0; i < jobs; i++) {
    const { slug, files } = syntheticJob(
      jobTemplates[i % jobTemplates.length],
      i,
      jobTemplates.length,
    );
    for (const [locale, { front, body }] of Object.entries(files)) {
      mkdirSync(join(jobDir, locale), { recursive: true });
      writeFileSync(
        join(jobDir, locale, `${slug}.md`),
        `---\n${stringify(front, { version: '1.1' })}---\n${body}`,
      );
    }
    jobSlugs.push(slug);
  }

  // Reviews name the resort they were written about; the real resorts are gone.
  const reviewsFile = join(contentDir, 'reviews.yaml');
  let review = 0;
  const reviews = readFileSync(reviewsFile, 'utf8').replace(
    /^(\s*resort:\s*)\S+/gm,
    (_, key) => key + resortIds[review++ % resortIds.length],
  );
  writeFileSync(reviewsFile, reviews);

  return { resortIds, jobSlugs };
}
