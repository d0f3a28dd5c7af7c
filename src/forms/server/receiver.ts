/**
 * The embedded form receiver: one POST address for every form, dispatched on `form-name`.
 *
 * Order of the checks (cheapest first, nothing stored until all pass): origin, rate limit, content
 * type, a place among the large posts, body size, the number of fields (counted in the raw body,
 * before anything is parsed), parse, form name, honeypot, fields, references, a post sent before
 * (its submission key), and files. A JSON client (the islands send `Accept: application/json`) gets
 * `{ ok, error?, message?, errors? }`; a browser posting the plain HTML form (no JavaScript) is
 * sent back to its page with `#form-sent` or `#form-failed`.
 *
 * Faults: the answer (status, headers, where to send the browser back) is settled before anything
 * is stored, so a row exists only when its 200 can be sent. A full disk is a 507 and a database
 * locked by another process (or a disk so slow the write cannot start in time) a 503 with
 * Retry-After; in both cases nothing is stored, and a file the post wrote is removed unless a row
 * refers to it. The event loop never waits on the database: the server's writes run on the
 * database thread (store-thread.ts).
 */
import { createHash } from 'node:crypto';
import { forms, type FormKey } from '../all';
import type { FormContext } from '../context';
import type { FormDefinition } from '../definition';
import { receiverToday, type LessonRequestContext } from '../lesson-request';
import type { RentalCatalogue } from '../rental-reservation';
import {
  HONEYPOT_FIELD,
  OTHER_RESORT,
  SUBMISSION_KEY_FIELD,
  formInput,
  validate,
  type FieldErrors,
  type FormSchema,
} from '../schemas';
import { facts } from '../../site-facts';
import {
  FORM_TYPES,
  fieldCount,
  fieldOf,
  isMultipart,
  readLimited,
  refererPath,
  safeReturnPath,
  smallForm,
  spamPayload,
} from './post-body';
import { createRateLimiter } from './rate-limit';
import { createSlots } from './slots';
import { drawConfirmation } from './newsletter-token';
import { isFull, isStoreBusy, isUniqueClash, type OutboxMessage, type StoredFile } from './store';
import type { KnownSubmission, StoreAccess } from './store-access';
import { saveUpload, sniffFileType, UploadError, type UploadIo } from './uploads';

export type ReceiverSettings = {
  maxFileBytes: number;
  maxBodyBytes: number;
  rateLimit: { max: number; windowSeconds: number };
  uploadDir: string;
  /** Origins allowed to post besides the receiver's own. */
  allowedOrigins: readonly string[];
  /** Where the rows go (store-access.ts); a failure other than a lock or a full disk is a 500. */
  store: StoreAccess;
  /** English text of a field problem for a form, e.g. ('contact', 'name.invalid') → "Name is not valid.". */
  describe: (form: FormKey, code: string) => string;
  /** The resort ids of the content (what a form's `resortFields` name); absent: not checked. */
  resortIds?: readonly string[];
  /**
   * What a lesson request is checked against: the resorts (names and aliases, as the search finds
   * them), each resort's rental packs and the price rule. Absent: the resorts of `resortIds`, no
   * packs, the site facts' rule.
   */
  lessons?: Omit<LessonRequestContext, 'today'>;
  /** The resorts that rent, their packs and seasons (a rental reservation names one). */
  rentalCatalogue?: RentalCatalogue;
  /** Test hook: draws a booking code (booking-code.ts). */
  bookingCode?: () => string;
  /** How long a post waits for a database locked by another process before a 503. */
  dbWaitMs?: number;
  /**
   * Posts over `thresholdBytes` (or of unknown length) read their body `concurrent` at a time;
   * the others wait up to `waitMs` for a place (at most `queue` of them), then get a 503. This
   * bounds the memory: each such post holds about three copies of its body while it is parsed.
   */
  largePosts?: { concurrent: number; thresholdBytes: number; waitMs: number; queue: number };
  /**
   * The HTML page a browser without JavaScript gets when it posts from an origin not allowed
   * (refused-origin-page.ts); absent: the JSON answer, as JavaScript clients get.
   */
  refusedOriginPage?: (post: {
    formName: string | null;
    locale: string | null;
    acceptLanguage: string | null;
  }) => string;
  /**
   * What to send about a stored submission (notifications.ts: mails to the visitor and the team, the
   * webhook's post), stored in its row's transaction and sent by the outbox; absent: nothing.
   */
  notify?: (
    definition: FormDefinition,
    output: Record<string, unknown>,
    receipt: string | null,
    /** The token of the link its owner confirms with (a newsletter subscription). */
    confirmationToken?: string,
  ) => OutboxMessage[];
  /** Test hook: how upload bytes reach the disk (uploads.ts). */
  uploadIo?: UploadIo;
  now?: () => Date;
};

