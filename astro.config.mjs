// @ts-check
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { config } from './src/config.ts';
import { satteri } from '@astrojs/markdown-satteri';
import {
  failOnPlaceholderProblems,
  markdownPlaceholders,
} from './src/content/markdown-placeholders.ts';
import { staticHostRedirects } from './src/integrations/static-host-redirects.ts';
import { consent } from './src/integrations/consent.ts';
import { shareImages } from './src/integrations/share-images.ts';
import { viewRoutes } from './src/integrations/view-routes.ts';
import { staticHostHeaders } from './src/integrations/static-host-headers.ts';
import { interactionDirective } from './src/integrations/interaction.ts';
import { noImageEndpoint } from './src/integrations/no-image-endpoint.ts';
import { siteUrlGuard } from './src/integrations/site-url-guard.ts';
import { policyOriginsGuard } from './src/integrations/policy-origins-guard.ts';
import { contentCheck } from './src/content/check/integration.ts';
import { companyFactsGuard } from './src/integrations/company-facts-guard.ts';
import { contentSecurityPolicy } from './src/security/content-security-policy.ts';
import { browserTargets } from './src/integrations/browser-targets.ts';
import { editingScreenApi } from './src/integrations/editing-screen.ts';
import { criticalStyles } from './src/integrations/critical-css.ts';
import { islandRuntimeFiles } from './src/integrations/island-runtime.ts';
import { parallelPages } from './src/integrations/parallel-pages.ts';

// `npm run cms` (CMS=1): the editing screen at /keystatic on `astro dev`, with Keystatic's own
// integration. Builds have only its API, an on-demand route that `npm start` answers to signed-in
// editors (src/integrations/editing-screen.ts); the screen's scripts are built apart from the
// site's (scripts/build-editing-screen.mjs), so no public page shares a chunk with them.
const cms = process.env.CMS === '1';
const cmsIntegrations = cms ? [(await import('@keystatic/astro')).default()] : [editingScreenApi()];
// The UI's scripts are served from node_modules, which may be a link to a shared install (the
// tests' project copies): Vite serves files only from the allowed folders.
const cmsVite = cms
  ? {
      server: {
        fs: { allow: [fileURLToPath(new URL('.', import.meta.url)), realpathSync('node_modules')] },
      },
    }
  : {};

export default defineConfig({
  site: config.siteUrl.origin,
  // The spec's routes have no trailing slash: /en/instructors.
  trailingSlash: 'never',
  // Pages are prerendered HTML; only routes that opt out (`prerender = false`) run on the server.
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [
    contentCheck(),
    siteUrlGuard(),
    policyOriginsGuard(),
    companyFactsGuard(config.company),
    react(),
    viewRoutes(),
    // Before anything reads the built pages, so that each fits in a first round trip: its inline
    // CSS cut to its first screen, Astro's inline island scripts as cached files.
    criticalStyles(),
    islandRuntimeFiles(),
    staticHostRedirects(),
    staticHostHeaders(),
    failOnPlaceholderProblems(),
    consent(),
    interactionDirective(),
    shareImages(),
    noImageEndpoint(),
    // The pages rendered in worker threads, one per core, from 1,000 pages on.
    parallelPages(),
    // JavaScript and CSS built for the supported browsers of .browserslistrc.
    browserTargets(),
    ...cmsIntegrations,
  ],
  // No `i18n` block: Astro's i18n routing cannot translate path segments, so src/i18n/routes.ts
  // owns every URL and each page is given its locale explicitly.
  // Each page's CSS is small (4–6 KB gzip, only its own: one route per view): inlined, it costs
  // less than the round trip of a render-blocking request on a phone on a mountain. After the
  // build, only the first screen's part stays inline (src/integrations/critical-css.ts).
  //
  // `format: 'file'` writes /en/instructors as `en/instructors.html`, not `en/instructors/index.html`:
  // static hosts (Cloudflare Pages, Netlify) serve a folder's index at the folder's address with a
  // trailing slash and redirect the address without one (308), while a file is served at its
  // address without `.html`, the spec's URL. The Node adapter serves both layouts the same way.
  build: { inlineStylesheets: 'always', format: 'file' },
  // Markdown content may use {{brand}}, {{contactEmail}} and the site facts ({{lessons.group.max}}).
  // No syntax highlighting: the content has no code blocks, and Shiki's inline styles would need
  // 'unsafe-inline' in the Content Security Policy.
  markdown: {
    processor: satteri({ mdastPlugins: [markdownPlaceholders] }),
    syntaxHighlight: false,
  },
  server: { port: 4321, host: 'localhost' },
  // Astro's origin check would refuse (403) any form post whose Origin is not this server's: the
  // forms of a site deployed elsewhere, a proxy that changes the host, a test without Origin. The
  // only on-demand POST is the form receiver, which has no cookies or session to protect from
  // cross-site requests and applies its own origin allow-list (FORMS_ALLOWED_ORIGINS).
  //
  // The Content Security Policy of every page, as a <meta> with the hashes of its inline scripts
  // and styles (src/security/content-security-policy.ts; the other headers: src/security/headers.ts).
  security: { checkOrigin: false, csp: contentSecurityPolicy(config) },
  devToolbar: { enabled: false },
  // Astro's and Vite's caches in the project rather than in node_modules (their default): the
  // tests' project copies link one node_modules, and copies building or syncing at once shared
  // one content store and one Vite cache, which one of them emptied while another wrote it
  // ("ENOTEMPTY … node_modules/.vite/deps" failed a content check on CI).
  cacheDir: './.cache/astro',
  vite: { ...cmsVite, cacheDir: './.cache/vite' },
});
