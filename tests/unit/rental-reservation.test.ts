/**
 * Rental reservations: the rules (shared by the island and the receiver), the booking code, and
 * what the receiver stores and answers. A catalogue of its own here: these are the rules, and the
 * content's resorts are the end-to-end tests' (tests/e2e/rental.spec.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { rentalReservationStrings } from '../../src/components/forms/strings';
import { englishMessage } from '../../src/forms/messages';
import {
  BOOKING_CODE_ALPHABET,
  BOOKING_CODE_LENGTH,
  BOOKING_CODE_PATTERN,
  newBookingCode,
} from '../../src/forms/booking-code';
import { createReceiver, type ReceiverSettings } from '../../src/forms/server/receiver';
import {
  MAX_RENTAL_DAYS,
  MAX_RENTAL_PEOPLE,
  rentalReservation,
  rentalReservationSchema,
  type RentalCatalogue,
} from '../../src/forms/rental-reservation';
import { validate } from '../../src/forms/schemas';
import { openStore, type SubmissionStore } from '../../src/forms/server/store';
import { purgeExpiredRows } from '../../src/forms/server/retention';
import { inThisThread } from '../../src/forms/server/store-access';
import { allLocales } from '../../src/i18n/locales';
import { multipart, rentalFields } from '../forms-fixtures';

const catalogue: RentalCatalogue = {
  'snowy-peak': { packs: ['basic', 'pro'], season: { opens: '2026-12-01', closes: '2027-04-15' } },
};
const today = new Date('2026-12-10T09:00:00Z');
const schema = rentalReservationSchema(catalogue, () => today);
const booking = { resort: 'snowy-peak', pack: 'pro', pickUp: '2027-01-04', back: '2027-01-08' };
const reservation = (extra: Record<string, string> = {}) => ({
  ...rentalFields('lucia@example.es', booking),
  ...extra,
});
const errorsOf = (input: Record<string, string>) => {
  const result = validate(schema, input);
  return result.ok ? {} : result.errors;
};

describe('booking code', () => {
  it('is 8 characters of an alphabet without 0, O, 1, I or L', () => {
    expect(BOOKING_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(BOOKING_CODE_ALPHABET).not.toMatch(/[a-z]/);
    for (let i = 0; i < 200; i++) expect(newBookingCode()).toMatch(BOOKING_CODE_PATTERN);
    expect(BOOKING_CODE_LENGTH).toBe(8);
  });

  it('draws every symbol alike: bytes past the last whole alphabet are drawn again', () => {
    // 248 = 8 × 31 is the first byte past the whole alphabets: refused, so the next byte counts.
    const bytes = [255, 248, 0, 1, 2, 3, 4, 5, 6, 7];
    let at = 0;
    const code = newBookingCode((buffer) => buffer.map(() => bytes[at++ % bytes.length]!));
    expect(code).toBe(BOOKING_CODE_ALPHABET.slice(0, 8));
  });

  it('does not repeat in 20,000 draws', () => {
    const codes = new Set(Array.from({ length: 20_000 }, () => newBookingCode()));
    expect(codes.size).toBe(20_000);
  });
});

describe('rental reservation rules', () => {
  it('accepts a reservation and keeps the counted people only', () => {
    const result = validate(
      schema,
      reservation({ 'person2-height': 'ignored: only one person is counted' }),
    );
    expect(result.ok).toBe(true);
    if (result.ok)
      expect((result.output as { persons: unknown }).persons).toEqual([
        { height: 172, weight: 68, shoe: 42.5, level: 'intermediate' },
      ]);
  });

  it('takes yesterday (a visitor a time zone behind) and the season’s first and last days', () => {
    expect(errorsOf(reservation({ pickUpDate: '2026-12-09', returnDate: '2026-12-09' }))).toEqual(
      {},
    );
    const before = rentalReservationSchema(catalogue, () => new Date('2026-11-20T12:00:00Z'));
    const ok = validate(
      before,
      reservation({ pickUpDate: '2026-12-01', returnDate: '2026-12-03' }),
    );
    expect(ok.ok).toBe(true);
    expect(errorsOf(reservation({ pickUpDate: '2027-04-15', returnDate: '2027-04-15' }))).toEqual(
      {},
    );
  });

  it('reads a shoe size with a comma, and the phone when given', () => {
    expect(errorsOf(reservation({ 'person1-shoe': '38,5', phone: '+34 612 345 678' }))).toEqual({});
  });

  it.each([
    [{ resort: 'nowhere' }, 'resort', 'resort.required'],
    [{ pack: 'basic-snowboard' }, 'pack', 'pack.required'],
    [{ pickUpDate: '2027-02-30' }, 'pickUpDate', 'pickUpDate.invalid'],
    [{ pickUpDate: '4/1/2027' }, 'pickUpDate', 'pickUpDate.invalid'],
    // Today is 10 December; a day's margin for the visitor's time zone.
    [{ pickUpDate: '2026-12-08', returnDate: '2026-12-12' }, 'pickUpDate', 'pickUpDate.past'],
    [{ pickUpDate: '2027-04-14', returnDate: '2027-04-16' }, 'returnDate', 'returnDate.season'],
    [{ returnDate: '2027-01-03' }, 'returnDate', 'returnDate.order'],
    [{ returnDate: '2027-04-16' }, 'returnDate', 'returnDate.season'],
    [{ returnDate: '' }, 'returnDate', 'returnDate.invalid'],
    [{ people: '0' }, 'people', 'people.invalid'],
    [{ people: String(MAX_RENTAL_PEOPLE + 1) }, 'people', 'people.invalid'],
    [{ 'person1-height': '17' }, 'person1-height', 'height.invalid'],
    [{ 'person1-weight': '' }, 'person1-weight', 'weight.invalid'],
    [{ 'person1-shoe': '42.3' }, 'person1-shoe', 'shoe.invalid'],
    [{ 'person1-level': 'olympic' }, 'person1-level', 'level.required'],
    [{ name: 'Lucía' }, 'name', 'name.invalid'],
    [{ email: 'lucia@' }, 'email', 'email.invalid'],
    [{ phone: 'call me' }, 'phone', 'phone.invalid'],
    [{ consent: '' }, 'consent', 'consent.required'],
  ])('refuses %o: %s gets %s', (change, field, code) => {
    expect(errorsOf(reservation(change))).toEqual({ [field]: code });
  });

  it(`refuses a rental longer than ${MAX_RENTAL_DAYS} days`, () => {
    expect(errorsOf(reservation({ pickUpDate: '2027-01-01', returnDate: '2027-01-30' }))).toEqual(
      {},
    );
    expect(errorsOf(reservation({ pickUpDate: '2027-01-01', returnDate: '2027-01-31' }))).toEqual({
      returnDate: 'returnDate.tooLong',
    });
  });

  it('asks for the sizes of every counted person, and names the row', () => {
    expect(errorsOf(reservation({ people: '2' }))).toEqual({
      'person2-height': 'height.invalid',
      'person2-weight': 'weight.invalid',
      'person2-shoe': 'shoe.invalid',
      'person2-level': 'level.required',
    });
  });

  it('has a message for every code in every language', () => {
    const codes = [
      'resort.required',
      'pack.required',
      'pickUpDate.invalid',
      'pickUpDate.past',
      'pickUpDate.season',
      'returnDate.invalid',
      'returnDate.order',
      'returnDate.season',
      'returnDate.tooLong',
      'people.invalid',
      'height.invalid',
      'weight.invalid',
      'shoe.invalid',
      'level.required',
      'name.invalid',
      'email.invalid',
      'phone.invalid',
      'consent.required',
    ];
    const season = { opens: '2026-12-01', closes: '2027-04-15' };
    for (const locale of allLocales) {
      const { errors } = rentalReservationStrings(locale, { name: 'Snowy Peak', season });
      for (const code of codes) expect(errors[code], `${locale} ${code}`).toMatch(/\w/);
      // Interpolated: no placeholder left for the visitor to read.
      expect(Object.values(errors).join(' ')).not.toContain('{{');
    }
    expect(englishMessage('rentalReservation', 'height.invalid')).toBe(
      'Enter a height between 70 and 230 cm.',
    );
  });
});

describe('rental reservation receiver', () => {
  let store: SubmissionStore;
  beforeEach(() => {
    store = openStore(':memory:');
  });
  const receiver = (overrides: Partial<ReceiverSettings> = {}) =>
    createReceiver({
      maxFileBytes: 1000,
      maxBodyBytes: 50_000,
      rateLimit: { max: 1000, windowSeconds: 60 },
      uploadDir: '/nonexistent',
      allowedOrigins: [],
      store: inThisThread(() => store),
      describe: englishMessage,
      rentalCatalogue: catalogue,
      now: () => today,
      ...overrides,
    });
  const post = (fields: Record<string, string>, accept = 'application/json') =>
    new Request('http://site.test/api/forms', {
      method: 'POST',
      body: multipart(fields),
      headers: { accept },
    });
  const stored = () => store.list('RentalReservationForm');

  it('stores the reservation and answers its booking code', async () => {
    const response = await receiver()(post(reservation()), '203.0.113.9');
    const body = (await response.json()) as { ok: boolean; bookingCode: string };
    expect(response.status).toBe(200);
    expect(body.bookingCode).toMatch(BOOKING_CODE_PATTERN);
    expect(stored()).toMatchObject([
      {
        booking_code: body.bookingCode,
        resort: 'snowy-peak',
        pack: 'pro',
        pick_up_date: '2027-01-04',
        return_date: '2027-01-08',
        people: 1,
        persons: JSON.stringify([{ height: 172, weight: 68, shoe: 42.5, level: 'intermediate' }]),
        name: 'Lucía Fernández',
        email: 'lucia@example.es',
        locale: 'es',
      },
    ]);
    expect(store.byReceipt('RentalReservationForm', body.bookingCode)?.email).toBe(
      'lucia@example.es',
    );
  });

  it('draws again when a code is taken (the UNIQUE constraint), never storing it twice', async () => {
    const draws = ['AAAA2222', 'AAAA2222', 'BBBB3333'];
    const receive = receiver({ bookingCode: () => draws.shift()! });
    const first = await receive(post(reservation()), 'a');
    const second = await receive(post(reservation()), 'b');
    expect(((await first.json()) as { bookingCode: string }).bookingCode).toBe('AAAA2222');
    expect(((await second.json()) as { bookingCode: string }).bookingCode).toBe('BBBB3333');
    expect(stored().map((row) => row.booking_code)).toEqual(['AAAA2222', 'BBBB3333']);
    expect(() =>
      store.db
        .prepare('UPDATE rental_reservations SET booking_code = ? WHERE booking_code = ?')
        .run('AAAA2222', 'BBBB3333'),
    ).toThrow(/UNIQUE/);
  });

  it('gives up with a 500 (nothing stored) if the draws keep clashing', async () => {
    const receive = receiver({ bookingCode: () => 'AAAA2222' });
    await receive(post(reservation()), 'a');
    const response = await receive(post(reservation()), 'b');
    expect(response.status).toBe(500);
    expect(stored()).toHaveLength(1);
  });

  it('books a reservation posted twice once (a double click without JavaScript), sending both to its page', async () => {
    const receive = receiver();
    const plain = () => post(reservation(), 'text/html');
    const answers = [await receive(plain(), 'a'), await receive(plain(), 'a')];
    expect(answers.map((r) => r.status)).toEqual([303, 303]);
    expect(answers[1]!.headers.get('location')).toBe(answers[0]!.headers.get('location'));
    expect(stored()).toHaveLength(1);
    expect(answers[0]!.headers.get('location')).toContain(String(stored()[0]!.booking_code));
  });

  it('refuses bad input with a 400 naming the fields, and stores nothing', async () => {
    const response = await receiver()(
      post(reservation({ pack: 'nope', returnDate: '2027-01-01', 'person1-height': '' })),
      'a',
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, { code: string }> };
    expect(body.errors).toMatchObject({
      pack: { code: 'pack.required' },
      returnDate: { code: 'returnDate.order' },
      'person1-height': { code: 'height.invalid' },
    });
    expect(stored()).toHaveLength(0);
  });

  it('sends a browser without JavaScript to the booking page of its code, in its language', async () => {
    const response = await receiver()(
      post({ ...reservation(), 'return-to': '/es/x' }, 'text/html'),
      'a',
    );
    expect(response.status).toBe(303);
    const code = String(stored()[0]!.booking_code);
    expect(response.headers.get('location')).toBe(`/es/booking/${code}`);
    const failed = await receiver()(
      post({ ...reservation({ consent: '' }), 'return-to': '/es/x' }, 'text/html'),
      'a',
    );
    expect(failed.headers.get('location')).toBe('/es/x#form-failed');
  });

  it('refuses every reservation when the content has no resort with rental', async () => {
    const response = await receiver({ rentalCatalogue: {} })(post(reservation()), 'a');
    expect(response.status).toBe(400);
    expect(stored()).toHaveLength(0);
  });

  it('deletes a reservation the privacy policy’s period after its return day, not before', async () => {
    expect((await receiver()(post(reservation()), 'x')).status).toBe(200);
    const returned = Date.parse(`${String(stored()[0]!.return_date)}T12:00:00Z`);
    const after = (days: number) => new Date(returned + days * 86_400_000);
    expect(purgeExpiredRows(store, rentalReservation, 365, after(364))).toBe(0);
    expect(stored()).toHaveLength(1);
    expect(purgeExpiredRows(store, rentalReservation, 365, after(366))).toBe(1);
    expect(stored()).toEqual([]);
  });
});
