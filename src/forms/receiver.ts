/**
 * The embedded form receiver: one POST address for every form, dispatched on `form-name`.
 *
 * Order of the checks (cheapest first, nothing stored until all pass): origin, rate limit, content
 * type, body size, parse, form name, honeypot, fields and files. A JSON client (the islands send
 * `Accept: application/json`) gets `{ ok, error?, message?, errors? }`; a browser posting the plain
 * HTML form (no JavaScript) is sent back to its page with `#form-sent` or `#form-failed`.
 */
import { formDefinitions, type FormDefinition } from './definitions';
import { createRateLimiter } from './rate-limit';
import { HONEYPOT_FIELD, formInput, validate, type FieldErrors, type FormName } from './schemas';
import type { StoredFile, SubmissionStore } from './store';
import { saveUpload, sniffFileType } from './uploads';

export type ReceiverSettings = {
  maxFileBytes: number;
  maxBodyBytes: number;
  rateLimit: { max: number; windowSeconds: number };
  uploadDir: string;
  /** Origins allowed to post besides the receiver's own. */
  allowedOrigins: readonly string[];
  /** Opens the store on first use; throwing makes the answer a 500 (and the next request retries). */
  store: () => SubmissionStore;
  /** English text of a field problem for a form, e.g. ('contact', 'name.invalid') → "Name is not valid.". */
  describe: (form: FormDefinition['key'], code: string) => string;
  now?: () => Date;
};

type Outcome = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

const fail = (status: number, error: string, message: string, extra: Record<string, unknown> = {}): Outcome => ({
  status,
  body: { ok: false, error, message, ...extra },
});

