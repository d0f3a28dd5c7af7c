// @ts-check
// ESLint: the recommended rules of ESLint, typescript-eslint, Astro, jsx-a11y and React hooks.
// Formatting is Prettier's job (`npm run format`): eslint-config-prettier, last, turns off every
// rule that would disagree with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Domain code never depends on how a page draws it (a component), only the reverse. */
const noComponents = {
  group: ['**/components/**'],
  message: 'Domain code does not import components; a component imports it.',
  allowTypeImports: true,
};

export default defineConfig(
  // What the build, the tests and Node 24's install write (all git-ignored).
  globalIgnores([
    'dist',
    'dist-static-hosts',
    '.builds/',
    '.wrangler/',
    '.netlify/',
    '.astro/',
    '.cache/',
    '.tooling/',
    'data/',
    'test-results/',
    'playwright-report/',
    'screenshots/',
    '.screenshot-site/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],

  // Scripts, the server, configuration and tests run on Node.
  { files: ['**/*.{js,mjs,ts}'], languageOptions: { globals: globals.node } },

  // React islands: accessibility and the rules of hooks.
  {
    files: ['**/*.tsx'],
    ...jsxA11y.configs.recommended,
    languageOptions: { globals: globals.browser },
  },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat['recommended-latest'] },
  {
    files: ['**/*.tsx'],
    rules: {
      // A choice's label holds its title and hint in spans (label > span > strong > {text}): look
      // one level deeper than the default 2 for the label's text.
      'jsx-a11y-x/label-has-associated-control': ['error', { depth: 3 }],
      // Islands are rendered on the server without what only the browser knows (the consent
      // cookies, the address's query and hash, what was typed before hydration, today's date) and
      // read it in an effect once hydrated, so that their first render matches the server's HTML.
      // Setting state in that effect is the point, not a cascade to avoid.
      'react-hooks/set-state-in-effect': 'off',
    },
  },

  // Domain code (the forms, the lessons, the consent) is used by pages, islands, the receiver and
  // scripts alike: it never depends on how a page draws it (a component), only the reverse. Types
  // may be shared (they leave nothing in the build). The forms' shared code (`src/forms/*.ts`, the
  // definitions and rules the islands and the receiver share) runs in the browser: no Node, nothing
  // of the server's; the browser's (`src/forms/browser/`) nothing of the server's either.
  {
    files: ['src/forms/**/*.ts', 'src/lessons/**/*.ts', 'src/consent/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [noComponents],
        },
      ],
    },
  },
  {
    files: ['src/forms/*.ts', 'src/forms/browser/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            noComponents,
            {
              group: ['**/server/**', './server/*', 'node:*'],
              message:
                'Shared and browser code of the forms runs in the browser: the server part goes in src/forms/server/.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },

  {
    rules: {
      // `const { omitted: _, ...rest } = object` leaves a property out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },

  prettier,
);
