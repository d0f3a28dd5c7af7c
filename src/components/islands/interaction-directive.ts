/**
 * `client:interaction`: hydrates a form island the first time the visitor reaches for it (a press
 * of the pointer, a touch, focus, a key, input), so a visitor who only reads the page downloads no
 * React. The island is server-rendered as a plain HTML form, usable meanwhile.
 *
 * What the visitor did before the island ran is kept:
 * - typed text and ticked boxes: hydration adopts the server's elements, values and focus
 *   included, and each island reads the values from the form's DOM once it runs;
 * - a submit (Enter, or a first tap on the button): it is held, and replayed with the same
 *   button once the island says it is live (`data-hydrated` on an element inside it), so the
 *   island's own checks and sending run. If the code cannot be loaded, the form is sent as plain
 *   HTML instead.
 *
 * The directive's value, if any, is a space-separated list of query names, or fragments written
 * with their `#`: when the page's address has one of them (a shared search, the back button, a
 * page reloaded to confirm something), the island hydrates at once, to show what the address says.
 *
 * When it wakes, every script the island needs is asked for at once: the build names them on the
 * island (`data-chunks`, src/lib/island-chunks.ts), and each gets a `modulepreload` before Astro
 * imports the island. Without them the browser learns each module's imports only once it has the
 * module, and a graph three imports deep arrives in three round trips (2 s on a slow phone).
 *
 * A link to the form is reaching for it too: when the address's fragment leads to the island (the
 * header's Book lesson to the home page's `#lp`, a resort page's `#lesson-request`), at load or
 * once followed on the page, the scripts are asked for then, and the island wakes, as ever, on
 * the first interaction, with its code already there. Scrolling, hovering and idle time are no
 * sign: a reader who never touches a form downloads no React.
 */
import type { ClientDirective } from 'astro';

const intents = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'] as const;
/** Longest wait for the island to say it is live before a held submit is sent as plain HTML. */
const LIVE_TIMEOUT_MS = 10_000;

/**
 * Starts fetching the island's component, its renderer and every chunk they import (only the
 * first two when the build named none). The first two first: a browser opens six connections to
 * a host over HTTP/1.1, and what the island needs first must not wait for one.
 */
function preloadChunks(island: HTMLElement): void {
  const component = island.getAttribute('component-url');
  const renderer = island.getAttribute('renderer-url');
  if (!component || !renderer) return;
  const base = new URL(component, location.href);
  const chunks = island.getAttribute('data-chunks')?.split(' ') ?? [];
  const links = [component, renderer, ...chunks].map((name) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(name, base).href;
    return link;
  });
  document.head.append(...links);
}

/**
 * The island's props, when the build moved them with its texts into a file (`data-strings`,
 * src/integrations/island-strings.ts; `data-chunks` lists it, so it is already on its way): put
 * back before Astro reads them, so the island hydrates with the props it was rendered with.
 * Setting `props` before Astro has the component does not hydrate it yet.
 */
async function restoreStrings(island: HTMLElement): Promise<void> {
  const url = island.getAttribute('data-strings');
  if (!url) return;
  const module = (await import(/* @vite-ignore */ new URL(url, location.href).href)) as {
    default: Record<string, unknown>;
  };
  const props = JSON.parse(island.getAttribute('props') ?? '{}') as Record<string, unknown>;
  island.setAttribute('props', JSON.stringify({ ...module.default, ...props }));
}

/**
 * Whether the address's fragment leads to the island: to an element inside it, or to the section
 * that holds it. The skip link's `#main` and the page's other sections do not.
 */
function linkedTo(island: HTMLElement): boolean {
  let id: string;
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    return false;
  }
  const target = id ? document.getElementById(id) : null;
  return !!target && (island.contains(target) || target === island.closest('section'));
}

/** Resolves once an element inside the island carries `data-hydrated` (or after the timeout). */
function live(island: HTMLElement): Promise<boolean> {
  if (island.querySelector('[data-hydrated]')) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(ok);
    };
    const observer = new MutationObserver(() => {
      if (island.querySelector('[data-hydrated]')) done(true);
    });
    observer.observe(island, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-hydrated'],
      childList: true,
    });
    const timer = setTimeout(() => done(false), LIVE_TIMEOUT_MS);
  });
}

const interactionDirective: ClientDirective = async (load, options, island) => {
  const names = typeof options.value === 'string' ? options.value.split(/\s+/).filter(Boolean) : [];
  const query = new URLSearchParams(location.search);
  const now = names.some((name) =>
    name.startsWith('#') ? location.hash === name : query.has(name),
  );
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  let reached: () => void = () => {};
  const reachedFor = new Promise<void>((resolve) => (reached = resolve));
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter };
    reached();
  };
  // Capture, and registered before React's own listeners: a submit before the island is live
  // never reaches a half-ready island.
  island.addEventListener('submit', hold, { capture: true });
  for (const type of intents)
    island.addEventListener(type, reached, { capture: true, passive: true, once: true });
  let preloaded = false;
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    preloadChunks(island);
  };
  const followed = () => {
    if (linkedTo(island)) preload();
  };
  followed();
  window.addEventListener('hashchange', followed);
  if (!now) await reachedFor;
  window.removeEventListener('hashchange', followed);
  for (const type of intents) island.removeEventListener(type, reached, { capture: true });

  let ok = false;
  try {
    preload();
    await restoreStrings(island);
    const hydrate = await load();
    await hydrate();
    ok = await live(island);
  } finally {
    island.removeEventListener('submit', hold, { capture: true });
    const submit = held as { form: HTMLFormElement; submitter: HTMLElement | null } | null;
    if (submit && ok) submit.form.requestSubmit(submit.submitter);
    // The island did not come alive: the form goes as plain HTML, as without JavaScript.
    else if (submit) submit.form.submit();
  }
};

export default interactionDirective;
