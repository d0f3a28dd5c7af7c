// What the build does to a page so that it arrives in a first round trip: its inline CSS cut to
// its first screen (src/integrations/critical-css.ts), the icons further down from a file
// (src/integrations/icon-sprite.ts) and Astro's island scripts as files
// (src/integrations/island-runtime.ts). The whole site is checked as sent by `npm run weight`,
// and the first screen's looks by tests/e2e/first-screen.spec.ts.
import { describe, expect, it } from 'vitest';
import {
  applyStylesheetScript,
  criticalCss,
  SHOW_BELOW,
  splitPageStyles,
  widenedSelector,
} from '../../src/integrations/critical-css';
import {
  externalIslandScripts,
  externalModuleScripts,
} from '../../src/integrations/island-runtime';
import { externalIslandStrings } from '../../src/integrations/island-strings';
import { cspHash } from '../../src/security/content-security-policy';

/** A page as Astro builds it: a policy with the hashes of its inline style and scripts. */
function builtPage({ css = '', scripts = [] as string[], sections = [] as string[] }) {
  const hashes = (list: string[]) => list.map((text) => ` '${cspHash(text)}'`).join('');
  return (
    '<!doctype html><html lang="en"><head>' +
    `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self'${hashes(scripts)}; style-src 'self'${hashes([css])};">` +
    `<style>${css}</style></head><body><a class="skip-link" href="#main">Skip</a>` +
    '<header class="site-header"><button class="menu-button">Menu</button></header>' +
    `<main id="main">${sections.join('')}</main>` +
    '<footer class="site-footer"><p class="footer-note">©</p></footer>' +
    scripts.map((code) => `<script>${code}</script>`).join('') +
    '</body></html>'
  );
}

const hero = '<section class="hero"><h1 class="hero__title">Ski</h1></section>';
const long = (name: string) =>
  `<section class="${name}">${'<p class="text">Lorem ipsum dolor sit amet.</p>'.repeat(200)}</section>`;