type Outcome = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

const fail = (
  status: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
): Outcome => ({
  status,
  body: { ok: false, error, message, ...extra },
});

/** Seconds a client is told to wait after a 503 (locked database, too many large posts). */
const RETRY_AFTER_SECONDS = 10;
const busy = (message: string): Outcome => ({
  ...fail(503, 'busy', message),
  headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
});

/**
 * Bounds checked before a body is parsed, so that parsing costs little whatever is sent: a form
 * without files (sent form-encoded) is a few kilobytes, and no form of the site has more than about
 * sixty fields (a lesson request of fourteen dates, a rental for six people).
 */
export const PARSE_LIMITS = { textBodyBytes: 256 * 1024, fields: 150 };

/**
 * Everything a post must settle before its row is stored: the page to send a browser back to,
 * or the receiver's own page showing what the visitor keeps (a booking code, a lesson request).
 */
type Pending = { returnTo?: string | null; receiptPage?: string };

/** Draws of a receipt's code before giving up (a booking code clashes about once in 10¹¹). */
const RECEIPT_ATTEMPTS = 5;

/** A form the receiver takes, with its rules made from the content once, at start. */
type Accepted = { definition: FormDefinition; rules: FormSchema };

/** What every step of a post needs: the settings and what the receiver made of them at start. */
type Receiver = {
  settings: ReceiverSettings;
  now: () => Date;
  context: FormContext;
  accepted: ReadonlyMap<string, Accepted>;
  resortIds: ReadonlySet<string> | null;
  dbWaitMs: number;
  large: NonNullable<ReceiverSettings['largePosts']>;
  slots: ReturnType<typeof createSlots>;
};

/** A file of the post, its type read from its bytes. */
type Sniffed = Map<
  string,
  { bytes: Uint8Array; type: NonNullable<ReturnType<typeof sniffFileType>> }
>;

export function createReceiver(settings: ReceiverSettings) {
  const now = settings.now ?? (() => new Date());
  const context: FormContext = {
    maxFileBytes: settings.maxFileBytes,
    lessons: {
      ...(settings.lessons ?? {
        resorts: (settings.resortIds ?? []).map((id) => ({ id, name: id })),
        packsByResort: {},
        seasons: {},
        rule: facts.lessons,
      }),
      today: () => receiverToday(now()),
    },
    rentalCatalogue: settings.rentalCatalogue ?? {},
    now,
    bookingCode: settings.bookingCode,
  };
  const large = settings.largePosts ?? {
    concurrent: 2,
    thresholdBytes: 256 * 1024,
    waitMs: 15_000,
    queue: 20,
  };
  const receiver: Receiver = {
    settings,
    now,
    context,
    accepted: new Map(
      forms.map((definition: FormDefinition) => [
        definition.name,
        { definition, rules: definition.rules(context) },
      ]),
    ),
    resortIds: settings.resortIds ? new Set(settings.resortIds) : null,
    dbWaitMs: settings.dbWaitMs ?? 4000,
    large,
    slots: createSlots(large.concurrent, large.queue),
  };
  const limiter = createRateLimiter(settings.rateLimit);

  /** Answers one request. `client` identifies the sender for the rate limit (its address). */
  return async function receive(request: Request, client: string): Promise<Response> {
    const origin = request.headers.get('origin');
    const ownOrigin = new URL(request.url).origin;
    const originAllowed =
      origin === null || origin === ownOrigin || settings.allowedOrigins.includes(origin);
    const cors: Record<string, string> =
      origin && originAllowed && origin !== ownOrigin
        ? { 'access-control-allow-origin': origin, vary: 'Origin' }
        : {};

    if (request.method === 'OPTIONS') return preflight(originAllowed, cors);
    const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
    if (!originAllowed && !wantsJson && settings.refusedOriginPage)
      return refusedOrigin(request, settings.refusedOriginPage);

    const pending: Pending = {};
    let outcome: Outcome;
    if (!originAllowed) {
      outcome = fail(403, 'forbiddenOrigin', `Forms from ${origin} are not accepted here.`);
    } else {
      const limit = limiter.hit(client);
      if (!limit.allowed) {
        outcome = {
          ...fail(
            429,
            'rateLimited',
            `Too many submissions; try again in ${limit.retryAfterSeconds} seconds.`,
          ),
          headers: { 'retry-after': String(limit.retryAfterSeconds) },
        };
      } else {
        try {
          outcome = await decide(receiver, request, client, pending);
        } catch (error) {
          outcome = faultOutcome(error);
        }
      }
    }
    return answer(
      request,
      outcome,
      pending,
      { wantsJson, originAllowed, origin, ownOrigin, cors },
      settings,
    );
  };
}

