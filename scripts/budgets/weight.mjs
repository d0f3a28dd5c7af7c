// What each built page weighs, read from the build output (dist/client): its HTML (gzip; the CSS
// is inlined in it), the islands it hydrates and the JavaScript each needs, counted once per file
// however many islands share it (React once); its first response as the Node server sends it
// (measured on the wire: as-sent.mjs); and the budgets of docs/performance.md.
//
// Pure functions over a `files` reader so tests can feed them a tiny fake build.
import { gzipSync } from 'node:zlib';

/** Gzip bytes, as a server with compression sends them (level 9: the reports stay stable). */
export const gzipSize = (text) => gzipSync(text, { level: 9 }).length;

export const budgets = {
  /**
   * All the JavaScript a page without a form can load, React counted once: its page scripts, its
   * islands hydrated, the cookie banner, and what it fetches on demand (the newsletter dialog's
   * form, lazy chunks). Tracking, after consent, is reported apart.
   */
  formlessJs: 75 * 1024,
  /** The page's own module scripts (the resort pages' live conditions and search summary). */
  pageScripts: 10 * 1024,
  /** HTML and CSS (inlined) of a page without a form, its scripts aside: one round trip of a new TCP connection. */
  firstRender: 14 * 1024,
  /**
   * What a page with a form loads before the visitor touches it (its form islands wait for the
   * first interaction, `client:interaction`): a reader of the contact page downloads no React.
   */
  formAtLoad: 10 * 1024,
  /**
   * A page's first response as `npm start` sends it to a browser (brotli): status line, headers
   * and body, in bytes. What a new connection carries in its first round trip: TCP's initial
   * window of 10 segments of 1,460 bytes.
   */
  firstResponse: 14_600,
  /**
   * What every page keeps free of that window: an editor's longer answer, a new review or a
   * translation's longer words (about 2,000 characters of text, 600 bytes of brotli) must not
   * tip a page into a second round trip after the tests have passed, as a Publish builds
   * without them.
   */
  firstResponseMargin: 600,
};

/**
 * The pages still over the window less the margin, by the form island they hold, and the most
 * each may send until it fits (docs/performance.md, "Every page's first response in the first
 * round trip"): their figure when the rest came within it, so that they can only shrink. Every
 * other page fails above the window less the margin.
 */
export const firstResponseStillOver = {
  /**
   * The home pages' lesson search: /fr at 14,012 bytes, within the window but 12 bytes into its
   * margin (/en, /es and /pt are within 14,000 and held to it like any page). The ceiling leaves
   * room for what moves with the checkout, not with the page: Astro's island ids hash the
   * project's path, and a checkout elsewhere compresses a few tens of bytes apart (measured: 18).
   */
  LessonSearchForm: 14_100,
};

/** Islands that wait for the visitor's first interaction with them (src/integrations/interaction.ts). */
const onInteraction = (island) => island.directive === 'interaction';

const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * The islands and module scripts a page's HTML references; the scripts it loads on demand (the
 * URL in a `data-module` attribute: the newsletter dialog's form, loaded at its first opening; a
 * script waiting in a `<template>`: the live conditions' error toast);
 * and the two scripts the consent head script may add (src/consent/head-script.ts): the banner's
 * while a choice is pending, the tracking loader (with Partytown) after consent.
 *
 * A page "has a form" when its main content has one: the footer's newsletter dialog, on every
 * page, does not make every page a form page (its script counts as on demand).
 */
