// What a page's share image shows, read from the rendered page (src/lib/share-image.ts): its
// heading, in the language of its hero when the hero has its own (a posting shown in English on
// a French page), else the page's.
import { describe, expect, it } from 'vitest';
import { cardOf } from '../../src/lib/share-image';

const page = (body: string) =>
  '<html lang="fr"><head><meta property="og:image" content="https://example.test/og/fr/jobs/x.png"></head>' +
  `<body>${body}</body></html>`;

describe('share image card', () => {
  it('takes the hero’s own language over the page’s', () => {
    const html = page(
      '<section class="intro" lang="es"><p>…</p></section>' +
        '<section id="top" class="hero hero--dark" lang="en"><h1>Backend engineer</h1></section>',
    );
    expect(cardOf(html)).toEqual({
      image: '/og/fr/jobs/x.png',
      card: { heading: 'Backend engineer', lang: 'en' },
    });
  });

  it('takes the page’s language when the hero has none, and reads no further than a tag', () => {
    // A lang after the hero's tag is another element's.
    const html = page('<section class="hero"><h1 lang="en">Ingénieur</h1></section>');
    expect(cardOf(html)?.card).toEqual({ heading: 'Ingénieur', lang: 'fr' });
  });

  it('has no card on a page that uses the site’s image', () => {
    expect(
      cardOf('<html lang="en"><head></head><body><h1>Home</h1></body></html>'),
    ).toBeUndefined();
  });
});