/**
 * A post's way through the receiver, cheapest check first; nothing is stored until all pass:
 * the body's size and shape, its form, the honeypot, the files' types, the fields, the resorts it
 * names, whether it was sent before, and then its files and row.
 */
async function decide(
  receiver: Receiver,
  request: Request,
  client: string,
  pending: Pending,
): Promise<Outcome> {
  const contentType = request.headers.get('content-type') ?? ''; // as sent: the boundary is case-sensitive
  if (!FORM_TYPES.some((type) => contentType.toLowerCase().startsWith(type)))
    return fail(
      415,
      'unsupportedMediaType',
      'Send the form as multipart/form-data or application/x-www-form-urlencoded.',
    );
  const limit = bodyLimit(receiver, contentType);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) return tooLarge(limit);
  // A large (or unknown-length) body waits for a place before it is read into memory.
  const release =
    declared <= receiver.large.thresholdBytes
      ? () => {}
      : await receiver.slots.acquire(receiver.large.waitMs);
  if (!release)
    return busy('The receiver is busy with other large submissions; please try again shortly.');
  try {
    return await decideForm(receiver, await readForm(request, contentType, limit), client, pending);
  } finally {
    release();
  }
}

async function decideForm(
  receiver: Receiver,
  form: FormData | Outcome,
  client: string,
  pending: Pending,
): Promise<Outcome> {
  if (!(form instanceof FormData)) return form;
  pending.returnTo = safeReturnPath(form.get('return-to'));

  const name = form.get('form-name');
  const accepted = typeof name === 'string' ? receiver.accepted.get(name) : undefined;
  if (!accepted) {
    const known = [...receiver.accepted.keys()].join(', ');
    return fail(
      400,
      'unknownForm',
      `Unknown form-name ${JSON.stringify(name ?? '')}; expected one of ${known}.`,
    );
  }
  const { definition } = accepted;

  const honeypot = form.get(HONEYPOT_FIELD);
  if (honeypot !== null && honeypot !== '') return keepAsSpam(receiver, definition, form, client);

  const input: Record<string, unknown> = formInput(form);
  const sniffed = await sniffFiles(receiver, definition, input);
  const checked = checkFields(receiver, accepted, form, input);
  if ('status' in checked) return checked;
  const { output } = checked;

  // Sent before (a double click, a retry after a lost answer): the first one's answer again.
  const key = definition.keyed === false ? '' : submissionKey(form, client);
  const known = key ? await receiver.settings.store.submissionByKey(key, receiver.dbWaitMs) : null;
  if (known) return receiptAnswer(definition, known, output, pending);

  return store(receiver, definition, { output, sniffed, input, client, key }, pending);
}

