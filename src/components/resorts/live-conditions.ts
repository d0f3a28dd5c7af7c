/**
 * Live conditions on a resort's pages (browser side of LiveConditions.astro): one GET to the
 * site's own relay (src/pages/api/live-conditions), "loading data, please wait" meanwhile, and the
 * texts it answers in place of the built values (the elements marked `data-resort-status`,
 * `data-snow-*`). The relay writes the texts in the page's language, so this file imports nothing
 * at load: it is the page's one script file for the live part. Without live conditions (the relay
 * says why, or gives no answer: a static host, offline, a timeout) the page keeps its built values
 * and says nothing; a backend message the spec does not silence shows the error toast.
 */
import type { LiveAnswer, LiveSnow } from '../../resorts/live-answer';
import type { ToasterLabels } from '../../toasts/notify';

export type LiveStrings = {
  loading: string;
  live: string;
  /** The error toast's title (spec §8). */
  error: string;
  toaster: ToasterLabels;
};

/** Longest wait for the relay (it gives up on the backend sooner and answers). */
const TIMEOUT_MS = 10_000;

async function ask(source: string): Promise<LiveAnswer | null> {
  try {
    const response = await fetch(source, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as LiveAnswer | null;
    return answer && typeof answer === 'object' && 'live' in answer ? answer : null;
  } catch {
    return null;
  }
}

/**
 * The error toast, with the toaster's code (sonner, React) loaded now and only now: its script
 * waits, inert, in the line's `<template>` (LiveConditions.astro) and is started here. A dynamic
 * import() would have cost the page a second file at load (the bundler's preload helper).
 */
function showMessage(host: HTMLElement, message: string) {
  host.dataset.message = message;
  const waiting = host.nextElementSibling;
  const src =
    waiting instanceof HTMLTemplateElement
      ? waiting.content.querySelector('script')?.getAttribute('src')
      : null;
  if (!src) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = src;
  document.head.append(script);
}

export async function startLiveConditions(host: HTMLElement): Promise<void> {
  const { source } = host.dataset;
  if (!source) return;
  const strings = JSON.parse(host.dataset.strings ?? '{}') as LiveStrings;
  const say = (state: string, text: string) => {
    host.dataset.state = state;
    host.textContent = text;
  };

  say('loading', strings.loading);
  const answer = await ask(source);
  if (!answer?.live) {
    say('unavailable', '');
    if (answer?.message) showMessage(host, answer.message);
    return;
  }
  if (!answer.status && !answer.snow) return say('unavailable', '');
  showConditions(document, answer);
  say('live', strings.live);
}

/** Puts live values in place of the built ones, leaving alone whatever the answer did not give. */
export function showConditions(
  root: ParentNode,
  {
    status,
    statusText,
    snow,
  }: { status?: 'open' | 'closed'; statusText?: string; snow?: LiveSnow },
) {
  if (status && statusText) {
    for (const badge of root.querySelectorAll<HTMLElement>('[data-resort-status]')) {
      badge.dataset.resortStatus = status;
      badge.classList.remove('badge--open', 'badge--closed');
      badge.classList.add(`badge--${status}`);
      badge.textContent = statusText;
    }
  }
  if (!snow) return;
  const set = (selector: string, text: string | undefined, attribute: [string, unknown]) => {
    if (text === undefined || attribute[1] === undefined) return;
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      element.textContent = text;
      element.setAttribute(attribute[0], String(attribute[1]));
    }
  };
  set('[data-snow-base]', snow.base, ['data-snow-base', snow.baseCm]);
  set('[data-snow-summit]', snow.summit, ['data-snow-summit', snow.summitCm]);
  set('[data-snow-last-snowfall] time', snow.lastSnowfallText, ['datetime', snow.lastSnowfall]);
  set('[data-snow-updated] time', snow.updatedText, ['datetime', snow.updatedAt]);
  // The figures are the resort's own now, no longer the built sample.
  for (const note of root.querySelectorAll<HTMLElement>('[data-snow-sample]')) note.hidden = true;
}
