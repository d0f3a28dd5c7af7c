/**
 * What `GET /api/live-conditions/<resort>?locale=<locale>` answers (docs/performance.md, "Live
 * conditions"): the resort's live status and snow report, written the way the page writes its
 * built values, so the page's script only puts the texts in place and carries no formatting or
 * validation code of its own. Or, when there is nothing live to show, `live: false` and why: the
 * page keeps its built values (and shows `message` in the error toast when there is one).
 */
import { day, length, moment } from '../i18n/format';
import type { Locale } from '../i18n/locales';
import { useTranslations } from '../i18n/translate';
import type { RelayAnswer } from '../server/live-conditions';

export type LiveSnow = {
  baseCm?: number;
  /** `123 cm` */
  base?: string;
  summitCm?: number;
  summit?: string;
  /** `2027-01-04` */
  lastSnowfall?: string;
  /** `4 January 2027` */
  lastSnowfallText?: string;
  /** ISO moment, UTC. */
  updatedAt?: string;
  /** `5 January 2027 at 08:30`, in the resort's time zone. */
  updatedText?: string;
};

export type LiveAnswer =
  | { live: true; status?: 'open' | 'closed'; statusText?: string; snow?: LiveSnow }
  | { live: false; reason: string; message?: string };

/** The relay's answer for a page in this locale. */
export function liveAnswer(answer: RelayAnswer, locale: Locale): LiveAnswer {
  if (!answer.live) return answer;
  const { status, snow } = answer.conditions;
  const t = useTranslations(locale);
  const written: LiveAnswer = { live: true };
  if (status) Object.assign(written, { status, statusText: t(`resorts.status.${status}`) });
  if (snow) {
    const text: LiveSnow = {};
    if (snow.baseCm !== undefined)
      Object.assign(text, {
        baseCm: snow.baseCm,
        base: length(snow.baseCm, 'centimeter', locale),
      });
    if (snow.summitCm !== undefined)
      Object.assign(text, {
        summitCm: snow.summitCm,
        summit: length(snow.summitCm, 'centimeter', locale),
      });
    if (snow.lastSnowfall)
      Object.assign(text, {
        lastSnowfall: snow.lastSnowfall,
        lastSnowfallText: day(snow.lastSnowfall, locale),
      });
    if (snow.updatedAt) {
      const at = new Date(snow.updatedAt);
      Object.assign(text, { updatedAt: at.toISOString(), updatedText: moment(at, locale) });
    }
    written.snow = text;
  }
  return written;
}
