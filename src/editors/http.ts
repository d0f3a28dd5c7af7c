/**
 * The editors' area of the Node server (server.mjs mounts it with one call): signing in and out,
 * and the Publish and Roll back buttons, which run what `npm run publish` runs
 * (src/publish/publish.ts). The editing screen (`/keystatic`, its API `/api/keystatic`) is served
 * to signed-in editors only (./editing-screen.ts): without a session, its pages lead to signing in
 * and its API answers 401, and nothing of it is sent.
 *
 * Security: the session cookie is HttpOnly, SameSite=Strict, and Secure (`__Host-` name) when the
 * site is https. Every state-changing request must come from the site's own origin (the Origin
 * header, as the form receiver checks) and, once signed in, carry the session's CSRF token
 * (compared in constant time). Sign-in attempts are limited per client address and per account.
 * Pages are sent `no-store`, with a Content Security Policy that allows nothing but their own style.
 *
 * Plain Node TypeScript: imports name their `.ts` files.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync, existsSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRateLimiter } from '../forms/server/rate-limit.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { preview, publish, rollback, type Outcome } from '../publish/publish.ts';
import { servedBuild } from '../publish/builds.ts';
import { editingScreen } from './editing-screen.ts';
import { staffHeader, staffPage } from './staff-page.ts';
import { LEAVE_PREVIEW, OPEN_PREVIEW, PREVIEW_COOKIE, sitePath } from './preview.ts';
import { verifyPassword } from './passwords.ts';
import {
  ABSOLUTE_HOURS,
  editsContent,
  openEditors,
  type EditorStore,
  type Session,
} from './store.ts';
import { INBOX } from '../team/links.ts';

export const SIGN_IN = '/editors/sign-in';
/** The subjects of the commits a publish or a rollback makes (src/publish/publish.ts). */
const RECORDED = /^(Publish by |Roll back to |Unpublished changes set aside)/;
const HOME = '/editors';

/** Attempts per 15 minutes: a person mistyping never meets them, a guesser is stopped. */
export const ATTEMPTS_PER_ACCOUNT = 5;
export const ATTEMPTS_PER_CLIENT = 20;
const WINDOW_SECONDS = 15 * 60;

/** The editors' pages, in the staff's one shell (./staff-page.ts). */
const page = (res: ServerResponse, status: number, title: string, body: string) =>
  staffPage(res, status, title, body, 'editors');

const redirect = (res: ServerResponse, location: string, headers: Record<string, string> = {}) => {
  res.writeHead(303, { location, 'cache-control': 'no-store', ...headers });
  res.end();
};

/** The urlencoded body of a small form post (a sign-in, a button): at most 4 KB. */
export function formOf(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 4096) {
        resolve(undefined);
        req.destroy();
      }
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', () => resolve(undefined));
  });
}

/** Whether two texts (a CSRF token and the session's) are the same, in constant time. */
export function sameText(a: string, b: string) {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a === b;
}

export type EditorsOptions = {
  /** The project folder: what publish builds and commits. */
  root: string;
  /** The site's public address (SITE_URL): its origin is accepted, and https makes cookies Secure. */
  siteUrl: URL;
  store?: EditorStore;
  now?: () => number;
  /** The served build's folder: the editing screen's page and scripts are taken from it. */
  buildDir?: () => string;
  /** The folder of the preview build the server has loaded, if any (server.mjs). */
  previewDir?: () => string | undefined;
};

/** How long a button waits for the server to answer from the build it made. */
const SWITCH_WAIT_MS = 30_000;

/**
 * Waits until the server answers from the build `link` names (it loads a moved link's build
 * within a second, seconds on a busy machine): what a button then says is true at once, and the
 * preview it offers to open is the one just built. Without `dirOf` (a test's area), at once.
 */
async function servedFrom(link: string, dirOf: (() => string | undefined) | undefined) {
  for (const until = Date.now() + SWITCH_WAIT_MS; dirOf && Date.now() < until; await sleep(100)) {
    if (!existsSync(link)) return; // no preview made yet
    if (dirOf() === realpathSync(link)) return;
  }
}