/** Answered like a success so the bot learns nothing; kept apart and never passed on. */
async function keepAsSpam(
  receiver: Receiver,
  definition: FormDefinition,
  form: FormData,
  client: string,
): Promise<Outcome> {
  const row = {
    form: definition.name,
    payload: spamPayload(form),
    client,
    created_at: receiver.now().toISOString(),
  };
  await receiver.settings.store.insert('spam', row, {}, receiver.dbWaitMs);
  return { status: 200, body: { ok: true } };
}

/**
 * The form's files, typed by their content, never by their name or the type the client declared:
 * each becomes a File of that type in `input` (for the rules), and its bytes are kept to store.
 */
async function sniffFiles(
  receiver: Receiver,
  definition: FormDefinition,
  input: Record<string, unknown>,
): Promise<Sniffed> {
  const sniffed: Sniffed = new Map();
  for (const field of definition.files ?? []) {
    const file = input[field];
    if (!(file instanceof File)) continue;
    if (file.size > receiver.settings.maxFileBytes) continue; // the rules report it; not read
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffFileType(bytes);
    // A File made of a File shares its bytes: no further copy of a 10 MB scan.
    input[field] = new File([file], file.name, {
      type: type?.mediaType ?? 'application/x-unrecognised',
    });
    if (type) sniffed.set(field, { bytes, type });
  }
  return sniffed;
}

/** The form's fields by its rules, then the resorts it names against the content's. */
function checkFields(
  receiver: Receiver,
  { definition, rules }: Accepted,
  form: FormData,
  input: Record<string, unknown>,
): { output: Record<string, unknown> } | Outcome {
  const result = definition.check?.(form, rules, receiver.context) ?? validate(rules, input);
  if (!result.ok) {
    const errors = describeAll(receiver, definition, result.errors);
    return Object.values(result.errors).some((code) => code.endsWith('.size'))
      ? fail(
          413,
          'fileTooLarge',
          `A file is larger than ${megabytes(receiver.settings.maxFileBytes)}.`,
          { errors },
        )
      : fail(400, 'invalid', 'Some fields are not valid.', { errors });
  }
  const output = result.output as Record<string, unknown>;
  // References to the content: a resort the site does not have is refused like a wrong field.
  const unknownResort = definition.resortFields?.find(({ field, orOther }) => {
    const resort = String(output[field]);
    return (
      receiver.resortIds !== null &&
      !(orOther && resort === OTHER_RESORT) &&
      !receiver.resortIds.has(resort)
    );
  });
  if (unknownResort) {
    const { field } = unknownResort;
    return fail(400, 'invalid', 'Some fields are not valid.', {
      errors: describeAll(receiver, definition, { [field]: `${field}.required` }),
    });
  }
  return { output };
}

/**
 * Stores the post: its files first (by content), then its row, its key and its files' rows in one
 * transaction, with a receipt code drawn again on the rare clash. A post whose row is not stored
 * leaves no file of its own behind.
 */
