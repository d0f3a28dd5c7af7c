/**
 * Draws share images in a worker thread (src/integrations/share-images.ts runs one per core): a
 * drawing is about 0.1 s of CPU, satori's layout and resvg's pixels, none of it waiting on
 * anything, so a single thread draws one at a time however many cores the machine has.
 *
 * Runs in Node directly, not through Vite: it imports packages only, and its types are erased.
 * Each message is a card to draw; the answer is its PNG, or the error.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';

export type Card = { heading: string; lang: string };
/** What every drawing shares, given once to each worker. */
export type DrawingSetup = {
  root: string;
  brand: string;
  art: string;
  width: number;
  height: number;
};
export type DrawResult = { png: Uint8Array } | { error: string };

type Fonts = Parameters<typeof satori>[1]['fonts'];

/** The brand mark, as src/components/Logo.astro draws it. */
const brandMark =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="#ffc247"/><path d="M4 25 13 10l5 8 3-4 7 11z" fill="#072049"/><path d="M13 10l3.1 5.2-1.6-.9-1.5 1.8-1.6-1.7-1.5.7z" fill="#fff"/></svg>';
const svgData = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const el = (type: string, style: Record<string, unknown>, children?: unknown, extra = {}) => ({
  type,
  props: { style, children, ...extra },
});

async function loadFonts(root: string): Promise<Fonts> {
  const file = (weight: number) =>
    readFile(join(root, `node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
  return [
    { name: 'Inter', data: await file(800), weight: 800, style: 'normal' },
    { name: 'Inter', data: await file(600), weight: 600, style: 'normal' },
  ];
}

/** The card: brand, heading and the scene, on the heroes' night-blue gradient. */
async function drawCard(card: Card, setup: DrawingSetup, fonts: Fonts): Promise<Buffer> {
  const { width, height } = setup;
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
        src: svgData(setup.art),
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
            setup.brand,
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

if (parentPort) {
  const port = parentPort;
  const setup = workerData as DrawingSetup;
  const fonts = loadFonts(setup.root);
  port.on('message', async (card: Card) => {
    let result: DrawResult;
    try {
      result = { png: await drawCard(card, setup, await fonts) };
    } catch (error) {
      result = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(result);
  });
}
