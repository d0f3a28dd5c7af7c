/**
 * The brand's illustration (src/lib/hero-art.svg): one file with a content hash in its
 * name, cached for a year, that pages draw with `<svg><use href={heroArt} /></svg>`. A reference
 * costs a page about 100 bytes where the drawing inline would cost 1 KB of its 14 KB first render,
 * and an inline `<svg>` is never a Largest Contentful Paint candidate, so the hero's text stays it.
 * `no-inline`: Vite would otherwise turn a file this small into a data address, which `<use>`
 * cannot point into.
 */
import heroArtFile from './hero-art.svg?url&no-inline';

/** The address of the hero scene (its `art` symbol): mountains, a slope, an instructor and a learner. */
export const heroArt = `${heroArtFile}#art`;