export function pageAssets(html) {
  const settingsJson =
    /<script type="application\/json" id="consent-settings">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const settings = settingsJson ? JSON.parse(settingsJson) : {};
  const consent = {
    pending: [settings.banner].filter(Boolean),
    // Without tags configured, tracking consent loads nothing (the loader comes only for campaign values).
    tracking:
      settings.loader && settings.tags !== false
        ? [settings.loader, `${settings.partytownLib}partytown.js`]
        : [],
  };
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map(([tag]) => ({
    name: /\/([^/.]+)\.[\w-]+\.js$/.exec(attr(tag, 'component-url') ?? '')?.[1] ?? '?',
    directive: attr(tag, 'client') ?? '?',
    // Its texts' file, when the build moved them out of its props (src/integrations/island-strings.ts).
    urls: [attr(tag, 'component-url'), attr(tag, 'renderer-url'), attr(tag, 'data-strings')].filter(
      Boolean,
    ),
  }));
  // A script inside a <template> does not run with the page: it is started on demand (the live
  // conditions' error toast, src/components/resorts/LiveConditions.astro).
  const templates = [...html.matchAll(/<template\b[^>]*>([\s\S]*?)<\/template>/g)].map(
    ([, t]) => t,
  );
  const sources = (text) =>
    [...text.matchAll(/<script\b[^>]*\ssrc="([^"]+)"[^>]*>/g)].map(([, src]) => src);
  const waiting = templates.flatMap(sources);
  const scripts = sources(html).filter((src) => !waiting.includes(src));
  const onDemand = [
    ...[...html.matchAll(/\sdata-module="([^"]+)"/g)].map(([, src]) => src),
    ...waiting,
  ];
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  const hasForm = /<form[\s>]/.test(main);
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
    .map(([, text]) => text)
    .join('');
  return { islands, scripts, onDemand, consent, hasForm, css };
}

/**
 * Each built file's imports and gzip size, worked out once per build (`read` stands for the build):
 * the same files (React first) recur on every page, and in several of each page's sums.
 */
const perBuild = new WeakMap();
function once(read, key, compute) {
  let known = perBuild.get(read);
  if (!known) perBuild.set(read, (known = new Map()));
  if (!known.has(key)) known.set(key, compute());
  return known.get(key);
}
const fileSize = (url, read) => once(read, `size ${url}`, () => gzipSize(read(url)));

/**
 * A built module and the modules it imports statically (what loading it downloads), as URLs.
 * Dynamic `import()`s are code fetched later, on demand (a dialog, the toaster): listed apart.
 */
export function moduleImports(url, read) {
  return once(read, `imports ${url}`, () => parseImports(url, read(url)));
}

function parseImports(url, code) {
  const resolve = (spec) => new URL(spec, new URL(url, 'http://x')).pathname;
  const statics = [
    ...code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w${},*\s]+from\s*)?["']([^"']+\.js)["']/g),
  ].map(([, s]) => resolve(s));
  const lazy = [...code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)].map(([, s]) =>
    resolve(s),
  );
  return { statics, lazy };
}

/** Every file loading `urls` downloads (static closure), and the lazy chunks it may fetch later. */
export function closure(urls, read) {
  const files = new Set();
  const lazy = new Set();
  const visit = (url) => {
    if (files.has(url)) return;
    files.add(url);
    const { statics, lazy: later } = moduleImports(url, read);
    statics.forEach(visit);
    later.forEach((l) => lazy.add(l));
  };
  urls.forEach(visit);
  // What the lazy chunks bring with them that the page has not loaded already.
  const later = new Set();
  const visitLater = (url) => {
    if (files.has(url) || later.has(url)) return;
    later.add(url);
    moduleImports(url, read).statics.forEach(visitLater);
  };
  lazy.forEach(visitLater);
  return { files, lazy: later };
}

/**
 * One page's weights and the budgets it breaks; `sent`, when given, is its first response as the
 * server sends it (bytes on the wire). `warnings`: a page still over the window, within its
 * ceiling (`firstResponseStillOver`).
 */
