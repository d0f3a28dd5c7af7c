/**
 * The editing UI (Keystatic, local mode: it writes the files of content/ on this computer), served
 * at /keystatic by `npm run cms` only: astro.config.mjs adds it when CMS=1, so `npm run build`,
 * `npm run dev` and `npm start` never include it. What it edits: src/cms/content.ts.
 */
import { config } from '@keystatic/core';
import { collections, singletons } from './src/cms/content';

export default config({
  storage: { kind: 'local' },
  ui: {
    brand: { name: 'Pistelink content' },
    navigation: {
      Jobs: ['jobs-en', 'jobs-fr', 'jobs-es', 'jobs-pt', 'teams'],
      Resorts: ['resorts'],
      'Rental and prices': ['rental-packs', 'prices', 'site-facts'],
      'Home and cookies': ['reviews', 'instructors', 'cookies'],
      'Policy pages': ['articles-en', 'articles-fr', 'articles-es', 'articles-pt'],
      'Questions and words': [
        'faq-learners',
        'faq-instructors',
        'translations-en',
        'translations-fr',
        'translations-es',
        'translations-pt',
      ],
    },
  },
  collections,
  singletons,
});
