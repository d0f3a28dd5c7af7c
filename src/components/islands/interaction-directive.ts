/**
 * `client:interaction`: hydrates an island the first time the visitor reaches for it (pointer
 * over it, a touch, focus, a key), so a visitor who never opens a menu downloads no JavaScript.
 *
 * Reaching for a control comes before clicking it, which usually gives the island the time to
 * load. When it does not (a tap on a slow connection), the click on a control that only works
 * hydrated (a button, a link that opens a dialog) is held and replayed once the island is live,
 * so the first tap still opens the menu. Plain links are left alone: they go where they point.
 */
import type { ClientDirective } from 'astro';

const intents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
const needsHydration = 'button, a[aria-haspopup]';

const interactionDirective: ClientDirective = async (load, _options, island) => {
  await new Promise<void>((resolve) => {
    const start = () => {
      for (const type of intents) island.removeEventListener(type, start);
      resolve();
    };
    for (const type of intents) island.addEventListener(type, start, { passive: true });
  });

  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const control = (event.target as Element).closest<HTMLElement>(needsHydration);
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    held = control;
  };
  island.addEventListener('click', hold, { capture: true });
  try {
    const hydrate = await load();
    await hydrate();
  } finally {
    island.removeEventListener('click', hold, { capture: true });
    // Hydration adopts the server-rendered elements, so the held control is the live one now (if
    // loading failed, a link still goes to its page).
    (held as HTMLElement | null)?.click();
  }
};

export default interactionDirective;
