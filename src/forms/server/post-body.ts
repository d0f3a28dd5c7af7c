/**
 * Reading a post's body within bounds, before the receiver decides anything: its bytes up to a
 * limit, its fields counted without parsing, the small form of a refused post, what the honeypot
 * keeps, and the page to send a browser back to (never another site).
 */

/** The body types a form may be sent as. */
export const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

/** What the honeypot keeps of a bot's post: enough to see what it was, never megabytes. */
const SPAM_LIMITS = { fields: 30, keyChars: 100, valueChars: 1000, totalChars: 16_000 };

/**
 * The body, or 'tooLarge' as soon as it passes `max` bytes (declared or received). With a declared
 * length the bytes go straight into one buffer of that size (no list of chunks beside it).
 */
export async function readLimited(
  request: Request,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | 'tooLarge'> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > max) return 'tooLarge';
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  let body = new Uint8Array(Number.isInteger(declared) && declared >= 0 ? declared : 64 * 1024);
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > max) {
      await reader.cancel();
      return 'tooLarge';
    }
    if (total + value.byteLength > body.byteLength) {
      // More than declared (or no length given): grow by doubling, within `max`.
      const grown = new Uint8Array(
        Math.min(max, Math.max(body.byteLength * 2, total + value.byteLength)),
      );
      grown.set(body.subarray(0, total));
      body = grown;
    }
    body.set(value, total);
    total += value.byteLength;
  }
  return total === body.byteLength ? body : body.slice(0, total);
}

/** A refused post's body is read only this far: its form's name and locale, never its files. */
const SMALL_FORM_BYTES = 64 * 1024;

/** The form of a post of at most SMALL_FORM_BYTES; null for a larger one or not a form. */
export async function smallForm(request: Request): Promise<FormData | null> {
  const contentType = request.headers.get('content-type') ?? '';
  if (Number(request.headers.get('content-length') ?? 0) > SMALL_FORM_BYTES) return null;
  if (!FORM_TYPES.some((type) => contentType.toLowerCase().startsWith(type))) return null;
  const body = await readLimited(request, SMALL_FORM_BYTES);
  if (body === 'tooLarge') return null;
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
}

export const fieldOf = (form: FormData | null, name: string) => {
  const value = form?.get(name);
  return typeof value === 'string' ? value : null;
};

/** The text fields of a bot's post as JSON, within `SPAM_LIMITS` (files are never kept). */
export function spamPayload(form: FormData) {
  const fields: [string, string][] = [];
  let total = 0;
  for (const [key, value] of form) {
    if (typeof value !== 'string') continue;
    if (fields.length === SPAM_LIMITS.fields || total >= SPAM_LIMITS.totalChars) break;
    const entry: [string, string] = [
      key.slice(0, SPAM_LIMITS.keyChars),
      value.slice(0, Math.min(SPAM_LIMITS.valueChars, SPAM_LIMITS.totalChars - total)),
    ];
    total += entry[0].length + entry[1].length;
    fields.push(entry);
  }
  return JSON.stringify(Object.fromEntries(fields));
}

/**
 * A path on the site (`/en/newsletter`), never another site (`//evil.example`, `https://…`), as
 * it can go in a Location header: non-ASCII characters percent-encoded (a header is Latin-1; an
 * `é` raw would fail after the row was stored), controls and spaces refused.
 */
export function safeReturnPath(value: FormDataEntryValue | null | undefined): string | null {
  if (
    typeof value !== 'string' ||
    value.length > 2000 ||
    !/^\/(?![/\\])[^\s\p{Cc}#\\]*$/u.test(value)
  )
    return null;
  try {
    return encodeURI(decodeURI(value)); // decode first: an already encoded path stays as it was
  } catch {
    return null; // a malformed escape (`%E9` alone) or a lone surrogate
  }
}

/** The path of the page the browser posted from, when it is on one of `origins`. */
export function refererPath(request: Request, origins: readonly string[]): string | null {
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return origins.includes(url.origin) ? safeReturnPath(url.pathname) : null;
  } catch {
    return null;
  }
}

export const isMultipart = (contentType: string) =>
  contentType.toLowerCase().startsWith('multipart/form-data');

/**
 * How many fields a raw body holds, counted without parsing it: its parts' boundaries (multipart)
 * or its `&` separators (form-encoded). A byte search, linear and allocation-free.
 */
export function fieldCount(body: Uint8Array, contentType: string): number {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (!isMultipart(contentType)) {
    let count = 1;
    for (let at = bytes.indexOf(0x26); at !== -1; at = bytes.indexOf(0x26, at + 1)) count++;
    return count;
  }
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return 0; // the parser refuses it
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let count = -1; // the last delimiter closes the body
  for (let at = bytes.indexOf(delimiter); at !== -1; at = bytes.indexOf(delimiter, at + 1)) count++;
  return count;
}
