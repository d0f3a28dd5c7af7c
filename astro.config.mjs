// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { config } from './src/config.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { failOnPlaceholderProblems, markdownPlaceholders } from './src/content/markdown-placeholders.ts';
import { staticHostRedirects } from './src/integrations/static-host-redirects.ts';
import { consent } from './src/integrations/consent.ts';
import { viewRoutes } from './src/integrations/view-routes.ts';
import { interactionDirective } from './src/integrations/interaction.ts';

export default defineConfig({
  site: config.siteUrl.origin,
  // The spec's routes have no trailing slash: /en/instructors.
  trailingSlash: 'never',
  // Pages are prerendered HTML; only routes that opt out (`prerender = false`) run on the server.
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), viewRoutes(), staticHostRedirects(), failOnPlaceholderProblems(), consent(), interactionDirective()],
  // No `i18n` block: Astro's i18n routing cannot translate path segments, so src/i18n/routes.ts
  // owns every URL and each page is given its locale explicitly.
  // The CSS is small (≈3 KB gzip): inlined, it costs less than the round trip of a render-blocking
  // request on a phone on a mountain.
  build: { inlineStylesheets: 'always' },
  // Markdown content may use {{brand}}, {{contactEmail}} and the site facts ({{lessons.group.max}}).
  markdown: { processor: satteri({ mdastPlugins: [markdownPlaceholders] }) },
  server: { port: 4321, host: 'localhost' },
  // Astro's origin check would refuse (403) any form post whose Origin is not this server's: the
  // forms of a site deployed elsewhere, a proxy that changes the host, a test without Origin. The
  // only on-demand POST is the form receiver, which has no cookies or session to protect from
  // cross-site requests and applies its own origin allow-list (FORMS_ALLOWED_ORIGINS).
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  // No module-preload helper (0.9 KB gzip on every page with an island): the only lazy chunks are
  // fetched on a click (the newsletter dialog, the toaster), where one more round trip for their
  // imports is not felt, and it keeps pages without forms under their 75 KB budget.
  vite: { build: { modulePreload: false } },
});
