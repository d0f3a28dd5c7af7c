import { describe, expect, it } from 'vitest';
import { contactFieldNames, ContactSchema } from '../../src/forms/contact';
import { contactValues } from '../forms-fixtures';
import { EMAIL_PATTERN, NAME_PATTERN, formInput, limits, validate } from '../../src/forms/schemas';
import { NewsletterSchema } from '../../src/forms/newsletter';
import { applicationSchema } from '../../src/forms/instructor-application';
import { errorMessages } from '../../src/forms/messages';
import { messages } from '../../src/i18n/translate';

const contact = contactValues('marie@example.fr');
const pdf = () =>
  new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'licence.pdf', {
    type: 'application/pdf',
  });
const application = () => ({
  firstname: 'Ana',
  lastname: 'López',
  email: 'ana@example.es',
  phone: '+34 612 345 678',
  contract: 'freelance',
  sport: 'both',
  years: '4',
  licenceType: 'td2',
  licence: pdf(),
  resort: 'baqueira-beret',
  adult: 'yes',
});

describe('email check (spec §5: text, @, text, dot, more text, no spaces)', () => {
  it.each(['a@b.co', 'first.last@sub.example.com', 'x+tag@d.io'])('accepts %s', (email) =>
    expect(EMAIL_PATTERN.test(email)).toBe(true),
  );
  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a@b.', 'a b@c.de', 'a@b .de', 'a@b.c d'])(
    'refuses %j',
    (email) => expect(EMAIL_PATTERN.test(email)).toBe(false),
  );
});

describe('name check (spec §5)', () => {
  it.each([
    'Marie Curie',
    'José Álvarez García',
    'Zoë Ångström',
    'Jean-Luc Picard',
    "Seán O'Neill",
    'Łukasz Żółć',
  ])('accepts %s', (name) => expect(NAME_PATTERN.test(name)).toBe(true));
  it.each([
    'Marie',
    'Marie  Curie',
    ' Marie Curie',
    'Marie Curie ',
    'R2 D2',
    'Иван Петров',
    '李 小龍',
    'Marie_Curie',
    'Marie -Curie',
  ])('refuses %j', (name) => expect(NAME_PATTERN.test(name)).toBe(false));
  it('needs at least 3 characters and at most the limit', () => {
    expect(validate(ContactSchema, { ...contact, name: 'A B' }).ok).toBe(true);
    expect(validate(ContactSchema, { ...contact, name: `A ${'b'.repeat(limits.name)}` })).toEqual({
      ok: false,
      errors: { name: 'name.invalid' },
    });
  });
});

describe('newsletter schema', () => {
  it('accepts a valid address and trims it', () => {
    const result = validate(NewsletterSchema, { email: '  a@b.co ' });
    expect(result).toEqual({ ok: true, output: { email: 'a@b.co', locale: undefined } });
  });
  it.each([{}, { email: '' }, { email: 'nope' }, { email: `${'a'.repeat(250)}@b.co` }])(
    'refuses %j with email.invalid',
    (input) =>
      expect(validate(NewsletterSchema, input)).toEqual({
        ok: false,
        errors: { email: 'email.invalid' },
      }),
  );
});

describe('contact schema', () => {
  it('accepts a complete message', () => expect(validate(ContactSchema, contact).ok).toBe(true));
  it('reports every wrong field with its own code', () =>
    expect(validate(ContactSchema, {})).toEqual({
      ok: false,
      errors: Object.fromEntries(contactFieldNames.map((field) => [field, `${field}.invalid`])),
    }));
  it('refuses blank and over-long title and message', () => {
    expect(validate(ContactSchema, { ...contact, title: '   ' })).toEqual({
      ok: false,
      errors: { title: 'title.invalid' },
    });
    expect(validate(ContactSchema, { ...contact, title: 'x'.repeat(limits.title + 1) })).toEqual({
      ok: false,
      errors: { title: 'title.invalid' },
    });
    expect(
      validate(ContactSchema, { ...contact, message: 'x'.repeat(limits.message + 1) }),
    ).toEqual({ ok: false, errors: { message: 'message.invalid' } });
  });
});