export function createReceiver(settings: ReceiverSettings) {
  const definitions = formDefinitions(settings);
  const limiter = createRateLimiter(settings.rateLimit);
  const now = settings.now ?? (() => new Date());

  async function decide(request: Request, client: string, data: { form?: FormData }): Promise<Outcome> {
    const contentType = request.headers.get('content-type') ?? ''; // as sent: the boundary is case-sensitive
    if (!FORM_TYPES.some((type) => contentType.toLowerCase().startsWith(type))) {
      return fail(415, 'unsupportedMediaType', 'Send the form as multipart/form-data or application/x-www-form-urlencoded.');
    }

    const body = await readLimited(request, settings.maxBodyBytes);
    if (body === 'tooLarge') {
      return fail(413, 'tooLarge', `The submission is larger than ${megabytes(settings.maxBodyBytes)}.`);
    }
    if (body.byteLength === 0) return fail(400, 'emptyBody', 'The submission is empty.');

    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    } catch {
      return fail(400, 'malformed', 'The form data could not be read.');
    }
    data.form = form;

    const name = form.get('form-name');
    const definition = typeof name === 'string' ? definitions[name as FormName] : undefined;
    if (!definition) {
      const known = Object.keys(definitions).join(', ');
      return fail(400, 'unknownForm', `Unknown form-name ${JSON.stringify(name ?? '')}; expected one of ${known}.`);
    }

    const honeypot = form.get(HONEYPOT_FIELD);
    if (honeypot !== null && honeypot !== '') {
      // Answered like a success so the bot learns nothing; kept apart and never passed on.
      settings.store().insert('spam', { form: definition.storedAs, payload: JSON.stringify(textFields(form)), client, created_at: now().toISOString() });
      return { status: 200, body: { ok: true } };
    }

    const input: Record<string, unknown> = formInput(form);
    const sniffed = new Map<string, { bytes: Uint8Array; type: NonNullable<ReturnType<typeof sniffFileType>> }>();
    for (const field of definition.files) {
      const file = input[field];
      if (!(file instanceof File)) continue;
      if (file.size > settings.maxFileBytes) continue; // the schema reports it; no need to read it
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = sniffFileType(bytes);
      // The content decides the type, never the name or the type the client declared.
      input[field] = new File([bytes], file.name, { type: type?.mediaType ?? 'application/x-unrecognised' });
      if (type) sniffed.set(field, { bytes, type });
    }

    const result = validate(definition.schema, input);
    if (!result.ok) {
      const errors = describeAll(definition, result.errors);
      const tooLarge = Object.values(result.errors).some((code) => code.endsWith('.size'));
      return tooLarge
        ? fail(413, 'fileTooLarge', `A file is larger than ${megabytes(settings.maxFileBytes)}.`, { errors })
        : fail(400, 'invalid', 'Some fields are not valid.', { errors });
    }

    const createdAt = now().toISOString();
    const files: StoredFile[] = [];
    for (const [field, { bytes, type }] of sniffed) {
      const original = input[field] as File;
      const { sha256, storedName } = saveUpload(settings.uploadDir, bytes, type);
      files.push({ field: field as StoredFile['field'], sha256, storedName, mediaType: type.mediaType, bytes: bytes.byteLength, originalName: original.name.slice(0, 200) });
    }
    const row = { ...definition.toRow(result.output as Record<string, unknown>), ...(definition.keepsClient ? { client } : {}), created_at: createdAt };
    settings.store().insert(definition.storedAs, row, { onConflict: definition.onConflict, files });
    return { status: 200, body: { ok: true } };
  }

  /** Answers one request. `client` identifies the sender for the rate limit (its address). */
  return async function receive(request: Request, client: string): Promise<Response> {
    const origin = request.headers.get('origin');
    const ownOrigin = new URL(request.url).origin;
    const originAllowed = origin === null || origin === ownOrigin || settings.allowedOrigins.includes(origin);
    const cors: Record<string, string> = origin && originAllowed && origin !== ownOrigin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};

    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: originAllowed ? 204 : 403,
        headers: { ...cors, 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'Accept, Content-Type', 'access-control-max-age': '86400' },
      });
    }

    const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
    const data: { form?: FormData } = {};
    let outcome: Outcome;
    if (!originAllowed) {
      outcome = fail(403, 'forbiddenOrigin', `Forms from ${origin} are not accepted here.`);
    } else {
      const limit = limiter.hit(client);
      if (!limit.allowed) {
        outcome = fail(429, 'rateLimited', `Too many submissions; try again in ${limit.retryAfterSeconds} seconds.`);
        outcome.headers = { 'retry-after': String(limit.retryAfterSeconds) };
      } else {
        try {
          outcome = await decide(request, client, data);
        } catch (error) {
          console.error('Form receiver: the submission could not be stored.', error);
          outcome = fail(500, 'server', 'The submission could not be stored. Please try again later.');
        }
      }
    }

    const headers = { ...cors, ...outcome.headers, 'cache-control': 'no-store' };
    const returnTo = safeReturnPath(data.form?.get('return-to'));
    if (!wantsJson && returnTo) {
      // The plain HTML form (no JavaScript): back to the page, which shows the outcome by its anchor.
      const page = (origin && originAllowed ? origin : '') + returnTo;
      return new Response(null, { status: 303, headers: { ...headers, location: `${page}#${outcome.status === 200 ? 'form-sent' : 'form-failed'}` } });
    }
    return Response.json(outcome.body, { status: outcome.status, headers });
  };

  function describeAll(definition: FormDefinition, errors: FieldErrors) {
    return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, { code, message: settings.describe(definition.key, code) }]));
  }
}

/** The body, or 'tooLarge' as soon as it passes `max` bytes (declared or received). */
async function readLimited(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | 'tooLarge'> {
  if (Number(request.headers.get('content-length') ?? 0) > max) return 'tooLarge';
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return 'tooLarge';
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function textFields(form: FormData) {
  return Object.fromEntries([...form].filter(([, value]) => typeof value === 'string').map(([k, value]) => [k, String(value).slice(0, 5000)]));
}

/** A path on the site (`/en/newsletter`), never another site (`//evil.example`, `https://…`). */
function safeReturnPath(value: FormDataEntryValue | null | undefined): string | null {
  if (typeof value !== 'string' || !/^\/(?![/\\])[^\s#]*$/.test(value)) return null;
  return value;
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
