/**
 * The editing UI (Keystatic, local mode: it writes the files of content/ on this computer), served
 * at /keystatic by `npm run cms` only: astro.config.mjs adds it when CMS=1, so `npm run build`,
 * `npm run dev` and `npm start` never include it. What it edits: src/cms/content.ts.
 */
import { config } from '@keystatic/core';
import { collections, singletons } from './src/cms/content';
import { perLocaleKeys } from './src/cms/fields';

export default config({
  storage: { kind: 'local' },
  ui: {
    brand: { name: 'Pistelink content' },
    navigation: {
      // One entry per language of src/i18n/locales.ts.
      Jobs: [...perLocaleKeys('jobs'), 'teams'],
      Resorts: ['resorts'],
      'Rental and prices': ['rental-packs', 'prices', 'site-facts'],
      'Home and cookies': ['reviews', 'instructors', 'cookies'],
      'Policy pages': perLocaleKeys('articles'),
      'Questions and words': ['faq-learners', 'faq-instructors', ...perLocaleKeys('translations')],
    },
  },
  collections,
  singletons,
});
