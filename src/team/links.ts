/**
 * Where a submission is in the team inbox (src/team/inbox.ts): `/team/<form's cli name>/<row id>`,
 * the address the team's mail links to. Stable: a mail in someone's inbox keeps working.
 *
 * Shared by the Astro build (notifications.ts) and plain Node (store.ts): no imports.
 */
export const INBOX = '/team';

export const inboxPath = (cli: string, id: number | string) => `${INBOX}/${cli}/${id}`;

/**
 * Stands for the row's id in a mail composed before its row is stored (notifications.ts); the
 * store puts the id in its place in the row's transaction (`withRowId`). Control characters:
 * no visitor's text holds one (schemas.ts refuses them), so only this slot is ever replaced.
 */
export const ROW_ID_SLOT = '\u0000row-id\u0000';

/** `message` (any JSON value) with the row's id in place of each `ROW_ID_SLOT`. */
export const withRowId = <T>(message: T, id: number): T =>
  JSON.parse(
    JSON.stringify(message).replaceAll(JSON.stringify(ROW_ID_SLOT).slice(1, -1), String(id)),
  );
