/**
 * Submissions as the team reads them outside the site: `npm run submissions` (tables, JSON, CSV)
 * and the team inbox's CSV export (src/team), which give the same CSV for the same rows.
 *
 * Plain Node TypeScript (the team command imports it): no imports.
 */

/**
 * Stored text is visitors' text: an ESC or a C1 control in it would be a terminal escape sequence
 * (colours, a moved cursor, a retitled window, worse). Every control character but the line break
 * is shown as its escape (`\u001b`), in tables, JSON and CSV alike; CSV rows keep their CRLF.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
export const visible = (text: string) =>
  text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Rows as CSV (RFC 4180, CRLF), the first row's keys as the header; nested values (a row's files)
 * as JSON. Every cell quoted, and one starting with = + - @ prefixed with `'`, so a spreadsheet
 * shows a visitor's text rather than running it as a formula.
 */
export function toCsv(rows: readonly Record<string, unknown>[]) {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  const cell = (value: unknown) => {
    const text = visible(
      value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value),
    );
    return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
  };
  return (
    [
      columns.map(cell).join(','),
      ...rows.map((row) => columns.map((c) => cell(row[c])).join(',')),
    ].join('\r\n') + '\r\n'
  );
}