async function store(
  receiver: Receiver,
  definition: FormDefinition,
  post: {
    output: Record<string, unknown>;
    sniffed: Sniffed;
    input: Record<string, unknown>;
    client: string;
    key: string;
  },
  pending: Pending,
): Promise<Outcome> {
  const { settings, dbWaitMs } = receiver;
  const { output, key } = post;
  const files: StoredFile[] = [];
  /** The files this post wrote (not those it found already stored): removed if no row is. */
  const written: { storedName: string; writtenAtMs: number }[] = [];
  try {
    for (const [field, { bytes, type }] of post.sniffed) {
      const original = post.input[field] as File;
      const saved = await saveUpload(settings.uploadDir, bytes, type, settings.uploadIo);
      if (saved.writtenAtMs !== null)
        written.push({ storedName: saved.storedName, writtenAtMs: saved.writtenAtMs });
      files.push({
        field: field as StoredFile['field'],
        sha256: saved.sha256,
        storedName: saved.storedName,
        mediaType: type.mediaType,
        bytes: bytes.byteLength,
        originalName: original.name.slice(0, 200),
      });
    }
    const row = {
      ...definition.toRow(output),
      ...(definition.keepsClient ? { client: post.client } : {}),
      created_at: receiver.now().toISOString(),
    };
    const form = definition.name as Parameters<StoreAccess['insert']>[0];
    const receipt = definition.receipt;
    if (receipt) {
      // The code is unique by the table's constraint, not by chance: a clash draws another.
      for (let attempt = 1; ; attempt++) {
        const code = receipt.draw(receiver.context);
        try {
          await settings.store.insert(
            form,
            { ...row, [receipt.column]: code },
            { files, key, outbox: settings.notify?.(definition, output, code) ?? [] },
            dbWaitMs,
          );
        } catch (error) {
          if (attempt < RECEIPT_ATTEMPTS && isUniqueClash(error, receipt.column)) continue;
          throw error;
        }
        return receiptAnswer(definition, { receipt: code }, output, pending);
      }
    }
    // A form its owner confirms (the newsletter): a new link, its token mailed, its hash stored.
    const confirmation = definition.confirmation
      ? drawConfirmation(definition.confirmation.days, receiver.now())
      : undefined;
    const id = await settings.store.insert(
      form,
      { ...row, ...confirmation?.columns },
      {
        onConflict: definition.onConflict,
        files,
        key,
        outbox: settings.notify?.(definition, output, null, confirmation?.token) ?? [],
      },
      dbWaitMs,
    );
    if (id === null) removeWritten(settings, written); // a duplicate ignored: its files are not referred to
  } catch (error) {
    removeWritten(settings, written);
    // The same post, sent twice at once: the other one stored it; this one answers as it did.
    const first = isUniqueClash(error, 'key')
      ? await settings.store.submissionByKey(key, dbWaitMs)
      : null;
    if (first) return receiptAnswer(definition, first, output, pending);
    throw error;
  }
  return { status: 200, body: { ok: true } };
}

/**
 * Deletes, in the background (the answer does not wait), the files a post wrote when its row
 * was not stored, unless another row refers to the same content. One the database cannot check
 * now is left to the orphan sweep (retention.ts), which logs it.
 */
function removeWritten(
  settings: ReceiverSettings,
  written: { storedName: string; writtenAtMs: number }[],
) {
  for (const { storedName, writtenAtMs } of written)
    settings.store
      .removeUnreferencedUpload(settings.uploadDir, storedName, writtenAtMs)
      .catch((error) =>
        console.error(`Form receiver: ${storedName} not removed after a failed post.`, error),
      );
}

/** The answer for a stored submission (new, or found by its key): its receipt and page, or ok. */
function receiptAnswer(
  definition: FormDefinition,
  stored: KnownSubmission,
  output: Record<string, unknown>,
  pending: Pending,
): Outcome {
  const receipt = definition.receipt;
  if (!receipt || !stored.receipt) return { status: 200, body: { ok: true } };
  pending.receiptPage = receipt.page(
    stored.receipt,
    typeof output.locale === 'string' ? output.locale : null,
  );
  return { status: 200, body: { ok: true, [receipt.answer]: stored.receipt } };
}

/** The answer to a fault: the disk full and a locked database are told apart from the rest. */
function faultOutcome(error: unknown): Outcome {
  if (isStoreBusy(error)) {
    console.error(`Form receiver: ${(error as Error).message} Answered 503; nothing was stored.`);
    return busy('The submission could not be stored right now; please try again shortly.');
  }
  if ((error instanceof UploadError && error.noSpace) || isFull(error)) {
    console.error('Form receiver: the disk is full; nothing was stored.', error);
    return {
      ...fail(
        507,
        'storageFull',
        'The server has no room to store the submission; please try again later.',
      ),
      headers: { 'retry-after': '3600' },
    };
  }
  console.error('Form receiver: the submission could not be stored.', error);
  return fail(500, 'server', 'The submission could not be stored. Please try again later.');
}

function preflight(originAllowed: boolean, cors: Record<string, string>) {
  return new Response(null, {
    status: originAllowed ? 204 : 403,
    headers: {
      ...cors,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Accept, Content-Type',
      'access-control-max-age': '86400',
    },
  });
}

/** A person, on a copy of our form elsewhere: a page saying why, with a link to our form. */
async function refusedOrigin(
  request: Request,
  page: NonNullable<ReceiverSettings['refusedOriginPage']>,
) {
  const small = await smallForm(request);
  return new Response(
    page({
      formName: fieldOf(small, 'form-name'),
      locale: fieldOf(small, 'locale'),
      acceptLanguage: request.headers.get('accept-language'),
    }),
    {
      status: 403,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    },
  );
}

