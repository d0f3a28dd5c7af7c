import { describe, expect, it } from 'vitest';
import { outcomeOf, type NewsletterTexts } from '../../src/forms/browser/newsletter-outcome';

const texts: NewsletterTexts = {
  errors: { 'email.invalid': 'l’adresse e-mail n’est pas valide' },
  submit: 'S’abonner',
  sending: 'Envoi…',
  success: 'Formulaire envoyé avec succès',
  checkInbox: 'Consultez votre boîte de réception.',
  failure: 'Désolé, une erreur s’est produite...',
  rateLimited: 'Trop de tentatives en peu de temps.',
};

describe('what the newsletter form tells the visitor after the receiver answered', () => {
  it('sent', () => expect(outcomeOf({ status: 'sent' }, texts)).toEqual({ kind: 'sent' }));

  it('a refused address: the field’s message in the visitor’s language', () =>
    expect(outcomeOf({ status: 'invalid', errors: { email: 'email.invalid' } }, texts)).toEqual({
      kind: 'invalid',
      message: 'l’adresse e-mail n’est pas valide',
    }));

  it('a refused address with a code it has no text for: the code rather than nothing', () =>
    expect(outcomeOf({ status: 'invalid', errors: { email: 'email.unknown' } }, texts)).toEqual({
      kind: 'invalid',
      message: 'email.unknown',
    }));

  it('a refused hidden field is not the visitor’s to fix: a failure', () =>
    expect(outcomeOf({ status: 'invalid', errors: { locale: 'locale.invalid' } }, texts)).toEqual({
      kind: 'failed',
      message: texts.failure,
    }));

  it('429: wait and retry', () =>
    expect(outcomeOf({ status: 'failed', httpStatus: 429, error: 'rateLimited' }, texts)).toEqual({
      kind: 'failed',
      message: texts.rateLimited,
    }));

  it('500 or a network cut: the failure message', () => {
    expect(outcomeOf({ status: 'failed', httpStatus: 500, error: 'server' }, texts)).toEqual({
      kind: 'failed',
      message: texts.failure,
    });
    expect(outcomeOf({ status: 'failed', httpStatus: 0, error: 'error' }, texts)).toEqual({
      kind: 'failed',
      message: texts.failure,
    });
  });
});