export function editorsArea({
  root,
  siteUrl,
  store = openEditors(),
  now,
  buildDir,
  previewDir,
}: EditorsOptions) {
  const screenFiles = buildDir ? editingScreen(buildDir, root) : undefined;
  const secure = siteUrl.protocol === 'https:';
  const cookieName = secure ? '__Host-pistelink_editor' : 'pistelink_editor';
  const perAccount = createRateLimiter(
    { max: ATTEMPTS_PER_ACCOUNT, windowSeconds: WINDOW_SECONDS },
    now,
  );
  const perClient = createRateLimiter(
    { max: ATTEMPTS_PER_CLIENT, windowSeconds: WINDOW_SECONDS },
    now,
  );
  /** Each session's last publish or rollback, shown once on the editors' page. */
  const outcomes = new Map<string, Outcome>();

  const previewCookie = `${secure ? '__Host-' : ''}${PREVIEW_COOKIE}`;
  const cookie = (value: string, maxAge: number, name = cookieName) =>
    `${name}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;

  function tokenOf(req: IncomingMessage, wanted = cookieName) {
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const [name, ...value] = part.trim().split('=');
      if (name === wanted) return value.join('=');
    }
    return undefined;
  }

  function sessionOf(req: IncomingMessage): (Session & { token: string }) | undefined {
    const token = tokenOf(req);
    const session = token ? store.session(token) : undefined;
    return session && token ? { ...session, token } : undefined;
  }

  /** A state-changing request from another site (or none named) is refused. */
  function fromOwnOrigin(req: IncomingMessage) {
    const origin = req.headers.origin;
    if (!origin) return false;
    const own = [siteUrl.origin, `http://${req.headers.host}`, `https://${req.headers.host}`];
    return own.includes(origin);
  }

  function signInPage(
    res: ServerResponse,
    status: number,
    problem?: string,
    email = '',
    next = HOME,
  ) {
    page(
      res,
      status,
      'Sign in',
      `<h1>Sign in to edit the site</h1>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${SIGN_IN}">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p>No account yet, or forgot your password? Ask the site's operator (docs/content.md, “Your account”).</p>`,
    );
  }

  async function signIn(req: IncomingMessage, res: ServerResponse) {
    const form = await formOf(req);
    if (!form) return signInPage(res, 400, 'The form could not be read: try again.');
    const email = (form.get('email') ?? '').trim();
    const password = form.get('password') ?? '';
    // Where the editor was going (a preview link from a colleague): a page of the editors' own.
    const next = sitePath(form.get('next'), HOME);
    const client = req.socket.remoteAddress ?? 'unknown';
    const byClient = perClient.hit(client);
    const byAccount = perAccount.hit(email.toLowerCase());
    const limited = !byClient.allowed ? byClient : !byAccount.allowed ? byAccount : undefined;
    if (limited && !limited.allowed) {
      const minutes = Math.ceil(limited.retryAfterSeconds / 60);
      res.setHeader('retry-after', String(limited.retryAfterSeconds));
      return signInPage(
        res,
        429,
        `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        email,
        next,
      );
    }
    if (!(await verifyPassword(password, store.passwordHash(email))))
      return signInPage(res, 401, 'Wrong email or password.', email, next);
    store.removeExpired();
    const token = store.openSession(email);
    // The team's members land in their inbox: they have nothing to publish.
    const role = store.session(token)?.role;
    const landing = role && !editsContent(role) ? INBOX : next.startsWith(HOME) ? next : HOME;
    redirect(res, landing, { 'set-cookie': cookie(token, ABSOLUTE_HOURS * 3600) });
  }

  /** The last publishes and rollbacks, newest first, as git recorded them (src/publish). */
  function recentPublishes(): string[] {
    try {
      return execFileSync(
        'git',
        [
          'log',
          '-5',
          '--extended-regexp',
          `--grep=${RECORDED.source}`,
          '--format=%ad · %s',
          '--date=format:%Y-%m-%d %H:%M',
          '--',
          'content',
        ],
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      )
        .split('\n')
        .filter(Boolean);
    } catch {
      return [];
    }
  }

  function servedLine() {
    const build = servedBuild(root);
    const record = build ? join(root, '.builds', build, 'publish.json') : undefined;
    if (!record || !existsSync(record))
      return 'Visitors see the site as last built by a developer.';
    const { by, at } = JSON.parse(readFileSync(record, 'utf8')) as {
      by: { name: string };
      at: string;
    };
    return `Visitors see the publish of ${at.replace('T', ' ').slice(0, 16)} UTC by ${by.name}.`;
  }

  /** The preview ready, if any: who made it, when, and its link to share. */
  function previewLine() {
    const build = servedBuild(root, 'preview');
    const record = build ? join(root, '.builds', build, 'preview.json') : undefined;
    if (!record || !existsSync(record)) return '';
    const { by, at } = JSON.parse(readFileSync(record, 'utf8')) as {
      by: { name: string };
      at: string;
    };
    const link = new URL(OPEN_PREVIEW, siteUrl).href;
    return `<p class="done">Preview of ${escapeHtml(at.replace('T', ' ').slice(0, 16))} UTC by ${escapeHtml(by.name)}: <a href="${OPEN_PREVIEW}">open the preview</a>. Colleagues open it at <code>${escapeHtml(link)}</code> once signed in. Publishing what it shows, unchanged since, takes seconds.</p>`;
  }

  function home(res: ServerResponse, session: Session & { token: string }) {
    const outcome = outcomes.get(session.token);
    outcomes.delete(session.token);
    const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(session.csrf)}">`;
    const history = recentPublishes();
    page(
      res,
      200,
      'Publish',
      `${staffHeader(session)}<main class="narrow"><h1>Publish the site</h1>
${
  outcome
    ? `<div class="${outcome.ok ? 'done' : 'problem'}" role="status"><p>${escapeHtml(outcome.summary)} (${outcome.seconds} s)</p>${
        outcome.log.trim()
          ? `<details><summary>Details</summary><pre tabindex="0">${escapeHtml(outcome.log)}</pre></details>`
          : ''
      }</div>`
    : ''
}
<p>${escapeHtml(servedLine())}</p>
<p><a href="/keystatic">Open the editing screen</a> to change the content; come back here to publish it.</p>
<form method="post" action="/editors/preview/build">${csrf}<button type="submit">Preview</button>
<p>Checks the content and builds the site as it will be published, for you and your colleagues only: visitors see nothing of it.</p></form>
${previewLine()}
<form method="post" action="/editors/publish">${csrf}<button type="submit">Publish</button>
<p>Checks the content, builds the site and puts it live (about a minute). Visitors see the last published site until it is done.</p></form>
<form method="post" action="/editors/rollback">${csrf}<button type="submit">Roll back</button>
<p>Brings back the site as it was before the last publish, and its content.</p></form>
${history.length ? `<h2>Recent publishes and rollbacks</h2><ul>${history.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}</main>`,
    );
  }

  const outOfDate = (res: ServerResponse) =>
    page(
      res,
      403,
      'Refused',
      `<h1>Refused</h1><p>This form is out of date: <a href="${HOME}">open the page again</a>.</p>`,
    );

  async function action(
    req: IncomingMessage,
    res: ServerResponse,
    session: Session & { token: string },
    run: () => Promise<Outcome>,
  ) {
    const form = await formOf(req);
    if (!form || !sameText(form.get('csrf') ?? '', session.csrf)) return outOfDate(res);
    outcomes.set(session.token, await run());
    await Promise.all([
      servedFrom(join(root, 'dist'), buildDir),
      servedFrom(join(root, 'preview'), previewDir),
    ]);
    redirect(res, HOME);
  }

  /**
   * Answers the request when it is the editors' (true), or lets the server go on (false): every
   * other address, and the editing screen's once signed in.
   */
  function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? '/').split('?')[0]!;
    const screen = /^\/(api\/)?keystatic(\/|$)/.exec(path);
    if (!screen && path !== HOME && !path.startsWith(`${HOME}/`)) return false;
    const session = sessionOf(req);
    if (screen) {
      if (session && !editsContent(session.role)) {
        res.writeHead(403, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
        res.end('This account does not edit the site.');
        return true;
      }
      if (session && screen[1]) {
        // The screen saves with fetch(): same origin, or refused (with the SameSite cookie).
        if (req.method !== 'GET' && req.method !== 'HEAD' && !fromOwnOrigin(req)) {
          res.writeHead(403, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify({ error: 'This request did not come from this site.' }));
          return true;
        }
        screenFiles?.apiHeaders(res);
        return false;
      }
      if (session && screenFiles) screenFiles.answer(req, res);
      if (session) return Boolean(screenFiles);
      if (screen[1]) {
        res.writeHead(401, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ error: 'Sign in first.' }));
      } else redirect(res, SIGN_IN);
      return true;
    }
    const post = req.method === 'POST';
    // Leaving the preview needs no session (it may have ended): it only forgets the choice.
    if (path === LEAVE_PREVIEW && !post) {
      const to = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('to');
      redirect(res, sitePath(to, HOME), { 'set-cookie': cookie('', 0, previewCookie) });
      return true;
    }
    if (post && !fromOwnOrigin(req)) {
      page(res, 403, 'Refused', '<h1>Refused</h1><p>This request did not come from this site.</p>');
      return true;
    }
    const fail = (error: unknown) => {
      console.error('Editors:', error);
      if (!res.headersSent)
        page(res, 500, 'Error', '<h1>Something went wrong</h1><p>Try again.</p>');
    };
    if (path === SIGN_IN) {
      if (post) void signIn(req, res).catch(fail);
      else if (session) redirect(res, HOME);
      else
        signInPage(
          res,
          200,
          undefined,
          '',
          sitePath(new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('next'), HOME),
        );
      return true;
    }
    if (!session) {
      if (post)
        page(
          res,
          401,
          'Signed out',
          `<h1>Your session has ended</h1><p><a href="${SIGN_IN}">Sign in again</a>.</p>`,
        );
      else if (path === OPEN_PREVIEW)
        redirect(res, `${SIGN_IN}?next=${encodeURIComponent(OPEN_PREVIEW)}`);
      else redirect(res, SIGN_IN);
      return true;
    }
    const by = { name: session.name, email: session.email };
    const publishing =
      path === HOME ||
      path === '/editors/publish' ||
      path === '/editors/rollback' ||
      path === '/editors/preview/build';
    if (publishing && !editsContent(session.role)) {
      if (post) page(res, 403, 'Refused', '<h1>Refused</h1><p>This account does not publish.</p>');
      else redirect(res, INBOX);
    } else if (path === HOME && !post) home(res, session);
    else if (path === '/editors/sign-out' && post)
      void formOf(req)
        .then((form) => {
          if (!form || !sameText(form.get('csrf') ?? '', session.csrf)) return outOfDate(res);
          store.closeSession(session.token);
          redirect(res, SIGN_IN, { 'set-cookie': cookie('', 0) });
        })
        .catch(fail);
    else if (path === '/editors/publish' && post)
      void action(req, res, session, () => publish(root, { by })).catch(fail);
    else if (path === OPEN_PREVIEW && !post)
      // The site at its own addresses, from the preview build, for this browser (src/editors/preview.ts).
      redirect(res, '/en', { 'set-cookie': cookie('1', ABSOLUTE_HOURS * 3600, previewCookie) });
    else if (path === '/editors/preview/build' && post)
      void action(req, res, session, () => preview(root, { by })).catch(fail);
    else if (path === '/editors/rollback' && post)
      void action(req, res, session, () => rollback(root, { by })).catch(fail);
    else
      page(res, 404, 'Not found', `<h1>Not found</h1><p><a href="${HOME}">Editors' page</a></p>`);
    return true;
  }

  /** Whether this request is a signed-in editor's who opened the preview (src/editors/preview.ts). */
  const previewing = (req: IncomingMessage) =>
    tokenOf(req, previewCookie) === '1' && sessionOf(req) !== undefined;

  return { handle, cookieName, sessionOf, fromOwnOrigin, previewing };
}