describe('instructor application schema', () => {
  const schema = applicationSchema({ maxFileBytes: 1000 });
  it('accepts a complete application, CV and note optional', () => {
    const result = validate(schema, application());
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.output).toMatchObject({ years: 4, note: '' });
  });
  it.each([
    ['firstname', '', 'firstname.invalid'],
    ['lastname', 'x'.repeat(61), 'lastname.invalid'],
    ['email', 'a@b', 'email.invalid'],
    ['phone', 'call me', 'phone.invalid'],
    ['contract', 'employee', 'contract.required'],
    ['sport', 'surf', 'sport.required'],
    ['years', '-1', 'years.invalid'],
    ['years', '61', 'years.invalid'],
    ['years', '2.5', 'years.invalid'],
    ['licenceType', 'td4', 'licenceType.required'],
    ['resort', '', 'resort.required'],
    ['note', 'x'.repeat(limits.note + 1), 'note.invalid'],
    ['adult', 'no', 'adult.required'],
    ['licence', undefined, 'licence.required'],
    ['licence', new File(['hello'], 'licence.txt', { type: 'text/plain' }), 'licence.type'],
    [
      'licence',
      new File([new Uint8Array(1001)], 'big.pdf', { type: 'application/pdf' }),
      'licence.size',
    ],
    ['cv', new File(['x'], 'cv.docx', { type: 'application/msword' }), 'cv.type'],
    ['cv', new File([new Uint8Array(1001)], 'cv.png', { type: 'image/png' }), 'cv.size'],
  ])('%s = %j → %s', (field, value, code) => {
    const input: Record<string, unknown> = application();
    if (value === undefined) delete input[field];
    else input[field] = value;
    expect(validate(schema, input)).toEqual({ ok: false, errors: { [field]: code } });
  });
  it('another resort, not listed, needs its name and country', () => {
    const other = { ...application(), resort: 'other' };
    expect(validate(applicationSchema(), other)).toEqual({
      ok: false,
      errors: { resortName: 'resortName.required', country: 'country.required' },
    });
    const named = validate(applicationSchema(), {
      ...other,
      resortName: 'Cerro Catedral',
      country: 'AR',
    });
    expect(named.ok).toBe(true);
    expect(
      validate(applicationSchema(), { ...other, resortName: 'X', country: 'US' }),
    ).toMatchObject({
      ok: false,
      errors: { country: 'country.required' },
    });
  });
  it.each(['trainee', 'diploma', 'td1', 'td2', 'td3', 'other'])(
    'accepts licence type %s',
    (licenceType) => expect(validate(schema, { ...application(), licenceType }).ok).toBe(true),
  );
});

describe('form input', () => {
  it('drops a file input left empty, keeps text', () => {
    const data = new FormData();
    data.append('firstname', 'Ana');
    data.append('cv', new File([], ''));
    expect(formInput(data)).toEqual({ firstname: 'Ana' });
  });
});

describe('messages', () => {
  it('English messages are the spec’s, word for word', () => {
    const en = messages.en.forms;
    expect(en.newsletter.errors.email.invalid).toBe('email is not valid');
    expect(en.newsletter.success).toBe('Form successfully submitted');
    expect(en.newsletter.failure).toBe('Sorry an error has occurred...');
    // The spec's fields' messages (a field the spec does not name may add its own).
    expect(en.contact.errors).toMatchObject({
      name: { invalid: 'Name is not valid.' },
      email: { invalid: 'Email is not valid.' },
      title: { invalid: 'Title is not valid.' },
      message: { invalid: 'Message is not valid.' },
    });
    expect(en.contact.failure).toBe('Sorry an error has occurred. Contact us at {{email}}');
  });

  it('the Spanish contact success says the request was sent', () =>
    expect(messages.es.forms.contact.success).toMatch(/^Solicitud enviada/));

  it.each(['fr', 'es', 'pt'] as const)('every problem code has its own %s text', (locale) => {
    for (const form of ['newsletter', 'contact', 'application'] as const) {
      const english = errorMessages(form, 'en');
      const translated = errorMessages(form, locale);
      expect(Object.keys(translated)).toEqual(Object.keys(english));
      for (const code of Object.keys(english))
        expect(translated[code], `${locale} ${form} ${code}`).not.toBe(english[code]);
    }
  });

  it('every code the schemas can produce has a message', () => {
    const codes = {
      contact: validate(ContactSchema, {}),
      newsletter: validate(NewsletterSchema, {}),
      application: validate(applicationSchema(), {}),
    };
    for (const [form, result] of Object.entries(codes)) {
      if (result.ok) throw new Error('expected errors');
      const known = errorMessages(form as 'contact', 'en');
      for (const code of Object.values(result.errors)) expect(known[code], code).toBeTruthy();
    }
  });

  it('interpolates the file size and limits', () => {
    const fr = errorMessages('application', 'fr');
    expect(fr['licence.size']).toBe('Le fichier du diplôme dépasse 10\u00a0MB.');
    expect(errorMessages('application', 'en')['years.invalid']).toBe(
      'Enter a number of years between 0 and 60.',
    );
  });
});