describe('the first screen’s CSS', () => {
  it('widens a selector to what may match on the first screen at some moment', () => {
    expect(widenedSelector('.site-header:hover>.menu-button::before')).toBe(
      '.site-header>.menu-button',
    );
    expect(widenedSelector('html[data-consent=pending] .consent-banner')).toBe(
      'html .consent-banner',
    );
    expect(widenedSelector(':root')).toBe('html');
    expect(widenedSelector('.a:not(.b, .c) :popover-open')).toBe('.a *');
    expect(widenedSelector('.card[data-astro-cid-x1]')).toBe('.card[data-astro-cid-x1]');
    // A type stays (no script changes one); any other test of it is widened away.
    expect(widenedSelector('input[type=file].field::file-selector-button')).toBe(
      'input[type=file].field',
    );
    expect(widenedSelector('input[type^=f]')).toBe('input');
  });

  it('keeps a type’s rules only when the first screen has an element of that type', () => {
    const html = builtPage({
      sections: [
        '<section class="hero"><input class="field" type="checkbox"><input class="field"></section>',
      ],
    });
    const css =
      'input[type=checkbox].field{margin:0}input[type=file].field{border-style:dashed}' +
      'input[type="FILE"].field::file-selector-button{color:red}.field{color:blue}';
    expect(criticalCss(css, html)).toBe('input[type=checkbox].field{margin:0}.field{color:blue}');
  });

  it('keeps the rules of the header and the first sections, states and conditions included (a pointer’s aside), and leaves out those of the content further down', () => {
    const html = builtPage({
      sections: [hero, long('intro'), long('reviews')],
    });
    const css = [
      ':root{--ink:#000}',
      '@font-face{font-family:X;src:url(x.woff2)}',
      '.site-header[data-solid] .menu-button:focus-visible{color:red}',
      // A pointer's states come with the whole stylesheet, a round trip after the first paint.
      '.site-header .menu-button:hover,.hero__title:active{color:blue}',
      '.hero__title{font-size:3rem}',
      '@media (min-width:900px){.hero{padding:4rem}.reviews{display:grid}}',
      '.intro .text{margin:0}',
      '.reviews{gap:1rem}',
      '.site-footer .footer-note{color:gray}',
      '.toast{position:fixed}',
      // A state a script switches on an element of the first screen (its block is there).
      '.hero__title--live{color:green}',
    ].join('');
    expect(criticalCss(css, html)).toBe(
      [
        ':root{--ink:#000}',
        '@font-face{font-family:X;src:url(x.woff2)}',
        '.site-header[data-solid] .menu-button:focus-visible{color:red}',
        '.hero__title{font-size:3rem}',
        '@media (min-width:900px){.hero{padding:4rem}}',
        '.intro .text{margin:0}',
        '.hero__title--live{color:green}',
        // The reviews (the third child of <main>) and the footer, hidden until the whole applies.
        ':where(main>:nth-child(n+3),main~*){visibility:hidden;overflow-x:clip}',
      ].join(''),
    );
  });

  it('keeps the rule of an element that has a modifier class without its block’s', () => {
    // The resort facts' wide tile is `<div class="fact--wide">`: without its rule, its date ran
    // past a phone's screen before the whole stylesheet came, and the page was zoomed out.
    const html = builtPage({
      sections: [
        '<section class="hero"><dl class="facts"><div class="fact--wide">1 Dec</div></dl></section>',
      ],
    });
    const css = '.facts>.fact--wide{grid-column:1/-1}.facts>.fact--narrow{grid-column:1}';
    expect(criticalCss(css, html)).toContain('.facts>.fact--wide{grid-column:1/-1}');
  });

  it('takes in a third section when the first two are short, as the top of a laptop’s screen', () => {
    const html = builtPage({
      sections: [hero, '<section class="intro">Hi</section>', long('more'), long('last')],
    });
    expect(criticalCss('.more{color:red}.last{color:blue}', html)).toBe(
      '.more{color:red}:where(main>:nth-child(n+4),main~*){visibility:hidden;overflow-x:clip}',
    );
  });

  it('takes in the footer of a short page (a 404), and hides nothing', () => {
    const html = builtPage({ sections: [hero] });
    expect(criticalCss('.site-footer .footer-note{color:gray}', html)).toBe(
      '.site-footer .footer-note{color:gray}',
    );
  });

  it('links the whole stylesheet after the inline part, applied once loaded, and updates the page’s policy', () => {
    const css = `.site-header{color:red}.site-footer{color:blue}${'.x{}'.repeat(1200)}`;
    const html = builtPage({ css, sections: [hero, long('intro')] });
    const split = splitPageStyles(html)!;
    expect(split.file.css).toBe(`${css}${SHOW_BELOW}`);
    const href = `/_astro/${split.file.name}`;
    const critical = '.site-header{color:red}:where(main~*){visibility:hidden;overflow-x:clip}';
    expect(split.html).toContain(
      `<style>${critical}</style><link rel="stylesheet" href="${href}" media="print"><script>${applyStylesheetScript}</script><noscript><link rel="stylesheet" href="${href}"></noscript>`,
    );
    expect(split.html).toContain(`'${cspHash(critical)}'`);
    expect(split.html).not.toContain(`'${cspHash(css)}'`);
    expect(split.html).toContain(`script-src 'self' '${cspHash(applyStylesheetScript)}'`);
  });

  it('leaves a small stylesheet whole', () => {
    expect(splitPageStyles(builtPage({ css: '.site-header{color:red}' }))).toBeUndefined();
  });

  it('joins Astro’s island rule to the critical CSS, with one hash fewer in the policy', () => {
    const css = `.site-header{color:red}${'.x{}'.repeat(1200)}`;
    const islandRule = 'astro-island,astro-slot,astro-static-slot{display:contents}';
    const html = builtPage({ css, sections: [hero, long('intro')] })
      .replace('</head>', `<style>${islandRule}</style></head>`)
      .replace(`style-src 'self'`, `style-src 'self' '${cspHash(islandRule)}'`);
    const split = splitPageStyles(html)!;
    const critical = `${islandRule}.site-header{color:red}:where(main~*){visibility:hidden;overflow-x:clip}`;
    expect(split.html).toContain(`<style>${critical}</style>`);
    expect(split.html.match(/<style>/g)).toHaveLength(1);
    expect(split.html).toContain(`style-src 'self' '${cspHash(critical)}';`);
  });
});

describe('the icons further down from a sprite file', () => {
  const icon = (d: string, size = 24) =>
    `<svg class="icon" viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" stroke="currentColor" aria-hidden="true"><path d="${d}"></path></svg>`;
  const glyph =
    '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M1 1h2z" fill="currentColor"></path></svg>';
  const css = `.site-header{color:red}${'.x{}'.repeat(1200)}`;

  it('draws the icons below the first screen from one file, each path once, and leaves those on it, in islands and drawings inline', () => {
    const drawing =
      '<svg class="stars" viewBox="0 0 24 24"><path d="M5 5z"></path><path d="M6 6z"></path></svg>';
    const scoped = '<svg viewBox="0 0 24 24"><path class="off" d="M7 7z"></path></svg>';
    const island = `<astro-island uid="1">${icon('M9 9z')}</astro-island>`;
    const below = `<section class="more">${icon('M2 2z', 28)}${icon('M2 2z')}${drawing}${scoped}${island}</section>`;
    const html = builtPage({ css, sections: [hero + icon('M0 0z'), long('intro'), below] }).replace(
      '<p class="footer-note">',
      `${glyph}<p class="footer-note">`,
    );
    const split = splitPageStyles(html)!;
    const { name, svg } = split.icons!;
    const use = (id: string) => `<use href="/_astro/${name}#${id}"></use>`;
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg">' +
        '<symbol id="i0" viewBox="0 0 24 24"><path d="M2 2z"></path></symbol>' +
        '<symbol id="i1" viewBox="0 0 24 24"><path d="M1 1h2z" fill="currentColor"></path></symbol>' +
        '</svg>\n',
    );
    // Same box, size and stroke: only the path comes from the file.
    expect(split.html).toContain(
      `<svg class="icon" viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" aria-hidden="true">${use('i0')}</svg>`,
    );
    expect(split.html).toContain(
      `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">${use('i1')}</svg>`,
    );
    expect(split.html.match(/<use /g)).toHaveLength(3);
    for (const inline of [icon('M0 0z'), drawing, scoped, island])
      expect(split.html).toContain(inline);
  });

  it('writes no file for a page whose icons are all on its first screen', () => {
    const html = builtPage({ css, sections: [hero + icon('M0 0z')] });
    expect(splitPageStyles(html)!.icons).toBeUndefined();
  });
});

