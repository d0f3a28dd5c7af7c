/**
 * Entries' photos, through the real image pipeline: a copy of the content where one resort, one of
 * its rental packs and one review are given a photo as an editor would (a file dropped next to the
 * entry and named in it), built, and read as a browser would. The real site ships no photos: the
 * JPEG is made here from the brand's illustration. Entries without a photo keep the illustration
 * (resort heroes, packs beside a pack with a photo) or nothing (reviews).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allLocales, locales, type Locale } from '../../src/i18n/locales';
import { pathTo } from '../../src/i18n/routes';
import { resortIds, resorts, reviews } from '../e2e/site';
import { buildVariant, type Variant } from './build';
import { one, parsePage } from './html';

const resort = resortIds.find((id) => resorts[id]!.rental.packs?.length)!;
const otherResort = resortIds.find((id) => id !== resort)!;
const pack = resorts[resort]!.rental.packs![0]!;
const review = reviews[0]!.id;
const alt = Object.fromEntries(
  allLocales.map((l) => [l, `${resorts[resort]!.name} (${l}): the slopes above the village`]),
) as Record<Locale, string>;
const instructors = ['with-photo', 'without-photo'];
const packAlt = Object.fromEntries(allLocales.map((l) => [l, `Skis, boots and poles (${l})`]));

/** A photo as an editor's camera gives it: a large JPEG, here the brand's scene rasterised. */
async function aPhoto(path: string, width: number) {
  const svg = readFileSync(join(import.meta.dirname, '../../src/lib/hero-art.svg'));
  writeFileSync(
    path,
    await sharp(svg, { density: 300 })
      .resize(width)
      .flatten({ background: '#1769d6' })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

/** Adds fields to an entry of a list file, under its `- id:` line, at its indentation. */
function addToEntry(file: string, id: string, fields: string[]) {
  const text = readFileSync(file, 'utf8');
  const entry = new RegExp(`^( *)- id: ${id}\\n`, 'm').exec(text);
  if (!entry) throw new Error(`No entry ${id} in ${file}`);
  const indent = `${entry[1]}  `;
  const at = entry.index + entry[0].length;
  writeFileSync(
    file,
    text.slice(0, at) + fields.map((f) => `${indent}${f}\n`).join('') + text.slice(at),
  );
}

const yamlMap = (values: Record<string, string>) =>
  `{ ${Object.entries(values)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join(', ')} }`;

let site: Variant;

beforeAll(async () => {
  site = await buildVariant(
    'photos',
    {
      BOOKING_APP_URL: '',
      CAREERS_URL: '',
      GTM_ID: '',
      GA_MEASUREMENT_ID: '',
      GA_SECONDARY_MEASUREMENT_ID: '',
    },
    async (project) => {
      const content = join(project, 'content');
      mkdirSync(join(content, 'photos'));
      await Promise.all([
        aPhoto(join(content, 'resorts', `${resort}.jpg`), 2400),
        aPhoto(join(content, 'photos', `${pack}.jpg`), 1600),
        aPhoto(join(content, `${review}.jpg`), 600),
      ]);
      const resortFile = join(content, 'resorts', `${resort}.yaml`);
      writeFileSync(
        resortFile,
        `${readFileSync(resortFile, 'utf8')}photo: ${resort}.jpg\nphotoAlt: ${yamlMap(alt)}\n`,
      );
      addToEntry(join(content, 'rental-packs.yaml'), pack, [
        `photo: photos/${pack}.jpg`,
        `photoAlt: ${yamlMap(packAlt)}`,
      ]);
      addToEntry(join(content, 'reviews.yaml'), review, [`portrait: ${review}.jpg`]);
      // Two instructors, the first with a photo in a folder of its own.
      await aPhoto(join(content, 'photos', 'instructor.jpg'), 900);
      const instructorsFile = join(content, 'instructors.yaml');
      writeFileSync(
        instructorsFile,
        readFileSync(instructorsFile, 'utf8').replace(
          /^instructors: \[\]$/m,
          'instructors:\n' +
            instructors
              .map(
                (id, i) =>
                  `  - id: ${id}\n    name: Instructor ${i + 1}\n    sport: ski\n    resort: ${resort}\n` +
                  `    quote: ${yamlMap({ en: 'I set my prices.', fr: 'Je fixe mes prix.', es: 'Pongo mis precios.' })}\n` +
                  (i === 0 ? '    photo: photos/instructor.jpg\n' : ''),
              )
              .join(''),
        ),
      );
    },
  );
});

afterAll(() => site?.remove());

const page = (path: string) => parsePage(site.page(path));
/** The widths a `srcset` offers (`…/a.avif 400w, …` → [400, …]). */
const widthsOf = (srcset: string | null) =>
  (srcset ?? '').split(',').map((candidate) => Number(/(\d+)w\s*$/.exec(candidate.trim())?.[1]));
const urlsOf = (srcset: string | null) =>
  (srcset ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!);

/** A `<picture>` the way the pipeline must give it: AVIF, then WebP, then the fallback `<img>`. */
function expectPicture(picture: Element) {
  const [avif, webp] = [...picture.querySelectorAll('source')];
  expect(avif?.getAttribute('type')).toBe('image/avif');
  expect(webp?.getAttribute('type')).toBe('image/webp');
  for (const source of [avif!, webp!]) {
    const widths = widthsOf(source.getAttribute('srcset'));
    expect(widths.length).toBeGreaterThanOrEqual(3);
    expect(widths.every((w) => w > 0)).toBe(true);
    expect(source.getAttribute('sizes')).toBeTruthy();
  }
  const img = one(picture, 'img');
  expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
  expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
  // Every file the picture names was built.
  for (const url of [avif, webp].flatMap((s) => urlsOf(s!.getAttribute('srcset')))) {
    expect(() => readFileSync(join(site.client, url)), url).not.toThrow();
  }
  return { avif: avif!, webp: webp!, img };
}

describe('a resort with a photo', () => {
  it.each(allLocales)('shows it in the hero, in %s, preloaded and never lazy', (locale) => {
    const doc = page(pathTo('resortSkiLessons', locale, { resort }));
    const hero = one(doc, '.hero');
    const { avif, img } = expectPicture(one(hero, 'picture'));
    expect(img.getAttribute('alt')).toBe(alt[locale]);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(hero.querySelector('.hero__art')).toBeNull();
    // From a phone at 1x to a 1280 px screen at 2x.
    const widths = widthsOf(avif.getAttribute('srcset'));
    expect(Math.min(...widths)).toBeLessThanOrEqual(400);
    expect(Math.max(...widths)).toBeGreaterThanOrEqual(1000);
    // The preload names the very files of the picture's AVIF source, for the same sizes.
    const preload = one(doc, 'head link[rel="preload"][as="image"]');
    expect(preload.getAttribute('type')).toBe('image/avif');
    expect(preload.getAttribute('fetchpriority')).toBe('high');
    expect(urlsOf(preload.getAttribute('imagesrcset'))).toEqual(
      urlsOf(avif.getAttribute('srcset')),
    );
    expect(preload.getAttribute('imagesizes')).toBe(avif.getAttribute('sizes'));
    expect(doc.documentElement.getAttribute('lang')).toBe(locales[locale].htmlLang);
  });

  it('offers AVIF files that are AVIF, the one a 390 px phone fetches under 40 KB', () => {
    const avif = one(
      page(pathTo('resortRental', 'en', { resort })),
      '.hero source[type="image/avif"]',
    );
    const candidates = (avif.getAttribute('srcset') ?? '')
      .split(',')
      .map((c) => c.trim().split(/\s+/));
    // A phone at 2x asks for 2 × the box's 342 CSS px: the first candidate at least that wide.
    const fetched = candidates.find(([, w]) => Number.parseInt(w!) >= 684) ?? candidates.at(-1)!;
    const file = readFileSync(join(site.client, fetched[0]!));
    expect(file.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    expect(file.byteLength).toBeLessThan(40 * 1024);
  });

  it('leaves the other resorts with the brand’s illustration, and no preload', () => {
    const doc = page(pathTo('resortSkiLessons', 'en', { resort: otherResort }));
    expect(one(doc, '.hero').querySelector('picture')).toBeNull();
    one(doc, '.hero .hero__art');
    expect(doc.querySelector('link[rel="preload"][as="image"]')).toBeNull();
  });
});

describe('a rental pack with a photo', () => {
  it('shows it at the top of its card, lazily; the packs beside it show the illustration', () => {
    const doc = page(pathTo('resortRental', 'fr', { resort }));
    const card = one(doc, `[data-pack="${pack}"]`);
    const { img } = expectPicture(one(card, 'picture'));
    expect(img.getAttribute('alt')).toBe(packAlt.fr);
    expect(img.getAttribute('loading')).toBe('lazy');
    const others = [...doc.querySelectorAll('[data-pack]')].filter((c) => c !== card);
    for (const other of others) {
      expect(other.querySelector('picture')).toBeNull();
      one(other, '.card-picture--art');
    }
  });
});

describe('a review with a portrait', () => {
  it('shows it beside the author’s name, lazily, with no text of its own', () => {
    const doc = page(pathTo('home', 'en'));
    const { img } = expectPicture(one(doc, `[data-review="${review}"] figcaption picture`));
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    const others = [...doc.querySelectorAll('[data-review]')].filter(
      (r) => r.getAttribute('data-review') !== review,
    );
    for (const other of others) expect(other.querySelector('picture')).toBeNull();
  });
});

describe('instructors on the instructors page', () => {
  it('show their photo, lazily, or the brand’s illustration in its place', () => {
    const doc = page(pathTo('instructors', 'es'));
    const [withPhoto, withoutPhoto] = instructors.map((id) =>
      one(doc, `[data-instructor="${id}"]`),
    );
    const { img } = expectPicture(one(withPhoto!, 'picture'));
    // The name is written beside it.
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(withoutPhoto!.querySelector('picture')).toBeNull();
    one(withoutPhoto!, '.card-picture--art');
  });
});
