/**
 * The preview of an unpublished change, as signed-in editors see it (docs/content.md, "Preview"):
 * the whole site at its own addresses, answered from the preview build (`npm run publish`'s
 * `preview` link, made by the Preview button) instead of the live one, for a browser that has
 * both a session and the preview cookie. Visitors, and editors who left the preview, never get it.
 *
 * Every page of the preview says so at its top, in the page's language, with a way out and the
 * way back to the editors' page: a few lines put into the built page as it is sent (the build is
 * the one a publish puts live as it is, so it carries no marker of its own). The marker is in the
 * flow, above the page: the page itself is wrapped in a positioned box, so that the site's header,
 * laid over the top of its page, starts below the marker instead of under it (the box is a column
 * as the page's `body` is, so the footer stays at the bottom of a short page). The page's own
 * Content Security Policy is kept; the marker's style is added to it by its hash. Sent `no-store`:
 * the same address answers differently once the preview is left.
 *
 * Plain Node TypeScript: imports name their `.ts` files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize } from 'node:path';
import { escapeHtml } from '../lib/escape-html.ts';
import { addSecurityHeaders, headerOnlyDirectives } from '../security/headers.ts';

/** What the preview needs of a loaded build (src/server/live-build.ts). */
type Build = {
  dir: string;
  pageFor: (url: string) => { rewrite: string } | { redirect: string } | undefined;
};

export const PREVIEW_COOKIE = 'pistelink_preview';
export const OPEN_PREVIEW = '/editors/preview';
export const LEAVE_PREVIEW = '/editors/preview/leave';

/** The marker's words in each language of the site (src/i18n/locales.ts). */
const WORDS: Record<string, { marker: string; leave: string; back: string }> = {
  en: {
    marker: 'Preview — not published. Visitors do not see this version.',
    leave: 'Leave the preview',
    back: 'Publish or change it',
  },
  fr: {
    marker: 'Aperçu — non publié. Les visiteurs ne voient pas cette version.',
    leave: 'Quitter l’aperçu',
    back: 'Publier ou modifier',
  },
  es: {
    marker: 'Vista previa — no publicada. Los visitantes no ven esta versión.',
    leave: 'Salir de la vista previa',
    back: 'Publicar o cambiar',
  },
  pt: {
    marker: 'Pré-visualização — não publicada. Os visitantes não veem esta versão.',
    leave: 'Sair da pré-visualização',
    back: 'Publicar ou alterar',
  },
};

const STYLE = `#preview-site{position:relative;flex:1;display:flex;flex-direction:column}#preview-marker{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;justify-content:center;padding:.5rem 1rem;background:#8a1c00;color:#fff;font:600 15px/1.4 system-ui,sans-serif;text-align:center}
#preview-marker a{color:#fff;text-decoration:underline}`;
const styleHash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** A path of this site to come back to (never another host: `//evil.example`). */
export const sitePath = (value: string | null | undefined, fallback: string) =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value
    : fallback;

function marked(html: string, path: string): string {
  const lang = /<html[^>]*\blang="([a-z]{2})/.exec(html)?.[1] ?? 'en';
  const words = WORDS[lang] ?? WORDS.en!;
  const leave = `${LEAVE_PREVIEW}?to=${encodeURIComponent(path)}`;
  const marker = `<style>${STYLE}</style><div id="preview-marker" role="status"><span>${escapeHtml(words.marker)}</span><a href="${escapeHtml(leave)}">${escapeHtml(words.leave)}</a><a href="/editors">${escapeHtml(words.back)}</a></div>`;
  return html
    .replace(
      /(<meta http-equiv="content-security-policy" content="[^"]*?style-src 'self')/,
      `$1 ${styleHash}`,
    )
    .replace(/<body([^>]*)>/, `<body$1>${marker}<div id="preview-site">`)
    .replace('</body>', '</div></body>');
}

/**
 * Answers a GET or HEAD of a prebuilt page from the preview build, marked; false for anything
 * else (its scripts and pictures, on-demand routes), which the server answers from the same build.
 */
export function answerPreviewPage(build: Build, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const page = build.pageFor(url);
  if (!page || 'redirect' in page) return false;
  const client = join(build.dir, 'client');
  const file = normalize(join(client, decodeURI(page.rewrite.split('?')[0]!)));
  if (!file.startsWith(`${client}/`) || !existsSync(file)) return false;
  addSecurityHeaders(res, headerOnlyDirectives.join('; '));
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
  });
  res.end(
    req.method === 'HEAD' ? undefined : marked(readFileSync(file, 'utf8'), url.split('?')[0]!),
  );
  return true;
}
