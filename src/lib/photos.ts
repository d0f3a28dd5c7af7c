/**
 * How entries' photos are drawn (src/components/Photo.astro): each place a photo appears gives the
 * widths the build makes of it and the `sizes` that tell the browser which to fetch, from the
 * photo's box in that place's CSS. The hero's are also what its preload asks for
 * (HeroPhotoPreload.astro): the same files, so the browser fetches the photo once, early.
 */
import type { ImageMetadata } from 'astro';

/** A photo and the text read aloud in its place (empty when the text beside it says it all). */
export type EntryPhoto = { src: ImageMetadata; alt: string };

/** The formats each photo is offered in, best first; the browser takes the first it knows. */
export const photoFormats = ['avif', 'webp'] as const;

/**
 * The hero's photo box (PageHero.astro): on a phone the width of the page less its margins, at
 * most 24rem, under the text; from 900px the right-hand 46% of the content column (72rem at most).
 * Widths for 390 to 1280 px screens at 1x to 3x.
 */
export const heroPhoto = {
  widths: [400, 600, 800, 1100],
  sizes: '(min-width: 900px) calc(min(100vw - 3rem, 72rem) * 0.46), min(100vw - 3rem, 24rem)',
};

/** A rental pack's card (PackGrid.astro): one column on a phone, cards of 18rem and more above. */
export const packPhoto = {
  widths: [320, 480, 640, 960],
  sizes: '(min-width: 45rem) 24rem, calc(100vw - 3rem)',
};

/** A review's portrait: a 3rem circle beside the author's name. */
export const portraitPhoto = {
  widths: [48, 96, 144],
  sizes: '3rem',
};

/** An instructor's card on the instructors page: cards of 16rem and more, one column on a phone. */
export const instructorPhoto = {
  widths: [320, 480, 640, 960],
  sizes: '(min-width: 45rem) 22rem, calc(100vw - 3rem)',
};
