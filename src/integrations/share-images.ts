/**
 * Draws the share images the built pages ask for (src/lib/share-image.ts): for every page whose
 * `og:image` is one of its own (`/og/<page address>.png`), a 1200×630 PNG with the page's heading,
 * in the page's language, beside the brand's scene (src/assets/brand/hero-art.svg). The heading is
 * read from the built page itself, so the image says what the page says. satori lays the text out
 * (Inter, from @fontsource/inter: satori reads woff, not woff2) and resvg draws the PNG.
 *
 * It draws the brand's mark as the Organization's logo PNG too (src/lib/share-image.ts).
 *
 * A drawing takes about 0.1 s; images are kept in node_modules/.cache/share-images under a hash of
 * what they show, so a build redraws only the pages whose heading changed.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import type { AstroIntegration } from 'astro';
import satori from 'satori';
import sharp from 'sharp';
import { config } from '../config';
import { logoImage, shareImageSize } from '../lib/share-image';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = join(root, 'node_modules/.cache/share-images');
/** Bumped when the drawing below changes, so that cached images are drawn again. */
const drawingVersion = 3;

type Card = { heading: string; lang: string };

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
      name.startsWith('#x') || name.startsWith('#X')
        ? String.fromCodePoint(parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number(name.slice(1)))
          : (entities[name] ?? whole),
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The share image a built page asks for, and what it must show; none if it uses the site's. */
export function cardOf(html: string): { image: string; card: Card } | undefined {
  const image = /<meta property="og:image" content="[^"]*?(\/og\/[^"]+\.png)"/.exec(html)?.[1];
  if (!image) return undefined;
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  const lang =
    /<section[^>]*class="hero[^"]*"[^>]*\blang="([^"]+)"/.exec(html)?.[1] ??
    /<html lang="([^"]+)"/.exec(html)?.[1];
  if (!heading || !lang)
    throw new Error(`share images: ${image}'s page has no heading or language`);
  return { image, card: { heading: textOf(heading), lang } };
}

type Fonts = Parameters<typeof satori>[1]['fonts'];
async function loadFonts(): Promise<Fonts> {
  const file = (weight: number) =>
    readFile(join(root, `node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
  return [
    { name: 'Inter', data: await file(800), weight: 800, style: 'normal' },
    { name: 'Inter', data: await file(600), weight: 600, style: 'normal' },
  ];
}

/** The brand mark, as src/components/Logo.astro draws it. */
const brandMark =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="#ffc247"/><path d="M4 25 13 10l5 8 3-4 7 11z" fill="#072049"/><path d="M13 10l3.1 5.2-1.6-.9-1.5 1.8-1.6-1.7-1.5.7z" fill="#fff"/></svg>';
const svgData = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const el = (type: string, style: Record<string, unknown>, children?: unknown, extra = {}) => ({
  type,
  props: { style, children, ...extra },
});

/** The card: brand, heading and the scene, on the heroes' night-blue gradient. */
export async function drawCard(card: Card, art: string, fonts: Fonts): Promise<Buffer> {
  const { width, height } = shareImageSize;
  const size = card.heading.length > 40 ? 60 : 72;
  const tree = el(
    'div',
    {
      width,
      height,
      display: 'flex',
      position: 'relative',
      backgroundImage: 'linear-gradient(160deg, #072049 0%, #0b3f8f 55%, #1769d6 100%)',
      fontFamily: 'Inter',
      color: '#ffffff',
    },
    [
      el('img', { position: 'absolute', right: 0, bottom: 0 }, undefined, {
        src: svgData(art),
        width: 640,
        height: 400,
      }),
      el(
        'div',
        { display: 'flex', flexDirection: 'column', padding: '64px 0 0 72px', width: 620 },
        [
          el('div', { display: 'flex', alignItems: 'center', fontSize: 34, fontWeight: 800 }, [
            el('img', { marginRight: 16 }, undefined, {
              src: svgData(brandMark),
              width: 44,
              height: 44,
            }),
            config.brand,
          ]),
          el(
            'div',
            {
              display: 'flex',
              flexWrap: 'wrap',
              marginTop: 56,
              fontSize: size,
              fontWeight: 800,
              lineHeight: 1.1,
              letterSpacing: -1,
            },
            // A box per word: lines break between words only (satori would break after a "/").
            card.heading
              .split(' ')
              .map((word) => el('span', { marginRight: Math.round(size * 0.25) }, word)),
          ),
        ],
      ),
    ],
  );
  const svg = await satori(tree as Parameters<typeof satori>[0], { width, height, fonts });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
  // resvg writes RGBA, little compressed (155 KB); opaque and squeezed, the same image is 52 KB.
  return sharp(png).flatten().png({ compressionLevel: 9 }).toBuffer();
}

/** The brand's mark (public/favicon.svg) as the Organization's logo PNG (a few milliseconds). */
async function drawLogo(client: string) {
  const svg = await readFile(join(root, 'public/favicon.svg'), 'utf8');
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: logoImage.size } }).render().asPng();
  await writeFile(
    join(client, logoImage.path),
    await sharp(png).png({ compressionLevel: 9 }).toBuffer(),
  );
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

export function shareImages(): AstroIntegration {
  return {
    name: 'share-images',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const client = fileURLToPath(dir);
        const art = await readFile(join(root, 'src/assets/brand/hero-art.svg'), 'utf8');
        let fonts: Fonts | undefined;
        let drawn = 0;
        let count = 0;
        await mkdir(cacheDir, { recursive: true });
        for (const file of await htmlFiles(client)) {
          const found = cardOf(await readFile(file, 'utf8'));
          if (!found) continue;
          count++;
          const key = createHash('sha256')
            .update(JSON.stringify([drawingVersion, config.brand, found.card, art]))
            .digest('hex')
            .slice(0, 32);
          const cached = join(cacheDir, `${key}.png`);
          if (!existsSync(cached)) {
            fonts ??= await loadFonts();
            await writeFile(cached, await drawCard(found.card, art, fonts));
            drawn++;
          }
          const target = join(client, found.image);
          await mkdir(dirname(target), { recursive: true });
          await copyFile(cached, target);
        }
        await drawLogo(client);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(`${count} share images (${drawn} drawn, the rest cached) in ${seconds} s`);
      },
    },
  };
}
