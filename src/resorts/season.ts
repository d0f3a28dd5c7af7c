/**
 * Whether a resort's season is over: its last day is before today. Pages are built ahead of
 * visits, so "today" is the build's day: a page built after the season closed says the next
 * season's dates are to be announced instead of inviting visitors to book the past one, and the
 * editors' check warns (never fails: a build must not start failing by itself when a season ends).
 */

/** `YYYY-MM-DD` of a day (a date read from YAML, or text already written so). */
export const isoDay = (day: Date | string): string =>
  typeof day === 'string' ? day.slice(0, 10) : day.toISOString().slice(0, 10);

export function seasonIsOver(closes: Date | string, today: Date = new Date()): boolean {
  return isoDay(closes) < isoDay(today);
}