/**
 * The response: JSON for a JavaScript client; for the plain HTML form (no JavaScript), the
 * receipt page, or back to its page, which shows the outcome by its anchor: its `return-to`, or
 * (refused before the body was read: 403, 413, 415, 429) the page the browser says it came from,
 * when that page is on an origin allowed to post.
 */
function answer(
  request: Request,
  outcome: Outcome,
  pending: Pending,
  via: {
    wantsJson: boolean;
    originAllowed: boolean;
    origin: string | null;
    ownOrigin: string;
    cors: Record<string, string>;
  },
  settings: ReceiverSettings,
): Response {
  const headers = { ...via.cors, ...outcome.headers, 'cache-control': 'no-store' };
  const returnTo =
    pending.returnTo ??
    (via.wantsJson
      ? null
      : refererPath(
          request,
          via.originAllowed ? [via.ownOrigin, ...settings.allowedOrigins] : [via.ownOrigin],
        ));
  if (!via.wantsJson && outcome.status === 200 && pending.receiptPage) {
    // The receiver's own page shows what was sent (a static page could not): a path on this origin.
    return new Response(null, {
      status: 303,
      headers: { ...headers, location: pending.receiptPage },
    });
  }
  if (!via.wantsJson && returnTo) {
    const page = (via.origin && via.originAllowed ? via.origin : '') + returnTo;
    return new Response(null, {
      status: 303,
      headers: {
        ...headers,
        location: `${page}#${outcome.status === 200 ? 'form-sent' : 'form-failed'}`,
      },
    });
  }
  return Response.json(outcome.body, { status: outcome.status, headers });
}

function describeAll(receiver: Receiver, definition: FormDefinition, errors: FieldErrors) {
  return Object.fromEntries(
    Object.entries(errors).map(([field, code]) => [
      field,
      { code, message: receiver.settings.describe(definition.key as FormKey, code) },
    ]),
  );
}

/** Files come multipart; a form-encoded body is text only, and small. */
const bodyLimit = (receiver: Receiver, contentType: string) =>
  isMultipart(contentType)
    ? receiver.settings.maxBodyBytes
    : Math.min(receiver.settings.maxBodyBytes, PARSE_LIMITS.textBodyBytes);
const tooLarge = (limit: number) =>
  fail(413, 'tooLarge', `The submission is larger than ${megabytes(limit)}.`);

/** The parsed form, or the answer to a body that cannot be one. The raw body is dropped on return. */
async function readForm(
  request: Request,
  contentType: string,
  limit: number,
): Promise<FormData | Outcome> {
  const body = await readLimited(request, limit);
  if (body === 'tooLarge') return tooLarge(limit);
  if (body.byteLength === 0) return fail(400, 'emptyBody', 'The submission is empty.');
  if (fieldCount(body, contentType) > PARSE_LIMITS.fields)
    return fail(
      413,
      'tooManyFields',
      `The submission has more than ${PARSE_LIMITS.fields} fields; no form of this site has.`,
    );
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return fail(400, 'malformed', 'The form data could not be read.');
  }
}

/**
 * A post's submission key: a digest of the form's name, its fields (files by name and size) and
 * who sent it: the key the form's island drew for it (`submission-key`, the same for every retry
 * of one filled-in form), or, from a browser without JavaScript, the sender's address. The same
 * post sent twice has the same key; a changed field makes another.
 */
function submissionKey(form: FormData, client: string): string {
  const hash = createHash('sha256');
  const sender = form.get(SUBMISSION_KEY_FIELD);
  hash.update(typeof sender === 'string' && sender ? `key:${sender}` : `client:${client}`);
  for (const [name, value] of form) {
    if (name === SUBMISSION_KEY_FIELD || name === 'return-to') continue;
    hash.update(`\n${name}=`);
    hash.update(typeof value === 'string' ? value : `file:${value.name}:${value.size}`);
  }
  return hash.digest('base64url');
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
