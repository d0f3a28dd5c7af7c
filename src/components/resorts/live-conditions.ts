/**
 * Live conditions on a resort's pages (browser side of LiveConditions.astro): ask the backend for
 * the resort's current status and snow report, say "loading data, please wait" meanwhile, and put
 * what it answers in place of the built values (the elements marked `data-resort-status`,
 * `data-snow-*`). Without an answer (no backend, a timeout, "Error Getting resort for uuid"…) the
 * page keeps its built values and says nothing; a GraphQL error the spec does not silence shows
 * the error toast.
 */
import { day, length, moment } from '../../i18n/format';
import { errorToastMessage, graphqlRequest } from '../../graphql/client';
import {
  readResortConditions,
  resortConditionsOperation,
  type ResortConditions,
} from '../../graphql/resort-conditions';
import { notify, type ToasterLabels } from '../../toasts/notify';

export type LiveStrings = {
  loading: string;
  live: string;
  status: Record<'open' | 'closed', string>;
  /** The error toast's title (spec §8). */
  error: string;
  toaster: ToasterLabels;
};

export async function startLiveConditions(host: HTMLElement): Promise<void> {
  const { uuid, endpoint, intl = 'en-GB' } = host.dataset;
  if (!uuid || !endpoint) return;
  const strings = JSON.parse(host.dataset.strings ?? '{}') as LiveStrings;
  const say = (state: string, text: string) => {
    host.dataset.state = state;
    host.textContent = text;
  };

  say('loading', strings.loading);
  const result = await graphqlRequest({ url: endpoint }, resortConditionsOperation(uuid));
  if (!result.ok) {
    say('unavailable', '');
    const message = errorToastMessage(result.failure);
    if (message)
      await notify({ kind: 'error', title: strings.error, description: message }, strings.toaster);
    return;
  }
  const conditions = readResortConditions(result.data);
  if (!conditions) return say('unavailable', '');
  showConditions(document, conditions, strings, intl);
  say('live', strings.live);
}

/** Puts live values in place of the built ones, leaving alone whatever the answer did not give. */
export function showConditions(
  root: ParentNode,
  { status, snow }: ResortConditions,
  strings: LiveStrings,
  intl: string,
) {
  if (status) {
    for (const badge of root.querySelectorAll<HTMLElement>('[data-resort-status]')) {
      badge.dataset.resortStatus = status;
      badge.classList.remove('badge--open', 'badge--closed');
      badge.classList.add(`badge--${status}`);
      badge.textContent = strings.status[status];
    }
  }
  if (!snow) return;
  const set = (selector: string, text: string, attribute?: [string, string]) => {
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      element.textContent = text;
      if (attribute) element.setAttribute(...attribute);
    }
  };
  if (snow.baseCm !== undefined)
    set('[data-snow-base]', length(snow.baseCm, 'centimeter', intl), [
      'data-snow-base',
      String(snow.baseCm),
    ]);
  if (snow.summitCm !== undefined)
    set('[data-snow-summit]', length(snow.summitCm, 'centimeter', intl), [
      'data-snow-summit',
      String(snow.summitCm),
    ]);
  if (snow.lastSnowfall)
    set('[data-snow-last-snowfall] time', day(snow.lastSnowfall, intl), [
      'datetime',
      snow.lastSnowfall,
    ]);
  if (snow.updatedAt)
    set('[data-snow-updated] time', moment(new Date(snow.updatedAt), intl), [
      'datetime',
      new Date(snow.updatedAt).toISOString(),
    ]);
  // The figures are the resort's own now, no longer the built sample.
  for (const note of root.querySelectorAll<HTMLElement>('[data-snow-sample]')) note.hidden = true;
}