export function weighPage(path, html, read, sent) {
  const { islands, scripts, onDemand, consent, hasForm, css } = pageAssets(html);
  // What renders: the document without its scripts (inline code and JSON data blocks).
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const size = (files) => [...files].reduce((sum, file) => sum + fileSize(file, read), 0);
  // Islands with Astro's own directives (at load, when idle, when scrolled into view, when a media
  // query matches) hydrate without the visitor doing anything: each counts for every visit. Those
  // waiting for an interaction count only once the visitor reaches for them.
  const islandUrls = islands.filter((i) => !onInteraction(i)).flatMap((i) => i.urls);
  const interactionUrls = islands.filter(onInteraction).flatMap((i) => i.urls);
  const interactive = closure([...consent.pending, ...islandUrls], read);
  const ownScripts = [...closure(scripts, read).files].filter(
    (file) => !interactive.files.has(file),
  );
  // Everything: what loads with the page, every island, the banner, then what comes on demand.
  const everything = closure(
    [...scripts, ...consent.pending, ...islandUrls, ...interactionUrls],
    read,
  );
  const demanded = closure([...everything.lazy, ...onDemand], read);
  const later = [...demanded.files, ...demanded.lazy].filter((file) => !everything.files.has(file));
  const newVisitor = closure([...scripts, ...consent.pending, ...islandUrls], read);
  const chosen = closure([...scripts, ...islandUrls], read);
  const tracking = closure(consent.tracking, read);
  const touched = closure(
    [...scripts, ...consent.pending, ...islandUrls, ...interactionUrls],
    read,
  );
  const weight = {
    path,
    hasForm,
    html: gzipSize(html),
    firstRender: gzipSize(markup),
    css: gzipSize(css),
    islands: islands.map((i) => `${i.name} (${i.directive})`),
    jsAll: size(everything.files) + size(later),
    jsPageScripts: size(ownScripts),
    jsNewVisitor: size(newVisitor.files),
    jsChosen: size(chosen.files),
    /** Downloaded when the visitor first reaches for a form island (new visitor, banner loaded). */
    jsOnInteraction: size([...touched.files].filter((file) => !newVisitor.files.has(file))),
    lazy: size(later),
    tracking: size(tracking.files),
    sent,
  };
  const problems = [];
  const warnings = [];
  const stillOver = islands
    .map((island) => firstResponseStillOver[island.name])
    .find((ceiling) => ceiling !== undefined);
  if (
    stillOver !== undefined &&
    sent !== undefined &&
    sent > budgets.firstResponse - budgets.firstResponseMargin
  )
    (sent > stillOver ? problems : warnings).push(
      `${path}: its first response is ${sent.toLocaleString('en')} bytes as the server sends it, ${sent > budgets.firstResponse ? `over the ${budgets.firstResponse.toLocaleString('en')} bytes of a first round trip` : `within the ${budgets.firstResponseMargin} bytes of a first round trip kept free for longer content`}${sent > stillOver ? ` and over the ${stillOver.toLocaleString('en')} its page may send until it fits` : ' (a known gap: it may not grow)'}`,
    );
  else if (sent !== undefined && sent > budgets.firstResponse - budgets.firstResponseMargin)
    problems.push(
      `${path}: its first response is ${sent.toLocaleString('en')} bytes as the server sends it (status line, headers, brotli body): ${sent > budgets.firstResponse ? `over the ${budgets.firstResponse.toLocaleString('en')} bytes of a first round trip` : `${(budgets.firstResponse - sent).toLocaleString('en')} bytes short of the ${budgets.firstResponse.toLocaleString('en')} of a first round trip, under the ${budgets.firstResponseMargin} kept free for longer content`}`,
    );
  if (!hasForm && weight.jsAll > budgets.formlessJs)
    problems.push(
      `${path}: ${kb(weight.jsAll)} of JavaScript with everything loaded (page scripts, islands, banner, on demand), over the ${kb(budgets.formlessJs)} budget of pages without forms`,
    );
  if (weight.jsPageScripts > budgets.pageScripts)
    problems.push(
      `${path}: ${kb(weight.jsPageScripts)} of page scripts besides the islands, over their ${kb(budgets.pageScripts)} budget`,
    );
  if (hasForm && weight.jsNewVisitor > budgets.formAtLoad)
    problems.push(
      `${path}: ${kb(weight.jsNewVisitor)} of JavaScript at load for a new visitor who has not touched the form, over the ${kb(budgets.formAtLoad)} budget of pages with a form`,
    );
  if (!hasForm && weight.firstRender > budgets.firstRender)
    problems.push(
      `${path}: ${kb(weight.firstRender)} of HTML and CSS for the first render, over the ${kb(budgets.firstRender)} budget of content pages`,
    );
  return { weight, problems, warnings };
}

/** Built chunks holding React DOM: more than one means some page could download it twice. */
export function reactDomChunks(urls, read) {
  return urls.filter((url) => read(url).includes('__reactContainer$'));
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