describe('Astro’s island scripts as files', () => {
  const runtime =
    '(()=>{customElements.get("astro-island")||customElements.define("astro-island",f)})();';
  const directive =
    '(()=>{var d=1;(self.Astro||(self.Astro={})).interaction=d;window.dispatchEvent(new Event("astro:interaction"));})();';
  const other = '(()=>{console.log("mine")})();';

  it('loads them deferred, in their order, and takes their hashes out of the policy', () => {
    const html = builtPage({ scripts: [directive, runtime, other] });
    const external = externalIslandScripts(html)!;
    expect(external.files.map((file) => file.code)).toEqual([directive, runtime]);
    const [first, second] = external.files.map((file) => `/_astro/${file.name}`);
    expect(external.html).toContain(
      `<script defer src="${first}"></script><script defer src="${second}"></script><script>${other}</script>`,
    );
    expect(external.html).not.toContain(cspHash(runtime));
    expect(external.html).not.toContain(cspHash(directive));
    expect(external.html).toContain(cspHash(other));
  });

  it('leaves a page without islands alone', () => {
    expect(externalIslandScripts(builtPage({ scripts: [other] }))).toBeUndefined();
  });
});

describe('a page’s small inline module scripts as one file', () => {
  const header = 'function e(e){e.key}document.addEventListener(`keydown`,e);';
  const live = 'async function e(e){await fetch(e)}await e(`/api/live`);';
  const withModules = (scripts: string[]) =>
    builtPage({ scripts: [] }).replace(
      "script-src 'self'",
      `script-src 'self'${scripts.map((code) => ` '${cspHash(code)}'`).join('')}`,
    ) + scripts.map((code) => `<script type="module">${code}</script>`).join('');

  it('runs each in its own scope, in their order, where the last one was, and takes their hashes out of the policy', () => {
    const external = externalModuleScripts(withModules([header, live]))!;
    expect(external.file.code).toBe(`(async()=>{${header}})();\n(async()=>{${live}})();`);
    expect(external.html).toContain(
      `<script type="module" src="/_astro/${external.file.name}"></script>`,
    );
    expect(external.html).not.toContain('<script type="module">');
    expect(external.html).not.toContain(cspHash(header));
    expect(external.html).not.toContain(cspHash(live));
  });

  it('leaves a script that imports inline, with its neighbours', () => {
    const imports = 'import{a}from"/_astro/a.js";a();';
    expect(externalModuleScripts(withModules([header, imports]))).toBeUndefined();
    expect(externalModuleScripts(builtPage({}))).toBeUndefined();
  });
});

describe('a form island’s texts and props as a file', () => {
  /** An island as Astro writes it: props serialised, then escaped for the attribute. */
  const island = (props: object, client = 'interaction') =>
    `<astro-island uid="1" component-url="/_astro/ContactForm.a.js" renderer-url="/_astro/client.b.js" props="${JSON.stringify(
      props,
    ).replace(
      /[&<>'"]/g,
      (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', "'": '#39', '"': 'quot' }[c]};`,
    )}" ssr client="${client}" data-chunks="react.c.js"><form></form></astro-island>`;
  const strings = [0, { submit: [0, 'Send “now” & <go>'], hint: [0, "it's"] }];
  const props = { strings, locale: [0, 'en'], endpoint: [0, '/api/forms'] };

  it('moves the props of an island that waits for the visitor, texts included, to a file it names and preloads', () => {
    const page = `<main>${island(props)}</main>`;
    const external = externalIslandStrings(page)!;
    const [file] = external.files;
    expect(file!.code).toBe(`export default ${JSON.stringify(props)};\n`);
    expect(external.html).toBe(
      `<main>${island({})
        .replace('data-chunks="react.c.js"', `data-chunks="${file!.name} react.c.js"`)
        .replace('><form>', ` data-strings="/_astro/${file!.name}"><form>`)}</main>`,
    );
  });

  it('leaves an island that hydrates by itself, or has no texts, as it is', () => {
    expect(externalIslandStrings(island(props, 'load'))).toBeUndefined();
    expect(externalIslandStrings(island({ locale: [0, 'en'] }))).toBeUndefined();
  });
});
