/**
 * The staff's server-rendered pages: the editors' (`/editors`, ./http.ts) and the team inbox's
 * (`/team`, src/team/inbox.ts). One shell, one look, one header: a person with both roles moves
 * between them as within one tool. English only: they are the company's tools, not a visitor's
 * pages. No script at all; the only thing the policy allows is the page's own `style` element.
 *
 * Plain Node TypeScript: imports name their `.ts` files.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { config } from '../config.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { INBOX } from '../team/links.ts';
import { editsContent, seesSubmissions, type Session } from './store.ts';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:72rem;margin:1rem auto;padding:0 1rem;color:#1a1a1a}
main.narrow{max-width:40rem}body>main.narrow:only-child{margin:0 auto}a{color:#0b4f9c}
header{display:flex;flex-wrap:wrap;gap:0 1rem;align-items:center;justify-content:space-between;border-bottom:1px solid #ccc}
header form{display:flex;gap:.5rem;align-items:center}
nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:1rem}
label{font-weight:600}main.narrow label{display:block;margin-top:1rem}
main.narrow input{display:block;width:100%;padding:.5rem;box-sizing:border-box}
input,select,button{font:inherit;padding:.35rem .5rem}button{cursor:pointer}
main.narrow button{margin-top:1rem;padding:.6rem 1.2rem}
table{border-collapse:collapse;width:100%;margin:1rem 0}caption{text-align:left;font-weight:600}
th,td{border-bottom:1px solid #ddd;padding:.4rem .5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
th[scope=row]{width:min(12rem,35%)}
.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end}.filters label{display:block}
.problem{border-left:4px solid #b00020;padding:.5rem 1rem;background:#fdecee}
.done{border-left:4px solid #1b5e20;padding:.5rem 1rem;background:#e8f5e9}
pre{white-space:pre-wrap;margin:0;font-size:.9rem;max-height:20rem;overflow:auto}main.narrow pre{background:#f4f4f4;padding:.5rem}
`;

/** Nothing but the page's own `style` element; forms posted to the site only; never framed. */
const POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/** Headers of every staff answer, a page or not: never cached, never indexed, never framed. */
export const PRIVATE = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

/**
 * A whole page. `body` is the page's content after its header (a `<main>` for a page with a
 * header; a lone form such as the sign-in's is wrapped in a narrow one here).
 */
export function staffPage(
  res: ServerResponse,
  status: number,
  title: string,
  body: string,
  area: 'editors' | 'team inbox',
) {
  res.writeHead(status, {
    ...PRIVATE,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': POLICY,
  });
  const content = body.includes('<main') ? body : `<main class="narrow">${body}</main>`;
  res.end(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} · ${escapeHtml(config.brand)} ${area}</title><style>${STYLE}</style></head><body>${content}</body></html>`,
  );
}

/**
 * The header of a signed-in page: the staff's places this account may go (`trail` adds the
 * page's own, as `<li>` links), who is signed in, and Sign out.
 */
export function staffHeader(session: Session, trail = '') {
  const places = [
    editsContent(session.role) ? '<li><a href="/editors">Publish</a></li>' : '',
    seesSubmissions(session.role) ? `<li><a href="${INBOX}">Team inbox</a></li>` : '',
  ].join('');
  return `<header><nav aria-label="Where you are"><ul>${places}${trail}</ul></nav>
<form method="post" action="/editors/sign-out"><span>Signed in as ${escapeHtml(session.name)}</span><input type="hidden" name="csrf" value="${escapeHtml(session.csrf)}"><button type="submit">Sign out</button></form></header>`;
}
